package conversationprojection

import (
	"cmp"
	"fmt"
	"slices"
	"sort"

	"github.com/agentkernel/agentkernel/lipapi"
)

// VerifyAdaptationPreservesProjection checks that adapted, a backend
// adaptation of reasserted, still carries the projection that provenance
// (returned with reasserted by Project or Reassert) describes:
//   - both calls have the same authority;
//   - every identity of an injected copy occurs as often in adapted as in
//     reasserted, and at least as often as the provenance has entries for
//     it (so a legitimate client message sharing an overlay's identity
//     passes);
//   - each entry's copy is found at its InjectedTrajectoryIndex in
//     reasserted, and the copy of the same rank among the units of its
//     identity in adapted keeps the order of the entries;
//   - no unit of adapted other than those copies has a never_backend
//     identity (a copy may share a tagged identity);
//   - stable_prefix copies stay within Instructions (legacy authority),
//     and each after_message copy sits right after its resolved anchor
//     (counted without the copies), after the copies on the same anchor
//     with smaller (SlotOrdinal, OverlayID).
//
// Entries of any other resolved kind fail closed. Positions are indexes in
// Items, or in Instructions followed by Messages; units whose identity
// cannot be computed are skipped. snap is not validated, except that it
// may hold at most MaxNeverBackendTags tags. With no provenance, tags or
// overlays it returns nil at once; otherwise both calls are checked against
// the count and size bounds of lipapi (lipapi.Call.CheckBounds) before
// anything is hashed (a failure also wraps lipapi.ErrInvalidCall). Failures
// wrap ErrProjectionFailed and name overlay IDs and indexes only.
//
// It hashes each message unit of reasserted once, and each unit of adapted
// that is not equal to one of reasserted's at most once, and runs in
// O(n + m log m) for n units and m provenance entries.
func VerifyAdaptationPreservesProjection(reasserted, adapted lipapi.Call, snap Snapshot, provenance []OverlayProvenance) error {
	var pj projector
	return pj.verifyCall(&reasserted, &adapted, &snap, provenance)
}

// verifyCall is VerifyAdaptationPreservesProjection.
func (pj *projector) verifyCall(reasserted, adapted *lipapi.Call, snap *Snapshot, prov []OverlayProvenance) error {
	if len(prov) == 0 && len(snap.NeverBackend) == 0 && len(snap.Steering) == 0 {
		return nil
	}
	if err := tagBounds(snap); err != nil {
		return err
	}
	if err := callBounds(reasserted, ErrProjectionFailed, "reasserted call"); err != nil {
		return err
	}
	if err := callBounds(adapted, ErrProjectionFailed, "adapted call"); err != nil {
		return err
	}
	pj.use(snap, nil)
	return pj.verify(reasserted, adapted, prov)
}

// A verifyIdentity is what Verify knows of one identity that provenance
// entries give the projection's copies.
type verifyIdentity struct {
	overlay    string // the overlay ID of its first entry
	entries    int    // the number of entries with the identity
	reasserted []int  // the positions of the units with the identity in the reasserted call
	adapted    []int  // and in the adapted call
}

// verify is VerifyAdaptationPreservesProjection after the trivial case:
// the authority is kept, the copies of each identity are all there, each
// entry's copy is found and their order is kept, no unit but a copy is
// never_backend, and each copy is placed as its entry says.
func (pj *projector) verify(reasserted, adapted *lipapi.Call, prov []OverlayProvenance) error {
	item := reasserted.HasItemAuthority()
	if adapted.HasItemAuthority() != item {
		return fmt.Errorf("%w: the adapted call changed authority", ErrProjectionFailed)
	}
	rt := pj.trajectoryOf(reasserted, item)
	at := pj.trajectoryReusing(adapted, item, rt, len(prov)+driftSlack)
	ids, err := countCopies(rt, at, prov)
	if err != nil {
		return err
	}
	pos, err := copyPositions(rt, prov, ids)
	if err != nil {
		return err
	}
	if err := copiesInOrder(prov, pos); err != nil {
		return err
	}
	copies := make([]bool, at.len())
	for _, p := range pos {
		copies[p] = true
	}
	for u, tagged := range pj.taggedAmong(at, copies) {
		if tagged {
			return fmt.Errorf("%w: %s of the adapted call is never_backend", ErrProjectionFailed, at.unitName(u))
		}
	}
	return verifyPlacements(at, adapted, prov, pos, copies)
}

// countCopies returns the verifyIdentity of each identity of prov, with
// the positions of its units in rt and at, and fails unless at holds as
// many of them as rt, and rt at least as many as the identity has entries.
func countCopies(rt, at *trajectory, prov []OverlayProvenance) (*provIndex[verifyIdentity], error) {
	ids := newProvIndex(prov, func(e *OverlayProvenance) verifyIdentity { return verifyIdentity{overlay: e.OverlayID} })
	var order []*verifyIdentity
	for _, in := range ids.entry {
		if in.entries == 0 {
			order = append(order, in)
		}
		in.entries++
	}
	for i, id := range rt.ids {
		if in := ids.of(id); in != nil {
			in.reasserted = append(in.reasserted, i)
		}
	}
	for i, id := range at.ids {
		if in := ids.of(id); in != nil {
			in.adapted = append(in.adapted, i)
		}
	}
	for _, in := range order {
		if len(in.adapted) != len(in.reasserted) {
			return nil, fmt.Errorf("%w: %s: %d units share its identity in the adapted call, %d in the reasserted call",
				ErrProjectionFailed, overlayRef(in.overlay), len(in.adapted), len(in.reasserted))
		}
		if len(in.reasserted) < in.entries {
			return nil, fmt.Errorf("%w: %s: %d units share its identity in the reasserted call, fewer than its %d provenance entries",
				ErrProjectionFailed, overlayRef(in.overlay), len(in.reasserted), in.entries)
		}
	}
	return ids, nil
}

// copyPositions returns the position in the adapted call of each entry's
// copy: the unit of the same rank, among the units with its identity, as
// the copy at the entry's InjectedTrajectoryIndex in rt. It fails when no
// copy stands there.
func copyPositions(rt *trajectory, prov []OverlayProvenance, ids *provIndex[verifyIdentity]) ([]int, error) {
	pos := make([]int, len(prov))
	for i := range prov {
		x := prov[i].InjectedTrajectoryIndex
		in := ids.entry[i]
		if x < 0 || x >= rt.len() || ids.of(rt.ids[x]) != in {
			return nil, fmt.Errorf("%w: %s: no copy at injected trajectory index %d of the reasserted call",
				ErrProjectionFailed, overlayRef(prov[i].OverlayID), x)
		}
		pos[i] = in.adapted[sort.SearchInts(in.reasserted, x)]
	}
	return pos, nil
}

// copiesInOrder fails unless the adapted positions pos of the copies keep
// the order of their entries' InjectedTrajectoryIndex.
func copiesInOrder(prov []OverlayProvenance, pos []int) error {
	byIndex := make([]int, len(prov))
	for i := range byIndex {
		byIndex[i] = i
	}
	slices.SortStableFunc(byIndex, func(a, b int) int {
		return cmp.Compare(prov[a].InjectedTrajectoryIndex, prov[b].InjectedTrajectoryIndex)
	})
	for j := 1; j < len(byIndex); j++ {
		if pos[byIndex[j]] <= pos[byIndex[j-1]] {
			return fmt.Errorf("%w: %s: its copy moved before the copy of %s",
				ErrProjectionFailed, overlayRef(prov[byIndex[j]].OverlayID), overlayRef(prov[byIndex[j-1]].OverlayID))
		}
	}
	return nil
}

// verifyPlacements checks the placement of each copy at its adapted
// position pos[i]: a stable-prefix copy stays within the instructions
// (legacy authority); an after_message copy sits right after the unit its
// resolved anchor names, counted over the units of at that are not copies
// (all resolved in one pass), after the copies on the same anchor with
// smaller order keys. Entries of any other kind fail.
func verifyPlacements(at *trajectory, adapted *lipapi.Call, prov []OverlayProvenance, pos []int, copies []bool) error {
	after, err := afterMessageEntries(at, adapted, prov, pos)
	if err != nil || len(after) == 0 {
		return err
	}
	anchors := make([]MessageAnchor, len(after))
	for j, i := range after {
		anchors[j] = *prov[i].ResolvedAnchor
	}
	targets := at.resolveAnchors(anchors, copies)
	rank := ranksOnAnchor(prov, after, anchors)
	for j, i := range after {
		e := &prov[i]
		if targets[j] < 0 {
			return fmt.Errorf("%w: %s: anchor %s does not resolve in the adapted call",
				ErrProjectionFailed, overlayRef(e.OverlayID), anchorRef(anchors[j]))
		}
		if want := targets[j] + 1 + rank[j]; pos[i] != want {
			return fmt.Errorf("%w: %s: copy at position %d, want %d after anchor %s",
				ErrProjectionFailed, overlayRef(e.OverlayID), pos[i], want, anchorRef(anchors[j]))
		}
	}
	return nil
}

// afterMessageEntries checks the resolved kind of every entry and that
// each stable-prefix copy stays within the instructions (legacy
// authority), and returns the indexes of the after_message entries.
func afterMessageEntries(at *trajectory, adapted *lipapi.Call, prov []OverlayProvenance, pos []int) ([]int, error) {
	var after []int
	for i := range prov {
		e := &prov[i]
		switch e.ResolvedKind {
		case PlacementStablePrefix:
			if !at.item && pos[i] >= len(adapted.Instructions) {
				return nil, fmt.Errorf("%w: %s: its stable-prefix copy left the instructions", ErrProjectionFailed, overlayRef(e.OverlayID))
			}
		case PlacementAfterMessage:
			if e.ResolvedAnchor == nil {
				return nil, fmt.Errorf("%w: %s: after_message provenance without a resolved anchor", ErrProjectionFailed, overlayRef(e.OverlayID))
			}
			after = append(after, i)
		default:
			return nil, fmt.Errorf("%w: %s: unknown resolved kind", ErrProjectionFailed, overlayRef(e.OverlayID))
		}
	}
	return after, nil
}

// ranksOnAnchor returns, for the j-th after_message entry prov[after[j]],
// whose anchor is anchors[j], the number of after_message entries on the
// same anchor with a smaller order key, found by sorting by (anchor, order
// key).
func ranksOnAnchor(prov []OverlayProvenance, after []int, anchors []MessageAnchor) []int {
	byAnchor := make([]int, len(after))
	for j := range byAnchor {
		byAnchor[j] = j
	}
	slices.SortStableFunc(byAnchor, func(a, b int) int {
		if c := compareAnchors(anchors[a], anchors[b]); c != 0 {
			return c
		}
		return compareProvenance(&prov[after[a]], &prov[after[b]])
	})
	rank := make([]int, len(after))
	group := 0 // start of the current anchor group in byAnchor
	for s := 1; s < len(byAnchor); s++ {
		a, b := byAnchor[s-1], byAnchor[s]
		switch {
		case anchors[a] != anchors[b]:
			group = s
		case compareProvenance(&prov[after[a]], &prov[after[b]]) == 0:
			rank[b] = rank[a]
		default:
			rank[b] = s - group
		}
	}
	return rank
}
