package canon

import (
	"math/bits"
	"unicode/utf8"
)

// The string kernel: one scan that finds the next byte of a JSON string
// body needing work while it validates UTF-8. The escapers of both styles
// and the Scanner's string tokens run on it.
//
// Text is taken sixteen bytes at a time. A block of ASCII is settled by
// word-at-a-time arithmetic on its two words; any other block by a
// shift-based finite automaton: a table lookup and a shift per byte, with
// no branch, whose state after the block says whether every byte was
// valid UTF-8 needing no work. Only a block that fails is looked at again,
// byte by byte, to find where. The automaton's cost is the same for every
// script, so multi-byte text (CJK, emoji, right-to-left scripts, accented
// Latin) runs as fast as any other.

// Scan modes: which bytes nextStop stops at, besides invalid UTF-8.
const (
	modeSerde uint8 = iota // bytes below 0x20, '"' and '\\'
	modeJSON               // modeSerde's, '<', '>', '&', and U+2028/U+2029
	modeLax                // modeSerde's in ASCII blocks (reporting '<' '>' '&'); modeJSON's elsewhere
	modeHTML               // '<', '>', '&', and U+2028/U+2029
)

// The automaton's states. Each is the shift that selects its 6-bit field
// in a table entry: entry[b] >> state & 63 is the state after byte b.
// dErr is absorbing, so one test after a block tells whether any byte of
// it needed work. Four-byte sequences led by F4 (U+100000 to U+10FFFF)
// and the lead bytes C0, C1 and F5 to FF go to dErr; the caller decodes
// what it stops at exactly (decodeRune).
const (
	dErr  = 0  // a byte needing work, or malformed UTF-8
	dAcc  = 6  // between sequences
	dC1   = 12 // one continuation byte due
	dC2   = 18 // two continuation bytes due
	dC3   = 24 // three continuation bytes due
	dE0   = 30 // after E0: A0 to BF, then one more
	dED   = 36 // after ED: 80 to 9F, then one more
	dF0   = 42 // after F0: 90 to BF, then two more
	dE2   = 48 // after E2, in modeJSON: 80 leads to dE280
	dE280 = 54 // after E2 80, in modeJSON: A8 and A9 (U+2028, U+2029) stop
)

// dfa holds the automaton's table of each mode but modeLax, which uses
// modeJSON's.
var dfa = [...][256]uint64{modeSerde: dfaTable(modeSerde), modeJSON: dfaTable(modeJSON), modeHTML: dfaTable(modeHTML)}

// dfaTable builds the automaton's table of mode: the entry of each byte
// holds, in the 6-bit field of each state, the state after that byte.
func dfaTable(mode uint8) (t [256]uint64) {
	for b := 0; b < 256; b++ {
		t[b] = dfaEntry(byte(b), mode)
	}
	return t
}

// dfaEntry is the automaton's table entry of byte b in mode.
func dfaEntry(b byte, mode uint8) uint64 {
	switch {
	case b < 0x80:
		if stops(b, mode) {
			return 0
		}
		return dAcc << dAcc
	case b < 0xc0:
		return continuation(b)
	case b < 0xc2: // C0, C1: overlong
		return 0
	case b < 0xe0:
		return dC1 << dAcc
	case b == 0xe0:
		return dE0 << dAcc
	case b == 0xe2 && (mode == modeJSON || mode == modeHTML):
		return dE2 << dAcc
	case b == 0xed:
		return dED << dAcc
	case b < 0xf0:
		return dC2 << dAcc
	case b == 0xf0:
		return dF0 << dAcc
	case b < 0xf4:
		return dC3 << dAcc
	}
	return 0 // F4 to FF: left to the exact decoder
}

// stops reports whether mode stops at the ASCII byte b.
func stops(b byte, mode uint8) bool {
	control := b < 0x20 || b == '"' || b == '\\'
	html := b == '<' || b == '>' || b == '&'
	switch mode {
	case modeSerde:
		return control
	case modeHTML:
		return html
	}
	return control || html
}

// continuation is the table entry of the continuation byte b: the state
// after it in each state that expects one.
func continuation(b byte) uint64 {
	e := uint64(dAcc)<<dC1 | dC1<<dC2 | dC2<<dC3
	if b >= 0xa0 {
		e |= dC1 << dE0
	} else {
		e |= dC1 << dED
	}
	if b >= 0x90 {
		e |= dC2 << dF0
	}
	if b == 0x80 {
		e |= dE280 << dE2
	} else {
		e |= dC1 << dE2
	}
	if b != 0xa8 && b != 0xa9 {
		e |= dAcc << dE280
	}
	return e
}

// dfaBlock runs the automaton over the sixteen bytes of s from i, starting
// in state st, and returns the state after them.
func dfaBlock[T ~string | ~[]byte](t *[256]uint64, s T, i int, st uint64) uint64 {
	b := s[i : i+16]
	st = t[b[0]] >> (st & 63)
	st = t[b[1]] >> (st & 63)
	st = t[b[2]] >> (st & 63)
	st = t[b[3]] >> (st & 63)
	st = t[b[4]] >> (st & 63)
	st = t[b[5]] >> (st & 63)
	st = t[b[6]] >> (st & 63)
	st = t[b[7]] >> (st & 63)
	st = t[b[8]] >> (st & 63)
	st = t[b[9]] >> (st & 63)
	st = t[b[10]] >> (st & 63)
	st = t[b[11]] >> (st & 63)
	st = t[b[12]] >> (st & 63)
	st = t[b[13]] >> (st & 63)
	st = t[b[14]] >> (st & 63)
	st = t[b[15]] >> (st & 63)
	return st & 63
}

// nextStop returns the first offset j ≥ i at which s needs a closer look in
// the given mode, i being at a UTF-8 sequence boundary: an ASCII byte the
// mode stops at, or the first byte of a sequence the automaton does not
// accept — invalid UTF-8, a sequence led by F4, or (modeJSON, and
// modeLax outside ASCII blocks) U+2028 or U+2029 — which the caller
// decodes exactly. The bytes [i, j) are valid UTF-8 needing no work. It
// returns len(s) when there is nothing more. In modeLax, html reports
// whether [i, j) holds '<', '>' or '&'.
func nextStop[T ~string | ~[]byte](s T, i int, mode uint8) (j int, html bool) {
	t := &dfa[mode]
	if mode == modeLax {
		t = &dfa[modeJSON]
	}
	n := len(s)
	st := uint64(dAcc)
	for i+16 <= n {
		if st == dAcc {
			x, y := load64(s, i), load64(s, i+8)
			if (x|y)&msb == 0 {
				var mx, my uint64
				switch mode {
				case modeSerde:
					mx, my = serdeStops7(x), serdeStops7(y)
				case modeJSON:
					mx, my = jsonStops7(x), jsonStops7(y)
				case modeHTML:
					mx, my = htmlBytes7(x), htmlBytes7(y)
				case modeLax:
					mx, my = serdeStops7(x), serdeStops7(y)
					if mx != 0 {
						html = html || htmlBytes7(x)&(mx&-mx-1) != 0
					} else {
						html = html || htmlBytes7(x)|htmlBytes7(y)&(my&-my-1) != 0
					}
				}
				if mx != 0 {
					return i + bits.TrailingZeros64(mx)>>3, html
				}
				if my != 0 {
					return i + 8 + bits.TrailingZeros64(my)>>3, html
				}
				i += 16
				continue
			}
		}
		next := dfaBlock(t, s, i, st)
		if next == dErr {
			if st != dAcc {
				i = seqStart(s, i)
			}
			return firstStop(t, s, i, n), html
		}
		st = next
		i += 16
	}
	if st != dAcc {
		i = seqStart(s, i)
	}
	return firstStop(t, s, i, n), html
}

// seqStart returns the start of the sequence left open just before i: the
// last byte before i that is not a continuation byte (the automaton was in
// a state other than dAcc at i, so one lies within three bytes).
func seqStart[T ~string | ~[]byte](s T, i int) int {
	i--
	for s[i]&0xc0 == 0x80 {
		i--
	}
	return i
}

// firstStop runs the automaton byte by byte over s from the sequence
// boundary i and returns the start of the first sequence that does not
// reach dAcc (or len(s)).
func firstStop[T ~string | ~[]byte](t *[256]uint64, s T, i, n int) int {
	st := uint64(dAcc)
	start := i
	for ; i < n; i++ {
		st = t[s[i]] >> (st & 63) & 63
		if st == dAcc {
			start = i + 1
		} else if st == dErr {
			return start
		}
	}
	return start
}

// decodeRune decodes the UTF-8 sequence starting at s[i] by the rules of
// utf8.DecodeRune, returning size 0 (instead of RuneError with size 1)
// for a byte that does not start a valid sequence.
func decodeRune[T ~string | ~[]byte](s T, i int) (r rune, size int) {
	r, size = utf8.DecodeRune([]byte(s[i:min(i+utf8.UTFMax, len(s))]))
	if r == utf8.RuneError && size == 1 {
		return r, 0
	}
	return r, size
}
