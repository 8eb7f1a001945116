package canon

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"strings"
	"testing"
)

// nestedDocs returns documents for AppendCanonicalJSONString: short and
// long, canonical and not, with multi-byte characters at every alignment
// to the windows the canonical bytes stream through.
func nestedDocs() map[string][]byte {
	docs := map[string][]byte{
		"number":      []byte(`1`),
		"short":       []byte(` {"b":"x<y","a":[1,2.50,"\"q\""]} `),
		"mixed-40k":   mixedJSON(40 << 10),
		"html-string": []byte(`"` + strings.Repeat("<", 300<<10) + `"`),
		"canonical":   []byte(`"` + strings.Repeat(`\u003c\"\\`, 20<<10) + `"`),
	}
	for name, doc := range hostileShapes(96<<10, 200) {
		docs["hostile-"+name] = doc
	}
	for _, r := range []string{"é", "中", "😀"} {
		for shift := 0; shift < 4; shift++ {
			pad := strings.Repeat("a", shift)
			// Canonical as it is (copied through the window whole) and
			// not (an unsorted object: rewritten token by token).
			docs["canonical-"+r+pad] = []byte(`"` + pad + strings.Repeat(r, 40<<10) + `"`)
			docs["rewritten-"+r+pad] = []byte(`{"b":"` + pad + strings.Repeat(r+`\n`, 20<<10) + `","a":0}`)
		}
	}
	return docs
}

func TestAppendCanonicalJSONStringIsTheEscapedCanonicalForm(t *testing.T) {
	for name, doc := range nestedDocs() {
		c, err := AppendCanonicalJSON(nil, doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := AppendJSONString([]byte("head,"), c)
		var nilDigest *Digest
		got, err := nilDigest.AppendCanonicalJSONString([]byte("head,"), doc)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: nil Digest: %v, output differs", name, err)
		}
		var d Digest
		pending, err := d.AppendCanonicalJSONString([]byte("head,"), doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sum := d.Sum256(append(pending, ",tail"...)); sum != sha256.Sum256(append(want, ",tail"...)) {
			t.Errorf("%s: streamed digest differs from the digest of the escaped canonical form", name)
		}
		if len(doc) >= ChunkSize && d.st == nil {
			t.Errorf("%s: a %d-byte document did not stream", name, len(doc))
		}
	}
}

func TestAppendCanonicalJSONStringRejectsWhatCanonicalJSONRejects(t *testing.T) {
	long := strings.Repeat(`"abc",`, ChunkSize)
	for _, doc := range []string{``, ` `, `{"a":1}x`, `[1,]`, "\"\x01\"", "[" + long + "]]", "[" + long + "nul]"} {
		_, want := AppendCanonicalJSON(nil, []byte(doc))
		var d Digest
		got, err := d.AppendCanonicalJSONString([]byte("head"), []byte(doc))
		if err == nil || !errors.Is(err, ErrSyntax) || err.Error() != want.Error() {
			t.Errorf("%.20q: error %v, want %v", doc, err, want)
		}
		if string(got) != "head" || d.Sum256(nil) != sha256.Sum256(nil) {
			t.Errorf("%.20q: dst %q, or the digest was fed", doc, got)
		}
	}
}

// TestAppendCanonicalJSONStringStreamsInFixedMemory: a 4 MiB string of
// '<', whose canonical form is six times longer and whose nested form is
// seven times longer, is digested in a fixed amount of memory.
func TestAppendCanonicalJSONStringStreamsInFixedMemory(t *testing.T) {
	doc := []byte(`"` + strings.Repeat("<", 4<<20) + `"`)
	n := allocated(func() {
		var d Digest
		out, err := d.AppendCanonicalJSONString(nil, doc)
		if err != nil {
			t.Fatal(err)
		}
		sinkSum = d.Sum256(out)
	})
	if n > 128<<10 {
		t.Errorf("%d bytes allocated for a %d-byte document; want at most 128 KiB", n, len(doc))
	}
}

func FuzzAppendCanonicalJSONString(f *testing.F) {
	for _, s := range []string{`{"b":[1,2.50],"a":"x<y"}`, `"é\u2028"`, "\"\xff\xe2\x80\"", `{"a":1,"a":{"b":"\\"}}`, `[1,]`} {
		f.Add([]byte(s), uint16(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, pad uint16) {
		// The value alone, and embedded in a document long enough to
		// stream, shifted by pad bytes.
		long := append([]byte(`["`+strings.Repeat("é", int(pad)%7)+strings.Repeat("ab<", ChunkSize/2)+`",`), data...)
		long = append(long, ']')
		for _, doc := range [][]byte{data, long} {
			c, cerr := AppendCanonicalJSON(nil, doc)
			var d Digest
			out, err := d.AppendCanonicalJSONString(nil, doc)
			if (err == nil) != (cerr == nil) {
				t.Fatalf("error %v, AppendCanonicalJSON error %v", err, cerr)
			}
			if err != nil {
				continue
			}
			if d.Sum256(out) != sha256.Sum256(AppendJSONString(nil, c)) {
				t.Fatalf("digest differs from the escaped canonical form of %q", doc)
			}
		}
	})
}
