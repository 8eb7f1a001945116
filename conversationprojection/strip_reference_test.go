package conversationprojection

import (
	"fmt"
	"slices"
	"sort"
)

// refStrip is the strip of Reassert written plainly, in quadratic time:
// the reference the differential tests compare strip with. It returns the
// removal marks of the C11 strip: for each provenance entry in order-key
// order, the remaining unit with its identity nearest its own expected
// position. A tie between units whose neighbours differ is an ambiguity
// and fails closed.
func refStrip(ct *trajectory, prov []OverlayProvenance, ids *provIndex[copyIdentity]) ([]bool, error) {
	order := make([]int, len(prov))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareProvenance(&prov[a], &prov[b]) })
	removed := make([]bool, ct.len())
	for _, i := range order {
		e := &prov[i]
		in := ids.entry[i]
		x, ok := expectedPosition(ct, e)
		ties := refNearestRemaining(ct, in.units, removed, x, ok)
		if len(ties) == 0 {
			continue
		}
		for _, u := range ties[1:] {
			if !sameNeighbours(ct, ties[0], u) {
				return nil, fmt.Errorf("%w: %s: its copy is indistinguishable from another unit with its identity",
					ErrProjectionFailed, overlayRef(e.OverlayID))
			}
		}
		removed[ties[0]] = true
	}
	return removed, nil
}

// refNearestRemaining returns, in ascending order, the units of units (sorted
// positions of one identity) not yet removed that are nearest the expected
// position x (none when !ok), with the distances of distance for a single
// expected position.
func refNearestRemaining(ct *trajectory, units []int, removed []bool, x position, ok bool) []int {
	split := len(units) // units[:split] are instructions (legacy)
	if !ct.item {
		split = sort.SearchInts(units, len(ct.ins))
	}
	regions := [2][]int{units[:split], units[split:]}
	if !ok { // no expected position: every remaining unit is at the same distance
		return refRemaining(units, removed, nil)
	}
	in := regions[x.reg]
	target := x.idx
	if x.reg == 1 {
		target += len(ct.ins)
	}
	j := sort.SearchInts(in, target)
	a, b := j-1, j
	for a >= 0 && removed[in[a]] {
		a--
	}
	for b < len(in) && removed[in[b]] {
		b++
	}
	best := -1 // distance of the nearest remaining unit in x's region
	var ties []int
	if a >= 0 {
		best, ties = target-in[a], append(ties, in[a])
	}
	if b < len(in) {
		switch d := in[b] - target; {
		case best < 0 || d < best:
			best, ties = d, append(ties[:0], in[b])
		case d == best:
			ties = append(ties, in[b])
		}
	}
	if ct.item || (best >= 0 && best < otherRegionDistance) {
		return ties
	}
	others := refRemaining(regions[1-x.reg], removed, nil)
	switch {
	case len(others) == 0:
		return ties
	case best == otherRegionDistance:
		ties = append(ties, others...)
		slices.Sort(ties)
		return ties
	}
	return others
}

// refRemaining appends to dst the units not yet removed.
func refRemaining(units []int, removed []bool, dst []int) []int {
	for _, u := range units {
		if !removed[u] {
			dst = append(dst, u)
		}
	}
	return dst
}
