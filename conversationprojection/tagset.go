package conversationprojection

import (
	"github.com/agentkernel/agentkernel/internal/canon"
)

// A tagSet answers which identities a snapshot's never_backend tags name.
// It holds the tags and, built on first use by has, the set of the sums
// their valid identities spell; the zero digest, and tags that are not
// valid identities, name no unit. Duplicate tags are kept once.
//
// A query of many identities at once (among) whose tags outnumber them
// builds no set of tags: it indexes the identities instead and looks each
// tag up there, so that a few units under thousands of tags cost the
// validation of the tags and little more.
//
// The zero tagSet is empty.
type tagSet struct {
	tags []Tag
	sums map[sum]struct{} // nil until built
}

// markSpelled reads a sumIndex's prefix from three hexadecimal digits;
// these constants overflow, failing the build, should prefixBits stop being 12.
const (
	_ = uint(prefixBits - 12)
	_ = uint(12 - prefixBits)
)

// newTagSet returns the set of the identities of tags, at most
// MaxNeverBackendTags of them.
func newTagSet(tags []Tag) tagSet {
	return tagSet{tags: tags}
}

// empty reports whether x has no tags at all. A set that is not empty may
// still name no unit (when its tags are invalid or zero digests).
func (x *tagSet) empty() bool { return len(x.tags) == 0 }

// build builds the set of the sums of x's valid tags.
func (x *tagSet) build() {
	x.sums = make(map[sum]struct{}, len(x.tags))
	for i := range x.tags {
		s, ok := parseIdentity(x.tags[i].Identity)
		if !ok {
			continue
		}
		x.sums[s] = struct{}{}
	}
}

// hexNibble returns the value of the lowercase hexadecimal digit c.
func hexNibble(c byte) byte { return c&0x0f + c>>6*9 }

// has reports whether s is in x. The zero sum is not.
func (x *tagSet) has(s *sum) bool {
	if len(x.tags) == 0 {
		return false
	}
	if x.sums == nil {
		x.build()
	}
	_, found := x.sums[*s]
	return found
}

// among returns, for each i, whether ids[i] is in x, false where skip[i]
// is set (skip may be nil). When the tags outnumber the identities and the
// set of tags is not built yet, it looks each tag up in an index of the
// identities instead (amongFewer); otherwise it asks has of each identity.
func (x *tagSet) among(ids []sum, skip []bool) []bool {
	if x.sums == nil && len(x.tags) > len(ids) {
		return x.amongFewer(ids, skip)
	}
	in := make([]bool, len(ids))
	for i := range ids {
		in[i] = (skip == nil || !skip[i]) && x.has(&ids[i])
	}
	return in
}

// amongFewer is among through an index of the identities (a sumIndex), in
// which it looks up each tag (markSpelled), for fewer identities than
// tags.
func (x *tagSet) amongFewer(ids []sum, skip []bool) []bool {
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
	idx.markSpelled(x.tags, found)
	in := make([]bool, len(ids))
	for i, n := range num {
		in[i] = n >= 0 && found[n]
	}
	return in
}

// markSpelled sets found[n] for the number n of each sum of x that the
// identity of a tag of tags spells. A tag whose first three hexadecimal
// digits begin no sum of x (the filter) costs a test of them, and only the
// others are decoded.
func (x *sumIndex) markSpelled(tags []Tag, found []bool) {
	const digest = len(IdentityVersion1) + 1 // the digest's position in an identity
	for i := range tags {
		id := tags[i].Identity
		if len(id) != digest+canon.SHA256HexLen {
			continue
		}
		// For a digest that is not lowercase hexadecimal, p is some value
		// of prefixBits bits: findIdentity's decoding rejects it.
		p := (uint(hexNibble(id[digest]))<<8 | uint(hexNibble(id[digest+1]))<<4 | uint(hexNibble(id[digest+2]))) & (1<<prefixBits - 1)
		if !x.mayHold(p) {
			continue
		}
		if n := x.findIdentity(id); n >= 0 {
			found[n] = true
		}
	}
}

// findIdentity returns the number in x of the sum the identity id spells,
// or -1 when it spells none of them or is not a valid identity.
func (x *sumIndex) findIdentity(id MessageIdentity) int {
	s, ok := parseIdentity(id)
	if !ok {
		return -1
	}
	return x.find(&s)
}
