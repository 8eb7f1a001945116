package canon

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// keyedSortMin is the number of members above which an object's members
// are sorted by keys (sortKeyed) rather than by comparing their names.
const keyedSortMin = 32

// sortKeyed sorts ms as compare orders them, without calling it for most
// pairs. The names of a large object often share a prefix ("key_0001",
// "id-…"), and comparing names through their spans costs a call and two
// loads each. Each member gets one number instead: the eight bytes of its
// name that follow the prefix all names share (zero bytes past its end),
// big-endian, with its index in the low bits; those numbers are sorted as
// integers, and only members whose numbers agree but for the index are
// then ordered by compare. Its memory is the numbers: eight bytes a
// member, kept for the next large object.
func (c *canonicalizer) sortKeyed(ms []member) {
	first := c.name(ms[0])
	lcp := len(first)
	for _, m := range ms[1:] {
		name := c.name(m)
		k := 0
		for k < lcp && k < len(name) && name[k] == first[k] {
			k++
		}
		lcp = k
	}
	if cap(c.keys) < len(ms) {
		c.keys = make([]uint64, len(ms))
	}
	keys := c.keys[:len(ms)]
	shift := uint(bits.Len(uint(len(ms) - 1)))
	index := uint64(1)<<shift - 1
	key := func(m member) uint64 {
		var b [8]byte
		copy(b[:], c.name(m)[lcp:])
		return binary.BigEndian.Uint64(b[:]) &^ index
	}
	for i, m := range ms {
		keys[i] = key(m) | uint64(i)
	}
	slices.Sort(keys)
	// Gather the members in that order, a member per number, then order
	// by compare each run of members whose numbers tie.
	ties, prev := false, uint64(0)
	for i, k := range keys {
		ties = ties || i > 0 && k&^index == prev
		prev = k &^ index
		m := ms[k&index]
		keys[i] = uint64(m.off) | uint64(m.n)<<32
	}
	for i, k := range keys {
		ms[i] = member{off: uint32(k), n: uint32(k >> 32)}
	}
	for start := 0; ties && start < len(ms); {
		end, k := start+1, key(ms[start])
		for end < len(ms) && key(ms[end]) == k {
			end++
		}
		if end-start > 1 {
			slices.SortFunc(ms[start:end], c.compare)
		}
		start = end
	}
}

// compare orders members by name, then by position in the document.
func (c *canonicalizer) compare(a, b member) int {
	if r := bytes.Compare(c.name(a), c.name(b)); r != 0 {
		return r
	}
	return int(c.keyStart(a)) - int(c.keyStart(b))
}
