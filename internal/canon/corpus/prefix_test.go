package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// splitsRune reports whether cutting s at cut splits a valid multi-byte
// UTF-8 sequence.
func splitsRune(s string, cut int) bool {
	for i := max(0, cut-utf8.UTFMax+1); i < cut; i++ {
		if !utf8.RuneStart(s[i]) {
			continue
		}
		if _, size := utf8.DecodeRuneInString(s[i:]); size > 1 && i+size > cut {
			return true
		}
	}
	return false
}

// checkPrefix fails t unless c.Prefix(n) is a prefix of c.Text of at most n
// bytes and at least n-3, that splits no valid multi-byte sequence, and,
// for a valid class, is valid UTF-8 and shorter than n only when cutting at
// n would split a rune.
func checkPrefix(t *testing.T, c Class, n int) {
	t.Helper()
	p := c.Prefix(n)
	switch {
	case !strings.HasPrefix(c.Text, p):
		t.Fatalf("%s.Prefix(%d) is not a prefix of the text", c.Name, n)
	case n >= len(c.Text) && p != c.Text:
		t.Fatalf("%s.Prefix(%d) = %d bytes, want the whole %d", c.Name, n, len(p), len(c.Text))
	case n < len(c.Text) && (len(p) > max(n, 0) || len(p) < n-utf8.UTFMax+1):
		t.Fatalf("%s.Prefix(%d) = %d bytes, want %d to %d", c.Name, n, len(p), n-utf8.UTFMax+1, n)
	case splitsRune(c.Text, len(p)):
		t.Fatalf("%s.Prefix(%d) splits a rune at %d", c.Name, n, len(p))
	case c.Valid && !utf8.ValidString(p):
		t.Fatalf("%s.Prefix(%d) of a valid class is not valid UTF-8", c.Name, n)
	case c.Valid && len(p) < n && n < len(c.Text) && !splitsRune(c.Text, n):
		t.Fatalf("%s.Prefix(%d) = %d bytes, cut short though %d splits no rune", c.Name, n, len(p), n)
	}
}

func TestPrefixNeverSplitsARuneInTheCorpus(t *testing.T) {
	for _, c := range Load(t) {
		for _, n := range Sizes {
			checkPrefix(t, c, n)
		}
		for n := -1; n <= 5000; n++ {
			checkPrefix(t, c, n)
		}
		for n := len(c.Text) - 8; n <= len(c.Text)+1; n++ {
			checkPrefix(t, c, n)
		}
	}
}

func TestPrefixCuts(t *testing.T) {
	tests := []struct {
		name, text string
		n          int
		want       string
	}{
		{"ascii", "hello", 3, "hel"},
		{"zero", "hello", 0, ""},
		{"negative", "hello", -4, ""},
		{"whole", "hello", 5, "hello"},
		{"beyond", "hello", 99, "hello"},
		{"before 2-byte", "aé", 1, "a"},
		{"inside 2-byte", "aé", 2, "a"},
		{"after 2-byte", "aéb", 3, "aé"},
		{"inside 3-byte", "x漢字", 3, "x"},
		{"inside 3-byte later", "x漢字", 6, "x漢"},
		{"inside 4-byte", "ok😀", 5, "ok"},
		{"inside 4-byte at 3", "ok😀", 3, "ok"},
		{"stray continuations", "\x80\x80\x80\x80\x80x", 4, "\x80\x80\x80\x80"},
		{"truncated lead", "a\xe4\xb8b", 2, "a"},
		{"lone lead", "a\xc3b", 2, "a\xc3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Class{Name: tt.name, Text: tt.text}).Prefix(tt.n); got != tt.want {
				t.Errorf("Prefix(%d) of %q = %q, want %q", tt.n, tt.text, got, tt.want)
			}
		})
	}
}
