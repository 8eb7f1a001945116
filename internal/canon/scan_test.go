package canon

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// suiteFiles returns the JSONTestSuite parsing inputs by file name.
func suiteFiles(t testing.TB) map[string][]byte {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "canon", "jsontestsuite", "test_parsing")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string][]byte, len(ents))
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	if len(files) < 300 {
		t.Fatalf("only %d suite files", len(files))
	}
	return files
}

func TestCheckJSONAgreesWithEncodingJSONOnTheSuite(t *testing.T) {
	for name, b := range suiteFiles(t) {
		got := CheckJSON(b, MaxDepth) == nil
		if want := json.Valid(b); got != want {
			t.Errorf("%s: CheckJSON valid=%v, json.Valid=%v", name, got, want)
		}
		if strings.HasPrefix(name, "y_") && !got {
			t.Errorf("%s: rejected a y_ input", name)
		}
		if strings.HasPrefix(name, "n_") && got {
			t.Errorf("%s: accepted an n_ input", name)
		}
	}
}

func TestCheckSerdeJSONRejectsWhatSerdeRejects(t *testing.T) {
	for name, b := range suiteFiles(t) {
		err := checkSerdeJSON(b, SerdeMaxDepth)
		if strings.HasPrefix(name, "n_") && err == nil {
			t.Errorf("%s: accepted an n_ input", name)
		}
		if strings.HasPrefix(name, "y_") && err != nil {
			t.Errorf("%s: rejected a y_ input: %v", name, err)
		}
	}
	for _, tc := range []struct {
		name, in string
	}{
		{"lone high surrogate", `"\ud800"`},
		{"lone low surrogate", `"\udc00"`},
		{"reversed pair", `"\udc00\ud800"`},
		{"high then letter escape", `"\ud800\n"`},
		{"invalid utf8", "\"\xff\""},
		{"utf8 surrogate", "\"\xed\xa0\x80\""},
		{"bom", "\xef\xbb\xbf{}"},
		{"overflow", `1e400`},
		{"negative overflow in ignored member", `{"a":[-1e400]}`},
		{"long integer overflow", "1" + strings.Repeat("0", 400)},
		{"depth 128", strings.Repeat("[", 128) + strings.Repeat("]", 128)},
	} {
		if err := checkSerdeJSON([]byte(tc.in), SerdeMaxDepth); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: err = %v, want ErrSyntax", tc.name, err)
		}
	}
	for _, in := range []string{
		`"\ud83d\ude00"`, `1e-400`, `-0`, `18446744073709551616`, "\"\x7f\u2028\"",
		strings.Repeat("[", 127) + strings.Repeat("]", 127),
	} {
		if err := checkSerdeJSON([]byte(in), SerdeMaxDepth); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// TestStrictNumbersOverflowExactlyAsParseFloat pins the strict scanner's
// range test, which decides most literals from their counts of integer
// and exponent digits alone, against strconv.ParseFloat: a literal is rejected
// exactly when it rounds to an infinite float64.
func TestStrictNumbersOverflowExactlyAsParseFloat(t *testing.T) {
	lits := []string{
		"1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308",
		"17976931348623157" + strings.Repeat("0", 292), "17976931348623159" + strings.Repeat("0", 292),
		"1" + strings.Repeat("0", 308), "9" + strings.Repeat("9", 308), "1e308", "1e309", "10e307", "10e308",
		"0.1e309", "0.00001e313", "123e306", "123e307", "1e0000000000308", "1e00000000000309",
		"1e+0000000000000000000000308", "1e-0000000000000000400", "1e-400", "1e-99999999999999999999",
		"1e99999999999999999999", "1e18446744073709551615", "1e9223372036854775808", "0e99999999999999999999", "0.0e400", "-0e400", "1" + strings.Repeat("0", 400) + "e-93",
		"1" + strings.Repeat("0", 400) + "e-92", "1." + strings.Repeat("9", 400) + "e308", "0." + strings.Repeat("0", 400) + "1e709",
		strings.Repeat("9", 209) + "e99", strings.Repeat("9", 210) + "e99", strings.Repeat("9", 209) + "e+99", strings.Repeat("9", 209) + ".9e99",
		strings.Repeat("1", 210) + "e98", "9e99", "9e100", strings.Repeat("9", 209) + "e099",
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		lit := strconv.FormatUint(uint64(rng.Int63n(1e6)+1), 10)
		if rng.Intn(2) == 0 {
			lit = lit[:1] + "." + lit[1:] + "0"
		}
		lit += fmt.Sprintf("e%+0*d", rng.Intn(6), rng.Intn(40)+290)
		lits = append(lits, lit)
	}
	for _, lit := range lits {
		_, perr := strconv.ParseFloat(lit, 64)
		err := checkSerdeJSON([]byte(lit), SerdeMaxDepth)
		if (err != nil) != (perr != nil) {
			t.Errorf("%.40s: checkSerdeJSON %v, ParseFloat %v", lit, err, perr)
		}
		if err != nil && !errors.Is(err, ErrSyntax) {
			t.Errorf("%.40s: %v does not wrap ErrSyntax", lit, err)
		}
	}
}

func TestDepthLimitIsInclusive(t *testing.T) {
	for _, tc := range []struct {
		depth, max int
		ok         bool
	}{
		{10000, MaxDepth, true}, {10001, MaxDepth, false}, {64, 64, true}, {65, 64, false},
		{127, SerdeMaxDepth, true}, {128, SerdeMaxDepth, false}, {200, 200, true},
	} {
		for _, open := range []string{"[", `{"a":`} {
			close := "]"
			if open != "[" {
				close = "}"
			}
			in := []byte(strings.Repeat(open, tc.depth) + "1" + strings.Repeat(close, tc.depth))
			err := CheckJSON(in, tc.max)
			if (err == nil) != tc.ok {
				t.Errorf("depth %d max %d %q: err=%v", tc.depth, tc.max, open, err)
			}
			if !tc.ok && !errors.Is(err, ErrDepth) {
				t.Errorf("depth %d: error %v does not wrap ErrDepth", tc.depth, err)
			}
			if tc.max == MaxDepth && (err == nil) != json.Valid(in) {
				t.Errorf("depth %d: disagrees with json.Valid", tc.depth)
			}
		}
	}
}

func TestHostileNestingIsRejectedWithBoundedMemory(t *testing.T) {
	in := []byte(strings.Repeat("[", 1_000_000))
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"CheckJSON", func() error { return CheckJSON(in, MaxDepth) }},
		{"checkSerdeJSON", func() error { return checkSerdeJSON(in, SerdeMaxDepth) }},
		{"AppendCanonicalJSON", func() error { _, err := AppendCanonicalJSON(nil, in); return err }},
		{"AppendCompactJSON", func() error { _, err := AppendCompactJSON(nil, in); return err }},
		{"AppendSerdeValue", func() error { _, err := AppendSerdeValue(nil, in, SerdeMaxDepth); return err }},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := tc.run()
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrDepth) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: err = %v, want ErrDepth", tc.name, err)
		}
		// The scanner stops at the depth limit: memory is bounded by the
		// limit (one node per level at most), not by the input.
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%s: allocated %d bytes", tc.name, n)
		}
	}
}

// scanToEnd reads s to the end of its document and returns the text of
// every token it read (tokenText), with the first error.
func scanToEnd(s *Scanner) ([]string, error) {
	var toks []string
	for {
		k, err := s.Next()
		if err != nil || k == KindEOF {
			return toks, err
		}
		toks = append(toks, tokenText(s))
	}
}

// tokenText returns the raw text of the token s last read, followed by a
// colon when it is a key.
func tokenText(s *Scanner) string {
	if s.IsKey() {
		return string(s.Raw()) + ":"
	}
	return string(s.Raw())
}

func TestScannerTokens(t *testing.T) {
	in := []byte(` {"a" : [1, -2.5e3, "x\u0041", true, false, null], "b":{}} `)
	var s Scanner
	s.Reset(in, false, MaxDepth)
	got, err := scanToEnd(&s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{ "a": [ 1 -2.5e3 "x\u0041" true false null ] "b": { } }`
	if g := strings.Join(got, " "); g != want {
		t.Errorf("tokens\n got %s\nwant %s", g, want)
	}
}

func TestSkipValueStopsAtTheMatchingEnd(t *testing.T) {
	in := []byte(`{"skip":{"x":[1,{"y":2}],"z":[]},"keep":3}`)
	var s Scanner
	s.Reset(in, true, SerdeMaxDepth)
	mustNext := func(want Kind) {
		t.Helper()
		k, err := s.Next()
		if err != nil || k != want {
			t.Fatalf("Next = %v, %v; want %v", k, err, want)
		}
	}
	mustNext(KindObjectBegin)
	mustNext(KindString)
	mustNext(KindObjectBegin)
	if err := s.SkipValue(KindObjectBegin); err != nil {
		t.Fatal(err)
	}
	mustNext(KindString)
	if string(s.Raw()) != `"keep"` {
		t.Fatalf("after skip: %s", s.Raw())
	}
	mustNext(KindNumber)
	mustNext(KindObjectEnd)
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
}

func TestErrorsNeverQuoteTheDocument(t *testing.T) {
	secret := "SECRET-TOKEN"
	for _, in := range []string{`{"` + secret + `"`, `"` + secret, `[` + secret + `]`, `{"a":1}` + secret} {
		err := CheckJSON([]byte(in), MaxDepth)
		if err == nil || strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestScannerCopyScansAheadIndependently(t *testing.T) {
	// Deep enough that the depth stack spills past its first word.
	deep := strings.Repeat("[", 100) + "1" + strings.Repeat("]", 100)
	in := []byte(`{"a":` + deep + `,"tag":"x","b":{"c":[` + deep + `]}}`)
	var s Scanner
	s.Reset(in, true, SerdeMaxDepth)
	var ref Scanner
	ref.Reset(in, true, SerdeMaxDepth)
	want, err := scanToEnd(&ref)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; ; i++ {
		// Before every token, drain a copy to the end of the document.
		ahead := s.Clone()
		if _, err := scanToEnd(&ahead); err != nil {
			t.Fatalf("copy at token %d: %v", i, err)
		}
		k, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if k == KindEOF {
			break
		}
		got = append(got, tokenText(&s))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatal("scanning ahead with a copy changed the original's tokens")
	}
}

// TestScannerCloneScansIndependently advances a clone past the end of the
// container the original is in and opens a container of the other kind at
// the same level, at depths below and above InlineDepth: the original then
// reads on unchanged.
func TestScannerCloneScansIndependently(t *testing.T) {
	for _, depth := range []int{3, InlineDepth - 2, InlineDepth + 5, 300} {
		doc := strings.Repeat("[", depth-1) + "[1]" + ",{}" + strings.Repeat("]", depth-1)
		var s Scanner
		s.Reset([]byte(doc), false, MaxDepth)
		for s.Depth() < depth {
			if _, err := s.Next(); err != nil {
				t.Fatal(err)
			}
		}
		ahead := s.Clone()
		if _, err := scanToEnd(&ahead); err != nil {
			t.Fatalf("depth %d: clone: %v", depth, err)
		}
		if _, err := scanToEnd(&s); err != nil {
			t.Fatalf("depth %d: the original after its clone ran ahead: %v", depth, err)
		}
	}
}

// TestStrictScannerNeverAllocates pins that serde_json's whole depth range
// is recorded inline: scanning a document nested SerdeMaxDepth deep, and
// cloning the scanner at the deepest level, allocate nothing.
func TestStrictScannerNeverAllocates(t *testing.T) {
	doc := []byte(strings.Repeat("[", SerdeMaxDepth) + strings.Repeat("]", SerdeMaxDepth))
	allocs := testing.AllocsPerRun(10, func() {
		var s Scanner
		s.Reset(doc, true, SerdeMaxDepth)
		for {
			k, err := s.Next()
			if err != nil || k == KindEOF {
				return
			}
			if s.Depth() == SerdeMaxDepth {
				c := s.Clone()
				_, _ = c.Next()
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

// TestHTMLEscapesAreCanonicalInTheJSONStyleOnly pins StrHTMLEscape: set
// for the escapes encoding/json writes for '<', '>', '&', U+2028 and U+2029
// (and only as it spells them), which leave StrRareEscape clear, and the
// canonical writers' use of it: such a document is canonical as it is in
// the encoding/json style, and rewritten in the serde_json style.
func TestHTMLEscapesAreCanonicalInTheJSONStyleOnly(t *testing.T) {
	for _, tt := range []struct {
		doc        string
		html, rare bool
	}{
		{`"a\u003cb\u003e\u0026\u2028\u2029\n"`, true, false},
		{`"\u003C"`, false, true},
		{`"\u003d"`, false, true},
		{`"\u202a"`, false, true},
		{`"\u0001\u003c\u00e9"`, true, true},
		{`"<>&"`, false, false},
	} {
		for _, strict := range []bool{true, false} {
			var s Scanner
			s.Reset([]byte(tt.doc), strict, MaxDepth)
			if k, err := s.Next(); err != nil || k != KindString {
				t.Fatalf("%q: %v %v", tt.doc, k, err)
			}
			if html, rare := s.Flags()&StrHTMLEscape != 0, s.Flags()&StrRareEscape != 0; html != tt.html || rare != tt.rare {
				t.Errorf("strict=%t %q: StrHTMLEscape %t, StrRareEscape %t; want %t, %t", strict, tt.doc, html, rare, tt.html, tt.rare)
			}
		}
	}
	doc := []byte(`{"a":"x\u003cy\u0026\u2028"}`)
	if got, err := AppendCanonicalJSON(nil, doc); err != nil || string(got) != string(doc) {
		t.Errorf("encoding/json style: %s, %v; want the document", got, err)
	}
	if form, fits, err := CanonicalForm(doc, len(doc)); err != nil || !fits || &form[0] != &doc[0] {
		t.Errorf("CanonicalForm does not take the canonical document as it is: %v %v", fits, err)
	}
	if got, err := AppendSerdeValue(nil, doc, SerdeMaxDepth); err != nil || string(got) != "{\"a\":\"x<y&\u2028\"}" {
		t.Errorf("serde_json style: %s, %v", got, err)
	}
}

// TestNextDecodingDecodesWhileScanning pins NextDecoding in both modes: a
// string without escapes comes back as the document's own bytes, one with
// escapes appended to dst (short forms, \/, \u escapes, a surrogate pair,
// a string of 64 KiB), the
// same content AppendString decodes; other tokens have no text; and
// StrRareEscape is set exactly for escapes that may not be canonical.
func TestNextDecodingDecodesWhileScanning(t *testing.T) {
	long := strings.Repeat(`ab\"\n\u0001`+strings.Repeat("x", 40), 64<<10/40)
	tests := []struct {
		doc, want string
		rare      bool
	}{
		{`"plain"`, "plain", false},
		{`"tab\there \"q\" \\ \b\f\r\n"`, "tab\there \"q\" \\ \b\f\r\n", false},
		{`"\u0001\u001f"`, "\x01\x1f", false},
		{`"\u001F"`, "\x1f", true},
		{`"\u0009"`, "\t", true},
		{`"a\/b"`, "a/b", true},
		{`"\u00e9\u4e2d"`, "é中", true},
		{`"\ud83d\ude00!"`, "😀!", true},
		{`"` + long + `"`, strings.NewReplacer(`\"`, `"`, `\n`, "\n", `\u0001`, "\x01").Replace(long), false},
		// Runs of 0 to 9 bytes between escapes (short ones are copied by
		// a word store), the last ones within eight bytes of the end.
		{`"\n\ta\"bc\\def\nghij\tklmno\rpqrstu\"vwxyzAB\\CDEFGHIJ\n\t"`, "\n\ta\"bc\\def\nghij\tklmno\rpqrstu\"vwxyzAB\\CDEFGHIJ\n\t", false},
		{`"xy\n"`, "xy\n", false},
	}
	for _, strict := range []bool{true, false} {
		for _, tt := range tests {
			doc := []byte(tt.doc)
			var s Scanner
			s.Reset(doc, strict, SerdeMaxDepth)
			k, text, err := s.NextDecoding([]byte("pre"))
			if err != nil || k != KindString {
				t.Fatalf("strict=%t %.20q: %v %v", strict, tt.doc, k, err)
			}
			if s.Verbatim() {
				if string(text) != tt.want || &text[0] != &doc[1] {
					t.Errorf("strict=%t %.20q: verbatim text %q is not the document's bytes", strict, tt.doc, text)
				}
			} else if string(text) != "pre"+tt.want {
				t.Errorf("strict=%t %.20q: text %.40q, want %.40q", strict, tt.doc, text, "pre"+tt.want)
			}
			if got := s.AppendString(nil); string(got) != tt.want {
				t.Errorf("strict=%t %.20q: AppendString %.40q", strict, tt.doc, got)
			}
			if rare := s.Flags()&StrRareEscape != 0; rare != tt.rare {
				t.Errorf("strict=%t %.20q: StrRareEscape %t, want %t", strict, tt.doc, rare, tt.rare)
			}
		}
		var s Scanner
		s.Reset([]byte(`[1,"x",true]`), strict, SerdeMaxDepth)
		for _, want := range []Kind{KindArrayBegin, KindNumber, KindString, KindTrue, KindArrayEnd} {
			k, text, err := s.NextDecoding(nil)
			if err != nil || k != want || (text != nil) != (k == KindString) {
				t.Fatalf("strict=%t: %v %q %v, want a %v", strict, k, text, err, want)
			}
		}
	}
}

// checkSerdeJSON is CheckJSON with serde_json's strict rules (see
// Scanner).
func checkSerdeJSON(data []byte, maxDepth int) error {
	var s Scanner
	s.Reset(data, true, maxDepth)
	return s.drain()
}
