package newline

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// normalizeRef is the normalization written the obvious way.
func normalizeRef(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// copyInPieces normalizes s through windows of size bytes, as a streaming
// caller does, and fails on a call that makes no progress.
func copyInPieces(t *testing.T, s string, size int) string {
	t.Helper()
	var out []byte
	dst := make([]byte, size)
	for rest := s; rest != ""; {
		for i := range dst {
			dst[i] = 0xff // garbage a call must not leave in its n bytes
		}
		n, read := Copy(dst, rest)
		if read == 0 || n > len(dst) || read > len(rest) {
			t.Fatalf("Copy(%q) into %d bytes: n %d, read %d", rest, size, n, read)
		}
		out = append(out, dst[:n]...)
		rest = rest[read:]
	}
	return string(out)
}

// TestCopyExhaustive checks every string of up to 10
// bytes over {a, CR, LF}, whole and through windows of 1 to 9 bytes, so a
// CR meets every lane of a word and every window edge, with LFs before and
// after it.
func TestCopyExhaustive(t *testing.T) {
	alphabet := []byte{'a', '\r', '\n'}
	var b []byte
	var walk func()
	walk = func() {
		s := string(b)
		want := normalizeRef(s)
		if got := Len(s); got != len(want) {
			t.Fatalf("Len(%q) = %d, want %d", s, got, len(want))
		}
		for _, size := range []int{1, 2, 3, 7, 8, 9, len(s) + 8} {
			if got := copyInPieces(t, s, size); got != want {
				t.Fatalf("%q in windows of %d: %q, want %q", s, size, got, want)
			}
		}
		if len(b) == 10 {
			return
		}
		for _, c := range alphabet {
			b = append(b, c)
			walk()
			b = b[:len(b)-1]
		}
	}
	walk()
}

// TestCopyLongTexts checks long texts whose CRs fall in
// every lane of a word, with high bytes around them (a borrow must not
// flag a neighbour).
func TestCopyLongTexts(t *testing.T) {
	for _, unit := range []string{"x\r\n", "\u00e9\r", "\x0e\r\x0c\n", "\r\r\n\n", "\xff\x0d", "plain text without line breaks",
		"2025-03-14 09:26:55.284 WARN a log line long enough to span several words\r\n", "a line ended by a lone CR, then more of the same\r"} {
		for pad := 0; pad < 9; pad++ {
			s := strings.Repeat("\x8d", pad) + strings.Repeat(unit, 40)
			want := normalizeRef(s)
			if got := Len(s); got != len(want) {
				t.Fatalf("Len(%q) = %d, want %d", s, got, len(want))
			}
			for _, size := range []int{5, 8, 64, 4096} {
				if got := copyInPieces(t, s, size); got != want {
					t.Fatalf("%q in windows of %d: %q, want %q", s, size, got, want)
				}
			}
		}
	}
}

// TestCopyLineLengths checks lines of every length from 0 to 73, ended by
// CRLF, a lone CR, a CR that ends the text or nothing, through windows
// that cut them before, at and after every word boundary.
func TestCopyLineLengths(t *testing.T) {
	const longLine = 32
	for n := 0; n <= 2*longLine+9; n++ {
		line := strings.Repeat("abcdefg\u00e9", n/9+1)[:n]
		for _, end := range []string{"\r\n", "\r", ""} {
			s := line + end + line + "\r" + "z"
			if end == "" {
				s = line + "\r"
			}
			want := normalizeRef(s)
			for _, size := range []int{1, 7, 8, longLine - 1, longLine, longLine + 1, longLine + 8, len(s) + 8} {
				if got := copyInPieces(t, s, size); got != want {
					t.Fatalf("%q in windows of %d: %q, want %q", s, size, got, want)
				}
			}
		}
	}
}

// TestCopyMixedLines checks texts of short and long lines, with every line
// ending, empty lines among them, through windows of every size up to
// three words.
func TestCopyMixedLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ends := []string{"\r\n", "\r", "\n", "\r\r\n", "\r\n\r\n"}
	for text := 0; text < 300; text++ {
		var b strings.Builder
		for b.Len() < 400 {
			n := rng.IntN(40)
			if rng.IntN(4) == 0 {
				n = 0
			}
			b.WriteString(strings.Repeat("\u00e9ab", n/4+1)[:n])
			b.WriteString(ends[rng.IntN(len(ends))])
		}
		s := b.String()
		want := normalizeRef(s)
		for size := 1; size <= 24; size++ {
			if got := copyInPieces(t, s, size); got != want {
				t.Fatalf("%q in windows of %d: %q, want %q", s, size, got, want)
			}
		}
		if got := copyInPieces(t, s, len(s)); got != want {
			t.Fatalf("%q whole: %q, want %q", s, got, want)
		}
	}
}

func TestCopyEmpty(t *testing.T) {
	if n, read := Copy(nil, "a\r"); n != 0 || read != 0 {
		t.Fatalf("into nil: %d, %d", n, read)
	}
	if n, read := Copy(make([]byte, 4), ""); n != 0 || read != 0 {
		t.Fatalf("from empty: %d, %d", n, read)
	}
}

// FuzzNormalizedNewlines checks Len, String and Copy against the obvious
// replacement on arbitrary text: Len, and
// Copy whole and through windows of 1 to 64 bytes, so
// that lines of every length meet every window edge. Seeds:
// testdata/fuzz/FuzzNormalizedNewlines.
func FuzzNormalizedNewlines(f *testing.F) {
	f.Add("a\r\nb\rc\n\r", uint8(0))
	f.Add(strings.Repeat("x", 60)+"\r\n"+strings.Repeat("y", 70)+"\r\r\n", uint8(7))
	f.Fuzz(func(t *testing.T, s string, window uint8) {
		want := normalizeRef(s)
		if got := Len(s); got != len(want) {
			t.Fatalf("Len(%q) = %d, want %d", s, got, len(want))
		}
		if got := String(s); got != want {
			t.Fatalf("String(%q) = %q, want %q", s, got, want)
		}
		for _, size := range []int{int(window)%64 + 1, len(s) + 8} {
			if got := copyInPieces(t, s, size); got != want {
				t.Fatalf("%q in windows of %d: %q, want %q", s, size, got, want)
			}
		}
	})
}

func TestStringAllocatesOnlyItsResult(t *testing.T) {
	s := strings.Repeat("line\r\n", 300)
	if a := testing.AllocsPerRun(10, func() { _ = String(s) }); a != 1 {
		t.Errorf("String allocated %.0f times, want 1", a)
	}
	if a := testing.AllocsPerRun(10, func() { _ = String("no CR") }); a != 0 {
		t.Errorf("String of a text without CR allocated %.0f times, want 0", a)
	}
}
