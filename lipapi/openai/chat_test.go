package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

func TestChatRoundTrip(t *testing.T) {
	for name, body := range wiretest.Corpus(t, "testdata/chat", "*.json") {
		call, x, err := openai.DecodeChatRequest(body)
		if err != nil {
			t.Errorf("%s: decode: %v", name, err)
			continue
		}
		out, err := openai.EncodeChatRequest(call, x)
		if err != nil {
			t.Errorf("%s: encode: %v", name, err)
			continue
		}
		wiretest.SameJSON(t, name, out, body)
	}
}

func TestResponsesRoundTrip(t *testing.T) {
	for name, body := range wiretest.Corpus(t, "testdata/responses", "*.json") {
		call, x, err := openai.DecodeResponsesRequest(body)
		if err != nil {
			t.Errorf("%s: decode: %v", name, err)
			continue
		}
		out, err := openai.EncodeResponsesRequest(call, x)
		if err != nil {
			t.Errorf("%s: encode: %v", name, err)
			continue
		}
		wiretest.SameJSON(t, name, out, body)
	}
}
