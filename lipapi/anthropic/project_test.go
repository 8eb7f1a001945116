package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

func codec(body []byte) (lipapi.Call, func(lipapi.Call) ([]byte, error), error) {
	call, x, err := anthropic.DecodeMessagesRequest(body)
	return call, func(c lipapi.Call) ([]byte, error) { return anthropic.EncodeMessagesRequest(c, x) }, err
}

func pairing(body []byte, it lipapi.Item) (string, bool) {
	_, x, err := anthropic.DecodeMessagesRequest(body)
	if err != nil {
		return "", false
	}
	return x.ToolCallID(it)
}

// Every projection of every corpus call encodes to a body that decodes
// again, without the excluded unit.
func TestMessagesProjectionsEncode(t *testing.T) {
	n := 0
	for name, body := range wiretest.Corpus(t, "testdata/messages", "*.json") {
		n += wiretest.Projections(t, name, body, codec, pairing)
	}
	if n < 40 {
		t.Errorf("only %d projections checked", n)
	}
}
