package canon

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// unescapes maps the byte after a backslash to the byte it stands for, for
// every escape but \u; 0 marks \u and bytes that do not form an escape.
var unescapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// appendUnquoted decodes a validated string body (without quotes) the way
// encoding/json does: escapes resolved, a valid surrogate pair joined, any
// other surrogate escape and any invalid UTF-8 byte replaced by U+FFFD. When
// valid is true the body is known to be valid UTF-8 (appendUnquotedValid);
// otherwise the string kernel finds the escapes and the bytes to replace in
// one pass.
func appendUnquoted(dst, body []byte, valid bool) []byte {
	if valid {
		return appendUnquotedValid(dst, body)
	}
	for i := 0; i < len(body); {
		j, _ := nextStop(body, i, modeSerde)
		if j >= len(body) {
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
		if textEscape(body, j) {
			if k, o := textEscapes(body, j, dst, true); k > j {
				dst, i = o, k
				continue
			}
		}
		dst, i = appendUnescaped(dst, body, j)
	}
	return dst
}

// appendUnescaped appends what the escape at body[j] (a validated one)
// stands for and returns the offset after it. A \u escape of a surrogate
// is joined with the escape of its pair if one follows, and stands for
// U+FFFD otherwise. It writes at most as many bytes as the escape spans.
func appendUnescaped(dst, body []byte, j int) ([]byte, int) {
	if b := unescapes[body[j+1]]; b != 0 {
		return append(dst, b), j + 2
	}
	r := hex4(body[j+2:])
	i := j + 6
	if r >= 0xD800 && r <= 0xDFFF {
		if r < 0xDC00 && i+1 < len(body) && body[i] == '\\' && body[i+1] == 'u' {
			if r2 := hex4(body[i+2:]); r2 >= 0xDC00 && r2 <= 0xDFFF {
				return utf8.AppendRune(dst, 0x10000+(r-0xD800)<<10+(r2-0xDC00)), i + 6
			}
		}
		r = utf8.RuneError
	}
	return utf8.AppendRune(dst, r), i
}

// appendUnquotedValid is appendUnquoted of a body that is valid UTF-8:
// the runs between escapes are found by bytes.IndexByte and copied whole.
// Decoding never lengthens such a body, so dst grows once.
func appendUnquotedValid(dst, body []byte) []byte {
	dst = slices.Grow(dst, len(body))
	for i := 0; i < len(body); {
		k := bytes.IndexByte(body[i:], '\\')
		if k < 0 {
			return append(dst, body[i:]...)
		}
		dst = append(dst, body[i:i+k]...)
		j := i + k
		if b := unescapes[body[j+1]]; b != 0 {
			dst, i = append(dst, b), j+2
			continue
		}
		k = j
		if textEscape(body, j) {
			k, dst = textEscapes(body, j, dst, true)
		}
		if k == j {
			dst, k = appendUnescaped(dst, body, j)
		}
		i = k
	}
	return dst
}
