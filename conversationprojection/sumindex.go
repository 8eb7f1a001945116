package conversationprojection

import (
	"encoding/binary"
	"hash/maphash"
)

// linearSums is the largest number of sums a sumIndex finds by a linear
// scan; larger sets use a hash table.
const linearSums = 8

// A sumIndex numbers a set of distinct sums in the order they were added
// and finds a sum's number in O(1): by a linear scan of the sums' leading
// words while the set is small (cheaper than hashing 32 bytes), through an
// open-addressing hash table once it is larger. The table hashes with a
// seed drawn per index, as Go's maps do, so no choice of sums (tags and
// anchors are caller input) can make probing degenerate; results never
// depend on the seed. The zero sum is never added (parseIdentity never
// returns it), so no unit without identity is ever found.
type sumIndex struct {
	heads []uint64 // the leading 8 bytes of each sum (linear scan)
	sums  []sum
	slots []int32 // number+1 of the sum hashed to each slot, 0 for none; nil while linear
	seed  maphash.Seed
}

// newSumIndex returns an empty index with room for n sums.
func newSumIndex(n int) sumIndex {
	x := sumIndex{sums: make([]sum, 0, n)}
	if n > linearSums {
		x.table(n)
	} else {
		x.heads = make([]uint64, 0, n)
	}
	return x
}

// table switches x to a hash table with room for n sums (a load factor of
// at most one half), holding the sums added so far.
func (x *sumIndex) table(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	x.slots, x.heads, x.seed = make([]int32, size), nil, maphash.MakeSeed()
	for k := range x.sums {
		x.slots[x.probe(&x.sums[k])] = int32(k + 1)
	}
}

// probe returns the slot holding s, or the empty slot where s belongs.
func (x *sumIndex) probe(s *sum) int {
	mask := uint64(len(x.slots) - 1)
	h := maphash.Bytes(x.seed, s[:]) & mask
	for x.slots[h] != 0 && x.sums[x.slots[h]-1] != *s {
		h = (h + 1) & mask
	}
	return int(h)
}

// head returns the leading 8 bytes of s.
func head(s *sum) uint64 { return binary.LittleEndian.Uint64(s[:8]) }

// len returns the number of sums in x.
func (x *sumIndex) len() int { return len(x.sums) }

// find returns the number of s, or -1 when it is not in x.
func (x *sumIndex) find(s *sum) int {
	if x.slots != nil {
		return int(x.slots[x.probe(s)]) - 1
	}
	h := head(s)
	for n, g := range x.heads {
		if g == h && x.sums[n] == *s {
			return n
		}
	}
	return -1
}

// add adds s unless it is present and returns its number, and whether it
// was added.
func (x *sumIndex) add(s sum) (int, bool) {
	if n := x.find(&s); n >= 0 {
		return n, false
	}
	n := len(x.sums)
	x.sums = append(x.sums, s)
	switch {
	case x.slots != nil:
		if 2*len(x.sums) > len(x.slots) {
			x.table(2 * len(x.sums))
		} else {
			x.slots[x.probe(&s)] = int32(n + 1)
		}
	case len(x.sums) <= linearSums:
		x.heads = append(x.heads, head(&s))
	default: // the set outgrows the linear scan
		x.table(2 * len(x.sums))
	}
	return n, true
}
