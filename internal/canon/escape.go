package canon

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// jsonEscapes and serdeEscapes hold, for each ASCII byte a style escapes,
// its escape sequence: the short forms \" \\ \b \f \n \r \t, and \u00xx
// with lowercase hexadecimal for the other bytes below 0x20 and, in the
// encoding/json style, for '<', '>' and '&'. htmlEscapes holds those of
// '<', '>' and '&' alone: what encoding/json rewrites in raw JSON.
var jsonEscapes, serdeEscapes = escapeTable(true), escapeTable(false)
var htmlEscapes = [0x80]string{'<': jsonEscapes['<'], '>': jsonEscapes['>'], '&': jsonEscapes['&']}

// byteTable holds, for every byte, what a style writes for it (the byte
// itself or its escape) packed little-endian in the low bytes of a word
// with its length in the top byte, so that one 8-byte store writes it;
// and that length alone.
type byteTable struct {
	word [0x100]uint64
	len  [0x100]uint8
}

var jsonTable, serdeTable, htmlTable = newByteTable(&jsonEscapes), newByteTable(&serdeEscapes), newByteTable(&htmlEscapes)

// modeText is the escapers' mode of a text whose line endings are
// normalized as it is escaped: modeJSON's, but for each CR, which is
// written as \n unless an LF follows it (a CRLF is written as the LF's
// \n alone). Its table (textTable) writes nothing for a CR, the one
// empty entry of any table, which is right for the CR of a CRLF: a word
// that escapeWord writes has each CR alone in it read as an LF, escapeAt
// writes the LF's entry for one, and escapeDense leaves a block holding
// one to them. No other mode tests for it.
const modeText = modeHTML + 1

var textTable = func() byteTable {
	t := jsonTable
	t.word['\r'], t.len['\r'] = 0, 0
	return t
}()

// crlfAt reports whether s[j] is a CR that an LF follows.
func crlfAt[T ~string | ~[]byte](s T, j int) bool {
	return s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n'
}

func newByteTable(esc *[0x80]string) (t byteTable) {
	for c := range t.word {
		e := string([]byte{byte(c)})
		if c < 0x80 && esc[c] != "" {
			e = esc[c]
		}
		for k := len(e) - 1; k >= 0; k-- {
			t.word[c] = t.word[c]<<8 | uint64(e[k])
		}
		t.word[c] |= uint64(len(e)) << 56
		t.len[c] = uint8(len(e))
	}
	return t
}

// escapedRest estimates the escaped length of the rest bytes of a string
// not escaped yet, from the written bytes the read ones became: at the
// rate seen so far, in eighths (rounded up; at least 1, at most
// MaxEscapeGrowth), so that a string dense in escapes grows its output
// once or twice rather than by many small steps.
func escapedRest(rest, written, read int) int {
	if read == 0 {
		return rest
	}
	r8 := min(max((8*written+read-1)/read, 8), 8*MaxEscapeGrowth)
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

// MaxEscapeGrowth is the most bytes either style writes for one input
// byte (\u00xx for a control byte, \ufffd for an invalid byte): a string
// of n bytes escapes to at most MaxEscapeGrowth*n+2 bytes.
const MaxEscapeGrowth = 6

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

// EscapeJSON writes s escaped as AppendJSONString escapes it, without the
// quotes, into dst, and returns the number of bytes written and the
// number of bytes of s consumed: it stops before the first byte or escape
// that does not fit, or up to a few hundred bytes before the end of dst
// where the rest of s is dense in escapes (dst of at least MaxEscapeGrowth
// bytes always takes some), never splitting a UTF-8 sequence or an
// escape, so writing a long s into a window emptied between calls gives
// the escaped form of the whole. It never writes past len(dst) and does
// not allocate.
func EscapeJSON[T ~string | ~[]byte](dst []byte, s T) (n, read int) {
	out, read, _ := escape(dst[:0:len(dst)], s, modeJSON, true)
	return len(out), read
}

// EscapeJSONText is EscapeJSON of s with its line endings normalized
// first (each CRLF, and each other CR, as an LF), in the same pass: a CR
// is written as \n unless an LF follows it in s, so s must be the whole
// rest of the text (a CR at its end ends a line of its own). A call may
// consume the CR of a CRLF whose LF it leaves to the next.
func EscapeJSONText(dst []byte, s string) (n, read int) {
	out, read, _ := escape(dst[:0:len(dst)], s, modeText, true)
	return len(out), read
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
func appendEscaped[T ~string | ~[]byte](dst []byte, s T, mode uint8) (_ []byte, ok bool) {
	if mode == modeHTML && len(s) <= shortHTML {
		var i int
		if dst, i = appendHTMLShort(dst, s); i == len(s) {
			return dst, true
		}
		s = s[i:]
	}
	dst, _, ok = escape(dst, s, mode, false)
	return dst, ok
}

// shortHTML is the length up to which appendEscaped writes a string in
// modeHTML with appendHTMLShort.
const shortHTML = 64

// appendHTMLShort appends s as appendEscaped does in modeHTML, every byte
// written from the table (one 8-byte store each, with no branch on
// whether it is escaped, which in markup is at random) while dst has the
// room for such a store, until a byte 0xe2, which may start U+2028 or
// U+2029. It returns dst and how much of s it has written.
func appendHTMLShort[T ~string | ~[]byte](dst []byte, s T) ([]byte, int) {
	n, out := len(dst), dst[:cap(dst)]
	i := 0
	for ; i < len(s) && len(out)-n >= 8 && s[i] != 0xe2; i++ {
		e := htmlTable.word[s[i]]
		binary.LittleEndian.PutUint64(out[n:], e)
		n += int(e >> 56)
	}
	return out[:n], i
}

// escape is appendEscaped; with bound it never grows dst but stops where
// the next byte or escape does not fit in cap(dst), and read is how much
// of s it has escaped (all of it otherwise).
//
// Words of ASCII are settled inline, the fast path: clean words only
// extend the pending run s[start:i], copied whole when the next escape
// (or the end) is reached; a word with bytes to escape is written by
// escapeWord. Where such words come close together (code, markup, JSON,
// terminal output), the branches that tell clean words from the others
// would be mispredicted at random: escapeDense then writes every byte from
// the table, with no branch per escape, until a stretch of clean words.
// The exact path (escapeStop, escapeAt) takes over at the first byte from
// 0x80 up, and near the end of a dst that may be sized for the output:
// the fast paths' stores need slack past the output, which the exact
// path does not, so such a dst is filled without being grown. With bound,
// escape returns there instead, once it has written some of s: escapeAt
// costs several times a fast path's escape, and the caller of a window
// would rather empty it a few hundred bytes early.
//
// A run of clean words longer than denseGap, with a block of s left, goes
// on in cleanWords, whose loop is tighter than this one; the call costs
// more than it saves in text whose clean runs are short (emoji between
// words, 50-byte strings).
func escape[T ~string | ~[]byte](dst []byte, s T, mode uint8, bound bool) (_ []byte, read int, ok bool) {
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
			switch mode { // written out: a call per word costs a tenth
			case modeSerde:
				m = serdeStops7(x)
			case modeHTML:
				m = htmlBytes7(x)
			default:
				m = jsonStops7(x)
			}
			if m == 0 {
				if i += 8; i-start > denseGap && i+16 <= len(s) {
					i = cleanWords(s, i, mode)
				}
				continue
			}
			if full(dst, bound, i-start+denseRoom) {
				if i == 0 {
					break // the exact path writes what fits
				}
				dst, read, _ = appendRun(dst, s, start, i, bound)
				return dst, read, true
			}
			if i-lastStop <= denseGap {
				dst = append(dst, s[start:i]...)
				var j int
				if dst, j = escapeDense(dst, s, i, n0, mode, bound); j > i {
					i, start = j, j
					continue
				}
				start = i
			}
			lastStop = i
			if r := i - start; r > 8 {
				dst = append(dst, s[start:i]...)
				start = i
			}
			if room := cap(dst) - len(dst); room < wordRoom {
				if room > len(s)-i {
					break // the exact path writes no byte past what it appends
				}
				dst = grow(dst, wordRoom+escapedRest(len(s)-i, len(dst)-n0, i))
			}
			dst = escapeWord(dst, s, start, i, x, m, mode)
			i += 8
			start = i
		}
		j := i
		if mode == modeSerde {
			j, _ = nextStop(s, i, mode)
		} else {
			j = escapeStop(s, i, mode)
		}
		var done bool
		if dst, read, done = appendRun(dst, s, start, min(j, len(s)), bound); done {
			return dst, read, true
		}
		if dst, i, start, ok = escapeAt(dst, s, j, mode); !ok {
			return dst, j, false
		}
	}
}

// cleanWords returns the first offset from i, by words, of a word holding
// a byte to escape in mode or a byte from 0x80 up, or of the last bytes of
// s not filling two words. It tests sixteen bytes at a time with the
// constants of mode's word test (stopKeys) held in variables: in registers
// for the whole loop, where escape's word loop spills its values at every
// word. The test flags the first byte from 0x80 up of a word too (each
// such byte carries out of its lane in one of the sums), so it alone
// tells a clean block.
func cleanWords[T ~string | ~[]byte](s T, i int, mode uint8) int {
	k := &stopKeys[mode]
	a, b1, c1, b2, c2, c3 := k[0], k[1], k[2], k[3], k[4], k[5]
	for ; i+16 <= len(s); i += 16 {
		w := s[i : i+16]
		x, y := load64(w, 0), load64(w, 8)
		tx := (x + a) & ((x | b1) ^ c1 + low7) & ((x | b2) ^ c2 + low7) & (x ^ c3 + low7)
		ty := (y + a) & ((y | b1) ^ c1 + low7) & ((y | b2) ^ c2 + low7) & (y ^ c3 + low7)
		if tx&ty&msb != msb {
			if tx&msb == msb {
				i += 8
			}
			break
		}
	}
	return i
}

// stopKeys holds, by mode, the constants {a, b1, c1, b2, c2, c3} of its
// word test written as (x + a) & ((x|b1)^c1 + low7) & ((x|b2)^c2 + low7)
// & (x^c3 + low7), whose lanes' high bits are clear exactly where
// serdeStops7, jsonStops7 or htmlBytes7 flags a byte.
var stopKeys = [modeText + 1][6]uint64{
	modeSerde: {0x60 * lsb, 0, '"' * lsb, 0, '"' * lsb, '\\' * lsb},
	modeJSON:  {0x60 * lsb, 0x04 * lsb, '&' * lsb, 0x02 * lsb, '>' * lsb, '\\' * lsb},
	modeHTML:  {0x80 * lsb, 0x02 * lsb, '>' * lsb, 0, '&' * lsb, '&' * lsb},
	modeText:  {0x60 * lsb, 0x04 * lsb, '&' * lsb, 0x02 * lsb, '>' * lsb, '\\' * lsb},
}

// escapeStop returns where the exact path of escape stops next, from i,
// in any mode but modeSerde (which needs no more than nextStop): nextStop's
// offset. A word whose first byte from 0x80 up starts U+2028 or U+2029,
// with no byte before it that jsonStops7 flags (exactly, as those bytes
// are ASCII and its carries run upwards only), stops there at once,
// without the automaton: text that separates its lines or paragraphs with
// them costs one stop for each.
func escapeStop[T ~string | ~[]byte](s T, i int, mode uint8) int {
	if i+8 <= len(s) {
		x := load64(s, i)
		k := bits.TrailingZeros64(x&msb) >> 3
		if x&msb != 0 && lineSepAt(s, i+k) && jsonStops7(x)&(1<<(8*k)-1) == 0 {
			return i + k
		}
	}
	if mode == modeText {
		mode = modeJSON
	}
	j, _ := nextStop(s, i, mode)
	return j
}

// lineSepAt reports whether s[j:] starts with U+2028 or U+2029.
func lineSepAt[T ~string | ~[]byte](s T, j int) bool {
	return j+2 < len(s) && s[j] == 0xe2 && s[j+1] == 0x80 && s[j+2]&^1 == 0xa8
}

// appendRun appends the clean run s[start:j] and reports done, with how
// much of s is written, at the end of s or, with bound, where the run or
// the escape at j does not fit.
func appendRun[T ~string | ~[]byte](dst []byte, s T, start, j int, bound bool) (_ []byte, read int, done bool) {
	if full(dst, bound, j-start) {
		// The run fits only in part: cut where no sequence is split.
		k, room := 0, cap(dst)-len(dst)
		if room >= utf8.UTFMax {
			k = PieceLen(s[start:j], room)
		}
		return append(dst, s[start:start+k]...), start + k, true
	}
	dst = append(dst, s[start:j]...)
	return dst, j, j == len(s) || full(dst, bound, MaxEscapeGrowth)
}

// full reports whether dst is bounded (by its capacity) and lacks the room
// for n more bytes.
func full(dst []byte, bound bool, n int) bool {
	return bound && cap(dst)-len(dst) < n
}

// wordRoom is the room the fast path needs past the output for a word:
// its stores start within the first 64 bytes (a run of at most eight,
// eight escapes of at most MaxEscapeGrowth bytes), eight bytes each.
const wordRoom = 64 + 8

// escapeWord appends the pending run s[start:i] (at most eight bytes) and
// the ASCII word x at s[i:], whose bytes to escape m flags: the word is
// stored whole, and each such byte is written over by its escape from the
// table, followed by the rest of the word. dst has wordRoom bytes of room.
func escapeWord[T ~string | ~[]byte](dst []byte, s T, start, i int, x, m uint64, mode uint8) []byte {
	n, p := len(dst), 0 // writing at dst[n+p:]; p stays below 64
	o := (*[wordRoom]byte)(dst[n : n+wordRoom])
	if r := i - start; r > 0 {
		// start+8 <= i+8 <= len(s)
		binary.LittleEndian.PutUint64(o[:], load64(s, start))
		p = r
	}
	var bt *[0x100]uint64
	switch mode { // once per word, not per escape
	case modeSerde:
		bt = &serdeTable.word
	case modeJSON:
		bt = &jsonTable.word
	case modeHTML:
		bt = &htmlTable.word
	default: // modeText: each CR that no LF follows in s is read as an LF
		bt = &textTable.word
		var next uint64 // the byte after x's, nothing after the last of s
		if i+8 < len(s) {
			next = uint64(s[i+8])
		}
		x ^= loneCRs(x, next) >> 7 * ('\r' ^ '\n')
	}
	binary.LittleEndian.PutUint64(o[p&63:], x)
	done := 0 // the bytes of x written in o[:p]
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m) >> 3
		xk := x >> (8 * k)
		e := bt[byte(xk)]
		p += k - done
		binary.LittleEndian.PutUint64(o[p&63:], e)
		p += int(e >> 56)
		done = k + 1
		// The rest of x, and the escaped byte again past its end, where
		// no byte of the output is: a rotation, one instruction.
		binary.LittleEndian.PutUint64(o[p&63:], bits.RotateLeft64(xk, -8))
	}
	return dst[:n+p+8-done]
}

// escapeAt appends the escape of the character at s[j], where nextStop
// stopped, and returns where scanning and the pending run go on. ok is
// false at invalid UTF-8 in modeSerde.
func escapeAt[T ~string | ~[]byte](dst []byte, s T, j int, mode uint8) (_ []byte, i, start int, ok bool) {
	if c := s[j]; c < 0x80 {
		t := byteTableOf(mode)
		if t.len[c] == 0 && !crlfAt(s, j) {
			c = '\n' // a CR alone, in modeText
		}
		var e [8]byte
		binary.LittleEndian.PutUint64(e[:], t.word[c])
		return append(dst, e[:t.len[c]]...), j + 1, j + 1, true
	}
	if mode != modeSerde && lineSepAt(s, j) {
		return append(dst, '\\', 'u', '2', '0', '2', lowerHex[s[j+2]&0xf]), j + 3, j + 3, true
	}
	_, size := decodeRune(s, j)
	switch {
	case size == 0 && mode == modeHTML:
		return append(dst, s[j]), j + 1, j + 1, true // raw JSON keeps its invalid bytes
	case size == 0 && (mode == modeJSON || mode == modeText):
		return append(dst, `\ufffd`...), j + 1, j + 1, true
	case size == 0:
		return dst, j, j, false
	}
	return dst, j + size, j, true // a sequence the automaton leaves, needing no escape
}

// grow returns dst with room for n more bytes, and at least a quarter of
// its length more, so that strings appended one after another to one
// buffer grow it geometrically (its copies cost linear time in all),
// grown by hand: slices.Grow builds its appended zeros as a separate
// allocation under the race detector, doubling what a long string costs
// there.
func grow(dst []byte, n int) []byte {
	g := make([]byte, len(dst), len(dst)+max(n, len(dst)/4))
	copy(g, dst)
	return g
}

// denseGap is how close (in bytes) two words with bytes to escape must
// start for appendEscaped to switch to escapeDense, and how far escapeDense
// goes without one before it hands back.
const denseGap = 32

// escapeDense appends s[i:] escaped in the style of mode sixteen bytes of
// ASCII at a time, every byte written from the
// table with one 8-byte store: about the cost of one mispredicted branch
// per word, whatever the number of escapes in it. It stops at sixteen
// bytes holding one from 0x80 up, at the last sixteen bytes of s, after
// denseGap bytes without an escape, in modeText at sixteen bytes holding a
// CR that no LF follows (left to escapeWord, which writes it as an LF; the
// table writes nothing for the CR of a CRLF), and where dst lacks the
// room for its stores but might have been sized for the output (more than
// the rest of s left; dst is grown otherwise, n0 being where the escaped
// string starts in it). It returns dst and the offset in s where it
// stopped.
func escapeDense[T ~string | ~[]byte](dst []byte, s T, i, n0 int, mode uint8, bound bool) ([]byte, int) {
	t, text := byteTableOf(mode), mode == modeText
	n, out := len(dst), dst[:cap(dst)]
	lastStop := i
	for ; i+16 <= len(s) && i-lastStop <= denseGap; i += 16 {
		b := s[i : i+16]
		x, y := load64(b, 0), load64(b, 8)
		if (x|y)&msb != 0 {
			break
		}
		if text && ((x^'\r'*lsb)+low7)&((y^'\r'*lsb)+low7)&msb != msb {
			var z uint64 // the byte after the block; nothing after the last of s
			if i+16 < len(s) {
				z = uint64(s[i+16])
			}
			if loneCRs(x, y)|loneCRs(y, z) != 0 {
				break // escapeWord writes it as an LF
			}
		}
		if len(out)-n < denseRoom {
			if bound || len(out)-n > len(s)-i {
				break
			}
			out = grow(out[:n], denseRoom+escapedRest(len(s)-i, n-n0, i))
			out = out[:cap(out)]
		}
		// Unrolled: a loop over the sixteen bytes costs a bounds check
		// and a branch a byte.
		o := (*[denseRoom]byte)(out[n : n+denseRoom])
		p := put(o, 0, t, b[0])
		p = put(o, p, t, b[1])
		p = put(o, p, t, b[2])
		p = put(o, p, t, b[3])
		p = put(o, p, t, b[4])
		p = put(o, p, t, b[5])
		p = put(o, p, t, b[6])
		p = put(o, p, t, b[7])
		p = put(o, p, t, b[8])
		p = put(o, p, t, b[9])
		p = put(o, p, t, b[10])
		p = put(o, p, t, b[11])
		p = put(o, p, t, b[12])
		p = put(o, p, t, b[13])
		p = put(o, p, t, b[14])
		p = put(o, p, t, b[15])
		if p != 16 {
			lastStop = i // an escape is longer than its byte
		}
		n += int(p)
	}
	return out[:n], i
}

// put writes the table word of c at o[p] and returns p past its length.
// p stays below 16*MaxEscapeGrowth; as a byte offset it needs no bounds
// check, nor a mask that would cost an instruction a byte.
func put(o *[denseRoom]byte, p uint8, t *byteTable, c byte) uint8 {
	binary.LittleEndian.PutUint64(o[p:], t.word[c])
	return p + t.len[c]
}

// loneCRs flags the CRs of the word x that no LF follows, next holding
// the bytes after x's in its low bytes.
func loneCRs(x, next uint64) uint64 {
	return exactBytes(x, '\r') &^ exactBytes(x>>8|next<<56, '\n')
}

// byteTableOf returns the byte table of mode.
func byteTableOf(mode uint8) *byteTable {
	switch mode {
	case modeJSON:
		return &jsonTable
	case modeText:
		return &textTable
	case modeHTML:
		return &htmlTable
	}
	return &serdeTable
}

// denseRoom is the room escapeDense needs past the output for a block:
// an 8-byte store at any byte offset.
const denseRoom = 256 + 8
