package canon

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// jsonSafe and serdeSafe report the bytes each style writes unchanged in a
// string, derived from the escape tables: the byte-at-a-time statement of
// what the word tests must agree with.
var jsonSafe, serdeSafe = safeTable(&jsonEscapes), safeTable(&serdeEscapes)

func safeTable(esc *[0x80]string) (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = esc[c] == ""
	}
	return t
}

// refStop is nextStop written byte by byte from the rules: the first
// offset from i of an ASCII byte the mode stops at, of a byte that does not
// start a valid sequence, or of a valid sequence the automaton leaves to
// the caller (four bytes led by F4; U+2028 and U+2029 in modeJSON).
func refStop(s string, i int, mode uint8) int {
	for i < len(s) {
		c := s[i]
		if c < 0x80 {
			stop := mode != modeHTML && (c < 0x20 || c == '"' || c == '\\') ||
				mode != modeSerde && (c == '<' || c == '>' || c == '&')
			if stop {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || c == 0xf4 || mode != modeSerde && r&^1 == 0x2028 {
			return i
		}
		i += size
	}
	return len(s)
}

// TestNextStopAgreesWithTheRules places every one-, two- and three-byte
// sequence of interesting bytes at every offset of a 40-byte window (so it
// crosses the kernel's block and word boundaries, in ASCII and in
// multi-byte surroundings), and compares nextStop with refStop.
func TestNextStopAgreesWithTheRules(t *testing.T) {
	var probe []string
	interesting := []byte{0x00, 0x1f, ' ', '"', '&', '<', '>', '\\', 'a', 0x7f,
		0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
		0xe0, 0xe2, 0xe4, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff}
	for _, a := range interesting {
		probe = append(probe, string([]byte{a}))
		for _, b := range interesting {
			probe = append(probe, string([]byte{a, b}))
			for _, c := range []byte{0x80, 0xa8, 0xbf, 'a'} {
				probe = append(probe, string([]byte{a, b, c}))
			}
		}
	}
	probe = append(probe, "\u2028", "\u2029", "\U0001F600", "\U00010000", "\U0010FFFF", "\xf4\x90\x80\x80",
		"\U00040000", "\U000E0067", "\U000FFFFD", "\U00100000", "\xf1\x80\x80", "\xf3\xbf\xbf\xc0", "\xf2\x7f\x80\x80")
	backgrounds := []string{
		strings.Repeat("x", 40),
		strings.Repeat("é", 20),
		strings.Repeat("中", 14),
		strings.Repeat("😀", 10),
		strings.Repeat("\U000E0067", 10),
	}
	for _, bg := range backgrounds {
		for _, p := range probe {
			for off := 0; off+len(p) <= len(bg); off++ {
				// Keep the background valid around the probe: cut it at
				// sequence boundaries.
				head := bg[:off]
				for len(head) > 0 && !utf8.ValidString(head) {
					head = head[:len(head)-1]
				}
				s := head + p + bg[len(head):]
				for _, mode := range []uint8{modeSerde, modeJSON, modeHTML} {
					got, _ := nextStop(s, 0, mode)
					if want := refStop(s, 0, mode); got != want {
						t.Fatalf("nextStop(%q, mode %d) = %d, want %d", s, mode, got, want)
					}
				}
			}
		}
	}
}
