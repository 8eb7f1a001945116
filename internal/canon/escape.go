package canon

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The escapers of both styles: scanRun finds the next byte needing work,
// and the escape sequence comes from the style's table.

// jsonEscapes and serdeEscapes hold, for each ASCII byte a style escapes,
// its escape sequence: the short forms \" \\ \b \f \n \r \t, and \u00xx
// with lowercase hexadecimal for the other bytes below 0x20 and, in the
// encoding/json style, for '<', '>' and '&'.
var jsonEscapes, serdeEscapes = escapeTable(true), escapeTable(false)

// jsonEscapeWords and serdeEscapeWords hold the same sequences packed
// little-endian in the low six bytes of a word, their length in the top
// byte, so that one 8-byte store writes an escape.
var jsonEscapeWords, serdeEscapeWords = escapeWords(&jsonEscapes), escapeWords(&serdeEscapes)

func escapeWords(t *[0x80]string) (w [0x80]uint64) {
	for c, e := range t {
		for k := len(e) - 1; k >= 0; k-- {
			w[c] = w[c]<<8 | uint64(e[k])
		}
		w[c] |= uint64(len(e)) << 56
	}
	return w
}

// appendEscape appends the packed escape sequence e with one store.
func appendEscape(dst []byte, e uint64) []byte {
	n := len(dst)
	if cap(dst)-n < 8 {
		dst = slices.Grow(dst, 8)
	}
	binary.LittleEndian.PutUint64(dst[n:n+8], e)
	return dst[:n+int(e>>56)]
}

func escapeTable(html bool) (t [0x80]string) {
	for c := 0; c < 0x20; c++ {
		t[c] = `\u00` + string(lowerHex[c>>4]) + string(lowerHex[c&0xf])
	}
	t['\b'], t['\f'], t['\n'], t['\r'], t['\t'] = `\b`, `\f`, `\n`, `\r`, `\t`
	t['"'], t['\\'] = `\"`, `\\`
	if html {
		t['<'], t['>'], t['&'] = `\u003c`, `\u003e`, `\u0026`
	}
	return t
}

// maxEscapeGrowth is the most bytes either style writes for one input byte
// (\u00xx for a control byte, \ufffd for an invalid byte).
const maxEscapeGrowth = 6

// AppendJSONString appends s as a JSON string exactly as encoding/json.Marshal
// writes a Go string: '"' and '\\' escaped, \b \f \n \r \t short forms, other
// control bytes as lowercase \u00XX, '<' '>' '&' as \u003c \u003e \u0026,
// U+2028 and U+2029 as \u2028 and \u2029, each byte that is not part of valid
// UTF-8 as \ufffd, everything else (including '/', DEL and valid U+FFFD)
// unchanged. It makes one pass over s, eight bytes at a time, and allocates
// only when dst must grow.
func AppendJSONString[T ~string | ~[]byte](dst []byte, s T) []byte {
	dst, _ = appendEscaped(append(dst, '"'), s, modeJSON)
	return append(dst, '"')
}

// AppendSerdeString appends s as a JSON string exactly as serde_json writes
// it: '"' and '\\' escaped, \b \f \n \r \t short forms, other bytes below
// 0x20 as lowercase \u00xx, everything else raw (no HTML escaping; DEL,
// U+2028 and U+2029 raw). s must be valid UTF-8: otherwise dst is returned
// unchanged with ok false. Validation and escaping are one pass over s.
func AppendSerdeString[T ~string | ~[]byte](dst []byte, s T) (_ []byte, ok bool) {
	orig := len(dst)
	dst, ok = appendEscaped(append(dst, '"'), s, modeSerde)
	if !ok {
		return dst[:orig], false
	}
	return append(dst, '"'), true
}

// appendEscaped appends the body of s escaped in the style of mode
// (modeJSON or modeSerde). In modeSerde it stops with ok false at the first
// byte that is not valid UTF-8, having appended an unspecified prefix.
func appendEscaped[T ~string | ~[]byte](dst []byte, s T, mode uint8) (_ []byte, ok bool) {
	tab := &serdeEscapeWords
	if mode == modeJSON {
		tab = &jsonEscapeWords
	}
	start, i := 0, 0
	for {
		// Runs of ASCII, escapes included, without scanRun; it takes
		// over at the first byte from 0x80 up. One loop per style keeps
		// the word test inline.
		if mode == modeJSON {
			for i+8 <= len(s) {
				m := jsonBad(load64(s, i))
				if m == 0 {
					i += 8
					continue
				}
				j := i + bits.TrailingZeros64(m)>>3
				c := s[j]
				if c >= 0x80 {
					i = j
					break
				}
				dst = appendEscape(append(dst, s[start:j]...), tab[c])
				i, start = j+1, j+1
			}
		} else {
			for i+8 <= len(s) {
				m := serdeBad(load64(s, i))
				if m == 0 {
					i += 8
					continue
				}
				j := i + bits.TrailingZeros64(m)>>3
				c := s[j]
				if c >= 0x80 {
					i = j
					break
				}
				dst = appendEscape(append(dst, s[start:j]...), tab[c])
				i, start = j+1, j+1
			}
		}
		j, _ := scanRun(s, i, mode)
		if j >= len(s) {
			break
		}
		if c := s[j]; c < 0x80 {
			dst = appendEscape(append(dst, s[start:j]...), tab[c])
			i, start = j+1, j+1
			continue
		}
		r, size := decodeRune(s, j)
		switch {
		case size == 0:
			if mode != modeJSON {
				return dst, false
			}
			dst = append(append(dst, s[start:j]...), `\ufffd`...)
			i, start = j+1, j+1
		case mode == modeJSON && r&^1 == 0x2028:
			dst = append(append(dst, s[start:j]...), '\\', 'u', '2', '0', '2', lowerHex[r&0xf])
			i, start = j+3, j+3
		default:
			i = j + size
		}
	}
	return append(dst, s[start:]...), true
}
