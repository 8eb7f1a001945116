package conversationprojection

import (
	"cmp"
	"slices"
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
)

// A projector holds the snapshot of one call of a projection function
// (Project, FilterNeverBackend, Reassert, VerifyAdaptationPreservesProjection
// or ResolveAfterIngressTailAnchor) with what its steps derive from it once:
// its tag set, the ranks of its overlays and the identities of their
// injected units. Identities are keyed on their sums throughout. It lives
// on the stack of that call; nothing outlives it.
type projector struct {
	snap *Snapshot
	// tags is the set of the valid never_backend identities.
	tags tagSet
	// active is the number of active overlays.
	active int
	// anchors[i] is the sum of the anchor identity of snap.Steering[i]
	// (zero without an anchor) when the projector validated snap; else nil.
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
func (pj *projector) validate(snap *Snapshot) error {
	p := newSnapshotSums(snap)
	if err := snap.validate(p); err != nil {
		return err
	}
	pj.use(snap, p)
	return nil
}

// use sets the projector's snapshot and its tag set. Unless p holds the
// sums of snap's identities (from projector.validate), it does not validate snap:
// a tag that is not a valid identity names no message unit.
func (pj *projector) use(snap *Snapshot, p *snapshotSums) {
	pj.snap, pj.overlays, pj.names, pj.rank, pj.anchors = snap, nil, nil, nil, nil
	pj.active = 0
	for i := range snap.Steering {
		if snap.Steering[i].Active {
			pj.active++
		}
	}
	pj.tags = newTagSet(snap.NeverBackend)
	if p != nil {
		pj.anchors = p.anchors
	}
}

// tagged reports whether id is a never_backend identity. The zero sum,
// which stands for "no identity", is never tagged.
func (pj *projector) tagged(id sum) bool { return pj.tags.has(&id) }

// taggedAmong returns, for each unit i of t, whether its identity is
// never_backend, false where skip[i] is set (skip may be nil).
func (pj *projector) taggedAmong(t *trajectory, skip []bool) []bool {
	return pj.tags.among(t.ids, skip)
}

// itemIdentity is the identity of message item it, counted.
func (pj *projector) itemIdentity(it *lipapi.Item) (sum, error) {
	pj.hashes++
	return itemSum(it)
}

// messageIdentity is the identity of m, counted.
func (pj *projector) messageIdentity(m *lipapi.Message) (sum, error) {
	pj.hashes++
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
func (pj *projector) hashOverlays() error {
	steering := pj.snap.Steering
	if pj.overlays == nil {
		pj.overlays = make([]sum, len(steering))
	}
	for i := range steering {
		o := &steering[i]
		if !o.Active || !pj.overlays[i].isZero() {
			continue
		}
		pj.hashes++
		id, err := textSum(overlayRole(o), o.Message.Text)
		if err != nil {
			return errorf("%w: steering[%d]: %w", ErrProjectionFailed, i, err)
		}
		pj.overlays[i] = id
	}
	return nil
}

// ranks returns pj.rank, computing it on first use: one sort of the active
// overlays by order key per projector.
func (pj *projector) ranks() []int {
	if pj.rank != nil {
		return pj.rank
	}
	steering := pj.snap.Steering
	order := make([]rankKey, 0, pj.active)
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
	pj.rank = make([]int, len(steering))
	for r, o := range order {
		pj.rank[o.i] = r
	}
	return pj.rank
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

// overlayNames returns the identities of the units injected for the
// active overlays, formatted (names[i] for snap.Steering[i]; empty for an
// inactive overlay), computing them on first use into one string. The
// identities must have been computed (hashOverlays).
func (pj *projector) overlayNames() []MessageIdentity {
	if pj.names == nil {
		steering := pj.snap.Steering
		b := make([]byte, 0, pj.active*identityLen)
		for j := range steering {
			if steering[j].Active {
				b = appendIdentity(b, pj.overlays[j])
			}
		}
		all := string(b)
		pj.names = make([]MessageIdentity, len(steering))
		for j := range steering {
			if steering[j].Active {
				pj.names[j], all = MessageIdentity(all[:identityLen]), all[identityLen:]
			}
		}
	}
	return pj.names
}
