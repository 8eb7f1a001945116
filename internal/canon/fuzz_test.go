package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// addSuiteSeeds adds every JSONTestSuite input to a fuzz corpus, on top of
// the seed corpus under testdata/fuzz.
func addSuiteSeeds(f *testing.F) {
	for _, b := range suiteFiles(f) {
		f.Add(b)
	}
}

// FuzzScanner checks the lax scanner against json.Valid, that strict mode
// accepts a subset of lax mode, and that skipping a value agrees with
// reading it token by token.
func FuzzScanner(f *testing.F) {
	addSuiteSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		lax := CheckJSON(b, MaxDepth)
		if (lax == nil) != json.Valid(b) {
			t.Fatalf("CheckJSON=%v, json.Valid=%v", lax, json.Valid(b))
		}
		if checkSerdeJSON(b, SerdeMaxDepth) == nil && lax != nil {
			t.Fatalf("strict accepted what lax rejected: %v", lax)
		}
		if lax != nil {
			return
		}
		var s Scanner
		s.Reset(b, false, MaxDepth)
		k, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SkipValue(k); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		// NextDecoding reads the same tokens as Next, each string's
		// decoded content equal to AppendString's, in both modes.
		for _, strict := range []bool{false, true} {
			var plain, dec Scanner
			plain.Reset(b, strict, MaxDepth)
			dec.Reset(b, strict, MaxDepth)
			buf := []byte("scratch")
			for {
				k1, err1 := plain.Next()
				k2, text, err2 := dec.NextDecoding(buf[:0])
				if k1 != k2 || (err1 == nil) != (err2 == nil) || string(plain.Raw()) != string(dec.Raw()) {
					t.Fatalf("strict=%t: Next %v %v, NextDecoding %v %v", strict, k1, err1, k2, err2)
				}
				if err1 != nil || k1 == KindEOF {
					break
				}
				if k1 == KindString {
					if want := plain.AppendString(nil); string(text) != string(want) {
						t.Fatalf("strict=%t: NextDecoding text %q, AppendString %q", strict, text, want)
					}
					if !dec.Verbatim() {
						buf = text
					}
				} else if text != nil {
					t.Fatalf("strict=%t: NextDecoding text %q for a %v token", strict, text, k1)
				}
			}
		}
	})
}

// FuzzCanonicalJSON checks the encoding/json style differentially against
// encoding/json: it fails exactly on invalid input and otherwise produces
// the bytes of a UseNumber decode and Marshal; its output is a fixed point,
// which streaming digests and CanonicalForm keeps.
func FuzzCanonicalJSON(f *testing.F) {
	addSuiteSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := AppendCanonicalJSON(nil, b)
		if (err == nil) != json.Valid(b) {
			t.Fatalf("err=%v, json.Valid=%v", err, json.Valid(b))
		}
		if err != nil {
			return
		}
		want, err := jsonref.ViaEncodingJSON(b)
		if err != nil {
			t.Fatalf("baseline: %v", err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("\n got %q\nwant %q", got, want)
		}
		again, err := AppendCanonicalJSON(nil, got)
		if err != nil || !bytes.Equal(again, got) {
			t.Fatalf("not a fixed point: %q, %v", again, err)
		}
		// Streaming into a hash digests exactly the same bytes.
		var d Digest
		pending, err := d.AppendCanonicalJSON(nil, b)
		if err != nil {
			t.Fatal(err)
		}
		if d.Sum256(pending) != sha256.Sum256(got) {
			t.Fatal("streamed digest differs")
		}
		// CanonicalForm keeps exactly those bytes when they fit.
		for _, limit := range []int{len(b) + len(got), len(got), len(got) - 1} {
			form, fits, err := CanonicalForm(b, limit)
			if err != nil || fits != (limit >= len(got)) || fits && !bytes.Equal(form, got) {
				t.Fatalf("CanonicalForm, limit %d: %q, fits %v, %v", limit, form, fits, err)
			}
		}
	})
}

// FuzzCompactJSON checks compaction against json.Marshal of a RawMessage.
func FuzzCompactJSON(f *testing.F) {
	addSuiteSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := AppendCompactJSON(nil, b)
		want, werr := json.Marshal(json.RawMessage(b))
		if (err == nil) != (werr == nil) {
			t.Fatalf("err=%v, Marshal err=%v", err, werr)
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Fatalf("\n got %q\nwant %q", got, want)
		}
	})
}

// FuzzJSONString checks the encoding/json string escaper, appending and
// streaming, against the rule and json.Marshal of a Go string
// (jsonStringWant).
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "<&>", "\u2028", "\xff\xfe", "\xed\xa0\x80", "é😀\x00\x1f\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := jsonStringWant(t, s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("\n got %q\nwant %q", got, want)
		}
		var d Digest
		if d.Sum256(d.AppendJSONString(nil, s)) != sha256.Sum256(want) {
			t.Fatal("streamed digest differs")
		}
	})
}

// FuzzSerdeValue checks serde_json normalization: it accepts a subset of
// what encoding/json accepts, keeps the value (numbers compared as
// float64), and is idempotent.
func FuzzSerdeValue(f *testing.F) {
	addSuiteSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := AppendSerdeValue(nil, b, SerdeMaxDepth)
		if err != nil {
			return
		}
		if !json.Valid(b) {
			t.Fatalf("accepted invalid JSON")
		}
		again, err := AppendSerdeValue(nil, got, SerdeMaxDepth)
		if err != nil || !bytes.Equal(again, got) {
			t.Fatalf("not idempotent: %q -> %q, %v", got, again, err)
		}
		if !reflect.DeepEqual(floatTree(t, b), floatTree(t, got)) {
			t.Fatalf("value changed: %q -> %q", b, got)
		}
		if legacy := AppendSerdeLegacy(nil, got); !json.Valid(legacy) ||
			!reflect.DeepEqual(floatTree(t, legacy), floatTree(t, got)) {
			t.Fatalf("legacy layout changed the value: %q", legacy)
		}
		// Embedded in an array, read through a Scanner: SerdeValueFrom
		// gives the same text, the document's own bytes exactly when
		// the value is already normalized.
		doc := append(append([]byte("["), b...), ']')
		var s Scanner
		s.Reset(doc, true, SerdeMaxDepth+1)
		if _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
		k, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		norm, inScratch, err := SerdeValueFrom([]byte("scratch"), &s, k)
		switch {
		case err != nil:
			t.Fatal(err)
		case inScratch && string(norm) != "scratch"+string(got):
			t.Fatalf("SerdeValueFrom = %q, AppendSerdeValue = %q", norm, got)
		case !inScratch:
			// The document's own bytes: a subslice of doc.
			at := cap(doc) - cap(norm)
			if !bytes.Equal(norm, got) || at < 0 || at >= len(doc) || &doc[at] != &norm[0] {
				t.Fatalf("SerdeValueFrom = %q, not AppendSerdeValue's %q within the document", norm, got)
			}
		}
	})
}

// floatTree decodes b with encoding/json, numbers as float64 (with -0
// distinguished), for value comparison.
func floatTree(t *testing.T, b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %q: %v", b, err)
	}
	var conv func(any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			f, err := strconv.ParseFloat(string(x), 64)
			if err != nil {
				t.Fatalf("number %s: %v", x, err)
			}
			return [2]any{f, math.Signbit(f)}
		case []any:
			for i := range x {
				x[i] = conv(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = conv(x[k])
			}
		}
		return v
	}
	return conv(v)
}

// FuzzSerdeFloat checks that both float layouts read back to the same bits
// and differ only by the '+' of non-negative exponents.
func FuzzSerdeFloat(f *testing.F) {
	for _, bits := range []uint64{0, 1 << 63, 0x3ff0000000000000, 0x4341c37937e08000, 0x0000000000000001, 0x7fefffffffffffff, 0x3ee4f8b588e368f1, 0x7ff8000000000000} {
		f.Add(bits)
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		v := math.Float64frombits(bits)
		cur := AppendSerdeFloat(nil, v, true)
		legacy := AppendSerdeFloat(nil, v, false)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			if string(cur) != "null" || string(legacy) != "null" {
				t.Fatalf("%v: %s %s", v, cur, legacy)
			}
			return
		}
		if got := bytes.Replace(cur, []byte("e+"), []byte("e"), 1); !bytes.Equal(got, legacy) {
			t.Fatalf("layouts differ beyond '+': %s %s", cur, legacy)
		}
		for _, out := range [][]byte{cur, legacy} {
			if !json.Valid(out) {
				t.Fatalf("%s is not a JSON number", out)
			}
			back, err := strconv.ParseFloat(string(out), 64)
			if err != nil || math.Float64bits(back) != bits {
				t.Fatalf("%s reads back as %x, want %x", out, math.Float64bits(back), bits)
			}
			if !bytes.ContainsAny(out, ".e") {
				t.Fatalf("%s does not look like a float", out)
			}
		}
	})
}
