// Package newline normalizes line endings: every CRLF, and every other
// CR, becomes LF. It is the one line-ending normalizer of the module,
// shared by protocolstate's fingerprint records and conversationprojection's
// message atoms, whole or window by window. Nothing here allocates but
// String's result.
package newline

import "strings"

// Len returns the length of s with its line endings normalized: only the
// CRs dropped before an LF shorten it.
func Len(s string) int {
	return len(s) - strings.Count(s, "\r\n")
}

// String returns s with its line endings normalized: s itself when it
// holds no CR, else a new string, its one allocation.
func String(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(Len(s))
	var window [stringWindow]byte
	for s != "" {
		n, read := Copy(window[:], s)
		b.Write(window[:n])
		s = s[read:]
	}
	return b.String()
}

// Copy copies s into dst as far as it fits, dropping each CR that s
// continues with an LF and turning every other CR into an LF. It returns
// the number of bytes written to dst and the number of bytes of s
// consumed; read is 0 only when dst or s is empty. Copying a long s into
// dst window by window with successive calls yields the normalization of
// the whole, because a CR and the LF that continues it are consumed
// together, as one LF. Each line (the text up to the next CR) is found
// with strings.IndexByte and copied whole.
func Copy(dst []byte, s string) (n, read int) {
	for read < len(s) && n < len(dst) {
		rest := s[read:]
		if len(rest) > len(dst)-n {
			rest = rest[:len(dst)-n]
		}
		k := strings.IndexByte(rest, '\r')
		if k < 0 {
			return n + copy(dst[n:], rest), read + len(rest)
		}
		// rest is at most the room left, so the CR's LF fits.
		n += copy(dst[n:], rest[:k])
		dst[n] = '\n'
		n++
		read += k + 1
		if read < len(s) && s[read] == '\n' {
			read++
		}
	}
	return n, read
}

// stringWindow is the size of the stack window String normalizes s
// through, a piece at a time.
const stringWindow = 512
