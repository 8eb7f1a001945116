package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

func TestMessagesHostile(t *testing.T) {
	for name, body := range wiretest.Hostile(func(c string) string { return `{"messages":` + c + `}` }) {
		wiretest.CheckHostile(t, name, body, anthropic.ErrInvalidRequest, func(b []byte) error {
			_, _, err := anthropic.DecodeMessagesRequest(b)
			return err
		})
	}
}

func FuzzDecodeMessages(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		wiretest.Fuzz(t, body, anthropic.ErrInvalidRequest, codec)
	})
}
