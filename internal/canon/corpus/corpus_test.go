package corpus

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// requiredClasses are the content classes every benchmark relies on.
var requiredClasses = []string{
	"ascii-prose", "html", "xml", "go", "python", "javascript", "json", "jsonl",
	"cjk", "accented-latin", "emoji", "rtl", "crlf-log", "tsv", "control",
	"invalid-utf8", "line-separators", "escapes-heavy",
}

// loadByName returns the corpus classes by name.
func loadByName(t *testing.T) map[string]Class {
	t.Helper()
	m := make(map[string]Class)
	for _, c := range Load(t) {
		m[c.Name] = c
	}
	return m
}

func TestLoadHasEveryClassSortedAndSized(t *testing.T) {
	classes := Load(t)
	for i := 1; i < len(classes); i++ {
		if classes[i-1].Name >= classes[i].Name {
			t.Errorf("classes not sorted: %q before %q", classes[i-1].Name, classes[i].Name)
		}
	}
	byName := loadByName(t)
	for _, name := range requiredClasses {
		c, ok := byName[name]
		if !ok {
			t.Errorf("class %q missing", name)
			continue
		}
		if n := len(c.Text); n < MinSize || n > MaxSize {
			t.Errorf("class %q has %d bytes, want %d to %d", name, n, MinSize, MaxSize)
		}
		if c.Valid != utf8.ValidString(c.Text) {
			t.Errorf("class %q: Valid = %v, utf8.ValidString = %v", name, c.Valid, !c.Valid)
		}
		if want := name != "invalid-utf8"; c.Valid != want {
			t.Errorf("class %q: Valid = %v, want %v", name, c.Valid, want)
		}
	}
	if MinSize < Sizes[len(Sizes)-1] {
		t.Errorf("MinSize %d is below the largest size %d", MinSize, Sizes[len(Sizes)-1])
	}
}

func TestGenerateMatchesTestdata(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	want := Generate()
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			t.Errorf("%v (run go generate in internal/canon/corpus)", err)
			continue
		}
		if !bytes.Equal(got, data) {
			i := 0
			for i < len(got) && i < len(data) && got[i] == data[i] {
				i++
			}
			t.Errorf("%s.txt differs from Generate at byte %d (run go generate in internal/canon/corpus)", name, i)
		}
	}
	for _, c := range Load(t) {
		if _, ok := want[c.Name]; !ok {
			t.Errorf("%s.txt is not built by Generate", c.Name)
		}
	}
	for _, name := range requiredClasses {
		if _, ok := want[name]; !ok {
			t.Errorf("Generate builds no class %q", name)
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(), Generate()
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("two calls of Generate differ on %q", name)
		}
	}
}

func TestGitattributesKeepsBytes(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".gitattributes"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "* -text") {
		t.Errorf(".gitattributes = %q, want a line \"* -text\"", data)
	}
}

// threeByteShare returns the fraction of the bytes of s in valid 3-byte
// UTF-8 sequences.
func threeByteShare(s string) float64 {
	n := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		if size == 3 {
			n += 3
		}
		i += size
	}
	return float64(n) / float64(len(s))
}

// share returns the fraction of the bytes of s for which in holds.
func share(s string, in func(byte) bool) float64 {
	n := 0
	for i := 0; i < len(s); i++ {
		if in(s[i]) {
			n++
		}
	}
	return float64(n) / float64(len(s))
}

// countRunes returns how many runes of s lie in [lo, hi].
func countRunes(s string, lo, hi rune) int {
	n := 0
	for _, r := range s {
		if lo <= r && r <= hi {
			n++
		}
	}
	return n
}

// lines returns the lines of s without their final "\n".
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// realismChecks holds, for each class, the test that its text looks like
// what users send.
var realismChecks = map[string]func(t *testing.T, s string){
	"ascii-prose": func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c >= 0x80 || c < 0x20 && c != '\n' {
				t.Fatalf("byte %#x at %d in ASCII prose", c, i)
			}
		}
		if n := strings.Count(s, "\n\n"); n < 100 {
			t.Errorf("%d paragraphs, want at least 100", n)
		}
	},
	"accented-latin": func(t *testing.T, s string) {
		if f := share(s, func(c byte) bool { return c >= 0x80 }); f < 0.03 || f > 0.3 {
			t.Errorf("non-ASCII share %.3f, want 0.03 to 0.3", f)
		}
		for _, want := range []string{"é", "ß", "ñ", "ł", "ş", "ệ", "ř"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
	},
	"cjk": func(t *testing.T, s string) {
		if f := threeByteShare(s); f < 0.7 {
			t.Errorf("%.3f of the bytes in 3-byte sequences, want at least 0.7", f)
		}
		for _, r := range [][2]rune{{0x4e00, 0x9fff}, {0x3040, 0x30ff}, {0xac00, 0xd7a3}, {0x3000, 0x303f}, {0xff00, 0xffef}} {
			if countRunes(s, r[0], r[1]) == 0 {
				t.Errorf("no rune in U+%04X..U+%04X", r[0], r[1])
			}
		}
		if !strings.ContainsAny(s, "0123456789") {
			t.Error("no ASCII digits")
		}
	},
	"control": func(t *testing.T, s string) {
		for _, c := range []byte{0x00, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x0f, 0x1b, 0x7f, 0x03} {
			if strings.IndexByte(s, c) < 0 {
				t.Errorf("no byte %#02x", c)
			}
		}
		loneCR := 0
		for i := 0; i+1 < len(s); i++ {
			if s[i] == '\r' && s[i+1] != '\n' {
				loneCR++
			}
		}
		if loneCR < 50 {
			t.Errorf("%d lone CRs, want at least 50", loneCR)
		}
		if f := share(s, func(c byte) bool { return c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f }); f < 0.02 {
			t.Errorf("control byte share %.3f, want at least 0.02", f)
		}
	},
	"crlf-log": func(t *testing.T, s string) {
		if !strings.HasSuffix(s, "\r\n") {
			t.Error("last line has no CRLF")
		}
		for i, line := range lines(s) {
			if !strings.HasSuffix(line, "\r") || strings.Count(line, "\r") != 1 {
				t.Fatalf("line %d %q does not end in exactly one CRLF", i+1, line)
			}
		}
		for _, want := range []string{"INFO", "WARN", "ERROR", `{"method":`, "\tC:/"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
	},
	"emoji": func(t *testing.T, s string) {
		for _, r := range [][2]rune{{0x200d, 0x200d}, {0x1f3fb, 0x1f3ff}, {0x1f1e6, 0x1f1ff}, {0x20e3, 0x20e3}, {0xfe0f, 0xfe0f}, {0xe0020, 0xe007f}} {
			if countRunes(s, r[0], r[1]) == 0 {
				t.Errorf("no rune in U+%04X..U+%04X", r[0], r[1])
			}
		}
		if f := share(s, func(c byte) bool { return c >= 0xf0 }); f < 0.04 {
			t.Errorf("4-byte lead share %.3f, want at least 0.04", f)
		}
	},
	"escapes-heavy": func(t *testing.T, s string) {
		if f := share(s, func(c byte) bool { return strings.IndexByte("\"\\<>&\n\t\r", c) >= 0 }); f < 0.1 {
			t.Errorf("share of bytes JSON or HTML-safe JSON escapes %.3f, want at least 0.1", f)
		}
	},
	"go": func(t *testing.T, s string) {
		parts := strings.Split(s, "\n// ---- ")
		for i, src := range parts {
			if i > 0 {
				src = "// ---- " + src
			}
			if _, err := parser.ParseFile(token.NewFileSet(), "go.txt", src, parser.ParseComments); err != nil {
				t.Errorf("file %d of the dump does not parse: %v", i, err)
			}
		}
		if f := share(s, func(c byte) bool { return c == '\t' }); f < 0.03 {
			t.Errorf("tab share %.3f, want at least 0.03", f)
		}
	},
	"html": func(t *testing.T, s string) {
		if !strings.HasPrefix(s, "<!DOCTYPE html>") || !strings.HasSuffix(s, "</html>\n") {
			t.Error("not a whole HTML document")
		}
		if n := strings.Count(s, "&amp;"); n < 50 {
			t.Errorf("%d &amp; entities, want at least 50", n)
		}
	},
	"invalid-utf8": func(t *testing.T, s string) {
		bad := 0
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				bad++
			}
			i += size
		}
		if bad < 200 {
			t.Errorf("%d invalid bytes, want at least 200", bad)
		}
		if f := float64(bad) / float64(len(s)); f > 0.1 {
			t.Errorf("invalid byte share %.3f, want at most 0.1 (mostly text)", f)
		}
		for _, want := range []string{"\xed\xa0\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xf4\x90\x80\x80", "\xff", "caf\xe9", "\x93"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
	},
	"javascript": func(t *testing.T, s string) {
		for _, want := range []string{"=>", "const ", "`${", "async ", "export "} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
		if strings.Contains(s, "\t") {
			t.Error("tabs in 2-space-indented JavaScript")
		}
	},
	"json": func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			t.Fatal("not valid JSON")
		}
		for _, want := range []string{`\"`, `\n`, `\\`, `\u`, "e-", "null", "true"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
		if s == "" || !strings.ContainsFunc(s, func(r rune) bool { return r > 0x7f }) {
			t.Error("no raw non-ASCII text")
		}
	},
	"jsonl": func(t *testing.T, s string) {
		for i, line := range lines(s) {
			var v map[string]any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatalf("line %d is not one JSON object: %v", i+1, err)
			}
		}
	},
	"line-separators": func(t *testing.T, s string) {
		ls, ps := strings.Count(s, "\u2028"), strings.Count(s, "\u2029")
		if ls < 300 || ps < 100 {
			t.Errorf("%d U+2028 and %d U+2029, want at least 300 and 100", ls, ps)
		}
	},
	"python": func(t *testing.T, s string) {
		for _, want := range []string{"def ", "class ", "    return ", `f"`, `"""`, "@"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
		if strings.Contains(s, "\t") && strings.Contains(s, "\n\t") {
			t.Error("tab-indented Python")
		}
	},
	"rtl": func(t *testing.T, s string) {
		arabic, hebrew := countRunes(s, 0x0620, 0x064a), countRunes(s, 0x05d0, 0x05ea)
		if arabic < 5000 || hebrew < 5000 {
			t.Errorf("%d Arabic and %d Hebrew letters, want at least 5000 of each", arabic, hebrew)
		}
		if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x80 && unicode.IsLetter(r) }) || !strings.ContainsAny(s, "0123456789") {
			t.Error("no embedded Latin letters or digits")
		}
	},
	"tsv": func(t *testing.T, s string) {
		for i, line := range lines(s) {
			if !strings.Contains(line, "\t") {
				t.Fatalf("line %d %q has no tab", i+1, line)
			}
		}
		if !strings.Contains(s, "\r\n") || !strings.Contains(s, `\N`) || !strings.Contains(s, "\t\t") && !strings.Contains(s, "\t\n") {
			t.Error("want CRLF rows, \\N NULLs and empty cells")
		}
	},
	"xml": func(t *testing.T, s string) {
		d := xml.NewDecoder(strings.NewReader(s))
		for {
			_, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("not well-formed XML: %v", err)
			}
		}
		for _, want := range []string{"<![CDATA[", "<!--", "xmlns:", "&amp;", "='"} {
			if !strings.Contains(s, want) {
				t.Errorf("no %q", want)
			}
		}
	},
}

func TestClassesAreRealistic(t *testing.T) {
	byName := loadByName(t)
	for _, name := range requiredClasses {
		t.Run(name, func(t *testing.T) {
			check, ok := realismChecks[name]
			c, loaded := byName[name]
			if !ok || !loaded {
				t.Fatalf("class %q: has a realism check %t, is loaded %t", name, ok, loaded)
			}
			check(t, c.Text)
		})
	}
}
