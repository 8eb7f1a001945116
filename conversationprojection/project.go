package conversationprojection

import (
	"cmp"
	"fmt"
	"slices"

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
// validation error, so ErrInvalidSnapshot). It then computes the identity
// of every message unit once (an identity error wraps ErrProjectionFailed
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
// lipapi.ErrInvalidCall.
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
	if err := snap.Validate(); err != nil {
		return lipapi.Call{}, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	k.use(snap)
	out, ev, err := k.project(call, k.trajectoryOf(call, call.HasItemAuthority()), true, nil)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return out.call(call), ev, nil
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
	ov     int             // index in Snapshot.Steering
	id     MessageIdentity // identity of the injected unit
	target int             // position of the anchored unit in the filtered trajectory; -1 at the stable prefix
	anchor *MessageAnchor  // a copy of the anchor used; nil at the stable prefix
}

// project runs Project steps 2 to 10 on the units of t (taken from base,
// whose other fields the result keeps), with snap already validated. With
// steering unset no overlay is injected (FilterNeverBackend). carried maps
// overlay IDs to the anchors Reassert carried over (§8.2). It returns the
// output trajectory, sharing memory with t; callers deep-copy it.
func (k *kernel) project(base *lipapi.Call, t *trajectory, steering bool, carried map[string]MessageAnchor) (*trajectory, *ProjectionEvidence, error) {
	if err := t.firstError(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	ev := new(ProjectionEvidence)
	filtered := t
	if k.tags != nil {
		removed := make([]bool, t.len())
		if ev.FilteredCount = k.markTagged(t, removed); ev.FilteredCount > 0 {
			filtered = t.subset(removed)
		}
	}
	var stable, resolved []injection
	if steering {
		var err error
		if stable, resolved, ev.Fallbacks, err = k.place(filtered, carried); err != nil {
			return nil, nil, err
		}
	}
	out, prov := k.assemble(filtered, stable, resolved)
	if err := out.shallowCall(base).Validate(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	slices.SortFunc(prov, func(a, b OverlayProvenance) int { return compareProvenance(&a, &b) })
	ev.InjectedCount = len(prov)
	if len(prov) > 0 {
		ev.Provenance = prov
	}
	return out, ev, nil
}

// markTagged marks as removed every unit of t not yet removed whose
// identity is tagged, and under item authority every item_reference item
// pointing at the non-empty ID of a message item marked here. It returns
// the number of message units it marked (references are not counted).
func (k *kernel) markTagged(t *trajectory, removed []bool) int {
	n := 0
	var gone map[string]struct{}
	for i, id := range t.ids {
		if removed[i] || !k.tagged(id) {
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
// f: it returns the stable-prefix injections (fallbacks included) sorted by
// order key, the anchored injections sorted by (target, order key), and
// the fallbacks in Steering order. All anchors are resolved in one pass.
func (k *kernel) place(f *trajectory, carried map[string]MessageAnchor) (stable, resolved []injection, fallbacks []FallbackEvidence, err error) {
	steering := k.snap.Steering
	var after []injection // active after_message overlays, in Steering order
	for i := range steering {
		o := &steering[i]
		if !o.Active {
			continue
		}
		id, err := k.overlayIdentity(i)
		if err != nil {
			return nil, nil, nil, err
		}
		in := injection{ov: i, id: id, target: -1}
		if o.Placement.Kind == PlacementStablePrefix {
			stable = append(stable, in)
		} else {
			after = append(after, in)
		}
	}
	// anchors[2j] is the stored anchor of after[j], anchors[2j+1] its
	// carried anchor (the zero anchor, which never resolves, if none).
	anchors := make([]MessageAnchor, 2*len(after))
	for j := range after {
		o := &steering[after[j].ov]
		anchors[2*j] = *o.Placement.Anchor
		anchors[2*j+1] = carried[o.OverlayID]
	}
	pos := f.resolveAnchors(anchors, nil)
	for j, in := range after {
		o := &steering[in.ov]
		a := anchors[2*j]
		if in.target = pos[2*j]; in.target < 0 && pos[2*j+1] >= 0 {
			in.target, a = pos[2*j+1], anchors[2*j+1]
		}
		if in.target >= 0 {
			in.anchor = &a
			resolved = append(resolved, in)
			continue
		}
		if o.AnchorMissingPolicy == AnchorFailClosed {
			return nil, nil, nil, fmt.Errorf("%w: %w: overlay %s: anchor %s",
				ErrAnchorMissing, ErrAnchorNotFound, o.OverlayID, o.Placement.Anchor)
		}
		stable = append(stable, in)
		fallbacks = append(fallbacks, FallbackEvidence{OverlayID: o.OverlayID, Anchor: *o.Placement.Anchor})
	}
	byKey := func(a, b injection) int {
		oa, ob := &steering[a.ov], &steering[b.ov]
		return compareOrderKey(oa.SlotOrdinal, oa.OverlayID, ob.SlotOrdinal, ob.OverlayID)
	}
	slices.SortFunc(stable, byKey)
	slices.SortFunc(resolved, func(a, b injection) int {
		if c := cmp.Compare(a.target, b.target); c != 0 {
			return c
		}
		return byKey(a, b)
	})
	return stable, resolved, fallbacks, nil
}

// assemble builds the output trajectory: the units of f with the
// injections inserted (Project steps 7 and 8), and the provenance of each
// injection, in injection order.
func (k *kernel) assemble(f *trajectory, stable, resolved []injection) (*trajectory, []OverlayProvenance) {
	out := newTrajectoryLike(f, f.len()+len(stable)+len(resolved))
	var prov []OverlayProvenance
	if n := len(stable) + len(resolved); n > 0 {
		prov = make([]OverlayProvenance, 0, n)
	}
	nIns := -1 // length of the output instructions, once complete
	inject := func(in injection, instr bool) {
		o := &k.snap.Steering[in.ov]
		at := out.appendOverlay(o, in.id, instr)
		p := OverlayProvenance{
			OverlayID:        o.OverlayID,
			Revision:         o.Revision,
			SlotOrdinal:      o.SlotOrdinal,
			ResolvedKind:     PlacementStablePrefix,
			ResolvedAnchor:   in.anchor,
			InjectedIdentity: in.id,
		}
		if in.anchor != nil {
			p.ResolvedKind = PlacementAfterMessage
		}
		if out.item {
			p.InjectedAuthority = authorityItem
			p.InjectedItemIndex, p.InjectedTrajectoryIndex = at, at
		} else {
			p.InjectedAuthority = authorityLegacy
			p.InjectedLegacyIsInstruction, p.InjectedLegacyIndex = &instr, &at
			p.InjectedTrajectoryIndex = at
			if !instr {
				p.InjectedTrajectoryIndex = nIns + at
			}
		}
		prov = append(prov, p)
	}
	r := 0
	copyUnit := func(i int, instr bool) {
		out.appendUnit(f, i)
		for ; r < len(resolved) && resolved[r].target == i; r++ {
			inject(resolved[r], instr)
		}
	}
	// Under item authority the stable prefix follows the leading system and
	// developer message items; under legacy authority it closes the
	// instructions.
	prefix := len(f.ins)
	if f.item {
		prefix = 0
		for prefix < f.len() && f.isMessage(prefix) &&
			(f.items[prefix].Role == lipapi.RoleSystem || f.items[prefix].Role == lipapi.RoleDeveloper) {
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
	for i := prefix; i < f.len(); i++ {
		copyUnit(i, false)
	}
	return out, prov
}

// appendOverlay appends the unit injected for o, with identity id: an item
// under item authority, else a message in Instructions (instr) or
// Messages. It returns the unit's index within its slice.
func (t *trajectory) appendOverlay(o *Overlay, id MessageIdentity, instr bool) int {
	at := 0
	switch {
	case t.item:
		at = len(t.items)
		t.items = append(t.items, lipapi.Item{
			Kind:    lipapi.ItemKindMessage,
			ID:      steeringIDPrefix + o.OverlayID,
			Status:  lipapi.ItemStatusCompleted,
			Role:    overlayRole(o),
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: o.Message.Text}},
		})
	case instr:
		at = len(t.ins)
		t.ins = append(t.ins, overlayMessage(o))
	default:
		at = len(t.msgs)
		t.msgs = append(t.msgs, overlayMessage(o))
	}
	t.ids = append(t.ids, id)
	if t.errs != nil {
		t.errs = append(t.errs, nil)
	}
	return at
}

// overlayMessage returns the legacy unit injected for o.
func overlayMessage(o *Overlay) lipapi.Message {
	return lipapi.Message{Role: overlayRole(o), Parts: []lipapi.Part{lipapi.TextPart(o.Message.Text)}}
}
