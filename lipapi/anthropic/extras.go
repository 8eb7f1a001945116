package anthropic

import (
	"encoding/json"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// MessagesExtras holds what a Messages body carries beyond its
// lipapi.Call: the top-level members (model, max_tokens, tools,
// thinking...), the members of each message and block that the call does
// not model (cache_control, citations, is_error, title, unknown
// members...), the form of each element (a string or an array content or
// system) and the pairing of tool results with their tool_use blocks.
// EncodeMessagesRequest writes them back.
//
// Extras are keyed by item ID (see the package documentation), so they
// stay valid for a call derived from the decoded one by removing,
// inserting or reordering items. A MessagesExtras is immutable; the zero
// value and nil hold nothing.
type MessagesExtras struct{ body wire.Body }

// Member returns the top-level member name of the body (such as "model"
// or "max_tokens") as its JSON text, or false when the body has no such
// member or it is one the call holds ("messages", "system").
func (x *MessagesExtras) Member(name string) (json.RawMessage, bool) {
	return x.bodyOf().Member(name)
}

// ToolCallID returns the tool_use_id that a tool-role message item of the
// decoded call (a tool_result block) answers, or false when item is not
// such an item.
func (x *MessagesExtras) ToolCallID(item lipapi.Item) (string, bool) {
	return x.bodyOf().ToolCallID(&item)
}

func (x *MessagesExtras) bodyOf() *wire.Body {
	if x == nil {
		return nil
	}
	return &x.body
}
