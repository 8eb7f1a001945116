package canon

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// takesFastPath reports whether canonicalizing raw in style st copies it
// whole: the first pass finds it already canonical.
func takesFastPath(t *testing.T, raw []byte, st style) bool {
	t.Helper()
	var s Scanner
	s.Reset(raw, st == styleSerde, MaxDepth)
	k, err := s.Next()
	if err != nil {
		t.Fatal(err)
	}
	c := canonicalizer{st: st}
	if _, err := c.read(&s, k); err != nil {
		t.Fatal(err)
	}
	return c.isCanonical()
}

// FuzzCanonicalPaths checks that the already-canonical path and the
// re-encoding path agree: the output of either style is recognised as
// canonical (so real canonical input is copied whole), and input recognised
// as canonical is its own output, in the direct and streamed forms.
func FuzzCanonicalPaths(f *testing.F) {
	addSuiteSeeds(f)
	for _, s := range longStringDocs() {
		f.Add([]byte(s))
	}
	for _, s := range []string{`{"a":[1,{"b":"\u003c\n"}],"c":"é"}`, `{"b":1,"a":2}`, `[1.0,1e+16,-0.0]`, `{"a":1,"a":2}`, `{"\u0061":1}`} {
		f.Add([]byte(s))
	}
	for _, s := range spanDocs() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkSpan(t, b)
		for _, st := range []style{styleJSON, styleSerde} {
			var out []byte
			var err error
			if st == styleJSON {
				out, err = AppendCanonicalJSON(nil, b)
			} else {
				out, err = AppendSerdeValue(nil, b, SerdeMaxDepth)
			}
			if err != nil {
				continue
			}
			if st == styleSerde {
				checkSpan(t, out)
			}
			if !takesFastPath(t, out, st) {
				t.Fatalf("style %d: canonical output %q not recognised as canonical", st, out)
			}
			if takesFastPath(t, b, st) && !bytes.Equal(out, bytes.Trim(b, " \t\r\n")) {
				t.Fatalf("style %d: %q recognised as canonical but re-encodes as %q", st, b, out)
			}
			if st == styleJSON {
				var d Digest
				pending, err := d.AppendCanonicalJSON(nil, b)
				if err != nil || d.Sum256(pending) != sha256.Sum256(out) {
					t.Fatalf("streamed digest differs: %v", err)
				}
			}
		}
	})
}

// longStringDocs returns documents whose objects are out of order and
// whose string values are around longStringMin bytes, spelled every way
// the second pass tells apart: canonical, with raw HTML characters or
// U+2028, with encoding/json's escapes of them, with escapes no style
// writes, with invalid UTF-8; nested in recorded objects and arrays, so
// that the second pass jumps back and forth over them.
func longStringDocs() []string {
	var docs []string
	for _, n := range []int{longStringMin - 1, longStringMin, longStringMin + 1, 3 * longStringMin} {
		plain := strings.Repeat("x", n)
		for _, body := range []string{
			plain,
			"<a href=\\\"x\\\">&" + plain[6:],
			"\u2028" + plain[3:],
			"\\u003c\\u2029" + plain[12:],
			"\\u00e9\\/" + plain[8:],
			"\xff" + plain[1:],
			"\\ud83d\\ude00" + plain[12:],
			"line\\nnext\\t" + plain[12:],
			// Needless escapes as Python's json.dumps writes them, which
			// the first pass decodes: after the first longStringMin
			// bytes, after an escaped quote or backslash, after escapes
			// it does not decode for, in uppercase hexadecimal.
			plain[8:] + "\\u00e9\\u4e2d",
			"\\\"q\\\" caf\\u00e9 " + plain[16:],
			"a\\\\\\\\" + plain[5:] + "\\ud83d\\ude00\\u00e9",
			"\\u0041\\/\\u2028\\u00E9" + plain[24:] + "\\uD83D\\uDE00",
		} {
			s := `"` + body + `"`
			docs = append(docs,
				`{"z":`+s+`,"a":`+s+`}`,
				`[`+s+`,{"b":[`+s+`,{"d":`+s+`,"c":1}],"a":`+s+`},`+s+`]`,
				`{"k":{"y":`+s+`,"x":[`+s+`]},"j":`+s+`,"j":`+s+`}`,
				`{ "b" : `+s+` , "a" : [ `+s+` , `+s+` ] }`,
			)
		}
	}
	return docs
}

// TestSecondPassTakesLongStringsAsRead checks re-encoding documents whose
// long string values the second pass takes as the first pass read them,
// against encoding/json (the encoding/json style), the strict re-encoding
// of the same document's valid form (the serde style) and the streamed
// digest.
func TestSecondPassTakesLongStringsAsRead(t *testing.T) {
	for _, doc := range longStringDocs() {
		want, err := jsonref.ViaEncodingJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%q: %v", doc, err)
		}
		got, err := AppendCanonicalJSON(nil, []byte(doc))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("AppendCanonicalJSON(%q) = %q, %v; want %q", doc, got, err, want)
		}
		var d Digest
		pending, err := d.AppendCanonicalJSON(nil, []byte(doc))
		if err != nil || d.Sum256(pending) != sha256.Sum256(want) {
			t.Errorf("streamed digest of %q differs (%v)", doc, err)
		}
		if !utf8.ValidString(doc) {
			continue
		}
		serde, err := AppendSerdeValue(nil, []byte(doc), SerdeMaxDepth)
		if err != nil {
			t.Fatalf("AppendSerdeValue(%q): %v", doc, err)
		}
		again, err := AppendSerdeValue(nil, serde, SerdeMaxDepth)
		if err != nil || !bytes.Equal(again, serde) || !takesFastPath(t, serde, styleSerde) {
			t.Errorf("AppendSerdeValue(%q) = %q is not its own normalization (%q, %v)", doc, serde, again, err)
		}
	}
}

// checkSpan checks skipCanonical against the general first pass
// (readTokens) on the value raw starts with, in the serde_json style (the
// only one skipCanonical reads): a value it takes
// is canonical to the general pass, ends where it ends and leaves the
// Scanner in the same state; a value it refuses leaves the Scanner where
// it was. A canonical container without a backslash, nested at most
// spanDepth deep, must be taken.
func checkSpan(t *testing.T, raw []byte) {
	t.Helper()
	var fast Scanner
	fast.Reset(raw, true, SerdeMaxDepth)
	k, err := fast.Next()
	if err != nil {
		return
	}
	slow, before := fast.Clone(), fast.Clone()
	c := canonicalizer{st: styleSerde, data: raw, start: slow.tokStart, canon: true}
	end, err := c.readTokens(&slow, k)
	fastEnd, ok := skipCanonical(&fast, k)
	switch {
	case ok && (err != nil || !c.isCanonical() || fastEnd != end || scannerAt(fast) != scannerAt(slow)):
		t.Fatalf("skipCanonical took %q to %d, the general pass: canonical %v to %d (%v)", raw, fastEnd, c.isCanonical(), end, err)
	case !ok && scannerAt(fast) != scannerAt(before):
		t.Fatalf("skipCanonical refused %q but moved the Scanner", raw)
	case !ok && err == nil && c.isCanonical() && (k == KindObjectBegin || k == KindArrayBegin) &&
		!bytes.ContainsRune(raw, '\\') && maxNesting(raw) <= spanDepth:
		t.Fatalf("canonical %q not taken by skipCanonical", raw)
	}
}

// scannerAt returns where s stands: its position, depth, state and last
// token.
func scannerAt(s Scanner) [5]int {
	return [5]int{s.pos, s.depth, int(s.state), s.tokStart, s.tokEnd}
}

// maxNesting returns the deepest nesting of containers in the valid
// document raw.
func maxNesting(raw []byte) int {
	var s Scanner
	s.Reset(raw, false, MaxDepth)
	deepest := 0
	for {
		k, err := s.Next()
		if err != nil || k == KindEOF {
			return deepest
		}
		deepest = max(deepest, s.Depth())
	}
}

// spanDocs returns documents canonical in both styles but for one flaw
// skipCanonical must refuse, at their start and at their end, beside
// their flawless forms: the values it takes and the near misses it must
// leave to the general pass.
func spanDocs() []string {
	head := `{"a":[1,-2,0.5,"é😀\n\u001f",true,false,null,{},[]],"b":{"c":{"d":[[{"e":""}]]}}`
	docs := []string{head + `}`, `[]`, `{}`, `[[],{},[{}]]`, `[` + head + `},` + head + `}]`}
	for _, flaw := range []string{
		`,"b":1`, `,"a":1`, `,"B":1`, ` ,"z":1`, `,"z" :1`, `,"z": 1`, `,"z":1 `, `,"\u007a":1`, `,"z\n":1`,
		`,"z":-0`, `,"z":1.0`, `,"z":1e5`, `,"z":1E+5`, `,"z":12345678901234567890`, `,"z":1.5e300`,
		`,"z":"\u00e9"`, `,"z":"\/"`, `,"z":"<"`, `,"z":"\u003c"`, `,"z":"\u2028"`, ",\"z\":\"\u2029\"", `,"z":"\u001F"`,
		`,"z":"\xff"`, `,"z":tru`, `,"z":[1,]`, `,"z":{"a":1,}`, `,"z":[1}`, `,"z"`, `,"z":`, `,`,
	} {
		docs = append(docs, head+flaw+`}`, `{`+strings.TrimPrefix(flaw, ",")+`}`)
	}
	nest := func(n int) string { return strings.Repeat(`{"a":[`, n) + strings.Repeat(`]}`, n) }
	return append(docs, nest(spanDepth/2), nest(spanDepth/2+1), nest(SerdeMaxDepth/2+1))
}

// TestSkipCanonicalAgreesWithTheGeneralPass checks skipCanonical on the
// documents that reach it and its near misses (spanDocs).
func TestSkipCanonicalAgreesWithTheGeneralPass(t *testing.T) {
	taken := 0
	for _, doc := range spanDocs() {
		checkSpan(t, []byte(doc))
		var s Scanner
		s.Reset([]byte(doc), true, MaxDepth)
		if k, err := s.Next(); err == nil {
			if _, ok := skipCanonical(&s, k); ok {
				taken++
			}
		}
	}
	if taken < 10 {
		t.Fatalf("skipCanonical took %d of the documents, want at least 10", taken)
	}
}
