package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

func TestDigestHashesWhatWasAppended(t *testing.T) {
	long := strings.Repeat("é😀<a\u2028\xff\xe2\x80 plain ascii run ", 900) // crosses many chunk boundaries
	doc := mixedJSON(40 << 10)
	for _, tc := range []struct {
		name  string
		write func(d *Digest, dst []byte) ([]byte, error)
	}{
		{"AppendJSONString", func(d *Digest, dst []byte) ([]byte, error) { return d.AppendJSONString(dst, long), nil }},
		{"AppendCanonicalJSON", func(d *Digest, dst []byte) ([]byte, error) { return d.AppendCanonicalJSON(dst, doc) }},
		{"AppendCompactJSON", func(d *Digest, dst []byte) ([]byte, error) { return d.AppendCompactJSON(dst, doc) }},
		{"Feed between appends", func(d *Digest, dst []byte) ([]byte, error) {
			for i := 0; i < 50; i++ {
				dst = d.Feed(append(dst, doc[:1000]...))
			}
			return dst, nil
		}},
	} {
		plain, err := tc.write(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var d Digest
		pending, err := tc.write(&d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) >= 2*ChunkSize {
			t.Errorf("%s: %d bytes pending, want fewer than 2*ChunkSize", tc.name, len(pending))
		}
		if d.st == nil {
			t.Errorf("%s: the digest never streamed", tc.name)
		}
		if d.Sum256(pending) != sha256.Sum256(plain) {
			t.Errorf("%s: streamed digest differs from the digest of the appended bytes", tc.name)
		}
	}
}

func TestDigestOfSmallOutputDoesNotAllocate(t *testing.T) {
	text := strings.Repeat("a chat message of a few hundred bytes <b>&</b> é ", 5)
	want := sha256.Sum256(AppendJSONString([]byte("{"), text))
	json := []byte(`{"b":[1,2,"x<y"],"a":{"c":null}}`)
	wantJSON := sha256.Sum256([]byte(`{"a":{"c":null},"b":[1,2,"x\u003cy"]}{"b":[1,2,"x\u003cy"],"a":{"c":null}}`))
	allocs := testing.AllocsPerRun(100, func() {
		var stack [512]byte
		var d Digest
		b := append(stack[:0], '{')
		b = d.AppendJSONString(b, text)
		if d.Sum256(d.Feed(b)) != want {
			t.Fatal("wrong digest")
		}
		var d2 Digest
		b, err := d2.AppendCanonicalJSON(stack[:0], json)
		if err != nil {
			t.Fatal(err)
		}
		// Compaction is scanner-only: no allocation at all.
		if b, err = d2.AppendCompactJSON(b, json); err != nil || d2.Sum256(b) != wantJSON {
			t.Fatal("wrong JSON digest", err)
		}
	})
	if allocs > 3 { // canonical re-encoding's node arena, index and frame stacks
		t.Errorf("allocs = %v, want at most 3", allocs)
	}
}

func TestJSONStringChunkingNeverSplitsARune(t *testing.T) {
	// Put a multi-byte rune, and an invalid sequence, across every offset
	// around the first chunk boundary.
	for pad := ChunkSize - 5; pad <= ChunkSize+1; pad++ {
		for _, tail := range []string{"é", "😀", "\u2028", "\xf0\x9f\x98", "\xe2\x80\xa8"} {
			s := strings.Repeat("a", pad) + tail + "z"
			var d Digest
			got := d.AppendJSONString(nil, s)
			if d.Sum256(got) != sha256.Sum256(AppendJSONString(nil, s)) {
				t.Fatalf("pad %d tail %q: chunked output differs", pad, tail)
			}
		}
	}
}

func TestHexHelpers(t *testing.T) {
	sum := sha256.Sum256([]byte("abc"))
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got := Hex(sum); got != abc {
		t.Errorf("Hex = %s", got)
	}
	if got := SumHex([]byte("abc")); got != abc {
		t.Errorf("SumHex = %s", got)
	}
	if got := PrefixedHex("sha256:", sum); got != "sha256:"+abc {
		t.Errorf("PrefixedHex = %s", got)
	}
	if got := string(AppendHex([]byte("x"), []byte{0x00, 0xff, 0x1a})); got != "x00ff1a" {
		t.Errorf("AppendHex = %s", got)
	}
	for _, tc := range []struct {
		s, prefix string
		ok        bool
	}{
		{"v1:" + abc, "v1:", true},
		{"sha256:" + abc, "sha256:", true},
		{"v1:" + strings.ToUpper(abc), "v1:", false},
		{"v1:" + abc[:63], "v1:", false},
		{"v1:" + abc + "0", "v1:", false},
		{"v2:" + abc, "v1:", false},
		{"v1:" + abc[:63] + "g", "v1:", false},
		{"v1:" + abc[:63] + "\n", "v1:", false},
	} {
		if got := IsPrefixedDigest(tc.s, tc.prefix); got != tc.ok {
			t.Errorf("IsPrefixedDigest(%q) = %v", tc.s, got)
		}
	}
	id := "v1:" + abc
	ok := false
	if allocs := testing.AllocsPerRun(100, func() { ok = IsPrefixedDigest(id, "v1:") }); allocs != 0 || !ok {
		t.Errorf("IsPrefixedDigest allocates %v times", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { _ = PrefixedHex("sha256:", sum) }); allocs != 1 {
		t.Errorf("PrefixedHex allocates %v times", allocs)
	}
}

func TestParsePrefixedDigestInvertsPrefixedHex(t *testing.T) {
	for _, in := range []string{"", "abc", "a longer input with more bytes"} {
		sum := sha256.Sum256([]byte(in))
		got, ok := ParsePrefixedDigest(PrefixedHex("v1:", sum), "v1:")
		if !ok || got != sum {
			t.Errorf("%q: round trip failed", in)
		}
	}
	for _, bad := range []string{"v1:", "v1:" + strings.Repeat("A", 64), "v2:" + strings.Repeat("a", 64), "v1:" + strings.Repeat("a", 65)} {
		if _, ok := ParsePrefixedDigest(bad, "v1:"); ok {
			t.Errorf("%q accepted", bad)
		}
	}
	s := PrefixedHex("v1:", sha256.Sum256(nil))
	if allocs := testing.AllocsPerRun(100, func() { _, _ = ParsePrefixedDigest(s, "v1:") }); allocs != 0 {
		t.Errorf("allocs = %v", allocs)
	}
}

func TestAppendHexMatchesEncodingHex(t *testing.T) {
	var all [256]byte
	for i := range all {
		all[i] = byte(i)
	}
	for n := 0; n <= len(all); n++ {
		got := AppendHex([]byte("pre"), all[:n])
		if want := "pre" + hex.EncodeToString(all[:n]); string(got) != want {
			t.Fatalf("n=%d: got %s", n, got)
		}
	}
}

// TestStringWritersFillABufferSizedForTheOutput pins that the string
// writers, given a buffer whose capacity is exactly what they append,
// write into it and never grow it, for every class and size of the corpus
// and for strings that escape every byte.
func TestStringWritersFillABufferSizedForTheOutput(t *testing.T) {
	texts := map[string]string{
		"html":     strings.Repeat("<a&b>", 1000),
		"controls": strings.Repeat("\x00\x1f\n", 1000),
		"quotes":   strings.Repeat(`"\`, 1000),
		"invalid":  strings.Repeat("a\xff", 1000),
	}
	for _, c := range corpus.Load(t) {
		for _, n := range corpus.Sizes {
			texts[c.Name+"/"+strconv.Itoa(n)] = c.Prefix(n)
		}
	}
	for name, text := range texts {
		for style, write := range map[string]func([]byte) []byte{
			"json":  func(b []byte) []byte { return AppendJSONString(b, text) },
			"serde": func(b []byte) []byte { out, _ := AppendSerdeString(b, text); return out },
		} {
			want := write([]byte("pre"))
			if len(want) == 3 {
				continue // not valid UTF-8, which serde_json cannot write
			}
			buf := make([]byte, 3, len(want))
			copy(buf, "pre")
			var got []byte
			allocs := testing.AllocsPerRun(5, func() { got = write(buf[:3]) })
			if !bytes.Equal(got, want) || &got[0] != &buf[0] || allocs != 0 {
				t.Errorf("%s, %s style: %v allocations, output in place %v, equal %v", name, style, allocs, &got[0] == &buf[0], bytes.Equal(got, want))
			}
		}
	}
}
