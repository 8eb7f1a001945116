package canon

import (
	"unicode/utf16"
	"unicode/utf8"
)

// unescapes maps the byte after a backslash to the byte it stands for, for
// every escape but \u; 0 marks \u and bytes that do not form an escape.
var unescapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

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
			if pair := utf16.DecodeRune(r, hex4(body[i+2:])); pair != utf8.RuneError {
				return utf8.AppendRune(dst, pair), i + 6
			}
		}
		r = utf8.RuneError
	}
	return utf8.AppendRune(dst, r), i
}
