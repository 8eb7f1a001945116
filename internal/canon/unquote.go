package canon

import (
	"bytes"
	"math/bits"
	"unicode/utf8"
)

// unescapes maps the byte after a backslash to the byte it stands for, for
// every escape but \u; 0 marks \u and bytes that do not form an escape.
var unescapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// appendUnquoted decodes a validated string body (without quotes) the way
// encoding/json does: escapes resolved, a valid surrogate pair joined, any
// other surrogate escape and any invalid UTF-8 byte replaced by U+FFFD. When
// valid is true the body is known to be valid UTF-8 and the runs between
// escapes are copied as found (nextBackslash); otherwise the string kernel
// finds the escapes and the bytes to replace in one pass.
func appendUnquoted(dst, body []byte, valid bool) []byte {
	for i := 0; i < len(body); {
		var j int
		if valid {
			if j = nextBackslash(body, i); j < 0 {
				return append(dst, body[i:]...)
			}
		} else if j, _ = nextStop(body, i, modeSerde); j >= len(body) {
			return append(dst, body[i:]...)
		}
		dst = append(dst, body[i:j]...)
		if c := body[j]; c != '\\' {
			// Invalid UTF-8, or a sequence the kernel leaves to the
			// exact decoder.
			if _, size := decodeRune(body, j); size > 0 {
				dst = append(dst, body[j:j+size]...)
				i = j + size
			} else {
				dst = append(dst, "\uFFFD"...)
				i = j + 1
			}
			continue
		}
		if b := unescapes[body[j+1]]; b != 0 {
			dst = append(dst, b)
			i = j + 2
			continue
		}
		r := hex4(body[j+2:])
		i = j + 6
		if r >= 0xD800 && r <= 0xDFFF {
			if r < 0xDC00 && i+1 < len(body) && body[i] == '\\' && body[i+1] == 'u' {
				if r2 := hex4(body[i+2:]); r2 >= 0xDC00 && r2 <= 0xDFFF {
					dst = utf8.AppendRune(dst, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
					i += 6
					continue
				}
			}
			r = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// nextBackslash returns the offset of the first '\\' in b at or after i,
// or -1. It looks a word at a time through the first 64 bytes, where the
// escapes of dense text are found, and leaves longer runs to
// bytes.IndexByte.
func nextBackslash(b []byte, i int) int {
	for end := min(i+64, len(b)); i+8 <= end; i += 8 {
		// The lowest flag of zeroBytes is exact.
		if m := zeroBytes(load64(b, i)^'\\'*lsb) & msb; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if j := bytes.IndexByte(b[i:], '\\'); j >= 0 {
		return i + j
	}
	return -1
}
