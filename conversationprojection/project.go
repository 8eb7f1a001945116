package conversationprojection

import (
	"errors"
	"fmt"
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
	var pj projector
	return pj.projectCall(&call, &snap)
}

// projectCall is Project.
func (pj *projector) projectCall(call *lipapi.Call, snap *Snapshot) (lipapi.Call, *ProjectionEvidence, error) {
	if err := pj.validate(snap); err != nil {
		return lipapi.Call{}, nil, projectionFailed(err)
	}
	if err := callBounds(call, ErrProjectionFailed, ""); err != nil {
		return lipapi.Call{}, nil, err
	}
	return pj.result(call, pj.trajectoryOf(call, call.HasItemAuthority()), nil, nil)
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

// A projection is one projection of a trajectory in progress: the units
// it leaves out and where each overlay goes. Project builds one and returns
// a deep copy of its result (result); Reassert also builds internal ones
// that share the input's memory and are never returned (filtered,
// provenanceOf).
type projection struct {
	t *trajectory
	// removed marks the units of t left out: those the caller marked and
	// those never_backend exclusion removes. It is nil when there are
	// none and no tags.
	removed []bool
	// excluded is the number of message units removed for their tagged
	// identity (item references cleaned away with them are not counted).
	excluded int
	// stable are the injections at the stable prefix (fallbacks included)
	// in rank order, anchored those right after a unit, ordered by target
	// and then rank.
	stable, anchored []injection
}

// injection is an overlay placed by a projection.
type injection struct {
	ov     int            // index in Snapshot.Steering
	target int            // position of the anchored unit; -1 at the stable prefix
	anchor *MessageAnchor // the anchor used, when target >= 0 (the stored one, or a copy of the carried one); read only
}

// exclude starts the projection of t by removing every unit whose identity
// is tagged never_backend (and, under item authority, the item references
// to the IDs of the message items it removes), besides the units already
// marked in removed (nil for none). It fails when the identity of a unit
// of t could not be computed. The projector must have validated its
// snapshot.
func (pj *projector) exclude(t *trajectory, removed []bool) (projection, error) {
	if err := t.firstError(); err != nil {
		return projection{}, projectionFailed(err)
	}
	p := projection{t: t, removed: removed}
	if !pj.tags.empty() {
		if p.removed == nil {
			p.removed = make([]bool, t.len())
		}
		p.excluded = pj.markTagged(t, p.removed)
	}
	return p, nil
}

// steer decides where each active overlay goes on the units p keeps, and
// returns the overlays that fell back to the stable prefix, in Steering
// order; carried maps overlay IDs to the anchors Reassert carried over (see
// carry).
func (pj *projector) steer(p *projection, carried map[string]MessageAnchor) ([]FallbackEvidence, error) {
	var fallbacks []FallbackEvidence
	var err error
	p.stable, p.anchored, fallbacks, err = pj.place(p.t, p.removed, carried)
	return fallbacks, err
}

// injections returns the number of overlays p injects.
func (p *projection) injections() int { return len(p.stable) + len(p.anchored) }

// result returns the call Project returns for the units of t not marked in
// removed (nil for none) and base's other fields, with the overlays
// injected (carried as for steer), and its evidence. The call is a deep
// copy sharing no memory with base or t. The output must pass
// lipapi.Call.Validate; when keptValid can tell from the deep copy of the
// units that it does, the injected units are not validated again.
func (pj *projector) result(base *lipapi.Call, t *trajectory, removed []bool, carried map[string]MessageAnchor) (lipapi.Call, *ProjectionEvidence, error) {
	p, err := pj.exclude(t, removed)
	var fallbacks []FallbackEvidence
	if err == nil {
		fallbacks, err = pj.steer(&p, carried)
	}
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	// One deep copy of the input's units and other fields; the injected
	// units are fresh and need none.
	clone := lipapi.CloneCall(t.shallowCall(base))
	src := t.withUnitsOf(&clone)
	out, prov := pj.assemble(&p, &src, withoutIdentities)
	c := out.shallowCall(&clone)
	// The copy, which the output no longer needs, stands in for the output
	// when judging its validity (see keptValid).
	if !keptValid(&clone, p.removed, p.injections(), t.injectedIntoInstructions(p.stable, p.anchored)) {
		if err := pj.check(&p, &c); err != nil {
			return lipapi.Call{}, nil, err
		}
	}
	ev := &ProjectionEvidence{FilteredCount: p.excluded, InjectedCount: len(prov), Fallbacks: fallbacks}
	if len(prov) > 0 {
		ev.Provenance = prov
	}
	return c, ev, nil
}

// filtered returns the units of t that never_backend exclusion keeps,
// those marked in removed (nil for none) left out too, with their
// identities: what FilterNeverBackend returns, as a trajectory sharing
// memory with t, for Reassert's own use. It fails as FilterNeverBackend
// does when those units and base's other fields make an invalid call.
func (pj *projector) filtered(base *lipapi.Call, t *trajectory, removed []bool) (*trajectory, error) {
	p, err := pj.exclude(t, removed)
	if err != nil {
		return nil, err
	}
	out, _, err := pj.checkedOutput(&p, base, withIdentities)
	return out, err
}

// provenanceOf returns the provenance Project would return for the units
// of t and base's other fields, or its error, copying nothing.
func (pj *projector) provenanceOf(base *lipapi.Call, t *trajectory) ([]OverlayProvenance, error) {
	p, err := pj.exclude(t, nil)
	if err == nil {
		_, err = pj.steer(&p, nil)
	}
	if err != nil {
		return nil, err
	}
	_, prov, err := pj.checkedOutput(&p, base, withoutIdentities)
	return prov, err
}

// checkedOutput assembles the output of p from its own trajectory, sharing
// its memory and base's, and returns it with its provenance once the call
// it makes passes check.
func (pj *projector) checkedOutput(p *projection, base *lipapi.Call, ids bool) (*trajectory, []OverlayProvenance, error) {
	out, prov := pj.assemble(p, p.t, ids)
	c := out.shallowCall(base)
	if err := pj.check(p, &c); err != nil {
		return nil, nil, err
	}
	return out, prov, nil
}

// check returns nil when c, the call p made, passes lipapi.Call.Validate,
// else the error Project returns for it.
func (pj *projector) check(p *projection, c *lipapi.Call) error {
	err := c.Validate()
	switch {
	case err == nil:
		return nil
	case pj.excludedEverything(p, c, err):
		return fmt.Errorf("%w: never_backend exclusion removed every message, leaving none to send: %w", ErrProjectionFailed, err)
	}
	return projectionFailed(err)
}

// excludedEverything reports whether err, the validation failure of c, the
// call p made, is the rule that a call needs a conversation (Messages under
// legacy authority; Items, without a PreviousResponseID, under item
// authority) broken because never_backend exclusion removed it: the slice
// was not empty in p's trajectory, is empty in c, and at least one of its
// units was removed for its tagged identity.
func (pj *projector) excludedEverything(p *projection, c *lipapi.Call, err error) bool {
	var ve *lipapi.ValidationError
	t, removed := p.t, p.removed
	if removed == nil || pj.tags.empty() || !errors.As(err, &ve) {
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
		if removed[i] && t.isMessage(i) && pj.tagged(t.ids[i]) {
			return true
		}
	}
	return false
}

// markTagged marks as removed every unit of t not yet removed whose
// identity is tagged, and under item authority every item_reference item
// pointing at the non-empty ID of a message item marked here. It returns
// the number of message units it marked (references are not counted).
func (pj *projector) markTagged(t *trajectory, removed []bool) int {
	n := 0
	var gone map[string]struct{}
	for i, tagged := range pj.taggedAmong(t, removed) {
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

// keptValid reports whether the output of a projection passes
// lipapi.Call.Validate, judging from c, a deep copy of the projected
// trajectory's units of which removed (nil for none) marks those left out,
// with m injected units added, mIns of them to the instructions under
// legacy authority. It may report false for a valid output (which is then
// validated in full), never true for an invalid one, provided the projector
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
	kept, keptIns := withPlaceholders(c, removed)
	switch {
	case kept == 0 || c.Validate() != nil:
		return false
	case !c.HasItemAuthority():
		return keptIns+mIns <= lipapi.MaxInstructionMessages && kept+m-mIns <= lipapi.MaxMessages
	}
	return kept+m <= lipapi.MaxItems && (m == 0 || !steeringIDTaken(c.Items))
}

// withPlaceholders overwrites the units of c that removed marks with
// placeholders (user messages of one text part, sharing it) and returns
// the number of units left in Items or Messages, and in Instructions.
func withPlaceholders(c *lipapi.Call, removed []bool) (kept, keptIns int) {
	item := c.HasItemAuthority()
	kept, keptIns = len(c.Items)+len(c.Messages), len(c.Instructions)
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
	return kept, keptIns
}

// steeringIDTaken reports whether the ID of an item of items, or of the
// item it references, starts with the prefix of injected item IDs.
func steeringIDTaken(items []lipapi.Item) bool {
	for i := range items {
		it := &items[i]
		if strings.HasPrefix(it.ID, steeringIDPrefix) || it.Reference != nil && strings.HasPrefix(it.Reference.ID, steeringIDPrefix) {
			return true
		}
	}
	return false
}
