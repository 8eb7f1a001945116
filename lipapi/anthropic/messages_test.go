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

// The held-out bodies were written from the public API reference after the
// adapter was done: round trip and projection validity hold on them too.
func TestHeldOut(t *testing.T) {
	for name, body := range wiretest.Corpus(t, "testdata/heldout", "*.json") {
		call, x, err := anthropic.DecodeMessagesRequest(body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := anthropic.EncodeMessagesRequest(call, x)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wiretest.SameJSON(t, name, out, body)
		wiretest.Projections(t, name, body, codec, pairing)
	}
}
