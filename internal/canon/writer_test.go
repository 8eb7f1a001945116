package canon

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"
)

func TestStreamingWriterDigestsTheAppendedBytes(t *testing.T) {
	long := strings.Repeat("é😀<a\u2028\xff\xe2\x80 plain ascii run ", 900) // crosses many chunk boundaries
	doc := mixedDocument(40 << 10)
	for _, tc := range []struct {
		name  string
		write func(w *Writer) error
	}{
		{"JSONString", func(w *Writer) error { w.JSONString(long); return nil }},
		{"CanonicalJSON", func(w *Writer) error { return w.CanonicalJSON(doc) }},
		{"CompactJSON", func(w *Writer) error { return w.CompactJSON(doc) }},
		{"Literal and Raw", func(w *Writer) error {
			w.Literal(long)
			w.Raw(doc)
			w.Byte('x')
			w.Literal("short")
			return nil
		}},
	} {
		var plain Writer
		if err := tc.write(&plain); err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		streamed := Writer{Out: h}
		if err := tc.write(&streamed); err != nil {
			t.Fatal(err)
		}
		if len(streamed.Buf) >= ChunkSize {
			t.Errorf("%s: %d bytes pending, want fewer than ChunkSize", tc.name, len(streamed.Buf))
		}
		streamed.Flush()
		want := sha256.Sum256(plain.Buf)
		if !bytes.Equal(h.Sum(nil), want[:]) {
			t.Errorf("%s: streamed digest differs from the digest of the appended bytes", tc.name)
		}
	}
}

func TestJSONStringChunkingNeverSplitsARune(t *testing.T) {
	// Put a multi-byte rune, and an invalid sequence, across every offset
	// around the first chunk boundary.
	for pad := ChunkSize - 5; pad <= ChunkSize+1; pad++ {
		for _, tail := range []string{"é", "😀", "\u2028", "\xf0\x9f\x98", "\xe2\x80\xa8"} {
			s := strings.Repeat("a", pad) + tail + "z"
			var w Writer
			w.JSONString(s)
			if want := AppendJSONString(nil, s); !bytes.Equal(w.Buf, want) {
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
	if allocs := testing.AllocsPerRun(100, func() { IsPrefixedDigest("v1:"+abc, "v1:") }); allocs != 0 {
		t.Errorf("IsPrefixedDigest allocates %v times", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { _ = PrefixedHex("sha256:", sum) }); allocs != 1 {
		t.Errorf("PrefixedHex allocates %v times", allocs)
	}
}
