package canon

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// mixedDocument builds a deterministic JSON document of at least size bytes:
// nested objects with unsorted keys, unicode and HTML characters, escapes,
// and numbers in every form.
func mixedDocument(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"zeta":"start","items":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"item %d <b>&amp;</b> é中😀","id":%d,"score":%d.%02d,"exp":%de-%d,`+
			`"neg":-%d,"big":1844674407370955161%d,"flag":%t,"none":null,`+
			`"nested":{"y":[%d,2.50,1E+2,-0],"x":"tab\tquote\"slash\\/ \u2028","a":{"c":"\u00e9\ud83d\ude00","b":[]}},`+
			`"tags":["alpha","beta","gamma"],"text":"The quick brown fox jumps over the lazy dog %d times."}`,
			i, i, i%100, i%97, i%10+1, i%9+1, i, i%10, i%2 == 0, i, i)
	}
	b.WriteString(`],"alpha":{"k2":2,"k1":1}}`)
	return []byte(b.String())
}

// chatMessage is a ~300-byte chat message as an LLM proxy sees it.
var chatMessage = []byte(`{"role":"user","content":[{"type":"text","text":"Can you summarise the attached report and list the three biggest risks? Please keep it under 200 words & use bullet points <if possible>."}],"metadata":{"trace_id":"abc123","turn":7,"temperature":0.7}}`)

func BenchmarkCanonicalJSON(b *testing.B) {
	for _, in := range []struct {
		name string
		doc  []byte
	}{{"64KiB", mixedDocument(64 << 10)}, {"chat300", chatMessage}} {
		b.Run(in.name+"/canon", func(b *testing.B) {
			b.SetBytes(int64(len(in.doc)))
			b.ReportAllocs()
			buf := make([]byte, 0, 2*len(in.doc))
			for i := 0; i < b.N; i++ {
				if _, err := AppendCanonicalJSON(buf[:0], in.doc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/baseline-encoding-json", func(b *testing.B) {
			b.SetBytes(int64(len(in.doc)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := jsonBaseline(in.doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDigest(b *testing.B) {
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 1500) // ~66 KB, no escapes
	quoted := AppendJSONString(nil, text)
	doc := mixedDocument(64 << 10)
	canonical, _ := AppendCanonicalJSON(nil, doc)
	b.Run("string/streamed", func(b *testing.B) {
		b.SetBytes(int64(len(quoted)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var buf [512]byte
			var d Digest
			_ = d.Sum256(d.AppendJSONString(buf[:0], text))
		}
	})
	b.Run("string/baseline-sum256", func(b *testing.B) {
		b.SetBytes(int64(len(quoted)))
		for i := 0; i < b.N; i++ {
			_ = sha256.Sum256(quoted)
		}
	})
	b.Run("feed/streamed", func(b *testing.B) {
		// Canonical bytes as a writer produces them, a few hundred at a
		// time, fed through a Digest: the cost of streaming itself.
		b.SetBytes(int64(len(canonical)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var buf [ChunkSize + 512]byte
			var d Digest
			pending := buf[:0]
			for rest := canonical; len(rest) > 0; {
				n := min(len(rest), 300)
				pending = d.Feed(append(pending, rest[:n]...))
				rest = rest[n:]
			}
			_ = d.Sum256(pending)
		}
	})
	b.Run("compact/streamed", func(b *testing.B) {
		b.SetBytes(int64(len(canonical)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var buf [512]byte
			var d Digest
			pending, err := d.AppendCompactJSON(buf[:0], canonical)
			if err != nil {
				b.Fatal(err)
			}
			_ = d.Sum256(pending)
		}
	})
	b.Run("canonical/streamed", func(b *testing.B) {
		b.SetBytes(int64(len(canonical)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var buf [512]byte
			var d Digest
			pending, err := d.AppendCanonicalJSON(buf[:0], canonical)
			if err != nil {
				b.Fatal(err)
			}
			_ = d.Sum256(pending)
		}
	})
	b.Run("doc/baseline-sum256", func(b *testing.B) {
		b.SetBytes(int64(len(canonical)))
		for i := 0; i < b.N; i++ {
			_ = sha256.Sum256(canonical)
		}
	})
}

var _ = json.Valid
