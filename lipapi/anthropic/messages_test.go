package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

func TestMessagesRoundTrip(t *testing.T) {
	for name, body := range wiretest.Corpus(t, "testdata/messages", "*.json") {
		call, x, err := anthropic.DecodeMessagesRequest(body)
		if err != nil {
			t.Errorf("%s: decode: %v", name, err)
			continue
		}
		out, err := anthropic.EncodeMessagesRequest(call, x)
		if err != nil {
			t.Errorf("%s: encode: %v", name, err)
			continue
		}
		wiretest.SameJSON(t, name, out, body)
	}
}
