//go:build goexperiment.jsonv2

package canon

import (
	"encoding/json/jsontext"
	"testing"
)

// BenchmarkCanonicalJSONVsJSONText compares both canonical writers with
// jsontext.Value.Canonicalize (RFC 8785) on the same shapes. It exists only
// with GOEXPERIMENT=jsonv2:
//
//	GOEXPERIMENT=jsonv2 go test -run '^$' -bench VsJSONText -cpu 1 ./internal/canon/
func BenchmarkCanonicalJSONVsJSONText(b *testing.B) {
	benchCanonicalVs(b, func(tb testing.TB, doc []byte) func() {
		v := append(make(jsontext.Value, 0, len(doc)), doc...)
		if err := v.Canonicalize(); err != nil {
			tb.Fatal(err)
		}
		return func() {
			v = append(v[:0], doc...)
			_ = v.Canonicalize()
		}
	})
}
