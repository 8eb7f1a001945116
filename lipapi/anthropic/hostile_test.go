package anthropic_test

import "testing"

func TestMessagesHostile(t *testing.T) {
	messages.RejectsHostile(t)
}

func FuzzDecodeMessages(f *testing.F) {
	f.Fuzz(messages.Fuzz)
}
