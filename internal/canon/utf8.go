package canon

import "unicode/utf8"

// The one UTF-8 validator of the module: runs of ASCII are skipped sixteen
// bytes at a time, other text is checked by the string kernel's automaton
// sixteen bytes at a time (see nextStop), and what the automaton leaves
// (four-byte sequences led by F1 to F4, malformed bytes) is decoded by the
// exact rules of decodeRune.

// ValidUTF8 reports whether s is entirely valid UTF-8, with exactly the
// rules of utf8.Valid and utf8.ValidString (no overlong forms, no surrogate
// halves, nothing above U+10FFFF, no truncated sequence). It does not
// allocate and runs in one pass: 32 bytes at a time through ASCII, 16 at a
// time elsewhere.
func ValidUTF8[T ~string | ~[]byte](s T) bool {
	return validPrefix(s, 0) == len(s)
}

// NeedsNoEscape reports whether every byte of s is ASCII that both JSON
// styles of this package write unchanged inside a string: no byte below
// 0x20, no '"', '\\', '<', '>' or '&', nothing from 0x80 up. Such a string
// is its own escaped form (between quotes) in both styles and is valid
// UTF-8. It does not allocate.
func NeedsNoEscape[T ~string | ~[]byte](s T) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if x := load64(s, i); x&msb != 0 || jsonStops7(x) != 0 {
			return false
		}
	}
	if i < len(s) {
		x := loadTail(s, i)
		return x&msb == 0 && jsonStops7(x) == 0
	}
	return true
}

// validPrefix returns the offset of the first byte at or after i, which
// must be at a sequence boundary, that is not part of valid UTF-8, or
// len(s).
func validPrefix[T ~string | ~[]byte](s T, i int) int {
	for {
		j, _ := nextStop(s, i, modeValid)
		if j == len(s) {
			return j
		}
		_, size := decodeRune(s, j)
		if size == 0 {
			return j
		}
		i = j + size
	}
}

// decodeRune decodes the UTF-8 sequence starting at s[i] by the exact rules
// of utf8.DecodeRune, returning size 0 (instead of RuneError with size 1)
// for a byte that does not start a valid sequence.
func decodeRune[T ~string | ~[]byte](s T, i int) (r rune, size int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	n := len(s) - i
	switch {
	case c < 0xc2:
		return utf8.RuneError, 0
	case c < 0xe0:
		if n < 2 || s[i+1]&0xc0 != 0x80 {
			return utf8.RuneError, 0
		}
		return rune(c&0x1f)<<6 | rune(s[i+1]&0x3f), 2
	case c < 0xf0:
		lo, hi := byte(0x80), byte(0xbf)
		if c == 0xe0 {
			lo = 0xa0
		} else if c == 0xed {
			hi = 0x9f
		}
		if n < 3 || s[i+1] < lo || s[i+1] > hi || s[i+2]&0xc0 != 0x80 {
			return utf8.RuneError, 0
		}
		return rune(c&0x0f)<<12 | rune(s[i+1]&0x3f)<<6 | rune(s[i+2]&0x3f), 3
	case c < 0xf5:
		lo, hi := byte(0x80), byte(0xbf)
		if c == 0xf0 {
			lo = 0x90
		} else if c == 0xf4 {
			hi = 0x8f
		}
		if n < 4 || s[i+1] < lo || s[i+1] > hi || s[i+2]&0xc0 != 0x80 || s[i+3]&0xc0 != 0x80 {
			return utf8.RuneError, 0
		}
		return rune(c&0x07)<<18 | rune(s[i+1]&0x3f)<<12 | rune(s[i+2]&0x3f)<<6 | rune(s[i+3]&0x3f), 4
	}
	return utf8.RuneError, 0
}
