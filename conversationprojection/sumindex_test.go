package conversationprojection

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

// TestSumIndexFindsExactlyTheAddedSums checks a sumIndex at several sizes:
// every added sum is found under the number add returned, a repeated add
// returns that number again, and absent sums are not found, including sums
// that share the first byte or the leading eight bytes with an added one,
// and the zero sum.
func TestSumIndexFindsExactlyTheAddedSums(t *testing.T) {
	mk := func(i int) sum { return sha256.Sum256([]byte(fmt.Sprint("sum ", i))) }
	for _, n := range []int{0, 1, 8, 9, 40} {
		for _, room := range []int{0, n} {
			x := newSumIndex(room)
			var added []sum
			for i := 0; i < n; i++ {
				s := mk(i)
				switch i % 3 {
				case 1: // shares the first byte with the previous sum
					s[0] = added[i-1][0]
				case 2: // shares the leading eight bytes with the previous sum
					copy(s[:8], added[i-1][:8])
				}
				got, ok := x.add(s)
				if got != i || !ok {
					t.Fatalf("n=%d: add of sum %d returned (%d, %t)", n, i, got, ok)
				}
				added = append(added, s)
			}
			if x.len() != n {
				t.Fatalf("n=%d: len %d", n, x.len())
			}
			for i, s := range added {
				if got := x.find(&s); got != i {
					t.Fatalf("n=%d: sum %d found as %d", n, i, got)
				}
				if got, ok := x.add(s); got != i || ok {
					t.Fatalf("n=%d: repeated add of sum %d returned (%d, %t)", n, i, got, ok)
				}
				for _, edit := range []int{1, 31} { // same first byte; same leading eight bytes
					absent := s
					absent[edit] ^= 0x40
					if got := x.find(&absent); got != -1 {
						t.Fatalf("n=%d: absent neighbour of sum %d found as %d", n, i, got)
					}
				}
			}
			var zero sum
			if got := x.find(&zero); got != -1 {
				t.Fatalf("n=%d: zero sum found as %d", n, got)
			}
			for i := n; i < n+64; i++ {
				s := mk(i)
				if got := x.find(&s); got != -1 {
					t.Fatalf("n=%d: absent sum %d found as %d", n, i, got)
				}
			}
		}
	}
}
