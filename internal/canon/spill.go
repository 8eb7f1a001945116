package canon

// spillVec is a sequence of E held in a fixed array inside its owner
// until it outgrows it, then in a heap slice. The canonicalizer's records
// live in spillVecs so that a small document needs no heap memory: a
// slice of a stack array stored through a pointer would move the array to
// the heap, so the array is only ever indexed in place, and a slice of it
// is handed out (all) for the caller's immediate use, never stored.
type spillVec[E any] struct {
	n    int
	fix  [8]E
	heap []E // nil while the elements fit in fix
}

// all returns the elements, for use before the next push.
func (v *spillVec[E]) all() []E {
	if v.heap != nil {
		return v.heap[:v.n]
	}
	return v.fix[:v.n]
}

// full reports whether the next push must move the elements.
func (v *spillVec[E]) full() bool {
	if v.heap != nil {
		return v.n == len(v.heap)
	}
	return v.n == len(v.fix)
}

// reserve moves the elements, full, to a heap slice of capacity n, and
// at least one more than theirs.
func (v *spillVec[E]) reserve(n int) {
	g := make([]E, max(n, v.n+1))
	copy(g, v.all())
	v.heap = g
}

// push appends e.
func (v *spillVec[E]) push(e E) {
	if v.full() {
		v.reserve(2 * v.n)
	}
	v.n++
	*v.top() = e
}

// top returns the last element.
func (v *spillVec[E]) top() *E { return v.at(v.n - 1) }

// at returns element i.
func (v *spillVec[E]) at(i int) *E {
	if v.heap != nil {
		return &v.heap[i]
	}
	return &v.fix[i]
}
