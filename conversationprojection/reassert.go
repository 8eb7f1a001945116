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
// projects the result with Project, whose evidence it returns, except that
// FilteredCount counts the units Reassert removed for their tagged identity
// (not the projection's own copies, even of an overlay whose identity is
// tagged): the final projection finds none left to exclude. The copies
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
	var pj projector
	return pj.reassertCall(&call, &snap, provenance, &filteredBaseline)
}

// reassertCall is Reassert.
func (pj *projector) reassertCall(call *lipapi.Call, snap *Snapshot, prov []OverlayProvenance, baseline *lipapi.Call) (lipapi.Call, *ProjectionEvidence, error) {
	if err := pj.validate(snap); err != nil {
		return lipapi.Call{}, nil, projectionFailed(err)
	}
	if err := callBounds(call, ErrProjectionFailed, ""); err != nil {
		return lipapi.Call{}, nil, err
	}
	if err := trajectoryBounds(baseline, "filtered baseline"); err != nil {
		return lipapi.Call{}, nil, err
	}
	r := reassertion{pj: pj, call: call, baseline: baseline, window: len(snap.Steering) + len(prov) + driftSlack}
	out, ev, err := r.run(prov)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return out, ev, nil
}

// driftSlack is how many units, beyond one per overlay and provenance
// entry (the copies), the transforms of a late call are expected to add or
// drop in a row: identity reuse looks that far ahead for a unit equal to
// the next one before it turns to its index (see reuser).
const driftSlack = 16

// reassertion is the state of one Reassert call.
type reassertion struct {
	pj       *projector
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
		r.units = r.pj.trajectoryOf(r.call, r.call.HasItemAuthority())
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
		r.base[f] = r.pj.trajectoryReusing(r.baseline, item, r.callUnits(), r.window)
	}
	return r.base[f]
}

// A copyIdentity is what Reassert knows of one identity that provenance
// entries give the projection's copies.
type copyIdentity struct {
	overlay  string // the overlay ID of the first entry with the identity
	entries  int    // the number of provenance entries with the identity
	baseline int    // the number of message units of the filtered baseline with the identity
	// units are the positions of the late call's units with the identity,
	// ascending.
	units []int
	// expected are the positions the entries expect their copies at, per
	// region (index within the region), sorted.
	expected [2][]int
	strip    *stripGroup // the strip's state for units, while it runs
}

// run is Reassert once the snapshot and the bounds are checked.
func (r *reassertion) run(prov []OverlayProvenance) (lipapi.Call, *ProjectionEvidence, error) {
	if len(prov) == 0 && len(r.pj.snap.Steering) > 0 {
		var err error
		if prov, err = r.derivedProvenance(); err != nil {
			return lipapi.Call{}, nil, err
		}
	}
	if len(r.pj.snap.NeverBackend) == 0 && len(prov) == 0 {
		return r.unchanged()
	}
	ct := r.callUnits()
	r.pj.overlayIdentitiesFrom(ct, prov)
	ids, order := provenanceIdentities(ct, prov)
	if err := r.countBaseline(ct, prov, ids, order); err != nil {
		return lipapi.Call{}, nil, err
	}
	if err := tooManyCopies(order); err != nil {
		return lipapi.Call{}, nil, err
	}
	removed := make([]bool, ct.len())
	removeCopies(ct, order, removed)
	excluded := r.pj.markTagged(ct, removed)
	if err := removeSurplus(order, removed); err != nil {
		return lipapi.Call{}, nil, err
	}
	var carried map[string]MessageAnchor
	if hasUnits(r.baseline) {
		carried = r.carry(ct, removed, prov)
	}
	out, ev, err := r.pj.result(r.call, ct, removed, carried)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	// The never_backend units are gone before the final projection, which
	// therefore excludes none itself: the evidence counts them here.
	ev.FilteredCount += excluded
	return out, ev, nil
}

// derivedProvenance returns the provenance of the projection of the
// filtered baseline, for a Reassert given none: of the baseline itself
// when any of its trajectory slices is non-nil, else of
// FilterNeverBackend's result on the call.
func (r *reassertion) derivedProvenance() ([]OverlayProvenance, error) {
	if hasTrajectorySlices(r.baseline) {
		return r.pj.provenanceOf(r.baseline, r.baselineUnits(r.baseline.HasItemAuthority()))
	}
	f, err := r.pj.filtered(r.call, r.callUnits(), nil)
	if err != nil {
		return nil, err
	}
	return r.pj.provenanceOf(r.call, f)
}

// unchanged returns a deep copy of the call, once it validates: Reassert's
// result when there are no tags and no provenance, so nothing to remove.
func (r *reassertion) unchanged() (lipapi.Call, *ProjectionEvidence, error) {
	if err := r.call.Validate(); err != nil {
		return lipapi.Call{}, nil, projectionFailed(err)
	}
	return lipapi.CloneCall(*r.call), &ProjectionEvidence{}, nil
}

// countBaseline sets the baseline count of each identity of order: the
// message units with it in the filtered baseline, in the form of ct. That
// is the frozen baseline when it has units; without one, the units of ct
// that FilterNeverBackend keeps once the strip has removed the copies the
// provenance identifies, and none at all when that projection fails. A
// strip that cannot tell a copy from another unit fails.
func (r *reassertion) countBaseline(ct *trajectory, prov []OverlayProvenance, ids *provIndex[copyIdentity], order []*copyIdentity) error {
	var ft *trajectory
	if hasUnits(r.baseline) {
		ft = r.baselineUnits(ct.item)
	} else {
		stripped, err := r.strip(ct, prov, ids, order)
		if err != nil {
			return err
		}
		if ft, err = r.pj.filtered(r.call, ct, stripped); err != nil {
			return nil // no baseline: every unit with an identity of order is a copy
		}
	}
	for i, id := range ft.ids {
		if in := ids.of(id); in != nil && ft.isMessage(i) {
			in.baseline++
		}
	}
	return nil
}

// tooManyCopies fails when the late call holds more units of an identity
// the baseline holds than the baseline and the provenance account for.
func tooManyCopies(order []*copyIdentity) error {
	for _, in := range order {
		if in.baseline > 0 && len(in.units) > in.baseline+in.entries {
			return fmt.Errorf("%w: %s: %d units share its identity, more than the %d of the baseline and %d of the provenance",
				ErrProjectionFailed, overlayRef(in.overlay), len(in.units), in.baseline, in.entries)
		}
	}
	return nil
}

// removeCopies marks as removed, for each identity of order, the units of
// ct beyond the baseline count, nearest the positions the entries expect
// their copies at.
func removeCopies(ct *trajectory, order []*copyIdentity, removed []bool) {
	for _, in := range order {
		if n := len(in.units); n > in.baseline {
			removeNearest(ct, in, n-in.baseline, removed)
		}
	}
}

// removeSurplus marks as removed, for each identity of order, the units
// still kept beyond the baseline count, and fails when fewer are kept than
// the baseline holds.
func removeSurplus(order []*copyIdentity, removed []bool) error {
	for _, in := range order {
		kept := 0
		for _, u := range in.units {
			if removed[u] {
				continue
			}
			if kept++; kept > in.baseline {
				removed[u] = true
			}
		}
		if kept < in.baseline {
			return fmt.Errorf("%w: %s: %d units share its identity, fewer than the %d of the baseline",
				ErrProjectionFailed, overlayRef(in.overlay), kept, in.baseline)
		}
	}
	return nil
}

// provenanceIdentities returns the copyIdentity of each identity of prov,
// with its entries, the positions they expect their copies at in ct, and
// the positions of ct's units with the identity; and the copyIdentities in
// the order of their first entry.
func provenanceIdentities(ct *trajectory, prov []OverlayProvenance) (*provIndex[copyIdentity], []*copyIdentity) {
	ids := newProvIndex(prov, func(e *OverlayProvenance) copyIdentity { return copyIdentity{overlay: e.OverlayID} })
	var order []*copyIdentity
	for i := range prov {
		in := ids.entry[i]
		if in.entries == 0 {
			order = append(order, in)
		}
		in.entries++
		if x, ok := expectedPosition(ct, &prov[i]); ok {
			in.expected[x.reg] = append(in.expected[x.reg], x.idx)
		}
	}
	for _, in := range order {
		slices.Sort(in.expected[0])
		slices.Sort(in.expected[1])
	}
	for i, id := range ct.ids {
		if in := ids.of(id); in != nil {
			in.units = append(in.units, i)
		}
	}
	return ids, order
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
func removeNearest(ct *trajectory, in *copyIdentity, r int, removed []bool) {
	if r >= len(in.units) {
		for _, u := range in.units {
			removed[u] = true
		}
		return
	}
	type cand struct{ d, u int }
	cs := make([]cand, len(in.units))
	for i, u := range in.units {
		cs[i] = cand{distance(ct, &in.expected, u), u}
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
