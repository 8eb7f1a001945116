package canon

import (
	"crypto/sha256"
	"strings"
	"testing"
)

// parseHexByteLoop is a byte-at-a-time parser written from the rule: the
// reference of parseHexDigest.
func parseHexByteLoop(h string) (sum [sha256.Size]byte, ok bool) {
	if len(h) != SHA256HexLen {
		return sum, false
	}
	val := func(c byte) (byte, bool) {
		switch {
		case c >= '0' && c <= '9':
			return c - '0', true
		case c >= 'a' && c <= 'f':
			return c - 'a' + 10, true
		}
		return 0, false
	}
	for i := range sum {
		hi, ok1 := val(h[2*i])
		lo, ok2 := val(h[2*i+1])
		if !ok1 || !ok2 {
			return sum, false
		}
		sum[i] = hi<<4 | lo
	}
	return sum, true
}

func TestParseHexDigestAgreesWithTheByteLoopOnEveryByteInEveryPosition(t *testing.T) {
	base := []byte(Hex(sha256.Sum256([]byte("abc"))))
	for pos := 0; pos < SHA256HexLen; pos++ {
		for c := 0; c < 256; c++ {
			h := append([]byte(nil), base...)
			h[pos] = byte(c)
			got, ok := parseHexDigest(string(h))
			want, wok := parseHexByteLoop(string(h))
			if ok != wok || ok && got != want {
				t.Fatalf("pos %d byte %#x: got %x %v, want %x %v", pos, c, got, ok, want, wok)
			}
			if IsLowerHexDigest(string(h)) != wok || IsPrefixedDigest("v1:"+string(h), "v1:") != wok {
				t.Fatalf("pos %d byte %#x: IsLowerHexDigest or IsPrefixedDigest disagrees with the byte loop (%v)", pos, c, wok)
			}
		}
	}
	for _, s := range []string{"", strings.Repeat("0", 63), strings.Repeat("f", 65), strings.Repeat("F", 64)} {
		if _, ok := parseHexDigest(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

func FuzzParseHexDigest(f *testing.F) {
	f.Add(Hex(sha256.Sum256(nil)))
	f.Add(strings.Repeat("g", 64))
	f.Fuzz(func(t *testing.T, h string) {
		got, ok := parseHexDigest(h)
		want, wok := parseHexByteLoop(h)
		if ok != wok || ok && got != want {
			t.Fatalf("%q: got %x %v, want %x %v", h, got, ok, want, wok)
		}
		if ok && Hex(got) != h {
			t.Fatalf("%q does not round trip", h)
		}
		if IsLowerHexDigest(h) != wok {
			t.Fatalf("%q: IsLowerHexDigest = %v", h, !wok)
		}
	})
}

// TestHex4 checks hex4 against the digit rules byte by byte: every byte
// value in every position among digits of both cases, every pair of
// interesting bytes in every pair of positions, and inputs shorter than
// four bytes.
func TestHex4(t *testing.T) {
	digit := func(c byte) rune {
		switch {
		case c >= '0' && c <= '9':
			return rune(c - '0')
		case c >= 'a' && c <= 'f':
			return rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			return rune(c - 'A' + 10)
		}
		return -1
	}
	want := func(b []byte) rune {
		if len(b) < 4 {
			return -1
		}
		r := rune(0)
		for _, c := range b[:4] {
			d := digit(c)
			if d < 0 {
				return -1
			}
			r = r<<4 | d
		}
		return r
	}
	check := func(b []byte) {
		t.Helper()
		if got, w := hex4(b), want(b); got != w {
			t.Fatalf("hex4(%q) = %#x, want %#x", b, got, w)
		}
	}
	interesting := []byte("0123456789abcdefABCDEF/:@G`g\x00\x10\x19\x20\x7f\x80\xb0\xc1\xe6\xff")
	for pos := 0; pos < 4; pos++ {
		for c := 0; c < 256; c++ {
			for _, base := range []string{"09af", "AF90", "fFaA"} {
				b := []byte(base + "\x00")
				b[pos] = byte(c)
				check(b)
				check(b[:4])
			}
		}
	}
	for _, x := range interesting {
		for _, y := range interesting {
			for p := 0; p < 4; p++ {
				for q := 0; q < 4; q++ {
					b := []byte("7e0C")
					b[p], b[q] = x, y
					check(b)
				}
			}
		}
	}
	for n := 0; n < 4; n++ {
		check([]byte("abcd")[:n])
	}
}
