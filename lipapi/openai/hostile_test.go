package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

func TestChatHostile(t *testing.T) {
	for name, body := range wiretest.Hostile(func(c string) string { return `{"messages":` + c + `}` }) {
		wiretest.CheckHostile(t, name, body, openai.ErrInvalidRequest, func(b []byte) error {
			_, _, err := openai.DecodeChatRequest(b)
			return err
		})
	}
}

func TestResponsesHostile(t *testing.T) {
	for name, body := range wiretest.Hostile(func(c string) string { return `{"input":` + c + `}` }) {
		wiretest.CheckHostile(t, name, body, openai.ErrInvalidRequest, func(b []byte) error {
			_, _, err := openai.DecodeResponsesRequest(b)
			return err
		})
	}
}

func FuzzDecodeChat(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		wiretest.Fuzz(t, body, openai.ErrInvalidRequest, chatCodec)
	})
}

func FuzzDecodeResponses(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte) {
		wiretest.Fuzz(t, body, openai.ErrInvalidRequest, responsesCodec)
	})
}
