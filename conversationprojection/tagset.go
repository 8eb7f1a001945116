package conversationprojection

import (
	"math/rand/v2"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// A tagSet is the set of the sums of a snapshot's never_backend
// identities, built as the tags are validated: an open-addressing hash
// table of 32-bit slots, each holding the position of a tag and part of the
// hash of its sum. The sums themselves are not kept: the rare probe whose
// hash part matches parses the tag's identity again to compare it. So a set
// of MaxNeverBackendTags tags costs one 32 KiB table and one parse per tag.
//
// Tags are caller input, so the hash is keyed with four words drawn per
// set (keyedHash, as for keyIndex), so that no choice of tags can make
// probing degenerate without knowing the keys; results never depend on
// them. Duplicate tags are found when added and kept once. A
// filter of the sums' first bytes answers most lookups of absent sums
// without hashing (see sumIndex).
//
// The zero tagSet is empty.
type tagSet struct {
	tags   []Tag
	slots  []uint32 // hash>>posBits<<posBits | position+1 of the tag hashed there; 0 for none
	n      int      // distinct sums
	seeds  [4]uint64
	filter [4]uint64
}

// posBits is the number of bits of a slot that hold a tag's position.
const posBits = 13

// A tag's position plus one fits in posBits bits; this constant overflows,
// failing the build, should MaxNeverBackendTags outgrow it.
const _ = uint(1<<posBits - 1 - MaxNeverBackendTags)

// newTagSet returns an empty set for the sums of tags, at most
// MaxNeverBackendTags of them.
func newTagSet(tags []Tag) tagSet {
	size := 16
	for size < 2*len(tags) {
		size *= 2
	}
	x := tagSet{tags: tags, slots: make([]uint32, size)}
	for i := range x.seeds {
		x.seeds[i] = rand.Uint64()
	}
	return x
}

// len returns the number of distinct sums in x.
func (x *tagSet) len() int { return x.n }

// hash returns the keyed hash of s, folded to 32 bits.
func (x *tagSet) hash(s *sum) uint32 {
	h := keyedHash(&x.seeds, s)
	return uint32(h) ^ uint32(h>>32)
}

// probe returns the slot holding s, whose hash is h, and true; or the empty
// slot where s belongs and false.
func (x *tagSet) probe(s *sum, h uint32) (int, bool) {
	mask := uint32(len(x.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		v := x.slots[i]
		if v == 0 {
			return int(i), false
		}
		if v>>posBits == h>>posBits {
			// The tag was valid when added: it parses.
			if t, _ := canon.ParsePrefixedDigest(string(x.tags[v&(1<<posBits-1)-1].Identity), IdentityVersion1+":"); t == *s {
				return int(i), true
			}
		}
	}
}

// add adds s, the sum of tags[i], a non-zero sum.
func (x *tagSet) add(i int, s *sum) {
	h := x.hash(s)
	slot, found := x.probe(s, h)
	if found {
		return
	}
	x.slots[slot] = h>>posBits<<posBits | uint32(i+1)
	x.n++
	x.filter[s[0]>>6] |= 1 << (s[0] & 63)
}

// has reports whether s is in x. The zero sum, never added, is not.
func (x *tagSet) has(s *sum) bool {
	if x.filter[s[0]>>6]&(1<<(s[0]&63)) == 0 {
		return false
	}
	_, found := x.probe(s, x.hash(s))
	return found
}
