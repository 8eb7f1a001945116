package conversationprojection

import (
	"fmt"
	"slices"
	"sort"
)

// The strip of a Reassert without a frozen baseline: for each provenance
// entry in order-key order, the remaining unit with the entry's identity
// nearest the entry's expected position is removed. The candidates at the
// smallest distance are either at most two units (one on each side of the
// expected position in its region) or every remaining unit of a region, or
// of both regions (no usable position, or only the other region's units
// at hand). Candidates that are not all alike (the same neighbours) are an
// ambiguity, which fails closed; otherwise the first is removed.
//
// A naive search lists the remaining candidates for every entry, which is
// quadratic when every unit and entry share one identity and positions are
// absent or absurd. Here each identity's units keep skip links past the
// removed ones (the nearest remaining unit on either side of a position in
// amortized near-constant time) and, per region, how many remaining units
// have each neighbour pair: whether all remaining units of a region are
// alike is a counter test. The strip runs in O((n + m) log n) for n units
// and m entries.

// stripGroup is the strip's state for the units of one provenance
// identity.
type stripGroup struct {
	units []int // positions in the trajectory, ascending
	split int   // units[:split] are instructions (legacy), all under item authority
	// next[j] leads to the first remaining index >= j (len(units) for
	// none): next[j] == j when units[j] remains. prev[j+1] leads likewise
	// to the last remaining index <= j, plus one (0 for none). Both are
	// path-compressed as they are followed.
	next, prev []int32
	left       [2]int // remaining units per region
	// Neighbour classes, built on the first question about a whole region:
	// class[j] numbers the neighbour pair of units[j]; count[r][c] is the
	// number of remaining units of region r in class c, and kinds[r] the
	// number of classes with a non-zero count there.
	class []int32
	count [2][]int32
	kinds [2]int
}

// newStripGroup returns the state of units, none removed yet, its links
// carved from block (which must hold 2*(len(units)+1) values).
func newStripGroup(ct *trajectory, units []int, block []int32) stripGroup {
	n := len(units)
	g := stripGroup{units: units, split: n, next: block[: n+1 : n+1], prev: block[n+1 : 2*n+2]}
	if !ct.item {
		g.split = sort.SearchInts(units, len(ct.ins))
	}
	for j := range g.next {
		g.next[j], g.prev[j] = int32(j), int32(j)
	}
	g.left = [2]int{g.split, n - g.split}
	return g
}

// follow returns the root of j in links (the index links[j] leads to),
// halving the path on the way.
func follow(links []int32, j int) int {
	for int(links[j]) != j {
		links[j] = links[links[j]]
		j = int(links[j])
	}
	return j
}

// nextLeft returns the first remaining index >= j in [j, end), or -1.
func (g *stripGroup) nextLeft(j, end int) int {
	if k := follow(g.next, j); k < end {
		return k
	}
	return -1
}

// prevLeft returns the last remaining index <= j in [start, j], or -1.
func (g *stripGroup) prevLeft(j, start int) int {
	if k := follow(g.prev, j+1) - 1; k >= start {
		return k
	}
	return -1
}

// bounds returns the index range of region reg in units.
func (g *stripGroup) bounds(reg int) (start, end int) {
	if reg == 0 {
		return 0, g.split
	}
	return g.split, len(g.units)
}

// region returns the region of index j.
func (g *stripGroup) region(j int) int {
	if j < g.split {
		return 0
	}
	return 1
}

// first returns the first remaining index of region reg, or -1.
func (g *stripGroup) first(reg int) int {
	start, end := g.bounds(reg)
	return g.nextLeft(start, end)
}

// remove removes index j.
func (g *stripGroup) remove(j int) {
	g.next[j], g.prev[j+1] = int32(j+1), int32(j)
	reg := g.region(j)
	g.left[reg]--
	if g.class != nil {
		c := g.class[j]
		if g.count[reg][c]--; g.count[reg][c] == 0 {
			g.kinds[reg]--
		}
	}
}

// classify numbers the neighbour pairs of the units and counts the
// remaining units of each region per class.
func (g *stripGroup) classify(ct *trajectory) {
	type pair struct{ before, after neighbourKey }
	ids := make(map[pair]int32)
	g.class = make([]int32, len(g.units))
	for j, u := range g.units {
		p := pair{neighbour(ct, u, -1), neighbour(ct, u, 1)}
		c, ok := ids[p]
		if !ok {
			c = int32(len(ids))
			ids[p] = c
		}
		g.class[j] = c
	}
	g.count = [2][]int32{make([]int32, len(ids)), make([]int32, len(ids))}
	for reg := range 2 {
		start, end := g.bounds(reg)
		for j := g.nextLeft(start, end); j >= 0; j = g.nextLeft(j+1, end) {
			if g.count[reg][g.class[j]]++; g.count[reg][g.class[j]] == 1 {
				g.kinds[reg]++
			}
		}
	}
}

// The answers of regionClass that are not a class.
const (
	mixedClasses = -1 // the remaining units of the region have several classes
	noUnitLeft   = -2 // no unit of the region remains
)

// regionClass returns the class all remaining units of region reg share,
// mixedClasses when they have several, or noUnitLeft when none remains.
func (g *stripGroup) regionClass(ct *trajectory, reg int) int32 {
	if g.left[reg] == 0 {
		return noUnitLeft
	}
	if g.class == nil {
		g.classify(ct)
	}
	if g.kinds[reg] > 1 {
		return mixedClasses
	}
	return g.class[g.first(reg)]
}

// candidates is the set of units at the smallest distance from an
// expected position: up to two indexes of one region (ties), plus, when
// whole is set, every remaining unit of the regions in regions.
type candidates struct {
	ties    [2]int
	n       int // ties used
	whole   bool
	regions [2]bool
}

// nearest returns the candidates for an entry expecting its copy at x
// (none when !ok), with the distances of distance for a single expected
// position: under legacy authority, otherRegionDistance from any unit of
// the other region.
func (g *stripGroup) nearest(ct *trajectory, x position, ok bool) candidates {
	if !ok { // every remaining unit is at the same distance
		return candidates{whole: true, regions: [2]bool{true, true}}
	}
	start, end := g.bounds(x.reg)
	target := x.idx
	if x.reg == 1 {
		target += len(ct.ins)
	}
	j := start + sort.SearchInts(g.units[start:end], target)
	var c candidates
	best := -1 // distance of the nearest remaining unit in x's region
	if a := g.prevLeft(j-1, start); a >= 0 {
		best, c.ties[0], c.n = target-g.units[a], a, 1
	}
	if b := g.nextLeft(j, end); b >= 0 {
		switch d := g.units[b] - target; {
		case best < 0 || d < best:
			best, c.ties[0], c.n = d, b, 1
		case d == best:
			c.ties[1], c.n = b, 2
		}
	}
	if ct.item || (best >= 0 && best < otherRegionDistance) || g.left[1-x.reg] == 0 {
		return c
	}
	if best != otherRegionDistance {
		c.n = 0 // only the other region's units are candidates
	}
	c.whole, c.regions[1-x.reg] = true, true
	return c
}

// choose returns the index to remove among c, the first candidate, and
// whether the candidates are all alike; -1 when there is none.
func (g *stripGroup) choose(ct *trajectory, c candidates) (int, bool) {
	pick, class, alike := g.wholeRegions(ct, c)
	for _, t := range c.ties[:c.n] {
		if pick < 0 || t < pick {
			pick = t
		}
	}
	if !alike || pick < 0 {
		return pick, alike
	}
	return pick, g.tiesAlike(ct, c, class)
}

// wholeRegions returns, for the regions c takes whole, the first remaining
// index (-1 for none), the class all their remaining units share
// (noUnitLeft when none remains) and whether they share one.
func (g *stripGroup) wholeRegions(ct *trajectory, c candidates) (pick int, class int32, alike bool) {
	pick, class, alike = -1, noUnitLeft, true
	for r := range 2 {
		if !c.whole || !c.regions[r] {
			continue
		}
		rc := g.regionClass(ct, r)
		if rc == noUnitLeft {
			continue
		}
		if f := g.first(r); pick < 0 || f < pick {
			pick = f
		}
		if rc == mixedClasses || class != noUnitLeft && class != rc {
			alike = false
		}
		class = rc
	}
	return pick, class, alike
}

// tiesAlike reports whether the ties of c are alike: of class, the class
// of the whole regions, when there are any; else each other's neighbours.
func (g *stripGroup) tiesAlike(ct *trajectory, c candidates, class int32) bool {
	for k, t := range c.ties[:c.n] {
		switch {
		case class >= 0:
			if g.class[t] != class {
				return false
			}
		case k == 1:
			if !sameNeighbours(ct, g.units[c.ties[0]], g.units[t]) {
				return false
			}
		}
	}
	return true
}

// strip returns the removal marks of the strip: for each provenance entry
// in order-key order, the remaining unit with its identity nearest its own
// expected position. A tie between units whose neighbours differ is an
// ambiguity and fails closed. order lists the identities of prov (as
// provenanceIdentities returns them).
func (r *reassertion) strip(ct *trajectory, prov []OverlayProvenance, ids *provIndex[copyIdentity], order []*copyIdentity) ([]bool, error) {
	byKey := make([]int, len(prov))
	for i := range byKey {
		byKey[i] = i
	}
	slices.SortStableFunc(byKey, func(a, b int) int { return compareProvenance(&prov[a], &prov[b]) })
	removed := make([]bool, ct.len())
	size := 0
	for _, in := range order {
		size += 2 * (len(in.units) + 1)
	}
	block := make([]int32, size)
	groups := make([]stripGroup, len(order))
	for n, in := range order {
		w := 2 * (len(in.units) + 1)
		groups[n], block = newStripGroup(ct, in.units, block[:w:w]), block[w:]
		in.strip = &groups[n]
	}
	for _, i := range byKey {
		e := &prov[i]
		g := ids.entry[i].strip
		x, ok := expectedPosition(ct, e)
		j, alike := g.choose(ct, g.nearest(ct, x, ok))
		if j < 0 {
			continue
		}
		if !alike {
			return nil, fmt.Errorf("%w: %s: its copy is indistinguishable from another unit with its identity",
				ErrProjectionFailed, overlayRef(e.OverlayID))
		}
		removed[g.units[j]] = true
		g.remove(j)
	}
	return removed, nil
}

// sameNeighbours reports whether units u and v of ct have the same
// neighbours: the identities of the units just before and just after them
// in the same region, or none at an edge.
func sameNeighbours(ct *trajectory, u, v int) bool {
	return neighbour(ct, u, -1) == neighbour(ct, v, -1) && neighbour(ct, u, 1) == neighbour(ct, v, 1)
}

// neighbourKey identifies a unit's neighbour: absent, or present with an
// identity ("" for a non-message item).
type neighbourKey struct {
	present bool
	id      sum
}

// neighbour returns the key of the unit at u+step when it is in u's
// region.
func neighbour(ct *trajectory, u, step int) neighbourKey {
	v := u + step
	if v < 0 || v >= ct.len() {
		return neighbourKey{}
	}
	ru, _ := ct.region(u)
	if rv, _ := ct.region(v); rv != ru {
		return neighbourKey{}
	}
	return neighbourKey{true, ct.ids[v]}
}
