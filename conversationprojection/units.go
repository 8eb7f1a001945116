package conversationprojection

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
)

// kernel is the state of one exported projection call (Project,
// FilterNeverBackend, Reassert, VerifyAdaptationPreservesProjection or
// ResolveAfterIngressTailAnchor), shared by the steps that call runs: the
// snapshot, its tag set and the identities of its overlays' injected units,
// each computed once. It lives on the stack of that call; nothing outlives
// it.
type kernel struct {
	snap *Snapshot
	// tags is the set of never_backend identities; nil when there are none.
	tags map[MessageIdentity]struct{}
	// overlays[i] is the identity of the unit injected for
	// snap.Steering[i], "" until first computed.
	overlays []MessageIdentity
	// hashes counts identity computations; tests use it to check that a
	// call hashes each message unit at most once.
	hashes int
}

// use sets the kernel's snapshot and builds its tag set. It does not
// validate snap.
func (k *kernel) use(snap *Snapshot) {
	k.snap, k.overlays = snap, nil
	k.tags = nil
	if len(snap.NeverBackend) > 0 {
		k.tags = make(map[MessageIdentity]struct{}, len(snap.NeverBackend))
		for i := range snap.NeverBackend {
			k.tags[snap.NeverBackend[i].Identity] = struct{}{}
		}
	}
}

// tagged reports whether id is a never_backend identity. The empty
// identity, which stands for "no identity", is never tagged.
func (k *kernel) tagged(id MessageIdentity) bool {
	if id == "" || k.tags == nil {
		return false
	}
	_, ok := k.tags[id]
	return ok
}

// itemIdentity is ItemIdentityOf, counted.
func (k *kernel) itemIdentity(it *lipapi.Item) (MessageIdentity, error) {
	k.hashes++
	return ItemIdentityOf(*it)
}

// messageIdentity is MessageIdentityOf, counted.
func (k *kernel) messageIdentity(m *lipapi.Message) (MessageIdentity, error) {
	k.hashes++
	return MessageIdentityOf(*m)
}

// overlayRole is the role of the unit injected for o: its message role, or
// system when that is empty.
func overlayRole(o *Overlay) lipapi.Role {
	if o.Message.Role == "" {
		return lipapi.RoleSystem
	}
	return o.Message.Role
}

// overlayIdentity returns the identity of the unit injected for
// snap.Steering[i], computing it on first use. The item and legacy forms of
// the unit have this same identity.
func (k *kernel) overlayIdentity(i int) (MessageIdentity, error) {
	if k.overlays == nil {
		k.overlays = make([]MessageIdentity, len(k.snap.Steering))
	}
	if id := k.overlays[i]; id != "" {
		return id, nil
	}
	o := &k.snap.Steering[i]
	parts := [1]lipapi.Part{lipapi.TextPart(o.Message.Text)}
	m := lipapi.Message{Role: overlayRole(o), Parts: parts[:]}
	id, err := k.messageIdentity(&m)
	if err != nil {
		return "", fmt.Errorf("%w: steering[%d]: %w", ErrProjectionFailed, i, err)
	}
	k.overlays[i] = id
	return id, nil
}

// A trajectory is the sequence of units of a call under one authority,
// with the identity of every message unit computed once. Under item
// authority unit i is items[i], message item or not; under legacy authority
// units are the instructions followed by the messages, unit i being
// ins[i] for i < len(ins) and msgs[i-len(ins)] after. The units share
// memory with the call they were taken from: a trajectory is read, never
// written, and reaches a caller only through a deep copy.
type trajectory struct {
	item  bool
	items []lipapi.Item
	ins   []lipapi.Message
	msgs  []lipapi.Message
	// ids[i] is the identity of unit i; "" for a non-message item and for
	// a unit whose identity could not be computed.
	ids []MessageIdentity
	// errs is nil when every identity was computed; otherwise errs[i] is
	// the identity error of unit i (nil for the others).
	errs []error
}

// trajectoryOf returns the trajectory of c's units in the given authority
// form (which need not be c's own: Reassert counts a baseline in the form
// of the call it restores), hashing each message unit once.
func (k *kernel) trajectoryOf(c *lipapi.Call, item bool) *trajectory {
	t := &trajectory{item: item}
	if item {
		t.items = c.Items
		t.ids = make([]MessageIdentity, len(c.Items))
		for i := range c.Items {
			if c.Items[i].Kind != lipapi.ItemKindMessage {
				continue
			}
			id, err := k.itemIdentity(&c.Items[i])
			t.setIdentity(i, id, err)
		}
		return t
	}
	t.ins, t.msgs = c.Instructions, c.Messages
	t.ids = make([]MessageIdentity, len(c.Instructions)+len(c.Messages))
	for i := range t.ids {
		id, err := k.messageIdentity(t.message(i))
		t.setIdentity(i, id, err)
	}
	return t
}

// setIdentity records the identity, or the identity error, of unit i.
func (t *trajectory) setIdentity(i int, id MessageIdentity, err error) {
	if err == nil {
		t.ids[i] = id
		return
	}
	if t.errs == nil {
		t.errs = make([]error, len(t.ids))
	}
	t.errs[i] = err
}

// len returns the number of units.
func (t *trajectory) len() int { return len(t.ids) }

// message returns legacy unit i.
func (t *trajectory) message(i int) *lipapi.Message {
	if i < len(t.ins) {
		return &t.ins[i]
	}
	return &t.msgs[i-len(t.ins)]
}

// isMessage reports whether unit i is a message unit.
func (t *trajectory) isMessage(i int) bool {
	return !t.item || t.items[i].Kind == lipapi.ItemKindMessage
}

// region returns the region of unit i (0 for instructions, 1 for messages;
// always 0 under item authority) and its index within that region.
func (t *trajectory) region(i int) (int, int) {
	if t.item || i < len(t.ins) {
		return 0, i
	}
	return 1, i - len(t.ins)
}

// unitName names unit i for error messages: "items[i]",
// "instructions[i]" or "messages[i]".
func (t *trajectory) unitName(i int) string {
	if t.item {
		return fmt.Sprintf("items[%d]", i)
	}
	r, j := t.region(i)
	return fmt.Sprintf("%s[%d]", legacyRegion(r), j)
}

// firstError returns the identity error of the first unit whose identity
// could not be computed, naming the unit, or nil.
func (t *trajectory) firstError() error {
	for i, err := range t.errs {
		if err != nil {
			return fmt.Errorf("%s: %w", t.unitName(i), err)
		}
	}
	return nil
}

// newTrajectoryLike returns an empty trajectory of t's authority with room
// for t's units plus m more in each slice; its slices are non-nil, as
// Project's outputs must be. Without ids it records no identities (and
// its len is 0): for outputs only turned into calls.
func newTrajectoryLike(t *trajectory, m int, ids bool) *trajectory {
	out := &trajectory{item: t.item}
	if ids {
		out.ids = make([]MessageIdentity, 0, t.len()+m)
	}
	if t.item {
		out.items = make([]lipapi.Item, 0, len(t.items)+m)
	} else {
		out.ins = make([]lipapi.Message, 0, len(t.ins)+m)
		out.msgs = make([]lipapi.Message, 0, len(t.msgs)+m)
	}
	return out
}

// withUnitsOf returns t with its units replaced by those of c, a deep copy
// of t.shallowCall: the identities stay valid.
func (t *trajectory) withUnitsOf(c *lipapi.Call) *trajectory {
	out := *t
	if t.item {
		out.items = c.Items
	} else {
		out.ins, out.msgs = c.Instructions, c.Messages
	}
	return &out
}

// appendUnit appends unit i of src, with its identity (or error) when t
// records identities. A legacy unit is appended to the region it comes
// from; callers append all instructions before the first message.
func (t *trajectory) appendUnit(src *trajectory, i int) {
	switch {
	case t.item:
		t.items = append(t.items, src.items[i])
	case i < len(src.ins):
		t.ins = append(t.ins, src.ins[i])
	default:
		t.msgs = append(t.msgs, src.msgs[i-len(src.ins)])
	}
	if t.ids == nil {
		return
	}
	t.ids = append(t.ids, src.ids[i])
	if src.errs != nil && src.errs[i] != nil {
		if t.errs == nil {
			t.errs = make([]error, len(t.ids)-1, cap(t.ids))
		}
		t.errs = append(t.errs, src.errs[i])
	} else if t.errs != nil {
		t.errs = append(t.errs, nil)
	}
}

// shallowCall returns base with its trajectory replaced by t's units,
// sharing their memory: for internal checks only, never returned.
func (t *trajectory) shallowCall(base *lipapi.Call) lipapi.Call {
	c := *base
	if t.item {
		c.Items = t.items
	} else {
		c.Instructions, c.Messages = t.ins, t.msgs
	}
	return c
}

// resolveAnchors resolves every anchor of anchors over the message units of
// t in one pass, counting occurrences only over the units for which skip
// (when non-nil) is false. It returns the unit position of each anchor, -1
// for an anchor that does not resolve (an invalid anchor never resolves).
// It runs in O(n + a log a) for n units and a anchors, with one map lookup
// per unit and a constant number of allocations.
func (t *trajectory) resolveAnchors(anchors []MessageAnchor, skip []bool) []int {
	pos := make([]int, len(anchors))
	if len(anchors) == 0 {
		return pos
	}
	// order holds the valid anchors by (identity, occurrence); the anchors
	// of one identity form a group, and as the count of that identity grows
	// the group's next advances over the anchors reached.
	order := make([]int, 0, len(anchors))
	for j, a := range anchors {
		pos[j] = -1
		if a.Identity != "" && a.Occurrence != 0 {
			order = append(order, j)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareAnchors(anchors[a], anchors[b]) })
	type group struct {
		count     uint32
		next, end int // the group's unreached anchors are order[next:end]
	}
	groups := make([]group, 0, len(order))
	index := make(map[MessageIdentity]int, len(order))
	for s := 0; s < len(order); {
		e, id := s+1, anchors[order[s]].Identity
		for e < len(order) && anchors[order[e]].Identity == id {
			e++
		}
		index[id] = len(groups)
		groups = append(groups, group{next: s, end: e})
		s = e
	}
	for i, id := range t.ids {
		if id == "" || (skip != nil && skip[i]) {
			continue
		}
		gi, ok := index[id]
		if !ok || groups[gi].next == groups[gi].end {
			continue
		}
		g := &groups[gi]
		g.count++
		for ; g.next < g.end && anchors[order[g.next]].Occurrence == g.count; g.next++ {
			pos[order[g.next]] = i
		}
	}
	return pos
}

// compareOrderKey compares two overlays' order keys (SlotOrdinal, then
// OverlayID bytewise).
func compareOrderKey(aSlot uint64, aID string, bSlot uint64, bID string) int {
	if c := cmp.Compare(aSlot, bSlot); c != 0 {
		return c
	}
	return strings.Compare(aID, bID)
}

// compareProvenance orders provenance entries by their overlays' order
// keys.
func compareProvenance(a, b *OverlayProvenance) int {
	return compareOrderKey(a.SlotOrdinal, a.OverlayID, b.SlotOrdinal, b.OverlayID)
}

// hasTrajectory reports whether any of c's trajectory slices (Instructions,
// Messages, Items) is non-nil, when nonNil is set, or non-empty otherwise.
func hasTrajectory(c *lipapi.Call, nonNil bool) bool {
	if nonNil {
		return c.Instructions != nil || c.Messages != nil || c.Items != nil
	}
	return len(c.Instructions) > 0 || len(c.Messages) > 0 || len(c.Items) > 0
}

// compareAnchors orders anchors by identity, then occurrence.
func compareAnchors(a, b MessageAnchor) int {
	if c := cmp.Compare(a.Identity, b.Identity); c != 0 {
		return c
	}
	return cmp.Compare(a.Occurrence, b.Occurrence)
}
