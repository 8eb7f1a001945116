package conversationprojection

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/agentkernel/agentkernel/lipapi"
)

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
	// ids[i] is the identity of unit i; zero for a non-message item and
	// for a unit whose identity could not be computed.
	ids []sum
	// errs is nil when every identity was computed; otherwise errs[i] is
	// the identity error of unit i (nil for the others).
	errs []error
}

// trajectoryOf returns the trajectory of c's units in the given authority
// form (which need not be c's own: Reassert counts a baseline in the form
// of the call it restores), hashing each message unit once.
func (pj *projector) trajectoryOf(c *lipapi.Call, item bool) *trajectory {
	t := &trajectory{item: item}
	t.setUnits(c)
	if item {
		t.ids = make([]sum, len(c.Items))
		for i := range c.Items {
			if c.Items[i].Kind != lipapi.ItemKindMessage {
				continue
			}
			id, err := pj.itemIdentity(&c.Items[i])
			t.setIdentity(i, id, err)
		}
		return t
	}
	t.ids = make([]sum, len(c.Instructions)+len(c.Messages))
	for i := range t.ids {
		id, err := pj.messageIdentity(t.message(i))
		t.setIdentity(i, id, err)
	}
	return t
}

// setIdentity records the identity, or the identity error, of unit i.
func (t *trajectory) setIdentity(i int, id sum, err error) {
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
			return errorf("%s: %w", t.unitName(i), err)
		}
	}
	return nil
}

// newTrajectoryLike returns an empty trajectory of t's authority with room
// for t's units plus mIns more instructions and mMsgs more messages (under
// item authority, mIns+mMsgs more items); its slices are non-nil, as
// Project's outputs must be. Without ids it records no identities (and its
// len is 0): for outputs only turned into calls.
func newTrajectoryLike(t *trajectory, mIns, mMsgs int, ids bool) *trajectory {
	out := &trajectory{item: t.item}
	if ids {
		out.ids = make([]sum, 0, t.len()+mIns+mMsgs)
	}
	if t.item {
		out.items = make([]lipapi.Item, 0, len(t.items)+mIns+mMsgs)
	} else {
		out.ins = make([]lipapi.Message, 0, len(t.ins)+mIns)
		out.msgs = make([]lipapi.Message, 0, len(t.msgs)+mMsgs)
	}
	return out
}

// withUnitsOf returns t with its units replaced by those of c, a deep copy
// of t.shallowCall: the identities stay valid.
func (t *trajectory) withUnitsOf(c *lipapi.Call) trajectory {
	out := *t
	out.setUnits(c)
	return out
}

// setUnits makes c's units under t's authority t's units: its Items, or
// its Instructions and Messages. shallowCall is the converse.
func (t *trajectory) setUnits(c *lipapi.Call) {
	if t.item {
		t.items = c.Items
	} else {
		t.ins, t.msgs = c.Instructions, c.Messages
	}
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
// sharing their memory (the converse of setUnits): for internal checks
// only, never returned.
func (t *trajectory) shallowCall(base *lipapi.Call) lipapi.Call {
	c := *base
	if t.item {
		c.Items = t.items
	} else {
		c.Instructions, c.Messages = t.ins, t.msgs
	}
	return c
}

// An anchorKey is an anchor with its identity parsed: id is the zero sum
// for an identity that names no unit (invalid, or spelling the zero sum).
type anchorKey struct {
	id  sum
	occ uint32
}

// keyOf returns the key of a.
func keyOf(a MessageAnchor) anchorKey {
	id, _ := parseIdentity(a.Identity)
	return anchorKey{id, a.Occurrence}
}

// resolveAnchors resolves every anchor of anchors over the message units of
// t in one pass, counting occurrences only over the units for which skip
// (when non-nil) is false. It returns the unit position of each anchor, -1
// for an anchor that does not resolve (an invalid anchor never resolves).
// It runs in O(n + a log a) for n units and a anchors, with one sumIndex
// lookup per unit and a constant number of allocations.
func (t *trajectory) resolveAnchors(anchors []MessageAnchor, skip []bool) []int {
	keys := make([]anchorKey, len(anchors))
	for j, a := range anchors {
		keys[j] = keyOf(a)
	}
	return t.resolveKeys(keys, skip)
}

// resolveKeys is resolveAnchors on the anchors' keys.
func (t *trajectory) resolveKeys(anchors []anchorKey, skip []bool) []int {
	if len(anchors) == 0 {
		return []int{}
	}
	scratch := make([]int, 3*len(anchors))
	// pos[j]: the position of anchor j; of[j]: its group, or -1.
	pos, of, order := scratch[:len(anchors):len(anchors)], scratch[len(anchors):2*len(anchors)], scratch[2*len(anchors):]
	for j := range pos {
		pos[j] = -1
	}
	x := groupAnchors(anchors, of, order)
	for i := range t.ids {
		if skip == nil || !skip[i] {
			x.reach(&t.ids[i], i, anchors, pos)
		}
	}
	return pos
}

// anchorGroups groups the valid anchors by identity, for resolveKeys: the
// g-th identity added to index has group g, whose anchors, ordered by
// occurrence, are order[groups[g].next:groups[g].end]; as the units with
// the identity are counted, next advances past the anchors reached.
type anchorGroups struct {
	index  sumIndex
	groups []anchorGroup
	order  []int
}

// anchorGroup is one group of anchorGroups.
type anchorGroup struct {
	count     uint32 // the units with the group's identity counted so far
	next, end int
}

// groupAnchors returns the groups of the anchors with an identity and an
// occurrence, its order held by order (as long as anchors), and sets of[j]
// to the group of anchor j, -1 for an anchor that never resolves.
func groupAnchors(anchors []anchorKey, of, order []int) anchorGroups {
	x := anchorGroups{index: newSumIndex(len(anchors)), groups: make([]anchorGroup, 0, len(anchors)), order: order}
	for j := range anchors {
		a := &anchors[j]
		of[j] = -1
		if a.occ == 0 || a.id.isZero() {
			continue
		}
		g, added := x.index.add(a.id)
		if added {
			x.groups = append(x.groups, anchorGroup{})
		}
		of[j] = g
		x.groups[g].end++ // counts the group's anchors for now
	}
	n := 0
	for g := range x.groups {
		c := x.groups[g].end
		x.groups[g].next, x.groups[g].end = n, n // end fills the group
		n += c
	}
	for j, g := range of {
		if g >= 0 {
			order[x.groups[g].end] = j
			x.groups[g].end++
		}
	}
	for g := range x.groups {
		if in := order[x.groups[g].next:x.groups[g].end]; len(in) > 1 {
			slices.SortFunc(in, func(a, b int) int {
				if c := cmp.Compare(anchors[a].occ, anchors[b].occ); c != 0 {
					return c
				}
				return cmp.Compare(a, b)
			})
		}
	}
	return x
}

// reach counts unit i, whose identity is id, among the units of its
// group, if it has one, and resolves to i the group's anchors that name
// that occurrence.
func (x *anchorGroups) reach(id *sum, i int, anchors []anchorKey, pos []int) {
	gi := x.index.find(id)
	if gi < 0 || x.groups[gi].next == x.groups[gi].end {
		return
	}
	g := &x.groups[gi]
	g.count++
	for ; g.next < g.end && anchors[x.order[g.next]].occ == g.count; g.next++ {
		pos[x.order[g.next]] = i
	}
}

// hasTrajectorySlices reports whether any of c's trajectory slices
// (Instructions, Messages, Items) is non-nil, empty or not.
func hasTrajectorySlices(c *lipapi.Call) bool {
	return c.Instructions != nil || c.Messages != nil || c.Items != nil
}

// hasUnits reports whether any of c's trajectory slices (Instructions,
// Messages, Items) is not empty.
func hasUnits(c *lipapi.Call) bool {
	return len(c.Instructions) > 0 || len(c.Messages) > 0 || len(c.Items) > 0
}
