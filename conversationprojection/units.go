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
// each computed once. Identities are keyed on their sums throughout. It
// lives on the stack of that call; nothing outlives it.
type kernel struct {
	snap *Snapshot
	// tags is the set of the valid never_backend identities.
	tags tagSet
	// active is the number of active overlays.
	active int
	// anchors[i] is the sum of the anchor identity of snap.Steering[i]
	// (zero without an anchor) when the kernel validated snap; else nil.
	anchors []sum
	// rank[i] is the position of active overlay snap.Steering[i] among the
	// active overlays ordered by order key; nil until first needed.
	rank []int
	// overlays[i] is the identity of the unit injected for
	// snap.Steering[i], zero until computed (by hashOverlays, or taken
	// from an equal unit by overlayIdentitiesFrom).
	overlays []sum
	// names[i] is overlays[i] formatted for an active overlay; nil until
	// first needed. The names are carved from one string.
	names []MessageIdentity
	// hashes counts identity computations; tests use it to check that a
	// call hashes each message unit at most once.
	hashes int
}

// validate validates snap exactly as Snapshot.Validate does and then uses
// it, taking the sums of its tags and anchors from the validation instead
// of parsing them again.
func (k *kernel) validate(snap *Snapshot) error {
	p := newSnapshotSums(snap)
	if err := snap.validate(p); err != nil {
		return err
	}
	k.use(snap, p)
	return nil
}

// use sets the kernel's snapshot and its tag set. Unless p holds the sums
// of snap's identities (from kernel.validate), it does not validate snap:
// a tag that is not a valid identity names no message unit.
func (k *kernel) use(snap *Snapshot, p *snapshotSums) {
	k.snap, k.overlays, k.names, k.rank, k.anchors = snap, nil, nil, nil, nil
	k.active = 0
	for i := range snap.Steering {
		if snap.Steering[i].Active {
			k.active++
		}
	}
	k.tags = newTagSet(snap.NeverBackend, p != nil)
	if p != nil {
		k.anchors = p.anchors
	}
}

// tagged reports whether id is a never_backend identity. The zero sum,
// which stands for "no identity", is never tagged.
func (k *kernel) tagged(id sum) bool { return k.tags.has(&id) }

// taggedAmong returns, for each unit i of t, whether its identity is
// never_backend, false where skip[i] is set (skip may be nil).
func (k *kernel) taggedAmong(t *trajectory, skip []bool) []bool { return k.tags.among(t.ids, skip) }

// itemIdentity is the identity of message item it, counted.
func (k *kernel) itemIdentity(it *lipapi.Item) (sum, error) {
	k.hashes++
	return itemSum(it)
}

// messageIdentity is the identity of m, counted.
func (k *kernel) messageIdentity(m *lipapi.Message) (sum, error) {
	k.hashes++
	return messageSum(m)
}

// overlayRole is the role of the unit injected for o: its message role, or
// system when that is empty.
func overlayRole(o *Overlay) lipapi.Role {
	if o.Message.Role == "" {
		return lipapi.RoleSystem
	}
	return o.Message.Role
}

// hashOverlays computes the identity of the unit injected for each active
// overlay (the item and legacy forms of the unit have the same identity)
// that is not known yet, into k.overlays.
func (k *kernel) hashOverlays() error {
	steering := k.snap.Steering
	if k.overlays == nil {
		k.overlays = make([]sum, len(steering))
	}
	for i := range steering {
		o := &steering[i]
		if !o.Active || !k.overlays[i].isZero() {
			continue
		}
		k.hashes++
		id, err := textSum(overlayRole(o), o.Message.Text)
		if err != nil {
			return fmt.Errorf("%w: steering[%d]: %w", ErrProjectionFailed, i, err)
		}
		k.overlays[i] = id
	}
	return nil
}

// ranks returns k.rank, computing it on first use: one sort of the active
// overlays by order key per kernel.
func (k *kernel) ranks() []int {
	if k.rank != nil {
		return k.rank
	}
	steering := k.snap.Steering
	order := make([]rankKey, 0, k.active)
	for i := range steering {
		if o := &steering[i]; o.Active {
			order = append(order, rankKey{o.SlotOrdinal, idHead(o.OverlayID), i})
		}
	}
	slices.SortFunc(order, func(a, b rankKey) int {
		if a.slot != b.slot {
			return cmp.Compare(a.slot, b.slot)
		}
		if a.head != b.head {
			return cmp.Compare(a.head, b.head)
		}
		return strings.Compare(steering[a.i].OverlayID, steering[b.i].OverlayID)
	})
	k.rank = make([]int, len(steering))
	for r, o := range order {
		k.rank[o.i] = r
	}
	return k.rank
}

// A rankKey is the order key of overlay i with the first eight bytes of
// its ID packed into an integer: keys whose slots or heads differ compare
// as those integers do, and only equal heads need the IDs themselves. It
// holds no pointer, which keeps sorting free of write barriers.
type rankKey struct {
	slot, head uint64
	i          int
}

// idHead returns the first eight bytes of id big-endian, zero-padded. When
// the heads of two IDs differ they compare as the IDs do bytewise: at the
// first differing head byte either both IDs hold a byte, or the one that
// has ended (padding 0) is a prefix of the other, which holds a non-zero
// byte there.
func idHead(id string) uint64 {
	var h uint64
	for j := 0; j < 8; j++ {
		h <<= 8
		if j < len(id) {
			h |= uint64(id[j])
		}
	}
	return h
}

// overlayName returns the identity of the unit injected for active
// overlay snap.Steering[i], formatted. On first use it formats the names of
// all active overlays, whose identities place has computed, into one
// string.
func (k *kernel) overlayName(i int) MessageIdentity {
	if k.names == nil {
		steering := k.snap.Steering
		b := make([]byte, 0, k.active*identityLen)
		for j := range steering {
			if steering[j].Active {
				b = appendIdentity(b, k.overlays[j])
			}
		}
		all := string(b)
		k.names = make([]MessageIdentity, len(steering))
		for j := range steering {
			if steering[j].Active {
				k.names[j], all = MessageIdentity(all[:identityLen]), all[identityLen:]
			}
		}
	}
	return k.names[i]
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
func (k *kernel) trajectoryOf(c *lipapi.Call, item bool) *trajectory {
	t := &trajectory{item: item}
	if item {
		t.items = c.Items
		t.ids = make([]sum, len(c.Items))
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
	t.ids = make([]sum, len(c.Instructions)+len(c.Messages))
	for i := range t.ids {
		id, err := k.messageIdentity(t.message(i))
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
			return fmt.Errorf("%s: %w", t.unitName(i), err)
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
	// The valid anchors are grouped by identity (group g for the g-th
	// identity added to index); a group's anchors, ordered by occurrence,
	// are order[next:end], and as the count of its identity grows, next
	// advances over the anchors reached.
	type group struct {
		count     uint32
		next, end int
	}
	index := newSumIndex(len(anchors))
	groups := make([]group, 0, len(anchors))
	scratch := make([]int, 3*len(anchors))
	// pos[j]: the position of anchor j; of[j]: its group, or -1.
	pos, of, order := scratch[:len(anchors):len(anchors)], scratch[len(anchors):2*len(anchors)], scratch[2*len(anchors):]
	for j := range anchors {
		a := &anchors[j]
		pos[j], of[j] = -1, -1
		if a.occ == 0 || a.id.isZero() {
			continue
		}
		g, added := index.add(a.id)
		if added {
			groups = append(groups, group{})
		}
		of[j] = g
		groups[g].end++ // counts the group's anchors for now
	}
	n := 0
	for g := range groups {
		c := groups[g].end
		groups[g].next, groups[g].end = n, n // end fills the group
		n += c
	}
	for j, g := range of {
		if g >= 0 {
			order[groups[g].end] = j
			groups[g].end++
		}
	}
	for g := range groups {
		if in := order[groups[g].next:groups[g].end]; len(in) > 1 {
			slices.SortFunc(in, func(a, b int) int {
				if c := cmp.Compare(anchors[a].occ, anchors[b].occ); c != 0 {
					return c
				}
				return cmp.Compare(a, b)
			})
		}
	}
	for i := range t.ids {
		if skip != nil && skip[i] {
			continue
		}
		gi := index.find(&t.ids[i])
		if gi < 0 || groups[gi].next == groups[gi].end {
			continue
		}
		g := &groups[gi]
		g.count++
		for ; g.next < g.end && anchors[order[g.next]].occ == g.count; g.next++ {
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

// A provIndex groups provenance entries by injected identity, one group of
// type T per distinct identity: entry[i] is the group of entry i, and the
// groups of valid identities are found by sum.
type provIndex[T any] struct {
	entry []*T
	sums  map[sum]*T
}

// newProvIndex returns the index of prov, each group made by first from
// its first entry. The groups are allocated in one block.
func newProvIndex[T any](prov []OverlayProvenance, first func(e *OverlayProvenance) T) *provIndex[T] {
	x := &provIndex[T]{entry: make([]*T, len(prov)), sums: make(map[sum]*T, len(prov))}
	block := make([]T, 0, len(prov)) // never grows: pointers stay valid
	var invalid map[MessageIdentity]*T
	for i := range prov {
		e := &prov[i]
		s, valid := parseIdentity(e.InjectedIdentity)
		var g *T
		if valid {
			g = x.sums[s]
		} else {
			g = invalid[e.InjectedIdentity]
		}
		if g == nil {
			block = append(block, first(e))
			g = &block[len(block)-1]
			if valid {
				x.sums[s] = g
			} else {
				if invalid == nil {
					invalid = make(map[MessageIdentity]*T)
				}
				invalid[e.InjectedIdentity] = g
			}
		}
		x.entry[i] = g
	}
	return x
}

// of returns the group of identity id, or nil when no entry has it (always
// for the zero sum, "no identity").
func (x *provIndex[T]) of(id sum) *T { return x.sums[id] }
