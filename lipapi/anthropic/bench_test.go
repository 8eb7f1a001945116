package anthropic_test

import "testing"

// BenchmarkMessagesRoundTrip compares decoding and encoding each corpus
// body with encoding/json's round trip of it through any.
func BenchmarkMessagesRoundTrip(b *testing.B) {
	messages.Bench(b, "testdata/messages")
}
