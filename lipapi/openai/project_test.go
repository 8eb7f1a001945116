package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

func chatCodec(body []byte) (lipapi.Call, func(lipapi.Call) ([]byte, error), error) {
	call, x, err := openai.DecodeChatRequest(body)
	return call, func(c lipapi.Call) ([]byte, error) { return openai.EncodeChatRequest(c, x) }, err
}

func responsesCodec(body []byte) (lipapi.Call, func(lipapi.Call) ([]byte, error), error) {
	call, x, err := openai.DecodeResponsesRequest(body)
	return call, func(c lipapi.Call) ([]byte, error) { return openai.EncodeResponsesRequest(c, x) }, err
}

func chatPairing(body []byte, it lipapi.Item) (string, bool) {
	_, x, err := openai.DecodeChatRequest(body)
	if err != nil {
		return "", false
	}
	return x.ToolCallID(it)
}

// Every projection of every corpus call encodes to a body that decodes
// again, without the excluded unit.
func TestChatProjectionsEncode(t *testing.T) {
	n := 0
	for name, body := range wiretest.Corpus(t, "testdata/chat", "*.json") {
		n += wiretest.Projections(t, name, body, chatCodec, chatPairing)
	}
	if n < 40 {
		t.Errorf("only %d projections checked", n)
	}
}

func TestResponsesProjectionsEncode(t *testing.T) {
	n := 0
	for name, body := range wiretest.Corpus(t, "testdata/responses", "*.json") {
		n += wiretest.Projections(t, name, body, responsesCodec, nil)
	}
	if n < 40 {
		t.Errorf("only %d projections checked", n)
	}
}
