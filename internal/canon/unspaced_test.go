package canon

import (
	"bytes"
	"crypto/sha256"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// firstPass returns the canonicalizer of style st after its first pass
// over raw.
func firstPass(t *testing.T, raw []byte, st style) *canonicalizer {
	t.Helper()
	c := &canonicalizer{st: st}
	if _, _, err := c.readDocument(raw, st == styleSerde, MaxDepth); err != nil {
		t.Fatal(err)
	}
	return c
}

// arrayOf returns a JSON array of n numbers written with ", ": n-1 gaps.
func arrayOf(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String() + "]"
}

// unspacedDocs are documents canonical in the encoding/json style but for
// white space between tokens (at most maxGaps places of it) and the
// spelling of long string values, which appendUnspaced writes; strings
// hold ", " and ": " and white space, short and long.
func unspacedDocs() []string {
	python := corpus.PythonJSONString("café, naïve: déjà vu\t"+strings.Repeat("x, y: z ", 12)+"😀", false)
	long := `"` + strings.Repeat(`plain, text: `, 8) + `"`
	return []string{
		`{"a": "x, y: z", "b": [1, 2, {"c": null}]}`,
		"{\n\t\"a\" :\r\n 1 ,\"b\":[ ] , \"c\" : { } }",
		` [ "a, b" ,"c: d" ] `,
		`{"exit_code": 0, "stdout": ` + python + `, "truncated": false}`,
		`{"a": ` + long + `, "b": ` + python + `, "c": [` + python + `, "` + strings.Repeat("<&>", 30) + `"]}`,
		`{"a":` + python + `}`,
		`["` + strings.Repeat("\xff, ", 30) + `", "\u00e9` + strings.Repeat(": ", 40) + `"]`,
		`{"a": "` + strings.Repeat("y", ChunkSize) + `", "b": ` + python + `, "c": "` + strings.Repeat("z", 3*ChunkSize) + `\u00e9"}`,
		arrayOf(maxGaps + 1),
	}
}

// TestUnspacedValuesAreWrittenWithoutASecondPass checks that the first
// pass finds the documents canonical but for white space and long
// strings (canon, not isCanonical), and that every writer then gives
// encoding/json's form: AppendCanonicalJSON, a streaming Digest,
// CanonicalForm, CanonicalJSONValue, and the serde_json style (for valid
// UTF-8) its normalization of that form.
func TestUnspacedValuesAreWrittenWithoutASecondPass(t *testing.T) {
	for i, doc := range unspacedDocs() {
		raw := []byte(doc)
		if c := firstPass(t, raw, styleJSON); !c.canon || c.isCanonical() {
			t.Fatalf("doc %d: canon %v, isCanonical %v, want true, false", i, c.canon, c.isCanonical())
		}
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := AppendCanonicalJSON([]byte("x"), raw); err != nil || !bytes.Equal(got[1:], ref) {
			t.Fatalf("doc %d: AppendCanonicalJSON %.80q, want %.80q (%v)", i, got, ref, err)
		}
		var d Digest
		pending, err := d.AppendCanonicalJSON(nil, raw)
		if err != nil || d.Sum256(pending) != sha256.Sum256(ref) || len(pending) >= 2*ChunkSize {
			t.Fatalf("doc %d: streamed digest differs, or %d bytes pending (%v)", i, len(pending), err)
		}
		if form, fits, err := CanonicalForm(raw, len(ref)); err != nil || !fits || !bytes.Equal(form, ref) {
			t.Fatalf("doc %d: CanonicalForm differs (%v)", i, err)
		}
		if form, inScratch, err := CanonicalJSONValue(nil, raw); err != nil || !inScratch || !bytes.Equal(form, ref) {
			t.Fatalf("doc %d: CanonicalJSONValue differs (%v)", i, err)
		}
		checkSerdeOfForm(t, raw, ref)
	}
}

// checkSerdeOfForm checks that AppendSerdeValue of raw (of valid UTF-8)
// is that of its canonical form ref.
func checkSerdeOfForm(t *testing.T, raw, ref []byte) {
	t.Helper()
	if !utf8.Valid(raw) {
		return // serde_json rejects it
	}
	serde, err := AppendSerdeValue(nil, raw, SerdeMaxDepth)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := AppendSerdeValue(nil, ref, SerdeMaxDepth); err != nil || !bytes.Equal(serde, want) {
		t.Fatalf("%.40q: AppendSerdeValue differs from that of encoding/json's form (%v)", raw, err)
	}
}

// TestUnspacedValuesNeedSecondPassBeyondThem checks the bounds of the
// path without a second pass: more than maxGaps places of white space, a
// short string spelled otherwise, an object out of order.
func TestUnspacedValuesNeedSecondPassBeyondThem(t *testing.T) {
	for _, doc := range []string{
		arrayOf(maxGaps + 2),
		`{"a": "\u00e9", "b": 1}`,
		`{"b": 1, "a": 2}`,
		`["` + strings.Repeat("x", 80) + `", "\/"]`,
	} {
		raw := []byte(doc)
		if c := firstPass(t, raw, styleJSON); c.canon {
			t.Fatalf("%.40q: canon, want the second pass", doc)
		}
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := AppendCanonicalJSON(nil, raw); err != nil || !bytes.Equal(got, ref) {
			t.Fatalf("%.40q: AppendCanonicalJSON %q, want %q (%v)", doc, got, ref, err)
		}
	}
}

// TestUnspacedValuesWriteTheFirstPassTexts checks that appendUnspaced
// writes a long string from the text the first pass decoded, not from a
// second decoding: a text altered after the first pass is what is written.
func TestUnspacedValuesWriteTheFirstPassTexts(t *testing.T) {
	python := corpus.PythonJSONString("caf\u00e9, "+strings.Repeat("x", 80), false)
	raw := []byte(`{"a": 1, "b": ` + python + `}`)
	c := firstPass(t, raw, styleJSON)
	if !c.canon || len(c.text) == 0 {
		t.Fatalf("canon %v, %d bytes of texts: want the first pass to decode the string", c.canon, len(c.text))
	}
	copy(c.text[len(c.text)-4:], "qqqq")
	out, err := c.emit(nil, nil, 0, len(raw))
	if want := `{"a":1,"b":"café, ` + strings.Repeat("x", 76) + `qqqq"}`; err != nil || string(out) != want {
		t.Fatalf("%q, want %q (%v)", out, want, err)
	}
}
