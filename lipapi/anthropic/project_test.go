package anthropic_test

import "testing"

// Every projection of every corpus call encodes to a body that decodes
// again, without the excluded unit.
func TestMessagesProjectionsEncode(t *testing.T) {
	messages.ProjectionsEncode(t, "testdata/messages", 40)
}
