package openai_test

import "testing"

// BenchmarkChatRoundTrip compares decoding and encoding each Chat corpus
// body with encoding/json's round trip of it through any.
func BenchmarkChatRoundTrip(b *testing.B) {
	chat.Bench(b, "testdata/chat")
}

// BenchmarkResponsesRoundTrip is BenchmarkChatRoundTrip for Responses.
func BenchmarkResponsesRoundTrip(b *testing.B) {
	responses.Bench(b, "testdata/responses")
}
