//go:build goexperiment.jsonv2

package canon

import (
	"encoding/json/jsontext"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// BenchmarkCanonicalJSONVsJSONText compares both canonical writers with
// jsontext.Value.Canonicalize (RFC 8785) on the same shapes. It exists only
// with GOEXPERIMENT=jsonv2:
//
//	GOEXPERIMENT=jsonv2 go test -run '^$' -bench VsJSONText -cpu 1 ./internal/canon/
func BenchmarkCanonicalJSONVsJSONText(b *testing.B) {
	for _, st := range []string{"json", "serde"} {
		b.Run(st, func(b *testing.B) {
			depth := MaxDepth
			if st == "serde" {
				depth = SerdeMaxDepth
			}
			var sum corpus.Summary
			for name, doc := range canonicalShapes(b, depth) {
				b.Run(name, func(b *testing.B) {
					buf := make([]byte, 0, 2*len(doc))
					v := make(jsontext.Value, 0, len(doc))
					write := func() { sinkBytes, _ = AppendCanonicalJSON(buf[:0], doc) }
					if st == "serde" {
						write = func() { sinkBytes, _ = AppendSerdeValue(buf[:0], doc, SerdeMaxDepth) }
					}
					v = append(v[:0], doc...)
					if err := v.Canonicalize(); err != nil {
						b.Fatal(err)
					}
					r := corpus.Versus(b, write, func() {
						v = append(v[:0], doc...)
						_ = v.Canonicalize()
					})
					b.ReportMetric(r.Speedup(), "x-faster")
					sum.Add(name, r.Speedup())
				})
			}
			sum.Report(b, "x-faster", false)
		})
	}
}
