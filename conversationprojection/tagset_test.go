package conversationprojection

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// TestTagSetHoldsExactlyTheAddedSums checks a tagSet at several sizes, up
// to MaxNeverBackendTags with every tag repeated: each added sum is found,
// duplicates count once, and absent sums are not found, including sums
// that differ from an added one in a single byte and the zero sum (even
// when the zero digest was added).
func TestTagSetHoldsExactlyTheAddedSums(t *testing.T) {
	mk := func(i int) sum { return sha256.Sum256([]byte(fmt.Sprint("tag ", i))) }
	for _, n := range []int{1, 7, 100, MaxNeverBackendTags / 2} {
		tags := make([]Tag, 2*n)
		for i := range tags {
			tags[i].Identity = MessageIdentity(canon.PrefixedHex("v1:", mk(i%n)))
		}
		// A zero digest among them names no unit and is left out.
		tags = append(tags, Tag{Identity: MessageIdentity("v1:" + zeroDigest)})
		x := newTagSet(tags)
		for i := range tags {
			x.add(i)
		}
		if x.len() != n {
			t.Fatalf("n=%d: len %d", n, x.len())
		}
		for i := 0; i < n; i++ {
			s := mk(i)
			if !x.has(&s) {
				t.Fatalf("n=%d: sum %d not found", n, i)
			}
			for _, edit := range []int{0, 1, 31} {
				absent := s
				absent[edit] ^= 0x40
				if x.has(&absent) {
					t.Fatalf("n=%d: neighbour of sum %d found", n, i)
				}
			}
		}
		for i := n; i < n+200; i++ {
			if s := mk(i); x.has(&s) {
				t.Fatalf("n=%d: absent sum %d found", n, i)
			}
		}
		if zero := (sum{}); x.has(&zero) {
			t.Fatalf("n=%d: zero sum found", n)
		}
	}
	var empty tagSet
	if s := mk(0); empty.len() != 0 || empty.has(&s) {
		t.Fatal("the zero tagSet is not empty")
	}
}
