package conversationprojection

import (
	"cmp"
	"fmt"
	"slices"
	"sort"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Reassert restores the frozen conversation view on a late call: one that
// attempt, candidate or interleaving transforms changed after projection,
// and that may already carry the projection's steering copies. It is pure:
// it reads no store, never mutates its inputs and returns a deep copy.
//
// provenance is the one returned with the earlier projection; when it is
// empty while snap has overlays, it is derived by projecting the filtered
// baseline (or, if filteredBaseline has no trajectory at all,
// FilterNeverBackend(call, snap)). filteredBaseline is what
// FilterNeverBackend returned at the early projection. When it has units
// it is the frozen view: its counts tell legitimate client messages that
// share an overlay's identity from projection-owned copies, and a lineage
// proof against it lets an overlay follow its anchored message through a
// payload-only rewrite (carried anchors; see "Lineage proof" in the package
// documentation). Without it, the copies the provenance identifies are
// stripped before the baseline is derived, so that reasserting an already
// projected call never duplicates steering.
//
// Reassert then removes the projection-owned copies, every reintroduced
// never_backend unit (and, under item authority, the item references to
// removed message items), and any surplus copy of an overlay's identity, and
// projects the result with Project, whose evidence it returns. The copies
// are found by identity: of the units sharing an injected identity, those
// beyond the count the frozen baseline holds are the projection's, and they
// are removed nearest the positions the provenance records first (the
// distance to the closest recorded position; ties go to the earlier unit;
// under legacy authority instructions and messages are separate regions). Ambiguities it cannot resolve (a
// copy indistinguishable from a client message, more units of an overlay's
// identity than the baseline and provenance account for, fewer than the
// baseline holds) fail closed with an error wrapping ErrProjectionFailed.
// With no tags and no provenance it only validates call and returns a copy
// with empty evidence. On error it returns the zero Call and nil evidence.
//
// After snap, call and the trajectory of filteredBaseline (Instructions,
// Messages and Items) are checked against the count and size bounds of
// lipapi (lipapi.Call.CheckBounds), before anything is hashed: a failure
// wraps ErrProjectionFailed and lipapi.ErrInvalidCall. A late call must
// therefore be within the bounds itself, even when the copies Reassert
// removes would bring it back within them.
//
// Reassert hashes each message unit of call once, and each unit of
// filteredBaseline that is not equal to one of call's at most once. It
// runs in O(n + m log m) for n units and m provenance entries in the usual
// case, plus the bytes it hashes and copies, and in O((n + m) log n) for
// any provenance, however many entries share an identity and whatever
// positions they give.
func Reassert(call lipapi.Call, snap Snapshot, provenance []OverlayProvenance, filteredBaseline lipapi.Call) (lipapi.Call, *ProjectionEvidence, error) {
	var k kernel
	return k.reassertCall(&call, &snap, provenance, &filteredBaseline)
}

// reassertCall is Reassert.
func (k *kernel) reassertCall(call *lipapi.Call, snap *Snapshot, prov []OverlayProvenance, baseline *lipapi.Call) (lipapi.Call, *ProjectionEvidence, error) {
	if err := k.validate(snap); err != nil {
		return lipapi.Call{}, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
	}
	if err := callBounds(call, ErrProjectionFailed, ""); err != nil {
		return lipapi.Call{}, nil, err
	}
	if err := trajectoryBounds(baseline, "filtered baseline"); err != nil {
		return lipapi.Call{}, nil, err
	}
	r := reassertion{k: k, call: call, baseline: baseline, window: len(snap.Steering) + len(prov) + 16}
	out, ev, err := r.run(prov)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return out, ev, nil
}

// reassertion is the state of one Reassert call.
type reassertion struct {
	k        *kernel
	call     *lipapi.Call
	baseline *lipapi.Call
	units    *trajectory    // call's units, once computed
	base     [2]*trajectory // baseline's units in legacy [0] and item [1] form, once computed
	// window is how far apart call and baseline units are expected to
	// drift: the copies in call, at most one per overlay or entry.
	window int
}

// callUnits returns the units of call, hashing them on first use.
func (r *reassertion) callUnits() *trajectory {
	if r.units == nil {
		r.units = r.k.trajectoryOf(r.call, r.call.HasItemAuthority())
	}
	return r.units
}

// baselineUnits returns the units of the baseline in the given form,
// computing them on first use: a unit equal to a unit of call takes its
// identity, the others are hashed.
func (r *reassertion) baselineUnits(item bool) *trajectory {
	f := 0
	if item {
		f = 1
	}
	if r.base[f] == nil {
		r.base[f] = r.k.trajectoryReusing(r.baseline, item, r.callUnits(), r.window)
	}
	return r.base[f]
}

// idInfo is what Reassert knows about one provenance identity.
type idInfo struct {
	overlay string      // the overlay ID of the first entry with the identity
	p, f, l int         // provenance entries, units in F, units in cleaned
	exp     [2][]int    // expected positions by region (index within the region), sorted
	units   []int       // positions of the units of cleaned with the identity, ascending
	strip   *stripGroup // the strip's state for units, while it runs
}

// run performs Reassert after snapshot validation: it derives missing
// provenance (step 2), takes the fast path (step 3), derives the baseline
// counts (step 4), removes copies, tagged units and surplus (steps 5 to 8),
// carries anchors (step 9) and projects the result (step 10).
func (r *reassertion) run(prov []OverlayProvenance) (lipapi.Call, *ProjectionEvidence, error) {
	k := r.k
	if len(prov) == 0 && len(k.snap.Steering) > 0 { // step 2
		base, baseCall := (*trajectory)(nil), r.baseline
		if hasTrajectory(r.baseline, true) {
			base = r.baselineUnits(r.baseline.HasItemAuthority())
		} else {
			_, f, _, err := k.project(r.call, r.callUnits(), nil, false, false, nil)
			if err != nil {
				return lipapi.Call{}, nil, err
			}
			base, baseCall = f, r.call
		}
		_, _, ev, err := k.project(baseCall, base, nil, true, false, nil)
		if err != nil {
			return lipapi.Call{}, nil, err
		}
		prov = ev.Provenance
	}
	if len(k.snap.NeverBackend) == 0 && len(prov) == 0 { // step 3
		if err := r.call.Validate(); err != nil {
			return lipapi.Call{}, nil, fmt.Errorf("%w: %w", ErrProjectionFailed, err)
		}
		return lipapi.CloneCall(*r.call), &ProjectionEvidence{}, nil
	}

	ct := r.callUnits() // step 4
	r.k.overlayIdentitiesFrom(ct, prov)
	var order []*idInfo // the identities of prov, in order of first entry
	ids := provenanceIdentities(ct, prov, &order)
	frozen := hasTrajectory(r.baseline, false)
	var ft *trajectory // F's units in ct's form; nil while F is unavailable
	if frozen {
		ft = r.baselineUnits(ct.item)
	} else {
		stripped, err := r.strip(ct, prov, ids, order)
		if err != nil {
			return lipapi.Call{}, nil, err
		}
		if _, f, _, err := k.project(r.call, ct, stripped, false, false, nil); err == nil {
			ft = f
		}
	}
	if ft != nil {
		for i, id := range ft.ids {
			if in := ids.of(id); in != nil && ft.isMessage(i) {
				in.f++
			}
		}
	}
	if ft != nil && len(prov) > 0 { // step 5
		for _, in := range order {
			if in.f > 0 && in.l > in.f+in.p {
				return lipapi.Call{}, nil, fmt.Errorf("%w: %s: %d units share its identity, more than the %d of the baseline and %d of the provenance",
					ErrProjectionFailed, overlayRef(in.overlay), in.l, in.f, in.p)
			}
		}
	}
	removed := make([]bool, ct.len())
	for _, in := range order { // step 6
		if in.l > in.f {
			removeNearest(ct, in, in.l-in.f, removed)
		}
	}
	k.markTagged(ct, removed)       // step 7
	if ft != nil && len(prov) > 0 { // step 8
		for _, in := range order {
			kept := 0
			for _, u := range in.units {
				if removed[u] {
					continue
				}
				if kept++; kept > in.f {
					removed[u] = true
				}
			}
			if kept < in.f {
				return lipapi.Call{}, nil, fmt.Errorf("%w: %s: %d units share its identity, fewer than the %d of the baseline",
					ErrProjectionFailed, overlayRef(in.overlay), kept, in.f)
			}
		}
	}
	// cleaned is now the units of ct not removed.
	var carried map[string]MessageAnchor
	if frozen { // step 9
		carried = r.carry(ct, removed, prov)
	}
	out, _, ev, err := k.project(r.call, ct, removed, true, true, carried) // step 10
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return out, ev, nil
}

// provenanceIdentities returns the idInfo of each identity of prov, with
// its entry count, expected positions in ct, and the positions and count
// of ct's units carrying it.
// order receives the idInfos in the order of their first entry.
func provenanceIdentities(ct *trajectory, prov []OverlayProvenance, order *[]*idInfo) *provIndex[idInfo] {
	ids := newProvIndex[idInfo](prov, func(e *OverlayProvenance) idInfo { return idInfo{overlay: e.OverlayID} })
	for i := range prov {
		in := ids.entry[i]
		if in.p == 0 {
			*order = append(*order, in)
		}
		in.p++
		if x, ok := expectedPosition(ct, &prov[i]); ok {
			in.exp[x.reg] = append(in.exp[x.reg], x.idx)
		}
	}
	for _, in := range *order {
		slices.Sort(in.exp[0])
		slices.Sort(in.exp[1])
	}
	for i, id := range ct.ids {
		if in := ids.of(id); in != nil {
			in.units = append(in.units, i)
			in.l++
		}
	}
	return ids
}

// position is a unit position: region (0 instructions, 1 messages; 0 under
// item authority) and index within the region.
type position struct{ reg, idx int }

// expectedPosition returns where e says its copy is in ct, and false when e
// gives no usable (non-negative) position: under item authority
// InjectedItemIndex for an "item" entry, else InjectedTrajectoryIndex;
// under legacy authority the entry's region and index when it is a "legacy"
// entry with both, else InjectedTrajectoryIndex split at
// len(Instructions).
func expectedPosition(ct *trajectory, e *OverlayProvenance) (position, bool) {
	if ct.item {
		x := e.InjectedTrajectoryIndex
		if e.InjectedAuthority == authorityItem && e.InjectedItemIndex >= 0 {
			x = e.InjectedItemIndex
		}
		return position{0, x}, x >= 0
	}
	if e.InjectedAuthority == authorityLegacy && e.InjectedLegacyIsInstruction != nil && e.InjectedLegacyIndex != nil {
		reg := 1
		if *e.InjectedLegacyIsInstruction {
			reg = 0
		}
		return position{reg, *e.InjectedLegacyIndex}, *e.InjectedLegacyIndex >= 0
	}
	x := e.InjectedTrajectoryIndex
	switch {
	case x < 0:
		return position{}, false
	case x < len(ct.ins):
		return position{0, x}, true
	}
	return position{1, x - len(ct.ins)}, true
}

// otherRegionDistance is the distance of a legacy unit from expected
// positions that all lie in the other region.
const otherRegionDistance = 1000

// distance returns the distance of unit u of ct from the nearest of the
// expected positions exp (by region): under item authority 0 when there
// are none; under legacy authority otherRegionDistance when u's region has
// none.
func distance(ct *trajectory, exp *[2][]int, u int) int {
	reg, idx := ct.region(u)
	xs := exp[reg]
	if len(xs) == 0 {
		if ct.item {
			return 0
		}
		return otherRegionDistance
	}
	j := sort.SearchInts(xs, idx)
	d := -1
	if j < len(xs) {
		d = xs[j] - idx
	}
	if j > 0 && (d < 0 || idx-xs[j-1] < d) {
		d = idx - xs[j-1]
	}
	return d
}

// removeNearest marks as removed the r units of in nearest in's expected
// positions: smallest distance first, ties by earlier position. All
// distances are taken on the current positions.
func removeNearest(ct *trajectory, in *idInfo, r int, removed []bool) {
	if r >= len(in.units) {
		for _, u := range in.units {
			removed[u] = true
		}
		return
	}
	type cand struct{ d, u int }
	cs := make([]cand, len(in.units))
	for i, u := range in.units {
		cs[i] = cand{distance(ct, &in.exp, u), u}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if c := cmp.Compare(a.d, b.d); c != 0 {
			return c
		}
		return cmp.Compare(a.u, b.u)
	})
	for _, c := range cs[:r] {
		removed[c.u] = true
	}
}
