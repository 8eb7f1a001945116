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
	c := canonicalizer{st: st}
	if _, _, err := c.readDocument(raw, st == styleSerde, MaxDepth); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range c.strs.all() {
		if v.text != 0 {
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
