package conversationprojection

import (
	"math/bits"
	"slices"
)

// place decides where each active overlay goes on the filtered trajectory
// (the units of t not removed): it returns the stable-prefix injections
// (fallbacks included) sorted by order key, the anchored injections sorted
// by (target, order key), targets being positions in t, and the fallbacks
// in Steering order. All anchors are resolved in one pass. An unresolved
// anchor under AnchorFailClosed fails the projection.
func (pj *projector) place(t *trajectory, removed []bool, carried map[string]MessageAnchor) (stable, anchored []injection, fallbacks []FallbackEvidence, err error) {
	if err := pj.hashOverlays(); err != nil {
		return nil, nil, nil, err
	}
	targets := pj.resolveAfterMessage(t, removed, carried)
	// One block: the injections by rank, then the same in their final order.
	block := make([]injection, 2*pj.active)
	byRank, ordered := block[:pj.active:pj.active], block[pj.active:]
	nAnchored, fallbacks, err := pj.rankInjections(targets, byRank)
	if err != nil {
		return nil, nil, nil, err
	}
	stable, anchored = orderByTarget(byRank, ordered, nAnchored)
	return stable, anchored, fallbacks, nil
}

// activeAfterMessage reports whether o is an active after_message overlay,
// one that an anchor places.
func (o *Overlay) activeAfterMessage() bool {
	return o.Active && o.Placement.Kind == PlacementAfterMessage
}

// afterTargets are where the anchors of the active after_message overlays
// resolve, the j-th of them in Steering order being overlay j: pos[j] is
// the position its stored anchor names, and when Reassert carried anchors
// over, pos[n+j] that of its carried anchor carried[j], for n overlays; -1
// where an anchor resolves nowhere (the zero carried anchor, for an
// overlay without one, resolves nowhere).
type afterTargets struct {
	pos     []int
	carried []MessageAnchor // nil without carried anchors
}

// target returns the position overlay j goes after and the anchor naming
// it: its stored anchor when that resolves, else its carried one when that
// does; position -1 (and the stored anchor) when neither resolves.
func (x *afterTargets) target(j int, stored *MessageAnchor) (int, *MessageAnchor) {
	if p := x.pos[j]; p >= 0 || x.carried == nil {
		return p, stored
	}
	if p := x.pos[len(x.carried)+j]; p >= 0 {
		return p, &x.carried[j]
	}
	return -1, stored
}

// resolveAfterMessage resolves the anchors of the active after_message
// overlays, stored and carried (see afterTargets), on the units of t not
// removed, in one pass.
func (pj *projector) resolveAfterMessage(t *trajectory, removed []bool, carried map[string]MessageAnchor) afterTargets {
	steering := pj.snap.Steering
	n := 0
	for i := range steering {
		if steering[i].activeAfterMessage() {
			n++
		}
	}
	var x afterTargets
	size := n
	if len(carried) > 0 {
		size, x.carried = 2*n, make([]MessageAnchor, n)
	}
	keys := make([]anchorKey, size)
	j := 0
	for i := range steering {
		o := &steering[i]
		if !o.activeAfterMessage() {
			continue
		}
		keys[j] = pj.storedKey(i)
		if c, ok := carried[o.OverlayID]; ok && x.carried != nil {
			x.carried[j], keys[n+j] = c, keyOf(c)
		}
		j++
	}
	x.pos = t.resolveKeys(keys, removed)
	return x
}

// storedKey returns the key of the stored anchor of after_message overlay
// snap.Steering[i], from the sum the validation parsed when there is one.
func (pj *projector) storedKey(i int) anchorKey {
	a := pj.snap.Steering[i].Placement.Anchor
	if pj.anchors != nil {
		return anchorKey{pj.anchors[i], a.Occurrence}
	}
	return keyOf(*a)
}

// rankInjections fills byRank[r] with the injection of the active overlay
// of rank r and returns how many of them go after an anchored unit, and
// the fallbacks in Steering order; an overlay whose anchor resolves
// nowhere falls back to the stable prefix, or fails the projection under
// AnchorFailClosed.
func (pj *projector) rankInjections(targets afterTargets, byRank []injection) (int, []FallbackEvidence, error) {
	ranks := pj.ranks()
	var fallbacks []FallbackEvidence
	nAnchored, j := 0, 0
	for i := range pj.snap.Steering {
		o := &pj.snap.Steering[i]
		if !o.Active {
			continue
		}
		in := &byRank[ranks[i]]
		in.ov, in.target = i, -1
		if o.Placement.Kind != PlacementAfterMessage {
			continue
		}
		in.target, in.anchor = targets.target(j, o.Placement.Anchor)
		j++
		switch {
		case in.target >= 0:
			nAnchored++
		case o.AnchorMissingPolicy == AnchorFailClosed:
			return 0, nil, errorf("%w: %w: overlay %s: anchor %s",
				ErrAnchorMissing, ErrAnchorNotFound, o.OverlayID, o.Placement.Anchor)
		default:
			fallbacks = append(fallbacks, FallbackEvidence{OverlayID: o.OverlayID, Anchor: *o.Placement.Anchor})
		}
	}
	return nAnchored, fallbacks, nil
}

// orderByTarget copies the injections of byRank into out (of the same
// length), rank order kept: first those at the stable prefix, then the
// nAnchored that go after an anchored unit, ordered by target, ties in
// rank order. It returns the two parts of out.
func orderByTarget(byRank, out []injection, nAnchored int) (stable, anchored []injection) {
	split := len(byRank) - nAnchored
	// The anchored are sorted on keys target<<shift | rank, rank < 1<<shift.
	shift := bits.Len(uint(len(byRank)))
	keys := make([]uint64, 0, nAnchored)
	s := 0
	for r, in := range byRank {
		if in.target >= 0 {
			keys = append(keys, uint64(in.target)<<shift|uint64(r))
		} else {
			out[s], s = in, s+1
		}
	}
	slices.Sort(keys)
	for k, key := range keys {
		out[split+k] = byRank[key&(1<<shift-1)]
	}
	return out[:split:split], out[split:]
}
