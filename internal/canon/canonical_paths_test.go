package canon

import (
	"bytes"
	"crypto/sha256"
	"testing"
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
