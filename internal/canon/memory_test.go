package canon

import (
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// allocated returns the bytes f allocates in one call.
func allocated(f func()) uint64 { return corpus.Allocated(f) }

// hostileShapes returns corpus.HostileJSON as byte slices.
func hostileShapes(size, depth int) map[string][]byte {
	m := make(map[string][]byte)
	for name, doc := range corpus.HostileJSON(size, depth) {
		m[name] = []byte(doc)
	}
	return m
}

// canonicalAllocated returns the bytes that re-encoding doc in style st
// (AppendCanonicalJSON(nil, doc), or AppendSerdeValue(nil, doc,
// SerdeMaxDepth)) allocates, and its output.
func canonicalAllocated(t *testing.T, doc []byte, st style) (uint64, []byte) {
	t.Helper()
	var out []byte
	n := allocated(func() {
		var err error
		if st == styleJSON {
			out, err = AppendCanonicalJSON(nil, doc)
		} else {
			out, err = AppendSerdeValue(nil, doc, SerdeMaxDepth)
		}
		if err != nil {
			t.Fatal(err)
		}
	})
	return n, out
}

// mixedJSON returns corpus.MixedJSON as a byte slice.
func mixedJSON(size int) []byte { return []byte(corpus.MixedJSON(size)) }

func TestCanonicalMemoryIsASmallMultipleOfTheInput(t *testing.T) {
	for name, doc := range hostileShapes(2<<20, MaxDepth) {
		n, out := canonicalAllocated(t, doc, styleJSON)
		if limit := 3*len(doc) + len(out); n > uint64(limit) {
			t.Errorf("AppendCanonicalJSON %s: %d bytes allocated for %d in, %d out; want at most %d", name, n, len(doc), len(out), limit)
		}
	}
	for name, doc := range hostileShapes(2<<20, SerdeMaxDepth) {
		if name == "raw-html-long" {
			continue // no different from other strings for serde
		}
		n, out := canonicalAllocated(t, doc, styleSerde)
		if limit := 3*len(doc) + len(out); n > uint64(limit) {
			t.Errorf("AppendSerdeValue %s: %d bytes allocated for %d in, %d out; want at most %d", name, n, len(doc), len(out), limit)
		}
	}
}

func TestDigestOfHugeStringsAllocatesAtMostTwiceTheInput(t *testing.T) {
	doc := []byte(`{"s":"` + strings.Repeat("<", 4<<20) + `"}`)
	for _, tc := range []struct {
		name  string
		write func(d *Digest) ([]byte, error)
	}{
		{"AppendCompactJSON", func(d *Digest) ([]byte, error) { return d.AppendCompactJSON(nil, doc) }},
		{"AppendCanonicalJSON", func(d *Digest) ([]byte, error) { return d.AppendCanonicalJSON(nil, doc) }},
		{"AppendJSONString", func(d *Digest) ([]byte, error) { return d.AppendJSONString(nil, string(doc[6:len(doc)-2])), nil }},
	} {
		n := allocated(func() {
			var d Digest
			b, err := tc.write(&d)
			if err != nil {
				t.Fatal(err)
			}
			d.Sum256(b)
		})
		if n > uint64(2*len(doc)) {
			t.Errorf("%s: %d bytes allocated for %d in", tc.name, n, len(doc))
		}
	}
}

// TestCanonicalWorkIsLinear pins, by bytes allocated rather than time, that
// re-encoding grows linearly in the number of keys and in nesting: doubling
// the input at most about doubles the memory.
func TestCanonicalWorkIsLinear(t *testing.T) {
	measure := func(doc []byte) uint64 {
		return allocated(func() {
			if _, err := AppendCanonicalJSON(nil, doc); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, size := range []int{256 << 10, 512 << 10} {
		small, big := hostileShapes(size, MaxDepth/4), hostileShapes(2*size, MaxDepth/2)
		for _, name := range []string{"many-keys", "deep", "mixed"} {
			a, b := measure(small[name]), measure(big[name])
			if r := float64(b) / float64(a); r > 2.5 {
				t.Errorf("%s: doubling from %d bytes grows allocation %.2fx", name, len(small[name]), r)
			}
		}
	}
}

// TestDeepNestingCostsAFewWordsPerLevel pins the memory of a document that
// is nothing but nesting at the limit, unsorted at every level: besides the
// output, a bounded number of bytes per level (the open-object, member,
// record and frame stacks, with their growth), whatever the input size.
func TestDeepNestingCostsAFewWordsPerLevel(t *testing.T) {
	doc := []byte(strings.Repeat(`{"b":0,"a":`, MaxDepth) + "1" + strings.Repeat("}", MaxDepth))
	var out []byte
	n := allocated(func() {
		var err error
		if out, err = AppendCanonicalJSON(nil, doc); err != nil {
			t.Fatal(err)
		}
	})
	if limit := len(out) + 256*MaxDepth; n > uint64(limit) {
		t.Errorf("%d bytes allocated, want at most %d", n, limit)
	}
}

// TestEscapingGrowsAtTheRateSeen pins that escaping a long string into a
// buffer too small for its escaped form grows the buffer at the rate of
// expansion seen, once or twice, rather than by the rest of the input at a
// time: at most two and a half times the output in all (a first guess of
// the input's length, then growth at the rate seen), for strings that
// expand six times, three and a half times and an eighth. (Growing by the
// rest of the input at a time allocated 3.5 times the output.)
func TestEscapingGrowsAtTheRateSeen(t *testing.T) {
	for _, s := range []string{strings.Repeat("<", 1<<20), strings.Repeat("a<", 1<<19), strings.Repeat("abcdefg\n", 1<<17)} {
		var out []byte
		n := allocated(func() { out = AppendJSONString(nil, s) })
		if limit := 2*len(out) + len(out)/2; n > uint64(limit) {
			t.Errorf("%.8q…: %d bytes allocated for %d out, want at most %d", s, n, len(out), limit)
		}
	}
}

// TestCanonicalMemoryOfMinimalUnsortedObjects pins the package
// documentation's ceiling, three times the input besides the output, in
// both styles, on the documents whose records weigh most against their
// length, at every size from one object to a few MiB (in steps of a
// quarter, then doubling): arrays of minimal objects with their names out
// of order, of two, three and empty names (the duplicate dropped), nested
// in each other or with escaped names; an object of minimal members
// repeating one name, plain or escaped; and duplicates dropped with the
// records of their values: objects of them, or one array of them.
func TestCanonicalMemoryOfMinimalUnsortedObjects(t *testing.T) {
	array := func(n int, obj string) string { return "[" + strings.Repeat(obj+",", n) + obj + "]" }
	shapes := map[string]func(n int) string{
		"objects":           func(n int) string { return array(n, `{"b":1,"a":2}`) },
		"three":             func(n int) string { return array(n, `{"c":1,"b":2,"a":3}`) },
		"empty names":       func(n int) string { return array(n, `{"":0,"":0}`) },
		"nested":            func(n int) string { return array(n, `{"b":{"b":1,"a":2},"a":2}`) },
		"escaped names":     func(n int) string { return array(n, `{"\n":0,"\t":1}`) },
		"duplicates":        func(n int) string { return `{"o":{` + strings.Repeat(`"b":1,`, n) + `"a":1}}` },
		"escaped duplicate": func(n int) string { return `{"o":{` + strings.Repeat(`"\n":0,`, n) + `"a":1}}` },
		"duplicate objects": func(n int) string { return `{"o":{` + strings.Repeat(`"x":{"b":1,"a":2},`, n) + `"a":1}}` },
		"dropped array":     func(n int) string { return `{"a":` + array(n, `{"b":1,"a":2}`) + `,"a":0}` },
	}
	for n := 1; n <= 1<<17; n += (n + 1) / 2 { // 1, 2, 3, 5, 8, 12, 18, 27, …
		for name, shape := range shapes {
			doc := []byte(shape(n))
			for _, st := range []style{styleJSON, styleSerde}[:1+n%2] {
				a, out := canonicalAllocated(t, doc, st)
				if limit := 3*len(doc) + len(out); a > uint64(limit) {
					t.Errorf("%s of %d bytes, style %d: %d bytes allocated, %d out; want at most %d", name, len(doc), st, a, len(out), limit)
				}
			}
		}
	}
}
