package conversationprojection

import (
	"math/rand/v2"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// A tagSet is the set of a snapshot's never_backend identities, built as
// the tags are validated and indexed by the text of their digests: an
// open-addressing hash table of 32-bit slots, each holding the position of
// a tag and part of the hash of its digest. Digests are never decoded: a
// tag costs one validation of its 64 hexadecimal characters and one hash
// of them, and a lookup writes the sum it looks for in hexadecimal once. So
// a set of MaxNeverBackendTags tags costs one 32 KiB table.
//
// Tags are caller input, so the hash is keyed with eight words drawn per
// set (canon.HexDigestHash), so that no choice of tags can make probing
// degenerate without knowing the keys; results never depend on them.
// Duplicate tags are found when added and kept once. A filter of the
// digests' first bytes answers most lookups of absent sums in small sets
// without hashing.
//
// The zero tagSet is empty.
type tagSet struct {
	tags   []Tag
	slots  []uint32 // hash>>posBits<<posBits | position+1 of the tag hashed there; 0 for none
	n      int      // distinct digests
	seeds  [8]uint64
	filter [4]uint64
}

// posBits is the number of bits of a slot that hold a tag's position.
const posBits = 13

// A tag's position plus one fits in posBits bits; this constant overflows,
// failing the build, should MaxNeverBackendTags outgrow it.
const _ = uint(1<<posBits - 1 - MaxNeverBackendTags)

// zeroDigest is the digest of the zero sum, which names no unit.
const zeroDigest = "0000000000000000000000000000000000000000000000000000000000000000"

// newTagSet returns an empty set for the identities of tags, at most
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

// len returns the number of distinct digests in x.
func (x *tagSet) len() int { return x.n }

// digest returns the 64 hexadecimal characters of tag i's identity.
func (x *tagSet) digest(i int) string {
	return string(x.tags[i].Identity)[len(IdentityVersion1)+1:]
}

// probe returns the slot holding the digest h, whose hash is k, and true;
// or the empty slot where it belongs and false.
func probe[T ~string | ~[]byte](x *tagSet, h T, k uint32) (int, bool) {
	mask := uint32(len(x.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		v := x.slots[i]
		if v == 0 {
			return int(i), false
		}
		if v>>posBits == k>>posBits && x.digest(int(v&(1<<posBits-1)-1)) == string(h) {
			return int(i), true
		}
	}
}

// hash returns the keyed hash of the digest h, folded to 32 bits.
func hash[T ~string | ~[]byte](x *tagSet, h T) uint32 {
	k := canon.HexDigestHash(&x.seeds, h)
	return uint32(k) ^ uint32(k>>32)
}

// add adds the identity of tags[i], whose digest must be valid lowercase
// hexadecimal; the zero digest, which names no unit, is left out.
func (x *tagSet) add(i int) {
	h := x.digest(i)
	if h[0] == '0' && h == zeroDigest {
		return
	}
	k := hash(x, h)
	slot, found := probe(x, h, k)
	if found {
		return
	}
	x.slots[slot] = k>>posBits<<posBits | uint32(i+1)
	x.n++
	b := hexNibble(h[0])<<4 | hexNibble(h[1])
	x.filter[b>>6] |= 1 << (b & 63)
}

// hexNibble returns the value of the lowercase hexadecimal digit c.
func hexNibble(c byte) byte { return c&0x0f + c>>6*9 }

// has reports whether s is in x. The zero sum, never added, is not.
func (x *tagSet) has(s *sum) bool {
	if x.filter[s[0]>>6]&(1<<(s[0]&63)) == 0 {
		return false
	}
	var buf [canon.SHA256HexLen]byte
	h := canon.AppendHex(buf[:0], s[:])
	_, found := probe(x, h, hash(x, h))
	return found
}
