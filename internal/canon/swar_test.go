package canon

import "testing"

func TestSafeWordsAgreeWithTheByteTables(t *testing.T) {
	// Every byte value in every lane, against an all-safe background.
	for lane := 0; lane < 8; lane++ {
		for c := 0; c < 256; c++ {
			var b [8]byte
			for i := range b {
				b[i] = 'a'
			}
			b[lane] = byte(c)
			x := load64(b[:], 0)
			if got, want := jsonBad(x) == 0, jsonSafe[c]; got != want {
				t.Errorf("jsonBad lane %d byte %#x = %v", lane, c, got)
			}
			if got, want := serdeBad(x) == 0, serdeSafe[c]; got != want {
				t.Errorf("serdeBad lane %d byte %#x = %v", lane, c, got)
			}
		}
	}
	// Pairs of bytes, to catch borrows between lanes.
	for c1 := 0; c1 < 256; c1++ {
		for c2 := 0; c2 < 256; c2++ {
			b := [8]byte{'a', byte(c1), byte(c2), 'a', 'a', 'a', 'a', 'a'}
			x := load64(b[:], 0)
			if got, want := jsonBad(x) == 0, jsonSafe[c1] && jsonSafe[c2]; got != want {
				t.Fatalf("jsonBad %#x %#x = %v", c1, c2, got)
			}
			if got, want := serdeBad(x) == 0, serdeSafe[c1] && serdeSafe[c2]; got != want {
				t.Fatalf("serdeBad %#x %#x = %v", c1, c2, got)
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
