package canon

import (
	"encoding/binary"
	"math/bits"
)

// The escapers of both styles: scanRun finds the next byte needing work,
// and the escape sequence comes from the style's table.

// jsonEscapes and serdeEscapes hold, for each ASCII byte a style escapes,
// its escape sequence: the short forms \" \\ \b \f \n \r \t, and \u00xx
// with lowercase hexadecimal for the other bytes below 0x20 and, in the
// encoding/json style, for '<', '>' and '&'.
var jsonEscapes, serdeEscapes = escapeTable(true), escapeTable(false)

// htmlEscapes holds the escapes of '<', '>' and '&' alone: what
// encoding/json rewrites in raw JSON (modeHTML).
var htmlEscapes = [0x80]string{'<': jsonEscapes['<'], '>': jsonEscapes['>'], '&': jsonEscapes['&']}

// jsonEscapeWords and serdeEscapeWords hold the same sequences packed
// little-endian in the low six bytes of a word, their length in the top
// byte, so that one 8-byte store writes an escape.
var jsonEscapeWords, serdeEscapeWords, htmlEscapeWords = escapeWords(&jsonEscapes), escapeWords(&serdeEscapes), escapeWords(&htmlEscapes)

// jsonByteWords and serdeByteWords are jsonEscapeWords and
// serdeEscapeWords with every ASCII byte the style writes unchanged packed
// as itself, length 1.
var jsonByteWords, serdeByteWords, htmlByteWords = byteWords(&jsonEscapeWords), byteWords(&serdeEscapeWords), byteWords(&htmlEscapeWords)

// jsonByteLens and serdeByteLens hold the length of each entry of
// jsonByteWords and serdeByteWords (its top byte) on its own, so that
// escapeDense adds it to its position with one load.
var jsonByteLens, serdeByteLens, htmlByteLens = byteLens(&jsonByteWords), byteLens(&serdeByteWords), byteLens(&htmlByteWords)

func byteLens(t *[0x100]uint64) (l [0x100]uint8) {
	for c, e := range t {
		l[c] = uint8(e >> 56)
	}
	return l
}

func byteWords(t *[0x80]uint64) (w [0x100]uint64) {
	for c := range w {
		switch {
		case c < 0x80 && t[c] != 0:
			w[c] = t[c]
		default:
			w[c] = uint64(c) | 1<<56
		}
	}
	return w
}

func escapeWords(t *[0x80]string) (w [0x80]uint64) {
	for c, e := range t {
		if e == "" {
			continue
		}
		for k := len(e) - 1; k >= 0; k-- {
			w[c] = w[c]<<8 | uint64(e[k])
		}
		w[c] |= uint64(len(e)) << 56
	}
	return w
}

// appendEscape appends the packed escape sequence e: with one store when
// dst has eight bytes of room, else byte by byte, so that a buffer sized
// for the output is never grown.
func appendEscape(dst []byte, e uint64) []byte {
	n := len(dst)
	if cap(dst)-n < 8 {
		for k := int(e >> 56); k > 0; k-- {
			dst = append(dst, byte(e))
			e >>= 8
		}
		return dst
	}
	binary.LittleEndian.PutUint64(dst[n:n+8], e)
	return dst[:n+int(e>>56)]
}

// escapedRest estimates the escaped length of the rest bytes of a string
// not escaped yet, from the written bytes the read ones became: at the
// rate seen so far, in eighths (rounded up; at least 1, at most
// maxEscapeGrowth), so that a string dense in escapes grows its output
// once or twice rather than by many small steps.
func escapedRest(rest, written, read int) int {
	if read == 0 {
		return rest
	}
	r8 := min(max((8*written+read-1)/read, 8), 8*maxEscapeGrowth)
	return rest/8*r8 + rest%8*r8/8
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

// AppendJSONString appends s as a JSON string by the encoding/json style's
// rule: '"' and '\\' escaped, \b \f \n \r \t short forms, other control
// bytes as lowercase \u00XX, '<' '>' '&' as \u003c \u003e \u0026, U+2028 and
// U+2029 as \u2028 and \u2029, each byte that is not part of valid UTF-8 as
// \ufffd, everything else (including '/', DEL and valid U+FFFD) unchanged.
// These are the bytes encoding/json.Marshal wrote for a Go string from Go
// 1.22 to 1.26; they do not change with the toolchain. It makes one pass
// over s, eight bytes at a time, and allocates only when dst must grow.
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
// (modeJSON or modeSerde), or in modeHTML the raw bytes of a JSON string
// token with only '<', '>', '&', U+2028 and U+2029 escaped (and invalid
// UTF-8 kept), as encoding/json rewrites raw JSON. In modeSerde it stops
// with ok false at the first byte that is not valid UTF-8, having appended
// an unspecified prefix.
//
// Words of ASCII are settled inline. Clean words only extend the pending
// run, copied whole when the next escape (or the end) is reached; in a word
// with bytes to escape, each short run and each escape (from the style's
// table) is written with one 8-byte store. Where words with bytes to
// escape come close together (code, markup, JSON, terminal output), the
// branches that tell clean words from the others would be mispredicted
// at random: escapeDense then writes every byte from the table, with no
// branch per escape, until a stretch of clean words. nextStop takes over at
// the first byte from 0x80 up. The stores need slack past the output: when
// dst has too little room left for them but more than the rest of s, the
// rest is written by the exact byte path, so that a dst sized for the
// output is filled without being grown.
func appendEscaped[T ~string | ~[]byte](dst []byte, s T, mode uint8) (_ []byte, ok bool) {
	tab := &serdeEscapeWords
	switch mode {
	case modeJSON:
		tab = &jsonEscapeWords
	case modeHTML:
		tab = &htmlEscapeWords
	}
	n0 := len(dst)
	start, i := 0, 0          // s[start:i] is the pending run
	lastStop := -denseGap - 1 // the last word with a byte to escape
	for {
		for i+8 <= len(s) {
			x := load64(s, i)
			if x&msb != 0 {
				break
			}
			var m uint64
			switch mode {
			case modeJSON:
				m = jsonStops7(x)
			case modeHTML:
				m = htmlBytes7(x)
			default:
				m = serdeStops7(x)
			}
			if m == 0 {
				i += 8
				continue
			}
			if i-lastStop <= denseGap {
				dst = append(dst, s[start:i]...)
				start = i
				var j int
				if dst, j = escapeDense(dst, s, i, n0, mode); j > i {
					i, start = j, j
					continue
				}
			}
			lastStop = i
			if r := i - start; r > 8 {
				dst = append(dst, s[start:i]...)
				start = i
			}
			n := len(dst)
			if room := cap(dst) - n; room < 8+8*maxEscapeGrowth+8 {
				if room > len(s)-i {
					// Near the end of a buffer that may be sized for
					// the output: the exact path below writes no
					// byte past what it appends.
					break
				}
				// Grown by hand: slices.Grow builds its appended
				// zeros as a separate allocation under the race
				// detector, doubling what a long string costs there.
				g := make([]byte, n, n+8+8*maxEscapeGrowth+8+escapedRest(len(s)-i, n-n0, i))
				copy(g, dst)
				dst = g
			}
			out := dst[:cap(dst)]
			if r := i - start; r > 0 {
				// start+8 <= i+8 <= len(s)
				binary.LittleEndian.PutUint64(out[n:], load64(s, start))
				n += r
			}
			if m&(m-1) != 0 {
				// Two or more: every byte from the table, one store each.
				bt, _ := byteTables(mode)
				for k := 0; k < 8; k++ {
					e := bt[byte(x>>(8*k))]
					binary.LittleEndian.PutUint64(out[n:], e)
					n += int(e >> 56)
				}
				dst = out[:n]
				i += 8
				start = i
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			binary.LittleEndian.PutUint64(out[n:], x)
			n += k
			e := tab[byte(x>>(8*k))]
			binary.LittleEndian.PutUint64(out[n:], e)
			n += int(e >> 56)
			dst = out[:n]
			i += 8
			start = i - 7 + k
		}
		j, _ := nextStop(s, i, mode)
		if j >= len(s) {
			return append(dst, s[start:]...), true
		}
		dst = append(dst, s[start:j]...)
		if c := s[j]; c < 0x80 {
			dst = appendEscape(dst, tab[c])
			i, start = j+1, j+1
			continue
		}
		r, size := decodeRune(s, j)
		switch {
		case size == 0 && mode == modeHTML:
			// Raw JSON keeps its invalid bytes.
			dst = append(dst, s[j])
			i, start = j+1, j+1
		case size == 0:
			if mode != modeJSON {
				return dst, false
			}
			dst = append(dst, `\ufffd`...)
			i, start = j+1, j+1
		case mode != modeSerde && r&^1 == 0x2028:
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[r&0xf])
			i, start = j+3, j+3
		default:
			i, start = j+size, j
		}
	}
}

// denseGap is how close (in bytes) two words with bytes to escape must
// start for appendEscaped to switch to escapeDense, and how far escapeDense
// goes without one before it hands back.
const denseGap = 32

// escapeDense appends s[i:] escaped in the style of mode (modeJSON or
// modeSerde) sixteen bytes of ASCII at a time, every byte written from the
// table with one 8-byte store: about the cost of one mispredicted branch
// per word, whatever the number of escapes in it. It stops at sixteen
// bytes holding one from 0x80 up, at the last sixteen bytes of s, after
// denseGap bytes without an escape, and where dst lacks the room for its
// stores but might have been sized for the output (more than the rest of
// s left; dst is grown otherwise, n0 being where the escaped string starts
// in it). It returns dst and the offset in s where it stopped.
func escapeDense[T ~string | ~[]byte](dst []byte, s T, i, n0 int, mode uint8) ([]byte, int) {
	bt, bl := byteTables(mode)
	n, out := len(dst), dst[:cap(dst)]
	lastStop := i
	for i+16 <= len(s) && i-lastStop <= denseGap && (load64(s, i)|load64(s, i+8))&msb == 0 {
		if len(out)-n < denseRoom {
			if len(out)-n > len(s)-i {
				break
			}
			g := make([]byte, n, n+denseRoom+escapedRest(len(s)-i, n-n0, i))
			copy(g, out[:n])
			out = g[:cap(g)]
		}
		// Unrolled: a loop over the sixteen bytes costs a bounds check
		// and a branch a byte. p stays below 16*maxEscapeGrowth: masked,
		// it needs no bounds check against the window.
		o, b := (*[denseRoom]byte)(out[n:n+denseRoom]), s[i:i+16]
		p, c := 0, b[0]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[1]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[2]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[3]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[4]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[5]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[6]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[7]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[8]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[9]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[10]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[11]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[12]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[13]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[14]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		c = b[15]
		binary.LittleEndian.PutUint64(o[p&127:], bt[c])
		p += int(bl[c])
		if p != 16 {
			lastStop = i // an escape is longer than its byte
		}
		n += p
		i += 16
	}
	return out[:n], i
}

// byteTables returns the byte words and their lengths of mode (modeJSON,
// modeSerde or modeHTML).
func byteTables(mode uint8) (*[0x100]uint64, *[0x100]uint8) {
	switch mode {
	case modeJSON:
		return &jsonByteWords, &jsonByteLens
	case modeHTML:
		return &htmlByteWords, &htmlByteLens
	}
	return &serdeByteWords, &serdeByteLens
}

// denseRoom is the room escapeDense needs past the output for a word.
const denseRoom = 256
