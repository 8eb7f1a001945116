package openai_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// TestEncodeInexpressible pins the encode errors of both APIs: each wraps
// ErrInexpressible, names the package once and echoes no content.
func TestEncodeInexpressible(t *testing.T) {
	chatOnly := map[string]lipapi.Call{
		"previous response": {Items: []lipapi.Item{}, PreviousResponseID: "resp_1"},
		"reasoning item": {Items: []lipapi.Item{lipapi.TextItem(lipapi.RoleUser, wiretest.Secret),
			{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: &lipapi.ReasoningPart{Dialect: openai.ResponsesDialect, Text: wiretest.Secret}}}}},
		"item reference": {Items: []lipapi.Item{{Kind: lipapi.ItemKindItemReference, Reference: &lipapi.ItemReference{ID: wiretest.Secret}}}},
	}
	for name, call := range wiretest.Inexpressible() {
		_, err := openai.EncodeChatRequest(call, nil)
		wiretest.CheckRejected(t, "chat: "+name, err, openai.ErrInexpressible)
		_, err = openai.EncodeResponsesRequest(call, nil)
		wiretest.CheckRejected(t, "responses: "+name, err, openai.ErrInexpressible)
	}
	for name, call := range chatOnly {
		_, err := openai.EncodeChatRequest(call, nil)
		wiretest.CheckRejected(t, "chat: "+name, err, openai.ErrInexpressible)
	}
}
