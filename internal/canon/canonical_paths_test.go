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
	return c.canon
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
	f.Fuzz(func(t *testing.T, b []byte) {
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
