package openai_test

import "testing"

func TestChatHostile(t *testing.T) {
	chat.RejectsHostile(t)
}

func TestResponsesHostile(t *testing.T) {
	responses.RejectsHostile(t)
}

func FuzzDecodeChat(f *testing.F) {
	f.Fuzz(chat.Fuzz)
}

func FuzzDecodeResponses(f *testing.F) {
	f.Fuzz(responses.Fuzz)
}
