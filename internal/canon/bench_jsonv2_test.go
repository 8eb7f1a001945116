package canon

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonv2"
)

// The benchmarks against json/v2 peers live here. They reach
// encoding/json/v2 and jsontext only through internal/jsonv2, so they
// compile and are vetted on every toolchain and run where json/v2 exists
// (Go 1.27; Go 1.25 and 1.26 with GOEXPERIMENT=jsonv2); see that package
// for how to add a peer.

// BenchmarkCanonicalJSONVsJSONText compares both canonical writers with
// jsontext.Value.Canonicalize (RFC 8785) on the same shapes:
//
//	go test -run '^$' -bench VsJSONText -cpu 1 ./internal/canon/
func BenchmarkCanonicalJSONVsJSONText(b *testing.B) {
	jsonv2.Require(b)
	benchCanonicalVs(b, func(tb testing.TB, doc []byte) func() {
		v := append(make([]byte, 0, len(doc)), doc...)
		if _, err := jsonv2.Canonicalize(v); err != nil {
			tb.Fatal(err)
		}
		return func() {
			v = append(v[:0], doc...)
			v, _ = jsonv2.Canonicalize(v)
		}
	})
}

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
//	go test -run '^$' -bench 'VsJSONTextCorpus' -cpu 1 ./internal/canon/
func BenchmarkCanonicalJSONVsJSONTextCorpus(b *testing.B) {
	jsonv2.Require(b)
	for _, form := range []string{"model", "marshal"} {
		b.Run(form, func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-jsontext", Speedup: true, BySize: true}
			for _, c := range corpus.Load(b) {
				for _, n := range corpus.Sizes {
					name := c.Name + "/" + strconv.Itoa(n)
					doc := toolArguments(b, form, c.Name, strings.ToValidUTF8(c.Prefix(n), "\uFFFD"))
					cases.Run(b, name, n, func(b *testing.B) corpus.Result {
						buf := make([]byte, 0, 2*len(doc))
						v := append(make([]byte, 0, 2*len(doc)), doc...)
						if _, err := jsonv2.Canonicalize(v); err != nil {
							b.Fatal(err)
						}
						return corpus.Versus(b,
							func() { sinkBytes, _ = AppendCanonicalJSON(buf[:0], doc) },
							func() {
								v = append(v[:0], doc...)
								v, _ = jsonv2.Canonicalize(v)
							})
					})
				}
			}
			cases.Report(b)
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
