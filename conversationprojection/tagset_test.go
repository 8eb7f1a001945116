package conversationprojection

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// TestTagSetHoldsExactlyTheTaggedSums checks a tagSet at several sizes, up
// to MaxNeverBackendTags with every tag repeated, through has and through
// among with fewer and with more identities than tags (the two ways among
// answers): each tagged sum is found, and absent sums are not, including
// sums that differ from a tagged one in a single byte, the zero sum (even
// when the zero digest is tagged), and the sums that invalid tags (upper
// case, wrong version, short) would spell.
func TestTagSetHoldsExactlyTheTaggedSums(t *testing.T) {
	mk := func(i int) sum { return sha256.Sum256([]byte(fmt.Sprint("tag ", i))) }
	for _, n := range []int{1, 7, 100, MaxNeverBackendTags/2 - 2} {
		for _, valid := range []bool{false, true} {
			tags := make([]Tag, 2*n)
			for i := range tags {
				tags[i].Identity = MessageIdentity(canon.PrefixedHex("v1:", mk(i%n)))
			}
			// A zero digest names no unit.
			tags = append(tags, Tag{Identity: MessageIdentity("v1:" + strings.Repeat("0", 64))})
			var invalid []sum
			if !valid {
				// Nor does a tag that is not a valid identity.
				for _, f := range []func(string) string{
					strings.ToUpper,
					func(id string) string { return "v2" + id[2:] },
					func(id string) string { return id[:len(id)-1] },
				} {
					s := mk(n + len(invalid))
					invalid = append(invalid, s)
					tags = append(tags, Tag{Identity: MessageIdentity(f(canon.PrefixedHex("v1:", s)))})
				}
			}
			var queries []sum
			want := map[sum]bool{}
			for i := 0; i < n; i++ {
				s := mk(i)
				queries = append(queries, s)
				want[s] = true
				for _, edit := range []int{0, 1, 31} {
					absent := s
					absent[edit] ^= 0x40
					queries = append(queries, absent)
				}
			}
			for i := n + len(invalid); i < n+len(invalid)+200; i++ {
				queries = append(queries, mk(i))
			}
			queries = append(queries, sum{})
			queries = append(queries, invalid...)

			x := newTagSet(tags)
			for _, q := range queries {
				if got := x.has(&q); got != want[q] {
					t.Fatalf("n=%d valid=%t: has(%x) = %t", n, valid, q[:4], got)
				}
			}
			// among, once with more identities than tags, once with fewer
			// (a slice of the queries, with every second one skipped).
			for _, ids := range [][]sum{append(queries, queries...), queries[:min(len(queries), len(tags)/2)]} {
				skip := make([]bool, len(ids))
				for i := range skip {
					skip[i] = i%2 == 1
				}
				for _, sk := range [][]bool{nil, skip} {
					y := newTagSet(tags)
					got := y.among(ids, sk)
					for i, q := range ids {
						if w := want[q] && (sk == nil || !sk[i]); got[i] != w {
							t.Fatalf("n=%d valid=%t, %d ids: among[%d] = %t", n, valid, len(ids), i, got[i])
						}
					}
				}
			}
		}
	}
	var empty tagSet
	if s := mk(0); !empty.empty() || empty.has(&s) || len(empty.among([]sum{s}, nil)) != 1 || empty.among([]sum{s}, nil)[0] {
		t.Fatal("the zero tagSet is not empty")
	}
}

// TestTagSetAmongBuildsNoTableForFewIdentities pins the cheap way of among:
// with more tags than identities it builds no set of tags (has builds it
// later, on first use, with the same answers).
func TestTagSetAmongBuildsNoTableForFewIdentities(t *testing.T) {
	tags := make([]Tag, 64)
	for i := range tags {
		tags[i].Identity = MessageIdentity(canon.PrefixedHex("v1:", sha256.Sum256([]byte{byte(i)})))
	}
	ids := []sum{sha256.Sum256([]byte{3}), sha256.Sum256([]byte{200})}
	x := newTagSet(tags)
	if got := x.among(ids, nil); !got[0] || got[1] {
		t.Fatalf("among = %v, want [true false]", got)
	}
	if x.sums != nil {
		t.Fatal("among built the set of tags for 2 identities under 64 tags")
	}
	if !x.has(&ids[0]) || x.has(&ids[1]) || x.sums == nil {
		t.Fatal("has after among")
	}
}
