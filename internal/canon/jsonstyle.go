package canon

import "unicode/utf8"

// jsonSafe reports the ASCII bytes encoding/json writes unchanged inside a
// string when HTML escaping is on: everything from 0x20 to 0x7F except '"',
// '\\', '<', '>' and '&'. Bytes from 0x80 up are false and handled per rune.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendJSONString appends s as a JSON string exactly as encoding/json.Marshal
// writes a Go string: '"' and '\\' escaped, \b \f \n \r \t short forms, other
// control bytes as lowercase \u00XX, '<' '>' '&' as \u003c \u003e \u0026,
// U+2028 and U+2029 as \u2028 and \u2029, each byte that is not part of valid
// UTF-8 as \ufffd, everything else (including '/', DEL and valid U+FFFD)
// unchanged.
func AppendJSONString[T ~string | ~[]byte](dst []byte, s T) []byte {
	dst = append(dst, '"')
	dst = appendJSONStringBody(dst, s)
	return append(dst, '"')
}

func appendJSONStringBody[T ~string | ~[]byte](dst []byte, s T) []byte {
	start := 0
	for i := 0; i < len(s); {
		// Skip safe bytes a word, then a byte, at a time; both loops are
		// inlined, so a short string costs no call per byte.
		for i+8 <= len(s) && jsonBad(load64(s, i)) == 0 {
			i += 8
		}
		for i < len(s) && jsonSafe[s[i]] {
			i++
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			dst = appendEscapedASCII(dst, c, true)
			i++
			start = i
			continue
		}
		n := len(s) - i
		if n > utf8.UTFMax {
			n = utf8.UTFMax
		}
		r, size := utf8.DecodeRuneInString(string(s[i : i+n]))
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// appendEscapedASCII appends the escape of an ASCII byte that cannot appear
// raw in a JSON string of the given style (html: encoding/json style).
func appendEscapedASCII(dst []byte, c byte, html bool) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	if c >= 0x20 && !html {
		return append(dst, c)
	}
	return append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xF])
}

// AppendCompactJSON appends raw, which must hold exactly one JSON value
// (optionally surrounded by white space, nested at most MaxDepth deep),
// as encoding/json.Marshal writes a json.RawMessage: insignificant white
// space removed, '<' '>' '&' and U+2028/U+2029 replaced by their \u escapes,
// every other byte (key order, duplicates, escapes, numbers, invalid UTF-8)
// unchanged. Like a nil json.RawMessage, a nil raw is written as null; an
// empty non-nil one is an error. On error dst is returned unchanged.
func AppendCompactJSON(dst, raw []byte) ([]byte, error) {
	return (*Digest)(nil).AppendCompactJSON(dst, raw)
}

// AppendCanonicalJSON appends the canonical encoding/json-style form of raw,
// which must hold exactly one JSON value as encoding/json accepts it
// (optionally surrounded by white space; trailing data is an error; nesting
// at most MaxDepth): white space dropped, object members sorted by the bytes
// of their decoded names with the last of equal names winning, strings
// decoded and re-escaped by AppendJSONString, numbers and literals verbatim.
// The result equals decoding raw with encoding/json's UseNumber into an
// interface value and marshaling it back, for any document under 4 GiB
// (larger ones are rejected: node offsets are 32-bit). On error dst is
// returned unchanged.
func AppendCanonicalJSON(dst, raw []byte) ([]byte, error) {
	return canonical(dst, nil, raw, false, MaxDepth, styleJSON)
}
