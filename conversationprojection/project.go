package conversationprojection

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
)

// The values of OverlayProvenance.InjectedAuthority.
const (
	authorityItem   = "item"
	authorityLegacy = "legacy"
)

// steeringIDPrefix prefixes the ID of an injected overlay item.
const steeringIDPrefix = "lip-steering-"

// Project derives the backend-effective call from call and snap. It is
// pure and deterministic, never mutates call and returns a deep copy that
// shares no memory with it.
//
// Project validates snap first (failures wrap ErrProjectionFailed and the
// validation error, so ErrInvalidSnapshot), then checks call against the
// count and size bounds of lipapi (lipapi.Call.CheckBounds: a failure wraps
// ErrProjectionFailed and lipapi.ErrInvalidCall, before anything is hashed;
// a unit over a bound is rejected even if it is tagged). It then computes
// the identity of every message unit once (an identity error wraps ErrProjectionFailed
// and the cause) and removes the units whose identity is tagged
// never_backend; under item authority it also removes the item_reference
// items pointing at the IDs of removed message items. Finally it injects
// each active overlay exactly once:
//   - stable_prefix overlays after the leading system and developer message
//     items (item authority) or at the end of Instructions (legacy
//     authority), ordered by (SlotOrdinal, OverlayID);
//   - after_message overlays right after the message unit their anchor
//     names on the filtered trajectory, ordered by that position and then
//     by (SlotOrdinal, OverlayID). An anchor that does not resolve falls
//     back to the stable prefix (policy stable_prefix_fallback, recorded in
//     the evidence's Fallbacks) or fails with an error wrapping
//     ErrAnchorMissing and ErrAnchorNotFound (policy fail_closed).
//
// An injected item is a completed message item with ID
// "lip-steering-"+OverlayID and one text part; a legacy injected unit is a
// message with one text part. The role is the overlay's, system when empty.
// All fields of call other than its trajectory are kept. The result must
// pass lipapi.Call.Validate, else the error wraps ErrProjectionFailed and
// lipapi.ErrInvalidCall. When never_backend exclusion removed every message
// the call had (all of Messages under legacy authority, where overlays go to
// Instructions; all of Items under item authority, when no overlay is
// injected and PreviousResponseID is blank), the error says so:
//
//	conversationprojection: projection failed: never_backend exclusion removed every message, leaving none to send: Messages: messages are required
//
// On success the evidence is non-nil and holds one provenance entry per
// injected overlay, sorted by (SlotOrdinal, OverlayID). On error Project
// returns the zero Call and nil evidence.
//
// Project runs in O(n + m log m) for n units and m overlays, plus the bytes
// it hashes and copies.
func Project(call lipapi.Call, snap Snapshot) (lipapi.Call, *ProjectionEvidence, error) {
	var k kernel
	return k.projectCall(&call, &snap)
}

// projectCall is Project.
func (k *kernel) projectCall(call *lipapi.Call, snap *Snapshot) (lipapi.Call, *ProjectionEvidence, error) {
	if err := k.validate(snap); err != nil {
		return lipapi.Call{}, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	if err := callBounds(call, ErrProjectionFailed, ""); err != nil {
		return lipapi.Call{}, nil, err
	}
	out, _, ev, err := k.project(call, k.trajectoryOf(call, call.HasItemAuthority()), nil, true, true, nil)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return out, ev, nil
}

// FilterNeverBackend returns a deep copy of call with the never_backend
// messages of snap removed (and, under item authority, the item references
// to removed message items) but without injecting steering: it is
// Project(call, Snapshot{StateRevision, NeverBackend, nil}) without the
// evidence. Only the tags of snap are validated. It is used to derive the
// filtered baseline that Reassert takes.
func FilterNeverBackend(call lipapi.Call, snap Snapshot) (lipapi.Call, error) {
	out, _, err := Project(call, Snapshot{StateRevision: snap.StateRevision, NeverBackend: snap.NeverBackend})
	return out, err
}

// injection is an overlay placed by a projection.
type injection struct {
	ov     int            // index in Snapshot.Steering
	target int            // position of the anchored unit; -1 at the stable prefix
	anchor *MessageAnchor // the anchor used, when target >= 0 (the stored one, or a copy of the carried one); read only
}

// project runs Project steps 2 to 10, with snap already validated, on the
// units of t not marked in removed (nil for none; project may mark more),
// the call's other fields being taken from base. With steering unset no
// overlay is injected (FilterNeverBackend). carried maps overlay IDs to
// the anchors Reassert carried over (see carry).
//
// It returns the output call and its trajectory. With deep set the call is
// a deep copy sharing no memory with base or t, and the trajectory records
// no identities; otherwise the call shares their memory and is for
// internal use only. The output must pass lipapi.Call.Validate; with deep
// set, when keptValid can tell from the deep copy of the units that it
// does, the injected units are not validated again. The kernel must have
// validated its snapshot.
func (k *kernel) project(base *lipapi.Call, t *trajectory, removed []bool, steering, deep bool, carried map[string]MessageAnchor) (lipapi.Call, *trajectory, *ProjectionEvidence, error) {
	if err := t.firstError(); err != nil {
		return lipapi.Call{}, nil, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	ev := new(ProjectionEvidence)
	if !k.tags.empty() {
		if removed == nil {
			removed = make([]bool, t.len())
		}
		ev.FilteredCount = k.markTagged(t, removed)
	}
	var stable, resolved []injection
	if steering {
		var err error
		if stable, resolved, ev.Fallbacks, err = k.place(t, removed, carried); err != nil {
			return lipapi.Call{}, nil, nil, err
		}
	}
	src, outBase := t, base
	var clone lipapi.Call
	if deep {
		// One deep copy of the input's units and other fields; the
		// injected units are fresh and need none.
		clone = lipapi.CloneCall(t.shallowCall(base))
		src, outBase = t.withUnitsOf(&clone), &clone
	}
	out, prov := k.assemble(src, removed, stable, resolved, !deep)
	c := out.shallowCall(outBase)
	// The copy, which the output no longer needs, stands in for the output
	// when judging its validity (see keptValid).
	if !deep || !keptValid(&clone, removed, len(stable)+len(resolved), t.injectedIntoInstructions(stable, resolved)) {
		if err := c.Validate(); err != nil {
			if k.excludedEverything(t, removed, &c, err) {
				return lipapi.Call{}, nil, nil, fmt.Errorf("%w: never_backend exclusion removed every message, leaving none to send: %w", ErrProjectionFailed, err)
			}
			return lipapi.Call{}, nil, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
		}
	}
	ev.InjectedCount = len(prov)
	if len(prov) > 0 {
		ev.Provenance = prov
	}
	return c, out, ev, nil
}

// excludedEverything reports whether err, the validation failure of c, the
// output of projecting t with removed, is the rule that a call needs a
// conversation (Messages under legacy authority; Items, without a
// PreviousResponseID, under item authority) broken because never_backend
// exclusion removed it: the slice was not empty in t, is empty in c, and at
// least one of its units was removed for its tagged identity.
func (k *kernel) excludedEverything(t *trajectory, removed []bool, c *lipapi.Call, err error) bool {
	var ve *lipapi.ValidationError
	if removed == nil || k.tags.empty() || !errors.As(err, &ve) {
		return false
	}
	from, field, empty := len(t.ins), "Messages", len(c.Messages) == 0
	if t.item {
		from, field, empty = 0, "Items", len(c.Items) == 0
	}
	if ve.Field != field || !empty {
		return false
	}
	for i := from; i < t.len(); i++ {
		if removed[i] && t.isMessage(i) && k.tagged(t.ids[i]) {
			return true
		}
	}
	return false
}

// markTagged marks as removed every unit of t not yet removed whose
// identity is tagged, and under item authority every item_reference item
// pointing at the non-empty ID of a message item marked here. It returns
// the number of message units it marked (references are not counted).
func (k *kernel) markTagged(t *trajectory, removed []bool) int {
	n := 0
	var gone map[string]struct{}
	for i, tagged := range k.taggedAmong(t, removed) {
		if !tagged {
			continue
		}
		removed[i] = true
		n++
		if t.item && t.items[i].ID != "" {
			if gone == nil {
				gone = make(map[string]struct{})
			}
			gone[t.items[i].ID] = struct{}{}
		}
	}
	if gone != nil {
		for i := range t.items {
			if refersTo(&t.items[i], gone) {
				removed[i] = true
			}
		}
	}
	return n
}

// refersTo reports whether it is an item_reference item whose reference
// targets an ID in gone.
func refersTo(it *lipapi.Item, gone map[string]struct{}) bool {
	if it.Kind != lipapi.ItemKindItemReference || it.Reference == nil {
		return false
	}
	_, ok := gone[it.Reference.ID]
	return ok
}

// place decides where each active overlay goes on the filtered trajectory
// (the units of t not removed): it returns the stable-prefix injections
// (fallbacks included) sorted by order key, the anchored injections sorted
// by (target, order key), targets being positions in t, and the fallbacks
// in Steering order. All anchors are resolved in one pass.
func (k *kernel) place(t *trajectory, removed []bool, carried map[string]MessageAnchor) (stable, resolved []injection, fallbacks []FallbackEvidence, err error) {
	if err := k.hashOverlays(); err != nil {
		return nil, nil, nil, err
	}
	steering := k.snap.Steering
	nAfter := 0
	for i := range steering {
		if steering[i].Active && steering[i].Placement.Kind == PlacementAfterMessage {
			nAfter++
		}
	}
	// keys[j] is the stored anchor of the j-th active after_message
	// overlay in Steering order and, with carried anchors, keys[nAfter+j]
	// its carried anchor (the zero key, which never resolves, if none).
	var keys []anchorKey
	var copies []MessageAnchor // copies[j]: the carried anchor of keys[nAfter+j]
	if len(carried) > 0 {
		keys, copies = make([]anchorKey, 2*nAfter), make([]MessageAnchor, nAfter)
	} else {
		keys = make([]anchorKey, nAfter)
	}
	j := 0
	for i := range steering {
		o := &steering[i]
		if !o.Active || o.Placement.Kind != PlacementAfterMessage {
			continue
		}
		if k.anchors != nil {
			keys[j] = anchorKey{k.anchors[i], o.Placement.Anchor.Occurrence}
		} else {
			keys[j] = keyOf(*o.Placement.Anchor)
		}
		if copies != nil {
			if c, ok := carried[o.OverlayID]; ok {
				copies[j], keys[nAfter+j] = c, keyOf(c)
			}
		}
		j++
	}
	pos := t.resolveKeys(keys, removed)
	// byRank[r] is the injection of the overlay of rank r.
	ranks := k.ranks()
	block := make([]injection, 2*k.active)
	byRank, parts := block[:k.active:k.active], block[k.active:]
	nResolved, a := 0, 0
	for i := range steering {
		o := &steering[i]
		if !o.Active {
			continue
		}
		in := &byRank[ranks[i]]
		in.ov, in.target = i, -1
		if o.Placement.Kind != PlacementAfterMessage {
			continue
		}
		in.anchor = o.Placement.Anchor
		if in.target = pos[a]; in.target < 0 && copies != nil && pos[nAfter+a] >= 0 {
			in.target, in.anchor = pos[nAfter+a], &copies[a]
		}
		a++
		if in.target >= 0 {
			nResolved++
			continue
		}
		if o.AnchorMissingPolicy == AnchorFailClosed {
			return nil, nil, nil, fmt.Errorf("%w: %w: overlay %s: anchor %s",
				ErrAnchorMissing, ErrAnchorNotFound, o.OverlayID, o.Placement.Anchor)
		}
		fallbacks = append(fallbacks, FallbackEvidence{OverlayID: o.OverlayID, Anchor: *o.Placement.Anchor})
	}
	// Partition, keeping rank order: the unresolved (stable prefix) first,
	// then the resolved, which are then ordered by target, ties keeping
	// rank order: sorted on keys target<<shift | rank, where rank < 1<<shift.
	split := len(byRank) - nResolved
	s, e := 0, split
	shift := bits.Len(uint(len(byRank)))
	order := make([]uint64, 0, nResolved)
	for r, in := range byRank {
		if in.target >= 0 {
			order = append(order, uint64(in.target)<<shift|uint64(r))
		} else {
			parts[s], s = in, s+1
		}
	}
	slices.Sort(order)
	for _, key := range order {
		parts[e], e = byRank[key&(1<<shift-1)], e+1
	}
	stable, resolved = parts[:split:split], parts[split:]
	return stable, resolved, fallbacks, nil
}

// injectedIntoInstructions returns the number of the injections of stable
// and resolved that assemble puts into the instructions (legacy authority;
// under item authority it is a count without meaning).
func (t *trajectory) injectedIntoInstructions(stable, resolved []injection) int {
	n := len(stable)
	for _, in := range resolved {
		if in.target < len(t.ins) {
			n++
		}
	}
	return n
}

// keptValid reports whether the output of a projection passes
// lipapi.Call.Validate, judging from c, a deep copy of the projected
// trajectory's units of which removed (nil for none) marks those left out,
// with m injected units added, mIns of them to the instructions under
// legacy authority. It may report false for a valid output (which is then
// validated in full), never true for an invalid one, provided the kernel
// validated the snapshot. It overwrites the removed units of c with
// placeholders: c is for judging only and shares no unit with the output.
//
// Validate checks a call's envelope, each unit, and rules across units.
// Each injected unit is valid on its own, as the snapshot was validated: a
// message with a valid role and one text part of 1 to MaxSteeringTextBytes
// bytes (within lipapi.MaxPartTextBytes); under item authority completed,
// without a phase, with an ID of "lip-steering-" and an overlay ID (within
// lipapi.MaxItemReferenceIDBytes; tests pin both bounds). The placeholders,
// user messages with one text part and no ID, are valid too. So when c
// validates, so do the kept units alone: every rule across units that
// holds for the whole holds for its kept subsequence, since placeholders
// carry no ID, reference, tool call or reasoning payload, and the count
// bounds hold for fewer units; keptValid checks the envelope rule the
// placeholders could mask (Items, or Messages, not empty). Adding the
// injected units keeps every rule but the count bounds, checked here, and
// those on item IDs: the injected IDs are distinct (overlay IDs are), and
// when no kept item's ID or reference starts with "lip-steering-" they
// neither collide with a kept ID nor are the target of a reference.
func keptValid(c *lipapi.Call, removed []bool, m, mIns int) bool {
	item := c.HasItemAuthority()
	kept, keptIns := len(c.Items)+len(c.Messages), len(c.Instructions)
	var content []lipapi.ContentPart // the placeholders' parts, shared
	var parts []lipapi.Part
	for i, r := range removed {
		switch {
		case !r:
		case item:
			if content == nil {
				content = []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: "-"}}
			}
			c.Items[i], kept = lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser, Content: content}, kept-1
		default:
			if parts == nil {
				parts = []lipapi.Part{lipapi.TextPart("-")}
			}
			if i < len(c.Instructions) {
				c.Instructions[i], keptIns = lipapi.Message{Role: lipapi.RoleUser, Parts: parts}, keptIns-1
			} else {
				c.Messages[i-len(c.Instructions)], kept = lipapi.Message{Role: lipapi.RoleUser, Parts: parts}, kept-1
			}
		}
	}
	if kept == 0 || c.Validate() != nil {
		return false
	}
	if !item {
		return keptIns+mIns <= lipapi.MaxInstructionMessages && kept+m-mIns <= lipapi.MaxMessages
	}
	if kept+m > lipapi.MaxItems {
		return false
	}
	if m > 0 {
		for i := range c.Items {
			it := &c.Items[i]
			if strings.HasPrefix(it.ID, steeringIDPrefix) || it.Reference != nil && strings.HasPrefix(it.Reference.ID, steeringIDPrefix) {
				return false
			}
		}
	}
	return true
}

// assemble builds the output trajectory: the units of t not removed, with
// the injections inserted (Project steps 7 and 8), and the provenance of
// each injection, in order-key order (by rank). The injected units and the
// provenance's pointers are allocated in one block per kind.
func (k *kernel) assemble(t *trajectory, removed []bool, stable, resolved []injection, ids bool) (*trajectory, []OverlayProvenance) {
	m := len(stable) + len(resolved)
	mIns := t.injectedIntoInstructions(stable, resolved)
	out := newTrajectoryLike(t, mIns, m-mIns, ids)
	var prov []OverlayProvenance
	var inj injected
	if m > 0 {
		prov = make([]OverlayProvenance, m)
		inj = newInjected(t.item, m, len(resolved))
		if t.item {
			for _, ins := range [2][]injection{stable, resolved} {
				for _, in := range ins {
					inj.idLen += len(steeringIDPrefix) + len(k.snap.Steering[in.ov].OverlayID)
				}
			}
		}
	}
	nIns := -1 // length of the output instructions, once complete
	inject := func(in injection, instr bool) {
		o := &k.snap.Steering[in.ov]
		at := out.appendOverlay(o, k.overlays[in.ov], instr, &inj)
		p := &prov[k.rank[in.ov]] // zero until now: ranks are distinct
		p.OverlayID, p.Revision, p.SlotOrdinal = o.OverlayID, o.Revision, o.SlotOrdinal
		p.ResolvedKind, p.InjectedIdentity = PlacementStablePrefix, k.overlayName(in.ov)
		if in.target >= 0 {
			p.ResolvedKind = PlacementAfterMessage
			p.ResolvedAnchor = inj.anchor(*in.anchor)
		}
		if out.item {
			p.InjectedAuthority = authorityItem
			p.InjectedItemIndex, p.InjectedTrajectoryIndex = at, at
		} else {
			p.InjectedAuthority = authorityLegacy
			p.InjectedLegacyIsInstruction, p.InjectedLegacyIndex = inj.legacyPosition(instr, at)
			p.InjectedTrajectoryIndex = at
			if !instr {
				p.InjectedTrajectoryIndex = nIns + at
			}
		}
	}
	r := 0
	copyUnit := func(i int, instr bool) {
		if removed != nil && removed[i] {
			return
		}
		out.appendUnit(t, i)
		for ; r < len(resolved) && resolved[r].target == i; r++ {
			inject(resolved[r], instr)
		}
	}
	// Under item authority the stable prefix follows the leading system and
	// developer message items (removed units skipped); under legacy
	// authority it closes the instructions.
	prefix := len(t.ins)
	if t.item {
		prefix = 0
		for prefix < t.len() && ((removed != nil && removed[prefix]) || t.isMessage(prefix) &&
			(t.items[prefix].Role == lipapi.RoleSystem || t.items[prefix].Role == lipapi.RoleDeveloper)) {
			prefix++
		}
	}
	for i := 0; i < prefix; i++ {
		copyUnit(i, true)
	}
	for _, in := range stable {
		inject(in, true)
	}
	nIns = len(out.ins)
	for i := prefix; i < t.len(); i++ {
		copyUnit(i, false)
	}
	return out, prov
}

// injected holds the blocks the injected units and their provenance
// pointers are carved from: one allocation per kind instead of one per
// overlay. Each element is used by one unit or entry only.
type injected struct {
	content []lipapi.ContentPart
	parts   []lipapi.Part
	anchors []MessageAnchor
	flags   []bool
	indexes []int
	// ids holds the IDs of injected items, idLen bytes in all; it is
	// grown in place on first use.
	ids   strings.Builder
	idLen int
}

// newInjected returns the blocks for the m injections of stable and
// resolved (r of them), anchored.
func newInjected(item bool, m, r int) injected {
	var b injected
	if item {
		b.content = make([]lipapi.ContentPart, 0, m)
	} else {
		b.parts = make([]lipapi.Part, 0, m)
		b.flags = make([]bool, 0, m)
		b.indexes = make([]int, 0, m)
	}
	if r > 0 {
		b.anchors = make([]MessageAnchor, 0, r)
	}
	return b
}

// itemID returns the ID of the item injected for the overlay with the
// given ID, carved from b.ids.
func (b *injected) itemID(overlayID string) string {
	if b.ids.Cap() == 0 {
		b.ids.Grow(b.idLen)
	}
	start := b.ids.Len()
	b.ids.WriteString(steeringIDPrefix)
	b.ids.WriteString(overlayID)
	return b.ids.String()[start:]
}

// anchor returns a pointer to a copy of a.
func (b *injected) anchor(a MessageAnchor) *MessageAnchor {
	b.anchors = append(b.anchors, a)
	return &b.anchors[len(b.anchors)-1]
}

// legacyPosition returns pointers to copies of instr and at.
func (b *injected) legacyPosition(instr bool, at int) (*bool, *int) {
	b.flags = append(b.flags, instr)
	b.indexes = append(b.indexes, at)
	return &b.flags[len(b.flags)-1], &b.indexes[len(b.indexes)-1]
}

// appendOverlay appends the unit injected for o, with identity id, its
// content carved from b: an item under item authority, else a message in
// Instructions (instr) or Messages. It returns the unit's index within its
// slice.
func (t *trajectory) appendOverlay(o *Overlay, id sum, instr bool, b *injected) int {
	at := 0
	if t.item {
		var c *lipapi.ContentPart
		b.content, c = appendNew(b.content)
		c.Kind, c.Text = lipapi.ContentPartText, o.Message.Text
		n := len(b.content)
		at = len(t.items)
		var it *lipapi.Item
		t.items, it = appendNew(t.items)
		it.Kind, it.ID, it.Status = lipapi.ItemKindMessage, b.itemID(o.OverlayID), lipapi.ItemStatusCompleted
		it.Role, it.Content = overlayRole(o), b.content[n-1:n:n]
	} else {
		var p *lipapi.Part
		b.parts, p = appendNew(b.parts)
		p.Kind, p.Text = lipapi.PartText, o.Message.Text
		n := len(b.parts)
		m := lipapi.Message{Role: overlayRole(o), Parts: b.parts[n-1 : n : n]}
		if instr {
			at = len(t.ins)
			t.ins = append(t.ins, m)
		} else {
			at = len(t.msgs)
			t.msgs = append(t.msgs, m)
		}
	}
	if t.ids != nil {
		t.ids = append(t.ids, id)
		if t.errs != nil {
			t.errs = append(t.errs, nil)
		}
	}
	return at
}

// appendNew appends a zero element to s and returns s and a pointer to that
// element, to be filled in place: cheaper than building a large struct and
// copying it in.
func appendNew[T any](s []T) ([]T, *T) {
	var zero T
	s = append(s, zero)
	return s, &s[len(s)-1]
}
