package canon

import (
	"bytes"
	"unicode/utf8"
)

// unescapes maps the byte after a backslash to the byte it stands for, for
// every escape but \u; 0 marks \u and bytes that do not form an escape.
var unescapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// appendUnquoted decodes a validated string body (without quotes) the way
// encoding/json does: escapes resolved, a valid surrogate pair joined, any
// other surrogate escape and any invalid UTF-8 byte replaced by U+FFFD.
// valid says the body is known to be valid UTF-8: only its backslashes
// then need a look.
func appendUnquoted(dst, body []byte, valid bool) []byte {
	for i := 0; i < len(body); {
		j := len(body)
		if !valid {
			j, _ = nextStop(body, i, modeSerde)
		} else if k := bytes.IndexByte(body[i:], '\\'); k >= 0 {
			j = i + k
		}
		dst = append(dst, body[i:j]...)
		switch {
		case j == len(body):
			return dst
		case body[j] != '\\':
			// Invalid UTF-8, or a sequence nextStop leaves to decodeRune.
			_, size := decodeRune(body, j)
			if size == 0 {
				dst, i = append(dst, "\uFFFD"...), j+1
			} else {
				dst, i = append(dst, body[j:j+size]...), j+size
			}
		case textEscape(body, j):
			if i, dst = textEscapes(body, j, dst, true); i > j {
				continue
			}
			fallthrough
		default:
			dst, i = appendUnescaped(dst, body, j)
		}
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
