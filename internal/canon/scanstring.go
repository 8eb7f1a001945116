package canon

import (
	"bytes"
	"math/bits"
)

// Scanning string tokens: validating them and, while they are scanned,
// decoding them.

// decoding says which strings scanString decodes as it scans them.
type decoding uint8

const (
	scanOnly  decoding = iota // none
	decodeAll                 // every string with escapes or invalid UTF-8
	// decodeLong: a string value of at least longStringMin bytes that
	// holds a character escaped without need, as a Python dump escapes all
	// of them, which the canonicalizer's second pass would decode else. It
	// is scanned again from its start, decoding, once such an escape is
	// met (longDecoding).
	decodeLong
	// decodeWhole: as decodeLong, wherever the string is in the
	// document, for a caller that holds the canonical form whole anyway.
	decodeWhole
)

// scanString validates the string token starting at the quote at p and
// returns the offset just past its closing quote; it sets s.flags. A
// string with escapes (or, in lax mode, invalid UTF-8) is also decoded as
// decode says (see scanStringFrom), else dec is returned as it is. A string
// of ASCII without escapes or control bytes (most keys and short values)
// is settled here, in a frame much smaller than scanStringFrom's.
func (s *Scanner) scanString(p int, dec []byte, decode decoding) (int, []byte, error) {
	d := s.data
	i, flags := p+1, uint8(0)
	for ; i+8 <= len(d); i += 8 {
		x := load64(d, i)
		if m := serdeStops7(x) | x&msb; m != 0 { // exact before a byte from 0x80 up
			if j := i + bits.TrailingZeros64(m)>>3; d[j] == '"' {
				s.flags = flags | s.htmlFlag(x, m)
				return j + 1, dec, nil
			}
			break
		}
		flags |= s.htmlFlag(x, 0)
	}
	return s.scanStringFrom(p, i, flags, dec, decode)
}

// scanStringFrom is scanString from the word at d[i], before which the
// string starting at d[p] holds ASCII text without stops, whose flags are
// flags. Words of ASCII are settled inline; the string kernel (nextStop)
// takes over at the first byte from 0x80 up, validating UTF-8 as it looks
// for the closing quote. A string with escapes (or, in lax mode, invalid
// UTF-8) that decode selects is also decoded as AppendString decodes it,
// appended to dec and returned, as the escapes are found: the runs between
// them are copied and each escape (or invalid byte) is resolved where it
// is validated; the bytes of dec's spare capacity past the decoded content
// may be overwritten. Otherwise dec is returned as it is.
func (s *Scanner) scanStringFrom(p, i int, flags uint8, dec []byte, decode decoding) (int, []byte, error) {
	d := s.data
	// With decodeAll, out is the decoded string so far and d[last:] is
	// what is not decoded yet.
	out, last := dec, p+1
	mode := s.stringMode()
	for {
		j := -1
		for i+8 <= len(d) {
			x := load64(d, i)
			if x&msb != 0 {
				// A stop before the word's first byte from 0x80 up is
				// settled here, else the kernel starts at that byte.
				m := serdeStops7(x) | x&msb
				flags |= s.htmlFlag(x, m)
				if i += bits.TrailingZeros64(m) >> 3; d[i] < 0x80 {
					j = i
				}
				break
			}
			m := serdeStops7(x)
			flags |= s.htmlFlag(x, m)
			if m != 0 {
				j = i + bits.TrailingZeros64(m)>>3
				break
			}
			i += 8
		}
		if j < 0 {
			var f uint8
			if j, f = s.kernelStop(i, mode); j >= len(d) {
				return 0, nil, s.errAt(p, "unterminated string")
			}
			flags |= f
		}
		var err error
		switch c := d[j]; {
		case c == '"':
			s.flags = flags
			return j + 1, s.decoded(dec, out, last, j, decode == decodeAll), nil
		case c == '\\':
			flags |= StrEscaped
			if !commonEscape(d, j) {
				if !textEscape(d, j) {
					i, out, last, flags, err = s.rareEscape(j, out, last, flags, decode == decodeAll)
					break
				}
				if decode >= decodeLong {
					if long, ok := longDecoding(d, p, j, dec, decode); ok {
						return s.scanStringFrom(p, p+1, 0, long, decodeAll)
					}
				}
				i, out, last, flags, err = s.textRun(j, out, last, flags, decode == decodeAll)
			} else if i = j + 2; decode == decodeAll {
				out = append(append(out, d[last:j]...), unescapes[d[j+1]])
				last = j + 2
			} else {
				var f uint8
				i, f = s.denseRun(i)
				flags |= f
			}
		case c < 0x20:
			return 0, nil, s.errAt(j, "control character in string")
		case c < 0x80: // '<', '>' or '&', where the automaton ran (lax mode)
			flags |= StrHTML
			i = j + 1
		default:
			i, out, last, flags, err = s.stringRune(p, j, out, last, flags, decode == decodeAll)
		}
		if err != nil {
			return 0, nil, err
		}
	}
}

// decoded returns scanString's result for a string whose closing quote is
// at j: dec when it was not asked to decode or nothing needed decoding,
// else out and the rest of the run.
func (s *Scanner) decoded(dec, out []byte, last, j int, decode bool) []byte {
	if !decode || s.Verbatim() {
		return dec
	}
	return append(out, s.data[last:j]...)
}

// longDecoding reports whether scanString, scanning the string at d[p]
// with decode (decodeLong or decodeWhole), is to scan it again from its
// start with decodeAll at its escape d[j], one textEscape admits, and
// returns dec with room for the decoded text then: when the escape is a
// needless one (of a character from U+0080 up other than U+2028 and
// U+2029, or of a surrogate, which neither style writes so), no unescaped
// quote closes the string before longStringMin bytes and, with
// decodeLong, the rest of d from it is at most restRoomMax bytes; dec
// then ends with four bytes for the text's length (textAt). The room is
// the rest of d, up to restRoomMax bytes, doubling dec when it must grow
// again. With decodeLong that is the rest of d, which the decoded texts
// of this string and of all that follow it, with their four bytes, do not
// outgrow (a decoded text is shorter than its token by three bytes at
// least: its quotes, and an escape of six bytes decoded to at most three;
// but for invalid UTF-8, each byte of which decodes to three), so that
// the first such string allocates it, at most restRoomMax bytes whatever
// the document's length, and dec rarely grows again. With decodeWhole a
// text longer than the room grows dec as append does, as it is decoded,
// as the second pass's decoding of it would grow its buffer.
func longDecoding(d []byte, p, j int, dec []byte, decode decoding) ([]byte, bool) {
	end := p + longStringMin - 1 // where a long string's closing quote is at the earliest
	rest := len(d) - p
	if r := hex4(d[j+2:]); r < 0x80 || r&^1 == 0x2028 || end >= len(d) || rest > restRoomMax && decode == decodeLong {
		return dec, false
	}
	if unescapedQuote(d, p+1, end) >= 0 {
		return dec, false
	}
	if room := min(rest, restRoomMax); cap(dec)-len(dec) < room {
		g := make([]byte, len(dec), max(len(dec)+room, 2*cap(dec)))
		copy(g, dec)
		dec = g
	}
	return append(dec, 0, 0, 0, 0), true // room for the length (textAt)
}

// restRoomMax is the length of the rest of a document from a string up
// to which the canonicalizer's first pass decodes the string with
// decodeLong (longDecoding).
const restRoomMax = 1<<16 - 1

// unescapedQuote returns the offset of the first quote in d[i:end] that
// no backslash escapes, in a string body, or -1.
func unescapedQuote(d []byte, i, end int) int {
	for i < end {
		q := bytes.IndexByte(d[i:end], '"')
		if q < 0 {
			return -1
		}
		i += q
		b := i
		for d[b-1] == '\\' {
			b--
		}
		if (i-b)%2 == 0 {
			return i
		}
		i++
	}
	return -1
}

// kernelStop returns the first offset from i, at a sequence boundary in
// a string body, where scanString must look (nextStop in mode), and
// StrHTML when the bytes before it hold '<', '>' or '&' in lax mode.
func (s *Scanner) kernelStop(i int, mode uint8) (int, uint8) {
	j, html := nextStop(s.data, i, mode)
	if html {
		return j, StrHTML
	}
	return j, 0
}

// stringMode is the kernel's mode for string bodies: serde_json's stops in
// strict mode; in lax mode, '<', '>' and '&' reported too.
func (s *Scanner) stringMode() uint8 {
	if s.strict {
		return modeSerde
	}
	return modeLax
}

// htmlFlag returns StrHTML in lax mode when the ASCII word x holds '<',
// '>' or '&' before its first stop, which m flags.
func (s *Scanner) htmlFlag(x, m uint64) uint8 {
	if !s.strict && htmlBytes7(x)&(m&-m-1) != 0 {
		return StrHTML
	}
	return 0
}

// commonEscape reports whether d[j] starts one of the escapes \" \\ \b
// \f \n \r \t, which scanString checks inline.
func commonEscape(d []byte, j int) bool {
	return d[j] == '\\' && j+1 < len(d) && d[j+1] != '/' && unescapes[d[j+1]] != 0
}

// denseRun returns where the string body from i (just past a common
// escape) goes on after the ASCII text with escapes that follows
// (skipDenseEscapes), and StrHTML when that stretch holds '<', '>' or '&'
// in lax mode.
func (s *Scanner) denseRun(i int) (int, uint8) {
	j := skipDenseEscapes(s.data, i)
	if !s.strict && htmlIn(s.data[i:j]) {
		return j, StrHTML
	}
	return j, 0
}

// textRun takes the run of needless escapes at d[j] (textEscapes), which
// textEscape admits, given scanString's state, and returns where scanning
// goes on and the state; an escape that starts none is left to
// rareEscape. Python's json.dumps escapes every non-ASCII character so,
// and such escapes come in runs.
func (s *Scanner) textRun(j int, out []byte, last int, flags uint8, decode bool) (int, []byte, int, uint8, error) {
	d := s.data
	run := out
	if decode {
		run = append(out, d[last:j]...)
	}
	n, run := textEscapes(d, j, run, decode)
	switch {
	case n == j:
		return s.rareEscape(j, out, last, flags, decode)
	case decode:
		out, last = run, n
	}
	return n, out, last, flags | StrRareEscape, nil
}

// rareEscape validates (and, with decode, decodes) the escape at d[j]
// other than the common ones, given scanString's state, and returns where
// scanning goes on (after the escape) and the state.
func (s *Scanner) rareEscape(j int, out []byte, last int, flags uint8, decode bool) (int, []byte, int, uint8, error) {
	d := s.data
	n, err := s.scanEscape(j)
	if err != nil {
		return 0, out, last, flags, err
	}
	switch {
	case d[j+1] == 'u' && controlEscape(d[j:n]):
	case d[j+1] == 'u' && htmlEscape(d[j:n]):
		flags |= StrHTMLEscape
	default:
		flags |= StrRareEscape
	}
	if decode {
		// In lax mode a surrogate pair is joined here: its second
		// escape, validated by the decoding, is consumed too (n is then
		// last).
		out, last = appendUnescaped(append(out, d[last:j]...), d, j)
		n = last
	}
	return n, out, last, flags, nil
}

// stringRune validates the character at d[j] from 0x80 up where the
// kernel stopped, in the string starting at d[p], given scanString's
// state, and returns where scanning goes on and the state: invalid UTF-8
// is an error in strict mode and, in lax mode, decodes to U+FFFD; U+2028
// and U+2029 are flagged.
func (s *Scanner) stringRune(p, j int, out []byte, last int, flags uint8, decode bool) (int, []byte, int, uint8, error) {
	d := s.data
	r, size := decodeRune(d, j)
	switch {
	case size == 0 && s.strict:
		return 0, out, last, flags, s.errAt(j, "invalid UTF-8 in string")
	case size == 0:
		if decode {
			// Decoded as U+FFFD, as AppendString does.
			out, last = append(append(out, d[last:j]...), "\uFFFD"...), j+1
		}
		return j + 1, out, last, flags | StrInvalidUTF8, nil
	case r&^1 == 0x2028:
		flags |= StrLineSep
	}
	return j + size, out, last, flags, nil
}

// The escape automaton: where escapes come close together (JSON holding
// source code or markup), scanString hands the string body over to
// skipDenseEscapes, which runs a shift-based automaton over sixteen bytes of
// ASCII at a time, as the string kernel does for UTF-8, instead of a
// branch per escape. Its states are six-bit fields of the entry of each
// byte: entry[b] >> state & 63 is the state after b.
const (
	eExit = 0  // a byte the exact path must see: absorbing
	eText = 6  // inside the string, not after a backslash
	eEsc  = 12 // after a backslash
	eU    = 18 // after \u
	eU0   = 24 // after \u0
	eU00  = 30 // after \u00
	eU000 = 36 // after \u000
	eU001 = 42 // after \u001
)

// escapeDFA accepts ASCII string bodies without control bytes and with
// the escapes \" \\ \b \f \n \r \t and the \u00xx (lowercase) escapes of
// the control characters without those short forms only: the escapes
// scanString would flag as nothing but StrEscaped. A quote, a control
// byte, any other escape (\/ among them) goes to eExit.
var escapeDFA = func() (t [256]uint64) {
	for b := 0x20; b < 0x80; b++ {
		switch b {
		case '"':
		case '\\':
			t[b] |= eEsc << eText
		default:
			t[b] |= eText << eText
		}
		if unescapes[b] != 0 && b != '/' {
			t[b] |= eText << eEsc
		}
		if h := lowerHexValue[b]; h >= 0 {
			// The last digit of \u000h or \u001h.
			for hi, st := range [...]int{eU000, eU001} {
				if len(jsonEscapes[hi<<4|int(h)]) == 6 {
					t[b] |= eText << st
				}
			}
		}
	}
	t['u'] |= eU << eEsc
	t['0'] |= eU0<<eU | eU00<<eU0 | eU000<<eU00
	t['1'] |= eU001 << eU00
	return t
}()

// skipDenseEscapes returns how far the string body from d[i] (just past an
// escape) runs as ASCII text with the escapes escapeDFA accepts, sixteen
// bytes a step: a block without a backslash by word arithmetic, any other
// by the automaton (as dfaBlock runs it). It stops at the block holding a
// quote, a control byte, any other escape or a byte from 0x80 up, and at
// the last sixteen bytes of d; always where the exact path can take over:
// at the start of a block, or at the backslash of an escape that ends the
// block before it.
func skipDenseEscapes(d []byte, i int) int {
	for i+16 <= len(d) {
		x, y := load64(d, i), load64(d, i+8)
		if (x|y)&msb != 0 {
			break
		}
		if (exactBytes(x, '\\')|exactBytes(y, '\\'))&msb == 0 {
			if serdeStops7(x)|serdeStops7(y) != 0 {
				break // a quote or a control byte
			}
			i += 16 // plain text
			continue
		}
		switch dfaBlock(&escapeDFA, d, i, eText) {
		case eExit:
			return i
		case eText:
		default:
			// The block ends inside an escape: the exact path takes it
			// from its backslash, the last of the block.
			k := i + 15
			for d[k] != '\\' {
				k--
			}
			return k
		}
		i += 16
	}
	return i
}

// textEscape reports whether the escape at d[j] may be one textEscapes
// takes: a \u escape not led by 000 to 007, which stand for ASCII.
func textEscape(d []byte, j int) bool {
	return j+5 < len(d) && d[j+1] == 'u' && (d[j+2] != '0' || d[j+3] != '0' || d[j+4] > '7')
}

// textEscapes scans the run of \u escapes starting at d[j] that stand for
// characters from U+0080 up other than U+2028 and U+2029, a surrogate pair
// for one beyond U+FFFF: escapes neither style writes (so StrRareEscape)
// and valid in both modes. With decode it appends each character to out as
// UTF-8. It returns the offset after the run (j when there is none) and
// out. Any other escape ends the run, left to the exact paths: ASCII and
// control characters, U+2028 and U+2029, a surrogate not in a pair,
// malformed digits.
func textEscapes(d []byte, j int, out []byte, decode bool) (int, []byte) {
	for j+6 <= len(d) && d[j] == '\\' && d[j+1] == 'u' {
		r := hex4(d[j+2:])
		switch {
		case r < 0x80 || r&^1 == 0x2028 || r >= 0xdc00 && r <= 0xdfff:
			return j, out // also r < 0: malformed
		case r >= 0xd800 && r < 0xdc00:
			if j+12 > len(d) || d[j+6] != '\\' || d[j+7] != 'u' {
				return j, out
			}
			r2 := hex4(d[j+8:])
			if r2 < 0xdc00 || r2 > 0xdfff {
				return j, out
			}
			if decode {
				r = 0x10000 + (r-0xd800)<<10 + (r2 - 0xdc00)
				out = append(out, 0xf0|byte(r>>18), 0x80|byte(r>>12)&0x3f, 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
			}
			j += 12
			continue
		}
		if decode {
			if r < 0x800 {
				out = append(out, 0xc0|byte(r>>6), 0x80|byte(r)&0x3f)
			} else {
				out = append(out, 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
			}
		}
		j += 6
	}
	return j, out
}

// scanEscape validates the escape sequence at d[i] == '\\' and returns the
// offset after it (after both halves of a strict surrogate pair).
func (s *Scanner) scanEscape(i int) (int, error) {
	d := s.data
	if i+1 >= len(d) {
		return 0, s.errAt(i, "unterminated string")
	}
	if unescapes[d[i+1]] != 0 {
		return i + 2, nil
	}
	if d[i+1] != 'u' {
		return 0, s.errAt(i, "invalid escape in string")
	}
	r := hex4(d[i+2:])
	if r < 0 {
		return 0, s.errAt(i, "invalid \\u escape in string")
	}
	if !s.strict || r < 0xD800 || r > 0xDFFF {
		return i + 6, nil
	}
	if r >= 0xDC00 {
		return 0, s.errAt(i, "unpaired low surrogate escape")
	}
	if len(d) < i+12 || d[i+6] != '\\' || d[i+7] != 'u' {
		return 0, s.errAt(i, "unpaired high surrogate escape")
	}
	r2 := hex4(d[i+8:])
	if r2 < 0xDC00 || r2 > 0xDFFF {
		return 0, s.errAt(i, "unpaired high surrogate escape")
	}
	return i + 12, nil
}

// controlEscape reports whether the validated escape e is the canonical
// \u00xx spelling of a control character without a short form.
func controlEscape(e []byte) bool {
	if len(e) != 6 || e[2] != '0' || e[3] != '0' || e[4]&^1 != '0' || lowerHexValue[e[5]] < 0 {
		return false
	}
	return len(jsonEscapes[(e[4]-'0')<<4|byte(lowerHexValue[e[5]])]) == 6
}

// htmlEscape reports whether the validated escape e is one encoding/json
// writes for '<', '>', '&', U+2028 or U+2029, spelled as it writes them.
func htmlEscape(e []byte) bool {
	if len(e) != 6 || e[3] != '0' || e[2]&^2 != '0' {
		return false // not \u00xx nor \u20xx: the common case, a character's escape
	}
	switch string(e) {
	case `\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`:
		return true
	}
	return false
}

// hexValue and lowerHexValue map a byte to the value of the hexadecimal
// digit it is (either case; lowercase only), or -1.
var hexValue, lowerHexValue = hexValues(true), hexValues(false)

func hexValues(upper bool) (t [256]int8) {
	for c := range t {
		switch {
		case c >= '0' && c <= '9':
			t[c] = int8(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = int8(c - 'a' + 10)
		case upper && c >= 'A' && c <= 'F':
			t[c] = int8(c - 'A' + 10)
		default:
			t[c] = -1
		}
	}
	return t
}

// hex4 decodes four hexadecimal digits at the start of b, or returns -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	a, c, d, e := hexValue[b[0]], hexValue[b[1]], hexValue[b[2]], hexValue[b[3]]
	if a|c|d|e < 0 {
		return -1
	}
	return rune(a)<<12 | rune(c)<<8 | rune(d)<<4 | rune(e)
}

// htmlIn reports whether the ASCII text b holds '<', '>' or '&'.
func htmlIn(b []byte) bool {
	for len(b) >= 8 {
		if htmlBytes7(load64(b, 0)) != 0 {
			return true
		}
		b = b[8:]
	}
	for _, c := range b {
		if c == '<' || c == '>' || c == '&' {
			return true
		}
	}
	return false
}
