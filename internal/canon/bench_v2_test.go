//go:build go1.27

package canon

import (
	"encoding/json"
	"encoding/json/jsontext"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// BenchmarkCanonicalJSONVsJSONTextCorpus compares AppendCanonicalJSON with
// jsontext.Value.Canonicalize (Go 1.27 and later), both writing into a
// reused buffer, on a tool call's arguments carrying each corpus text at
// each size (made valid UTF-8 first, which jsontext requires). Two
// spellings of the same arguments are measured: "model", as a model
// writes them (members in the tool schema's order, so not sorted; only
// '"', '\\' and control characters escaped), and "marshal", as
// encoding/json.Marshal of a map writes them (members sorted, HTML
// characters escaped: canonical already in the encoding/json style). The
// figure is the speed-up (x-jsontext), summarized apart for texts of at
// least 300 bytes and for the 50-byte ones:
//
//	GOTOOLCHAIN=go1.27.3 go test -run '^$' -bench 'VsJSONTextCorpus' -cpu 1 ./internal/canon/
func BenchmarkCanonicalJSONVsJSONTextCorpus(b *testing.B) {
	for _, form := range []string{"model", "marshal"} {
		b.Run(form, func(b *testing.B) {
			var goal corpus.Goal
			for _, c := range corpus.Load(b) {
				for _, n := range corpus.Sizes {
					name := c.Name + "/" + strconv.Itoa(n)
					doc := toolArguments(b, form, c.Name, strings.ToValidUTF8(c.Prefix(n), "\uFFFD"))
					b.Run(name, func(b *testing.B) {
						buf := make([]byte, 0, 2*len(doc))
						v := append(make(jsontext.Value, 0, 2*len(doc)), doc...)
						if err := v.Canonicalize(); err != nil {
							b.Fatal(err)
						}
						r := corpus.Versus(b,
							func() { sinkBytes, _ = AppendCanonicalJSON(buf[:0], doc) },
							func() {
								v = append(v[:0], doc...)
								_ = v.Canonicalize()
							})
						b.ReportMetric(r.Speedup(), "x-jsontext")
						goal.Add(name, n, r.Speedup())
					})
				}
			}
			goal.Report(b, "x-jsontext", false)
		})
	}
}

// toolArguments returns a tool call's arguments writing text to a file,
// spelled as form says (see BenchmarkCanonicalJSONVsJSONTextCorpus).
func toolArguments(tb testing.TB, form, class, text string) []byte {
	path := "workspace/notes/" + class + ".txt"
	if form == "marshal" {
		doc, err := json.Marshal(map[string]string{"path": path, "content": text})
		if err != nil {
			tb.Fatal(err)
		}
		return doc
	}
	doc, _ := AppendSerdeString([]byte(`{"path":`), path)
	doc, _ = AppendSerdeString(append(doc, `,"content":`...), text)
	return append(doc, '}')
}
