package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

// messages is the Messages API under the wire tests every adapter shares.
var messages = wiretest.API[*anthropic.MessagesExtras]{
	Decode:   anthropic.DecodeMessagesRequest,
	Encode:   anthropic.EncodeMessagesRequest,
	Sentinel: anthropic.ErrInvalidRequest,
	Member:   "messages",
	Paired:   true,
}

func TestMessagesRoundTrip(t *testing.T) {
	messages.RoundTrip(t, "testdata/messages")
}

// The held-out bodies were written from the public API reference after the
// adapter was done: round trip and projection validity hold on them too.
func TestHeldOut(t *testing.T) {
	messages.HeldOut(t, "testdata/heldout")
}
