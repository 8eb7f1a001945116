package conversationprojection

import (
	"math/rand/v2"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// A tagSet answers which identities a snapshot's never_backend tags name.
// It holds the tags and, built on first use by has, an open-addressing
// hash table of 32-bit slots, each holding the position of a tag and part
// of the hash of its digest, indexed by the digest's text. Digests are
// never decoded to build it: a tag costs one hash of its 64 hexadecimal
// characters, and a lookup writes the sum it looks for in hexadecimal
// once. So a set of MaxNeverBackendTags tags costs one 32 KiB table.
//
// A query of many identities at once (among) whose tags outnumber them
// builds no table of tags: it indexes the identities instead and looks
// each tag up there, so that a few units under thousands of tags cost the
// validation of the tags and little more.
//
// Tags are caller input, so the hash is keyed with eight words drawn per
// set (canon.HexDigestHash), so that no choice of tags can make probing
// degenerate without knowing the keys; results never depend on them.
// Duplicate tags are kept once. A filter of the digests' first bytes
// answers most lookups of absent sums in small sets without hashing. Tags
// that are not valid identities, and the zero digest, name no unit.
//
// The zero tagSet is empty.
type tagSet struct {
	tags   []Tag
	valid  bool     // every tag's identity is known to be valid
	slots  []uint32 // nil until built; hash>>posBits<<posBits | position+1 of the tag hashed there, 0 for none
	seeds  [8]uint64
	filter [4]uint64
}

// posBits is the number of bits of a slot that hold a tag's position.
const posBits = 13

// A tag's position plus one fits in posBits bits; this constant overflows,
// failing the build, should MaxNeverBackendTags outgrow it.
const _ = uint(1<<posBits - 1 - MaxNeverBackendTags)

// among reads a sumIndex's prefix from three hexadecimal digits; these
// constants overflow, failing the build, should prefixBits stop being 12.
const (
	_ = uint(prefixBits - 12)
	_ = uint(12 - prefixBits)
)

// zeroDigest is the digest of the zero sum, which names no unit.
const zeroDigest = "0000000000000000000000000000000000000000000000000000000000000000"

// newTagSet returns the set of the identities of tags, at most
// MaxNeverBackendTags of them; valid says that every tag's identity has
// been validated, so that building the table need not check them again.
func newTagSet(tags []Tag, valid bool) tagSet {
	return tagSet{tags: tags, valid: valid}
}

// empty reports whether x has no tags at all. A set that is not empty may
// still name no unit (when its tags are invalid or zero digests).
func (x *tagSet) empty() bool { return len(x.tags) == 0 }

// digest returns the 64 hexadecimal characters of tag i's identity, which
// must be a valid identity.
func (x *tagSet) digest(i int) string {
	return string(x.tags[i].Identity)[len(IdentityVersion1)+1:]
}

// validTag reports whether tag i's identity is valid.
func (x *tagSet) validTag(i int) bool {
	return x.valid || canon.IsPrefixedDigest(string(x.tags[i].Identity), IdentityVersion1+":")
}

// build builds the table of x's valid tags.
func (x *tagSet) build() {
	size := 16
	for size < 2*len(x.tags) {
		size *= 2
	}
	x.slots = make([]uint32, size)
	for i := range x.seeds {
		x.seeds[i] = rand.Uint64()
	}
	for i := range x.tags {
		if x.validTag(i) {
			x.add(i)
		}
	}
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
	b := firstByte(h)
	x.filter[b>>6] |= 1 << (b & 63)
}

// firstByte returns the byte spelled by the first two characters of the
// digest h: for lowercase hexadecimal, the first byte of the sum it
// spells; for anything else, some byte.
func firstByte(h string) byte { return hexNibble(h[0])<<4 | hexNibble(h[1]) }

// hexNibble returns the value of the lowercase hexadecimal digit c.
func hexNibble(c byte) byte { return c&0x0f + c>>6*9 }

// has reports whether s is in x. The zero sum is not.
func (x *tagSet) has(s *sum) bool {
	if len(x.tags) == 0 {
		return false
	}
	if x.slots == nil {
		x.build()
	}
	if x.filter[s[0]>>6]&(1<<(s[0]&63)) == 0 {
		return false
	}
	var buf [canon.SHA256HexLen]byte
	h := canon.AppendHex(buf[:0], s[:])
	_, found := probe(x, h, hash(x, h))
	return found
}

// among returns, for each i, whether ids[i] is in x, false where skip[i]
// is set (skip may be nil). When the tags outnumber the identities and no
// table is built yet, it indexes the identities (a sumIndex) and looks up
// each tag there: a tag whose first three hexadecimal digits begin no
// identity (the index's filter) costs a test of them, any other the
// decoding of its digest and one lookup. Otherwise it asks has of each
// identity.
func (x *tagSet) among(ids []sum, skip []bool) []bool {
	in := make([]bool, len(ids))
	if len(x.tags) == 0 {
		return in
	}
	if x.slots != nil || len(x.tags) <= len(ids) {
		for i := range ids {
			in[i] = (skip == nil || !skip[i]) && x.has(&ids[i])
		}
		return in
	}
	idx := newSumIndex(len(ids))
	num := make([]int32, len(ids)) // the number of ids[i] in idx, -1 when not looked up
	for i := range ids {
		num[i] = -1
		if (skip == nil || !skip[i]) && !ids[i].isZero() {
			n, _ := idx.add(ids[i])
			num[i] = int32(n)
		}
	}
	found := make([]bool, idx.len())
	for i := range x.tags {
		id := string(x.tags[i].Identity)
		if len(id) != len(IdentityVersion1)+1+canon.SHA256HexLen {
			continue
		}
		// For a digest that is not lowercase hexadecimal, p is some
		// value of prefixBits bits: the decoding below rejects it.
		h := id[len(IdentityVersion1)+1:]
		p := (uint(hexNibble(h[0]))<<8 | uint(hexNibble(h[1]))<<4 | uint(hexNibble(h[2]))) & (1<<prefixBits - 1)
		if !idx.mayHold(p) {
			continue
		}
		if s, ok := canon.ParsePrefixedDigest(id, IdentityVersion1+":"); ok {
			if n := idx.find((*sum)(&s)); n >= 0 {
				found[n] = true
			}
		}
	}
	for i, n := range num {
		in[i] = n >= 0 && found[n]
	}
	return in
}
