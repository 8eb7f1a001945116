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
// CopyNormalizedNewlines and NormalizedNewlinesLen look for its end with
// strings.IndexByte: a call costs about as much as six words of the word
// loop, so shorter lines stay in the loop.
const longLine = 48

// CopyNormalizedNewlines copies s into dst as far as it fits, dropping each
// CR that s continues with an LF and turning every other CR into an LF. It
// returns the number of bytes written to dst and the number of bytes of s
// consumed; read is 0 only when dst or s is empty. Copying a long s window
// by window with successive calls yields the normalization of the whole,
// because the LF after a dropped CR is copied as itself. It may overwrite
// dst beyond the n bytes it reports. It runs eight bytes at a time; once a
// line has run longLine bytes without a CR, the next CR is found with
// strings.IndexByte and the text before it copied whole.
func CopyNormalizedNewlines(dst []byte, s string) (n, read int) {
	clean := 0 // words without a CR since the last CR
	for read < len(s) && n < len(dst) {
		if read+8 <= len(s) && n+8 <= len(dst) {
			x := load64(s, read)
			binary.LittleEndian.PutUint64(dst[n:], x)
			cr := zeroBytes(x^('\r'*lsb)) & msb
			if cr == 0 {
				n += 8
				read += 8
				if clean++; clean < longLine/8 {
					continue
				}
				rest := s[read:min(len(s), read+len(dst)-n)]
				k := strings.IndexByte(rest, '\r')
				if k < 0 {
					k = len(rest)
				}
				copy(dst[n:], rest[:k])
				n += k
				read += k
				continue
			}
			// The lowest flag is exact (a borrow only runs upwards): the
			// bytes before it are copied, and s[read] is the CR.
			i := bits.TrailingZeros64(cr) / 8
			n += i
			read += i
			clean = 0
		} else if c := s[read]; c != '\r' {
			dst[n] = c
			n++
			read++
			continue
		}
		if read+1 == len(s) || s[read+1] != '\n' {
			dst[n] = '\n'
			n++
		}
		read++
	}
	return n, read
}
