package canon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// largeObject returns an object with a member for each name, in that
// order, the i-th member's value being i (after sixteen spaces with pad), each name written as
// encoding/json writes it except that every third one led by a letter
// escapes it (so its decoded name lives apart from the document).
func largeObject(names []string, pad bool) []byte {
	b := []byte("{")
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		q, _ := json.Marshal(n)
		if i%3 == 0 && len(n) > 0 && n[0] >= 'a' && n[0] <= 'z' {
			q = append([]byte(fmt.Sprintf(`"\u%04x`, n[0])), q[2:]...)
		}
		b = append(b, q...)
		b = append(b, ':')
		if pad {
			// Sixteen bytes of white space a member take every object
			// here to the sort by keys.
			b = append(b, "                "...)
		}
		b = strconv.AppendInt(b, int64(i), 10)
	}
	return append(b, '}')
}

// serdeObjectReference writes the serde_json normalization of
// largeObject(names, pad): names sorted bytewise, the last of equal names
// winning.
func serdeObjectReference(t *testing.T, names []string) []byte {
	last := map[string]int{}
	for i, n := range names {
		last[n] = i
	}
	keys := make([]string, 0, len(last))
	for n := range last {
		keys = append(keys, n)
	}
	slices.Sort(keys)
	b := []byte("{")
	for i, n := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = AppendSerdeString(b, n); !ok {
			t.Fatalf("name %q is not valid UTF-8", n)
		}
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(last[n]), 10)
	}
	return append(b, '}')
}

// TestLargeObjectsSortAsEncodingJSON pins the ordering of objects large
// enough to be sorted by keys (more than keyedSortMin members) in both
// styles: names sharing long prefixes, names differing only past the
// eight bytes after their common prefix, names that are prefixes of one
// another or end in NUL bytes, repeated names, escaped names, member
// counts around the threshold and around powers of two, and random names
// over a small alphabet.
func TestLargeObjectsSortAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var cases [][]string
	perm := func(n int, name func(i int) string) []string {
		names := make([]string, n)
		for i, k := range rng.Perm(n) {
			names[i] = name(k)
		}
		return names
	}
	cases = append(cases,
		perm(1000, func(i int) string { return fmt.Sprintf("key_%06d", i) }),
		perm(300, func(i int) string { return fmt.Sprintf("https://example.com/api/v1/items/%d/part-%d", i%7, i) }),
		perm(200, func(i int) string {
			return "prefix-shared-by-all-" + strings.Repeat("x", 8) + strconv.Itoa(i%13) + "-" + strconv.Itoa(i)
		}),
		perm(120, func(i int) string { return "a" + strings.Repeat("\x00", i%11) + strings.Repeat("a", i/11) }),
		perm(100, func(i int) string { return strings.Repeat("é", i%9) + strconv.Itoa(i/9) }),
		perm(80, func(i int) string { return strconv.Itoa(i % 20) }), // every name four times
		perm(64, func(i int) string { return "" + strconv.Itoa(i%2) }),
	)
	for _, n := range []int{keyedSortMin, keyedSortMin + 1, 63, 64, 65, 127, 128, 129, 256, 257} {
		cases = append(cases, perm(n, func(i int) string { return fmt.Sprintf("k%03d", i*7919%1000) }))
	}
	alphabet := []string{"", "a", "b", "\x00", "é", "z", "中", "\x7f", "😀"}
	for trial := 0; trial < 300; trial++ {
		n := keyedSortMin + 1 + rng.Intn(200)
		names := make([]string, n)
		for i := range names {
			var b strings.Builder
			for l := rng.Intn(14); l > 0; l-- {
				b.WriteString(alphabet[rng.Intn(len(alphabet))])
			}
			names[i] = b.String()
		}
		cases = append(cases, names)
	}
	for i, names := range cases {
		// Without padding, objects of short members are sorted by
		// comparing names, which keeps the keys' memory bounded.
		doc := largeObject(names, i%2 == 0)
		want, err := jsonref.ViaEncodingJSON(doc)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := AppendCanonicalJSON(nil, doc); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%.60q…: encoding/json style\n got %.200q\nwant %.200q (%v)", doc, got, want, err)
		}
		want = serdeObjectReference(t, names)
		if got, err := AppendSerdeValue(nil, doc, SerdeMaxDepth); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%.60q…: serde_json style\n got %.200q\nwant %.200q (%v)", doc, got, want, err)
		}
	}
}
