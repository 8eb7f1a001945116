// Package wiretest holds the tests the wire adapters share: API runs the
// round-trip, held-out, projection, hostile-input, fuzz and benchmark
// checks on one request API of an adapter; the helpers compare JSON by
// value, load corpora and check rejections.
package wiretest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
)

// Value decodes JSON text into a comparable value: numbers as json.Number,
// object members whose value is null removed (the adapters may write null
// as absent and back).
func Value(t testing.TB, text []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, text)
	}
	return dropNulls(v)
}

func dropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil {
				delete(x, k)
			} else {
				x[k] = dropNulls(e)
			}
		}
	case []any:
		for i := range x {
			x[i] = dropNulls(x[i])
		}
	}
	return v
}

// SameJSON fails t unless got and want are the same JSON value (see Value).
func SameJSON(t testing.TB, name string, got, want []byte) {
	t.Helper()
	if !reflect.DeepEqual(Value(t, got), Value(t, want)) {
		t.Errorf("%s: JSON differs\n got: %s\nwant: %s", name, got, want)
	}
}

// Corpus returns the files of dir matching pattern, by name.
func Corpus(t testing.TB, dir, pattern string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus %s in %s: %v", pattern, dir, err)
	}
	sort.Strings(names)
	out := make(map[string][]byte, len(names))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}

// Canonical returns JSON text with its members sorted and white space
// removed (encoding/json's form of the value).
func Canonical(t testing.TB, text []byte) string {
	t.Helper()
	if len(text) == 0 {
		return ""
	}
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
