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
// CRLF pairs eight bytes at a time.
func NormalizedNewlinesLen(s string) int {
	i := strings.IndexByte(s, '\r')
	if i < 0 {
		return len(s)
	}
	pairs := 0
	for ; i+8 < len(s); i += 8 {
		x := load64(s, i)
		cr := exactBytes(x, '\r')
		if cr == 0 {
			continue
		}
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

// CopyNormalizedNewlines copies s into dst as far as it fits, dropping each
// CR that s continues with an LF and turning every other CR into an LF. It
// returns the number of bytes written to dst and the number of bytes of s
// consumed; read is 0 only when dst or s is empty. Copying a long s window
// by window with successive calls yields the normalization of the whole,
// because the LF after a dropped CR is copied as itself. It may overwrite
// dst beyond the n bytes it reports, and it runs eight bytes at a time
// between CRs.
func CopyNormalizedNewlines(dst []byte, s string) (n, read int) {
	for read < len(s) && n < len(dst) {
		if read+8 <= len(s) && n+8 <= len(dst) {
			x := load64(s, read)
			binary.LittleEndian.PutUint64(dst[n:], x)
			cr := zeroBytes(x^('\r'*lsb)) & msb
			if cr == 0 {
				n += 8
				read += 8
				continue
			}
			// The lowest flag is exact (a borrow only runs upwards): the
			// bytes before it are copied, and s[read] is the CR.
			i := bits.TrailingZeros64(cr) / 8
			n += i
			read += i
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
