package conversationprojection

// A sumIndex numbers a set of distinct sums in the order they were added
// and finds a sum's number. The zero sum is never added (parseIdentity
// never returns it), so no unit without identity is ever found.
//
// A filter of the sums' first twelve bits answers most lookups of absent
// sums without hashing: the identities of message units are SHA-256 sums,
// so a unit not in a set of s sums passes the filter with probability at
// most s/4096. Keys chosen to fill the filter only cost that saving, never
// correctness.
type sumIndex struct {
	filter [1 << prefixBits / 64]uint64 // bit p set when some sum starts with the prefixBits bits p
	nums   map[sum]int
}

// newSumIndex returns an empty index with room for n sums.
func newSumIndex(n int) sumIndex {
	return sumIndex{nums: make(map[sum]int, n)}
}

// prefixBits is the number of leading bits of a sum the filter of a
// sumIndex keys on.
const prefixBits = 12

// prefix returns the first prefixBits bits of s.
func prefix(s *sum) uint { return uint(s[0])<<4 | uint(s[1]>>4) }

// mayHold reports whether some sum of x starts with the prefixBits bits p:
// when none does, no sum starting with them is in x.
func (x *sumIndex) mayHold(p uint) bool { return x.filter[p>>6]&(1<<(p&63)) != 0 }

// len returns the number of sums in x.
func (x *sumIndex) len() int { return len(x.nums) }

// find returns the number of s, or -1 when it is not in x.
func (x *sumIndex) find(s *sum) int {
	if !x.mayHold(prefix(s)) {
		return -1
	}
	if n, ok := x.nums[*s]; ok {
		return n
	}
	return -1
}

// add adds s unless it is present and returns its number, and whether it
// was added.
func (x *sumIndex) add(s sum) (int, bool) {
	p := prefix(&s)
	x.filter[p>>6] |= 1 << (p & 63)
	if n, ok := x.nums[s]; ok {
		return n, false
	}
	n := len(x.nums)
	x.nums[s] = n
	return n, true
}
