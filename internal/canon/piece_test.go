package canon

import (
	"strings"
	"testing"
)

// TestPieceLenNeverSplitsASequence cuts texts of every width of sequence,
// and invalid ones, at every offset: each cut is within three bytes of the
// requested length, never inside a valid sequence, and escaping piece by
// piece equals escaping whole.
func TestPieceLenNeverSplitsASequence(t *testing.T) {
	for _, s := range []string{strings.Repeat("aé中😀", 40), strings.Repeat("\xf0\x9f\x98", 30) + "\x80\x80\x80\x80\x80", strings.Repeat("中\xe4\xb8", 25)} {
		for n := 4; n < 40; n++ {
			var whole, pieces []byte
			whole = AppendJSONString(whole, s)
			pieces = append(pieces, '"')
			for rest := s; rest != ""; {
				k := PieceLen(rest, n)
				if k > n || (k < n-3 && k != len(rest)) || k == 0 {
					t.Fatalf("PieceLen(%q, %d) = %d", rest, n, k)
				}
				e := AppendJSONString(nil, rest[:k])
				pieces = append(pieces, e[1:len(e)-1]...)
				rest = rest[k:]
			}
			if string(append(pieces, '"')) != string(whole) {
				t.Fatalf("n=%d: escaping %q piece by piece differs", n, s)
			}
		}
	}
}
