package canon

import "testing"

func TestASCIIStopsAreExactInEveryLane(t *testing.T) {
	// Every pair of ASCII bytes in every pair of lanes, against a safe
	// background: the flags must be exactly the lanes holding a byte the
	// style escapes (and, for htmlBytes7, exactly '<', '>' and '&'), for
	// the word tests and for cleanWords' keyed form of each mode's.
	html := func(c byte) bool { return c == '<' || c == '>' || c == '&' }
	for l1 := 0; l1 < 8; l1++ {
		for l2 := l1 + 1; l2 < 8; l2++ {
			for c1 := 0; c1 < 0x80; c1++ {
				for c2 := 0; c2 < 0x80; c2++ {
					b := [8]byte{'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'}
					b[l1], b[l2] = byte(c1), byte(c2)
					x := load64(b[:], 0)
					var wj, ws, wh uint64
					for i, c := range b {
						if !jsonSafe[c] {
							wj |= 0x80 << (8 * i)
						}
						if !serdeSafe[c] {
							ws |= 0x80 << (8 * i)
						}
						if html(c) {
							wh |= 0x80 << (8 * i)
						}
					}
					if got := jsonStops7(x); got != wj {
						t.Fatalf("jsonStops7(% x) = %#x, want %#x", b, got, wj)
					}
					if got := serdeStops7(x); got != ws {
						t.Fatalf("serdeStops7(% x) = %#x, want %#x", b, got, ws)
					}
					if got := htmlBytes7(x); got != wh {
						t.Fatalf("htmlBytes7(% x) = %#x, want %#x", b, got, wh)
					}
					for mode, want := range map[uint8]uint64{modeSerde: ws, modeJSON: wj, modeHTML: wh, modeText: wj} {
						if got := keyedStops(x, mode); got != want {
							t.Fatalf("stopKeys[%d] on % x flag %#x, want %#x", mode, b, got, want)
						}
					}
				}
			}
		}
	}
}

func TestExactBytesFlagsOnlyEqualBytes(t *testing.T) {
	// Every byte value in every lane against a background of the target
	// byte and of its neighbours, so a borrow or carry would show.
	for _, c := range []byte{'\r', '\n', 0, 0x80, 0xff} {
		for _, bg := range []byte{c, c + 1, c - 1, 0, 0xff} {
			for lane := 0; lane < 8; lane++ {
				for v := 0; v < 256; v++ {
					var b [8]byte
					for i := range b {
						b[i] = bg
					}
					b[lane] = byte(v)
					got := exactBytes(load64(b[:], 0), c)
					var want uint64
					for i, x := range b {
						if x == c {
							want |= 0x80 << (8 * i)
						}
					}
					if got != want {
						t.Fatalf("exactBytes(% x, %#x) = %#x, want %#x", b, c, got, want)
					}
				}
			}
		}
	}
}

// TestDigitsEndStopsAtTheFirstNonDigit puts every byte value in every
// position of a run of digits, at every offset from the end of the
// document (so both the word test and the byte loop see it).
func TestDigitsEndStopsAtTheFirstNonDigit(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				d := make([]byte, n)
				for i := range d {
					d[i] = '0' + byte(i%10)
				}
				d[at] = byte(c)
				want := at
				if c >= '0' && c <= '9' {
					want = n
				}
				if got := digitsEnd(d, 0); got != want {
					t.Fatalf("digitsEnd(%q) = %d, want %d", d, got, want)
				}
			}
		}
	}
}

// keyedStops is the word test of stopKeys[mode], as cleanWords writes it,
// flagging where the lanes' high bits are clear.
func keyedStops(x uint64, mode uint8) uint64 {
	k := &stopKeys[mode]
	return ^((x + k[0]) & ((x | k[1]) ^ k[2] + low7) & ((x | k[3]) ^ k[4] + low7) & (x ^ k[5] + low7)) & msb
}

func TestStopKeysFlagAWordsFirstByteFrom0x80(t *testing.T) {
	// Every byte from 0x80 up in every lane after each byte the mode lets
	// through: flagged there or below, so a block with no flag is ASCII
	// (cleanWords).
	tests := []struct {
		mode  uint8
		stops func(uint64) uint64
	}{{modeSerde, serdeStops7}, {modeJSON, jsonStops7}, {modeHTML, htmlBytes7}, {modeText, jsonStops7}}
	for _, tt := range tests {
		for lane := 0; lane < 8; lane++ {
			for hi := 0x80; hi < 0x100; hi++ {
				for c := 0; c < 0x80; c++ {
					b := [8]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
					for k := range lane {
						b[k] = byte(c)
					}
					b[lane] = byte(hi)
					x := load64(b[:], 0)
					if tt.stops(x)&(1<<(8*lane)-1) != 0 {
						continue // c is a byte the mode stops at
					}
					if keyedStops(x, tt.mode)&(1<<(8*lane+8)-1) == 0 {
						t.Fatalf("mode %d, % x: no flag up to lane %d", tt.mode, b, lane)
					}
				}
			}
		}
	}
}
