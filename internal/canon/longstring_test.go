package canon

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// firstPassTexts returns how many string values of raw the first pass of
// the canonicalizer of style st decoded (decodeLong).
func firstPassTexts(t *testing.T, raw []byte, st style) int {
	t.Helper()
	return firstPassTextsOf(t, raw, canonicalizer{st: st})
}

// firstPassTextsOf returns how many string values of raw the first pass
// of c decoded.
func firstPassTextsOf(t *testing.T, raw []byte, c canonicalizer) int {
	t.Helper()
	st := c.st
	if _, _, err := c.readDocument(raw, st == styleSerde, MaxDepth); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range c.strs.all() {
		if v.text != (textAt{}) {
			n++
		}
	}
	return n
}

// pythonDocs returns, for every corpus class at two sizes, a document
// carrying the text three times as Python's json.dumps writes it (every
// non-ASCII character a \u escape), as members out of order and in an
// array, so that the second pass writes the texts the first pass decoded
// out of document order; the number of texts the first pass is to decode;
// and the same document followed by 64 KiB of padding, whose texts it is
// not to decode (restRoomMax).
func pythonDocs(t *testing.T) (docs []string, decoded []int, padded []string) {
	for _, c := range corpus.Load(t) {
		for _, n := range []int{300, 4096} {
			s := corpus.PythonJSONString(c.Prefix(n), n == 4096)
			doc := `{"stdout": ` + s + `, "exit_code": 0, "b": [1, ` + s + `], "a": {"z": ` + s + `, "y": null}}`
			want := 0
			if bytes.ContainsFunc([]byte(c.Prefix(n)), func(r rune) bool { return r >= 0x80 && r&^1 != 0x2028 }) {
				want = 3
			}
			docs, decoded = append(docs, doc), append(decoded, want)
			padded = append(padded, `[`+doc+`, "`+strings.Repeat("x", restRoomMax)+`"]`)
		}
	}
	return docs, decoded, padded
}

// TestFirstPassDecodesNeedlessEscapesOnce checks that the first pass
// decodes the long strings holding needless escapes of a document within
// restRoomMax bytes of its end, and only those, and that the canonical
// forms written from those texts are encoding/json's (the encoding/json
// style, also streamed) and the serde_json style's normalization of that.
func TestFirstPassDecodesNeedlessEscapesOnce(t *testing.T) {
	docs, decoded, padded := pythonDocs(t)
	for i, doc := range append(docs, padded...) {
		raw := []byte(doc)
		want := 0
		if i < len(docs) {
			want = decoded[i]
		}
		if got := firstPassTexts(t, raw, styleJSON); got != want {
			t.Fatalf("doc %d: the first pass decoded %d texts, want %d", i, got, want)
		}
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendCanonicalJSON(nil, raw)
		if err != nil || !bytes.Equal(got, ref) {
			t.Fatalf("doc %d: AppendCanonicalJSON differs from encoding/json (%v)", i, err)
		}
		var d Digest
		pending, err := d.AppendCanonicalJSON(nil, raw)
		if err != nil || d.Sum256(pending) != sha256.Sum256(ref) {
			t.Fatalf("doc %d: streamed digest differs (%v)", i, err)
		}
		serde, err := AppendSerdeValue(nil, raw, SerdeMaxDepth)
		if err != nil {
			t.Fatal(err)
		}
		if refSerde, err := AppendSerdeValue(nil, ref, SerdeMaxDepth); err != nil || !bytes.Equal(serde, refSerde) {
			t.Fatalf("doc %d: AppendSerdeValue differs from that of encoding/json's form (%v)", i, err)
		}
	}
}

// TestWholeFirstPassDecodesEveryNeedlessEscape checks that the first pass
// of CanonicalForm's canonicalizer decodes, for a document within its
// limit, the long strings with needless escapes wherever they are, those
// of the padded documents too (for one a byte longer than the limit,
// those within restRoomMax bytes of its end only), and that CanonicalForm writes
// encoding/json's form of them, with the limit the document's length or
// more (whole) and the form's (not whole, when shorter).
func TestWholeFirstPassDecodesEveryNeedlessEscape(t *testing.T) {
	docs, decoded, padded := pythonDocs(t)
	for i, doc := range append(docs, padded...) {
		raw := []byte(doc)
		want := decoded[i%len(docs)]
		if got := firstPassTextsOf(t, raw, formCanonicalizer(raw, len(raw))); got != want {
			t.Fatalf("doc %d: CanonicalForm's first pass decoded %d texts, want %d", i, got, want)
		}
		if got := firstPassTextsOf(t, raw, formCanonicalizer(raw, len(raw)-1)); i >= len(docs) && got != 0 {
			t.Fatalf("doc %d, raw longer than the limit: CanonicalForm's first pass decoded %d texts, want 0", i, got)
		}
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{max(len(raw), len(ref)), len(ref)} {
			if form, fits, err := CanonicalForm(raw, limit); err != nil || !fits || !bytes.Equal(form, ref) {
				t.Fatalf("doc %d, limit %d: CanonicalForm differs from encoding/json (fits %v, %v)", i, limit, fits, err)
			}
		}
	}
}

// TestFirstPassDecodingWindow checks the bound of decodeLong at its edge:
// a long string with a needless escape whose rest of the document from
// its quote is restRoomMax bytes is decoded, one byte more is not, but by
// a whole canonicalizer; and both forms are encoding/json's.
func TestFirstPassDecodingWindow(t *testing.T) {
	s := corpus.PythonJSONString(strings.Repeat("caf\u00e9 ", 20), false)
	for _, rest := range []int{restRoomMax, restRoomMax + 1} {
		// [s, "pad"]: the rest from s's quote is len(s)+4+len(pad)+1.
		pad := strings.Repeat("x", rest-len(s)-5)
		raw := []byte(`[` + s + `, "` + pad + `"]`)
		if got := len(raw) - 1; got != rest {
			t.Fatalf("rest %d, want %d", got, rest)
		}
		want := 0
		if rest <= restRoomMax {
			want = 1
		}
		if got := firstPassTexts(t, raw, styleJSON); got != want {
			t.Fatalf("rest %d: the first pass decoded %d texts, want %d", rest, got, want)
		}
		if got := firstPassTextsOf(t, raw, canonicalizer{st: styleJSON, whole: true}); got != 1 {
			t.Fatalf("rest %d: the whole first pass decoded %d texts, want 1", rest, got)
		}
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := AppendCanonicalJSON(nil, raw); err != nil || !bytes.Equal(got, ref) {
			t.Fatalf("rest %d: AppendCanonicalJSON differs from encoding/json (%v)", rest, err)
		}
		if form, fits, err := CanonicalForm(raw, len(raw)); err != nil || !fits || !bytes.Equal(form, ref) {
			t.Fatalf("rest %d: CanonicalForm differs from encoding/json (%v)", rest, err)
		}
	}
}

// TestFirstPassTextsLongerThanTheirTokens checks texts the first pass
// decodes that outgrow their tokens, invalid UTF-8 decoding to three bytes
// a byte: a text of more than 64 KiB, texts past 64 KiB in the buffer and
// texts past maxText, are written whole, as encoding/json writes them.
func TestFirstPassTextsLongerThanTheirTokens(t *testing.T) {
	invalid := `"\u00e9` + strings.Repeat("x", 70) + strings.Repeat("\xff", 30000) + `"`
	for _, doc := range []string{
		`[` + invalid + `]`,
		`[` + invalid + `, ` + invalid + `, "\u00e9` + strings.Repeat("y", 80) + `"]`,
		// Texts past maxText: not kept, decoded by the second pass.
		`["\u00e9` + strings.Repeat("x", 70) + strings.Repeat("\xff", maxText/3+1) + `", "\u00e9` + strings.Repeat("y", 80) + `"]`,
	} {
		raw := []byte(doc)
		ref, err := jsonref.ViaEncodingJSON(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := AppendCanonicalJSON(nil, raw); err != nil || !bytes.Equal(got, ref) {
			t.Fatalf("AppendCanonicalJSON: %d bytes, want %d (%v)", len(got), len(ref), err)
		}
		if form, fits, err := CanonicalForm(raw, 4*len(raw)); err != nil || !fits || !bytes.Equal(form, ref) {
			t.Fatalf("CanonicalForm: %d bytes, want %d (%v)", len(form), len(ref), err)
		}
	}
}
