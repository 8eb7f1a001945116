package anthropic_test

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
)

// TestEncodeInexpressible pins the encode errors of Messages: each wraps
// ErrInexpressible, names the package once and echoes no content.
func TestEncodeInexpressible(t *testing.T) {
	calls := wiretest.Inexpressible()
	user := lipapi.TextItem(lipapi.RoleUser, wiretest.Secret)
	calls["previous response"] = lipapi.Call{Items: []lipapi.Item{}, PreviousResponseID: "resp_1"}
	calls["refusal"] = lipapi.Call{Items: []lipapi.Item{user, lipapi.MessageItem(lipapi.RoleAssistant,
		lipapi.ContentPart{Kind: lipapi.ContentPartRefusal, Refusal: wiretest.Secret})}}
	calls["item reference"] = lipapi.Call{Items: []lipapi.Item{user, {Kind: lipapi.ItemKindItemReference, Reference: &lipapi.ItemReference{ID: wiretest.Secret}}}}
	for name, call := range calls {
		_, err := anthropic.EncodeMessagesRequest(call, nil)
		wiretest.CheckRejected(t, name, err, anthropic.ErrInexpressible)
	}
}
