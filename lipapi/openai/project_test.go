package openai_test

import "testing"

// Every projection of every corpus call encodes to a body that decodes
// again, without the excluded unit.
func TestChatProjectionsEncode(t *testing.T) {
	chat.ProjectionsEncode(t, "testdata/chat", 40)
}

func TestResponsesProjectionsEncode(t *testing.T) {
	responses.ProjectionsEncode(t, "testdata/responses", 40)
}
