package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// BenchmarkChatRoundTrip compares decoding and encoding each Chat corpus
// body with encoding/json's round trip of it through any.
func BenchmarkChatRoundTrip(b *testing.B) {
	wiretest.Bench(b, wiretest.Corpus(b, "testdata/chat", "*.json"), func(body []byte) error {
		call, x, err := openai.DecodeChatRequest(body)
		if err == nil {
			_, err = openai.EncodeChatRequest(call, x)
		}
		return err
	})
}

// BenchmarkResponsesRoundTrip is BenchmarkChatRoundTrip for Responses.
func BenchmarkResponsesRoundTrip(b *testing.B) {
	wiretest.Bench(b, wiretest.Corpus(b, "testdata/responses", "*.json"), func(body []byte) error {
		call, x, err := openai.DecodeResponsesRequest(body)
		if err == nil {
			_, err = openai.EncodeResponsesRequest(call, x)
		}
		return err
	})
}
