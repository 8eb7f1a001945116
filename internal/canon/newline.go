package canon

import (
	"encoding/binary"
	"math/bits"
	"strings"
)

// Line-ending normalization: every CRLF and every other CR becomes LF. Both
// the fingerprint records of protocolstate and the message atoms of
// conversationprojection normalize texts this way.

// NormalizedNewlinesLen returns the length of s with its line endings
// normalized: only the CRs dropped before an LF shorten it. It counts the
// CRLF pairs eight bytes at a time, and skips what remains of a line longer
// than longLine with strings.IndexByte.
func NormalizedNewlinesLen(s string) int {
	i := strings.IndexByte(s, '\r')
	if i < 0 {
		return len(s)
	}
	pairs, clean := 0, 0
	for ; i+8 < len(s); i += 8 {
		x := load64(s, i)
		cr := exactBytes(x, '\r')
		if cr == 0 {
			if clean++; clean < longLine/8 {
				continue
			}
			// A long line: its end is found with strings.IndexByte
			// (the loop then steps onto it).
			k := strings.IndexByte(s[i+8:], '\r')
			if k < 0 {
				return len(s) - pairs
			}
			i += k
			continue
		}
		clean = 0
		// A CR in lane k pairs with an LF in lane k+1, or, in the last
		// lane, with an LF opening the next word.
		pairs += bits.OnesCount64(cr & (exactBytes(x, '\n') >> 8))
		if cr>>63 != 0 && s[i+8] == '\n' {
			pairs++
		}
	}
	for ; i+1 < len(s); i++ {
		if s[i] == '\r' && s[i+1] == '\n' {
			pairs++
		}
	}
	return len(s) - pairs
}

// longLine is how far a line (text between CRs) runs before
// NormalizedNewlinesLen looks for its end with strings.IndexByte: a call
// costs about as much as four words of its word loop, so shorter lines
// stay in the loop.
const longLine = 32

// CopyNormalizedNewlines copies s into dst as far as it fits, dropping each
// CR that s continues with an LF and turning every other CR into an LF. It
// returns the number of bytes written to dst and the number of bytes of s
// consumed; read is 0 only when dst or s is empty. Copying a long s into
// dst window by window with successive calls yields the normalization of
// the whole, because a CR and the LF that continues it are consumed
// together, as one LF. It may overwrite dst beyond the n bytes it reports.
//
// Each line (the text up to the next CR) is found with strings.IndexByte
// and copied whole; after a line shorter than sixteen bytes, the next one
// is first looked for in its first two words, and empty lines take no
// search at all, so that text made of short lines costs no call a line.
func CopyNormalizedNewlines(dst []byte, s string) (n, read int) {
	short := false // whether the last line was shorter than two words
	for read < len(s) && n < len(dst) {
		rest := s[read:]
		if len(rest) > len(dst)-n {
			rest = rest[:len(dst)-n]
		}
		k := -1
		if short && len(rest) >= 16 {
			// After a short line, the next is looked for in two words
			// first, which costs no call.
			x, y := load64(rest, 0), load64(rest, 8)
			binary.LittleEndian.PutUint64(dst[n:], x)
			binary.LittleEndian.PutUint64(dst[n+8:], y)
			// The lowest flag of a word is exact: a borrow only runs
			// upwards.
			if cr := zeroBytes(x^('\r'*lsb)) & msb; cr != 0 {
				k = bits.TrailingZeros64(cr) >> 3
			} else if cr := zeroBytes(y^('\r'*lsb)) & msb; cr != 0 {
				k = 8 + bits.TrailingZeros64(cr)>>3
			}
		}
		if k < 0 {
			if k = strings.IndexByte(rest, '\r'); k < 0 {
				return n + copy(dst[n:], rest), read + len(rest)
			}
			copy(dst[n:], rest[:k])
		}
		short = k < 16
		n += k
		read += k
		// s[read] is a CR: it becomes an LF, and one it continues with is
		// consumed with it. Empty lines after it take no further search.
		for read < len(s) && n < len(dst) && s[read] == '\r' {
			dst[n] = '\n'
			n++
			read++
			if read < len(s) && s[read] == '\n' {
				read++
			}
		}
	}
	return n, read
}
