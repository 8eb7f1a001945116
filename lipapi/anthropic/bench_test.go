package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

// BenchmarkMessagesRoundTrip compares decoding and encoding each corpus
// body with encoding/json's round trip of it through any.
func BenchmarkMessagesRoundTrip(b *testing.B) {
	wiretest.Bench(b, wiretest.Corpus(b, "testdata/messages", "*.json"), func(body []byte) error {
		call, x, err := anthropic.DecodeMessagesRequest(body)
		if err == nil {
			_, err = anthropic.EncodeMessagesRequest(call, x)
		}
		return err
	})
}
