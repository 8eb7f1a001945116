package canon

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// formDocs are documents CanonicalForm is checked on: canonical and not,
// short and longer than the Digest's chunk, with forms shorter and longer
// than the document, and invalid.
func formDocs() []string {
	doc := map[string]any{"z": strings.Repeat("<é\r\n\"", 1500), "a": []any{1.50, "x", nil, map[string]any{"q": 1, "p": 2}}}
	compact, _ := json.Marshal(doc)
	indented, _ := json.MarshalIndent(doc, "", "  ")
	return []string{`1`, ` 1 `, `"a"`, `{"b":1,"a":2}`, `[1.50, 2e3, -0.0]`, `"\u0041\ud800"`, `"<>&"`,
		`"` + strings.Repeat("<", 3000) + `"`, string(compact), " " + string(compact) + "\n", string(indented),
		`{`, `[1,]`, `"\xff"`, `1 2`, ``}
}

// TestCanonicalFormIsAppendCanonicalJSON checks that CanonicalForm gives
// exactly AppendCanonicalJSON's output or error, fits exactly when the
// form is at most limit bytes, aliases the document only when it is the
// document's own bytes, and otherwise returns memory of its own.
func TestCanonicalFormIsAppendCanonicalJSON(t *testing.T) {
	for _, doc := range formDocs() {
		raw := []byte(doc)
		want, wantErr := AppendCanonicalJSON(nil, raw)
		for _, limit := range []int{0, len(want) - 1, len(want), len(want) + 1, len(raw), 1 << 20} {
			form, fits, err := CanonicalForm(raw, limit)
			if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("%.40q: error %v, want %v", doc, err, wantErr)
			}
			if err != nil {
				continue
			}
			if fits != (len(want) <= limit) {
				t.Fatalf("%.40q, limit %d: fits %v for a %d-byte form", doc, limit, fits, len(want))
			}
			if !fits {
				if form != nil {
					t.Fatalf("%.40q, limit %d: a form that does not fit is not nil", doc, limit)
				}
				continue
			}
			if !bytes.Equal(form, want) {
				t.Fatalf("%.40q, limit %d: %.60q, want %.60q", doc, limit, form, want)
			}
			inRaw := sliceWithin(form, raw)
			if canonical := bytes.Contains(raw, want) && len(bytes.TrimSpace(raw)) == len(want); inRaw != canonical {
				t.Fatalf("%.40q: form aliases the document: %v, want %v", doc, inRaw, canonical)
			}
			if len(form) < cap(form) && inRaw {
				t.Fatalf("%.40q: an aliasing form leaves room to append over the document", doc)
			}
		}
	}
}

// sliceWithin reports whether a's bytes lie within b's.
func sliceWithin(a, b []byte) bool {
	for i := range b {
		if &b[i] == &a[0] {
			return true
		}
	}
	return false
}

// TestCanonicalFormMemory pins what CanonicalForm allocates, against
// what streaming the canonical form through a Digest does: no more for a
// canonical document, and no more plus the form (the limit) and the
// writer's pending buffer (two chunks) for another, the form fitting or
// not (a string of '<' whose form is six times longer).
func TestCanonicalFormMemory(t *testing.T) {
	big := map[string]any{"stdout": strings.Repeat("line of output\n\t\"quoted\"\n", 1<<14)}
	compact, _ := json.Marshal(big)
	indented, _ := json.MarshalIndent(big, "", " ")
	lt := []byte(`"` + strings.Repeat("<", 1<<20) + `"`)
	for _, c := range []struct {
		name string
		raw  []byte
		form bool // whether a form is allocated
	}{
		{"canonical", compact, false},
		{"indented", indented, true},
		{"longer form", lt, true},
	} {
		streaming := allocated(func() {
			var d Digest
			out, err := d.AppendCanonicalJSON(nil, c.raw)
			if err != nil {
				t.Fatal(err)
			}
			d.Sum256(out)
		})
		limit := streaming
		if c.form {
			limit += uint64(len(c.raw)) + 2*ChunkSize
		}
		n := allocated(func() {
			if _, _, err := CanonicalForm(c.raw, len(c.raw)); err != nil {
				t.Fatal(err)
			}
		})
		if n > limit {
			t.Errorf("%s, %d bytes: %d bytes allocated, want at most %d (streaming: %d)", c.name, len(c.raw), n, limit, streaming)
		}
		t.Logf("%s, %d bytes: %d bytes allocated (streaming: %d)", c.name, len(c.raw), n, streaming)
	}
}

// TestCanonicalJSONValueIsAppendCanonicalJSON checks that CanonicalJSONValue
// gives exactly AppendCanonicalJSON's output or error, returns the
// document's own bytes (with no room to append over it) exactly when they
// are the form, and otherwise appends the form to scratch, leaving what
// scratch held before untouched.
func TestCanonicalJSONValueIsAppendCanonicalJSON(t *testing.T) {
	for _, doc := range formDocs() {
		raw := []byte(doc)
		want, wantErr := AppendCanonicalJSON(nil, raw)
		scratch := append(make([]byte, 0, 64), "kept"...)
		form, inScratch, err := CanonicalJSONValue(scratch, raw)
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("%.40q: error %v, want %v", doc, err, wantErr)
		}
		if err != nil {
			if inScratch || len(form) != len(scratch) {
				t.Fatalf("%.40q: on error %q, inScratch %v, want scratch unchanged", doc, form, inScratch)
			}
			continue
		}
		canonical := len(bytes.TrimSpace(raw)) == len(want) && bytes.Contains(raw, want)
		if inScratch == canonical {
			t.Fatalf("%.40q: inScratch %v for a document canonical: %v", doc, inScratch, canonical)
		}
		if inScratch {
			if string(form[:4]) != "kept" {
				t.Fatalf("%.40q: scratch's bytes overwritten: %.20q", doc, form)
			}
			form = form[4:]
		} else if !sliceWithin(form, raw) || len(form) != cap(form) {
			t.Fatalf("%.40q: the form of a canonical document is not its own bytes, capped", doc)
		}
		if !bytes.Equal(form, want) {
			t.Fatalf("%.40q: %.60q, want %.60q", doc, form, want)
		}
	}
}

// TestSmallCanonicalReencodingNeedsNoHeap pins that re-encoding a small
// document, sorting its objects and decoding its strings, uses no memory
// beyond the output buffer: the canonicalizer's records and a short
// decoded string live on the stack.
func TestSmallCanonicalReencodingNeedsNoHeap(t *testing.T) {
	raw := []byte(`{ "z": [3, {"y": "caf\u00e9", "x": null}], "b": "\u003cb\u003e", "a": {"d": 1, "c": 2} }`)
	dst := make([]byte, 0, 4*len(raw))
	for name, f := range map[string]func(){
		"AppendCanonicalJSON": func() { _, _ = AppendCanonicalJSON(dst, raw) },
		"AppendSerdeValue":    func() { _, _ = AppendSerdeValue(dst, raw, SerdeMaxDepth) },
		"CanonicalJSONValue":  func() { _, _, _ = CanonicalJSONValue(dst, raw) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}
