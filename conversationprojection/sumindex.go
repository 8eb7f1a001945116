package conversationprojection

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// linearSums is the largest number of sums a sumIndex finds by a linear
// scan; larger sets use a hash table.
const linearSums = 8

// A keyIndex numbers a set of distinct sums in the order they were added
// and finds a sum's number in O(1) through an open-addressing hash table
// with a load factor of at most one half. Tags and anchors are caller
// input, so the hash is keyed with four words drawn per index: a
// multiply-mix of the sum's words with the keys, as Go's maps use where
// the processor has no AES instructions, so that no choice of sums can make
// probing degenerate without knowing the keys; results never depend on
// them. Each slot holds the upper half of its key's hash beside the key's
// number, so that a probe reads a key only when that half matches. It
// costs two allocations, where a map of the same size costs more.
type keyIndex struct {
	keys  []sum
	slots []uint64 // hash>>32<<32 | number+1 of the key hashed to each slot, 0 for none
	seeds [4]uint64
}

// newKeyIndex returns an empty index with room for n keys.
func newKeyIndex(n int) keyIndex {
	x := keyIndex{keys: make([]sum, 0, n)}
	for i := range x.seeds {
		x.seeds[i] = rand.Uint64()
	}
	x.grow(n)
	return x
}

// grow rebuilds the table with room for n keys.
func (x *keyIndex) grow(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	x.slots = make([]uint64, size)
	for k := range x.keys {
		h := x.hash(&x.keys[k])
		i, _ := x.probe(&x.keys[k], h)
		x.slots[i] = h>>32<<32 | uint64(k+1)
	}
}

// hash returns the keyed hash of k.
func (x *keyIndex) hash(k *sum) uint64 { return canon.SumHash(&x.seeds, (*[sha256.Size]byte)(k)) }

// probe returns the slot holding k, whose hash is h, and true; or the
// empty slot where k belongs and false.
func (x *keyIndex) probe(k *sum, h uint64) (int, bool) {
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return int(i), false
		}
		if s>>32 == h>>32 && x.keys[uint32(s)-1] == *k {
			return int(i), true
		}
	}
}

// find returns the number of k, or -1 when it is not in x.
func (x *keyIndex) find(k *sum) int {
	i, ok := x.probe(k, x.hash(k))
	if !ok {
		return -1
	}
	return int(uint32(x.slots[i])) - 1
}

// add adds k unless it is present and returns its number, and whether it
// was added.
func (x *keyIndex) add(k sum) (int, bool) {
	h := x.hash(&k)
	i, ok := x.probe(&k, h)
	if ok {
		return int(uint32(x.slots[i])) - 1, false
	}
	n := len(x.keys)
	x.keys = append(x.keys, k)
	if 2*len(x.keys) > len(x.slots) {
		x.grow(2 * len(x.keys))
	} else {
		x.slots[i] = h>>32<<32 | uint64(n+1)
	}
	return n, true
}

// A sumIndex is a keyIndex of sums that, while the set is small, finds a
// sum by a linear scan of the sums' leading words instead (cheaper than
// hashing 32 bytes). The zero sum is never added (parseIdentity never
// returns it), so no unit without identity is ever found.
//
// A filter of the sums' first twelve bits answers most lookups of absent
// sums without scanning or hashing: the identities of message units are
// SHA-256 sums, so a unit not in a set of s sums passes the filter with
// probability at most s/4096. Keys chosen to fill the filter only cost that
// saving, never correctness.
type sumIndex struct {
	filter [1 << prefixBits / 64]uint64 // bit p set when some sum starts with the prefixBits bits p
	heads  []uint64                     // the leading 8 bytes of each sum, while linear
	sums   []sum                        // while linear
	table  keyIndex
}

// newSumIndex returns an empty index with room for n sums.
func newSumIndex(n int) sumIndex {
	if n > linearSums {
		return sumIndex{table: newKeyIndex(n)}
	}
	return sumIndex{heads: make([]uint64, 0, n), sums: make([]sum, 0, n)}
}

// prefixBits is the number of leading bits of a sum the filter of a
// sumIndex keys on.
const prefixBits = 12

// prefix returns the first prefixBits bits of s.
func prefix(s *sum) uint { return uint(s[0])<<4 | uint(s[1]>>4) }

// mayHold reports whether some sum of x starts with the prefixBits bits p:
// when none does, no sum starting with them is in x.
func (x *sumIndex) mayHold(p uint) bool { return x.filter[p>>6]&(1<<(p&63)) != 0 }

// head returns the leading 8 bytes of s.
func head(s *sum) uint64 { return binary.LittleEndian.Uint64(s[:8]) }

// len returns the number of sums in x.
func (x *sumIndex) len() int { return len(x.sums) + len(x.table.keys) }

// find returns the number of s, or -1 when it is not in x.
func (x *sumIndex) find(s *sum) int {
	if !x.mayHold(prefix(s)) {
		return -1
	}
	if x.table.slots != nil {
		return x.table.find(s)
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
	p := prefix(&s)
	x.filter[p>>6] |= 1 << (p & 63)
	if x.table.slots != nil {
		return x.table.add(s)
	}
	if n := x.find(&s); n >= 0 {
		return n, false
	}
	if len(x.sums) == linearSums { // the set outgrows the linear scan
		x.table = newKeyIndex(2 * linearSums)
		for _, t := range x.sums {
			x.table.add(t)
		}
		x.heads, x.sums = nil, nil
		return x.table.add(s)
	}
	x.heads = append(x.heads, head(&s))
	x.sums = append(x.sums, s)
	return len(x.sums) - 1, true
}
