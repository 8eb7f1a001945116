package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// chat and responses are the two APIs under the wire tests every adapter
// shares.
var (
	chat = wiretest.API[*openai.ChatExtras]{
		Decode:   openai.DecodeChatRequest,
		Encode:   openai.EncodeChatRequest,
		Sentinel: openai.ErrInvalidRequest,
		Member:   "messages",
		Paired:   true,
	}
	responses = wiretest.API[*openai.ResponsesExtras]{
		Decode:   openai.DecodeResponsesRequest,
		Encode:   openai.EncodeResponsesRequest,
		Sentinel: openai.ErrInvalidRequest,
		Member:   "input",
	}
)

func TestChatRoundTrip(t *testing.T) {
	chat.RoundTrip(t, "testdata/chat")
}

func TestResponsesRoundTrip(t *testing.T) {
	responses.RoundTrip(t, "testdata/responses")
}
