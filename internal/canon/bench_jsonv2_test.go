package canon

import (
	"testing"

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
