package wiretest

import (
	"encoding/json"
	"testing"
)

// benchRoundTrip is API.Bench on corpus, roundTrip the adapter's decode
// and encode of a body.
func benchRoundTrip(b *testing.B, corpus map[string][]byte, roundTrip func([]byte) error) {
	for name, body := range corpus {
		b.Run(name+"/adapter", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := roundTrip(body); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/encoding_json", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v any
				if err := json.Unmarshal(body, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
