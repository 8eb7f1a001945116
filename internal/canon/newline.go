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
// strings.IndexByte: a call (and, to copy, a second one) costs about as
// much as four words of the word loop, so shorter lines stay in the loop.
const longLine = 32

// CopyNormalizedNewlines copies s into dst as far as it fits, dropping each
// CR that s continues with an LF and turning every other CR into an LF. It
// returns the number of bytes written to dst and the number of bytes of s
// consumed; read is 0 only when dst or s is empty. Copying a long s into
// dst window by window with successive calls yields the normalization of
// the whole, because a CR and the LF that continues it are consumed
// together, as one LF. It may overwrite dst beyond the n bytes it reports.
// Each line (the text up to the next CR) is copied by copyLine: sixteen
// bytes at a time, and once it has run longLine bytes, found with
// strings.IndexByte and copied whole.
func CopyNormalizedNewlines(dst []byte, s string) (n, read int) {
	for read < len(s) && n < len(dst) {
		k := copyLine(dst[n:], s[read:])
		n += k
		read += k
		if read == len(s) || n == len(dst) {
			break
		}
		// s[read] is a CR: it becomes an LF, and one it continues with is
		// consumed with it.
		dst[n] = '\n'
		n++
		read++
		if read < len(s) && s[read] == '\n' {
			read++
		}
	}
	return n, read
}

// copyLine copies the bytes of s before its first CR into dst, as far as
// dst has room, and returns how many it copied. It may overwrite dst beyond
// them. It indexes s and dst from one offset, which keeps its loop in a few
// registers.
func copyLine(dst []byte, s string) int {
	if len(dst) < len(s) {
		s = s[:len(dst)]
	}
	dst = dst[:len(s)]
	i := 0
	for ; i <= len(s)-16 && i < longLine; i += 16 {
		x, y := load64(s, i), load64(s, i+8)
		binary.LittleEndian.PutUint64(dst[i:], x)
		binary.LittleEndian.PutUint64(dst[i+8:], y)
		// The lowest flag of each word is exact: a borrow only runs
		// upwards.
		cx, cy := zeroBytes(x^('\r'*lsb))&msb, zeroBytes(y^('\r'*lsb))&msb
		if cx|cy != 0 {
			if cx != 0 {
				return i + bits.TrailingZeros64(cx)>>3
			}
			return i + 8 + bits.TrailingZeros64(cy)>>3
		}
	}
	for ; i <= len(s)-8 && i < longLine; i += 8 {
		x := load64(s, i)
		binary.LittleEndian.PutUint64(dst[i:], x)
		if cr := zeroBytes(x^('\r'*lsb)) & msb; cr != 0 {
			return i + bits.TrailingZeros64(cr)>>3
		}
	}
	if i >= longLine {
		// A long line: the rest is found and copied whole.
		k := strings.IndexByte(s[i:], '\r')
		if k < 0 {
			k = len(s) - i
		}
		return i + copy(dst[i:], s[i:i+k])
	}
	for ; i < len(s); i++ {
		if s[i] == '\r' {
			return i
		}
		dst[i] = s[i]
	}
	return len(s)
}
