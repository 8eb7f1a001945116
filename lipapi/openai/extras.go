package openai

import (
	"encoding/json"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// ChatExtras holds what a Chat Completions body carries beyond its
// lipapi.Call: the top-level members (model, tools, temperature...), the
// members of each message, content part and tool call that the call does
// not model (name, detail, cache marks, unknown members...), the form of
// each element (a string or an array content...) and the pairing of tool
// results with their calls. EncodeChatRequest writes them back.
//
// Extras are keyed by item ID (see the package documentation), so they
// stay valid for a call derived from the decoded one by removing,
// inserting or reordering items. A ChatExtras is immutable; the zero value
// and nil hold nothing.
type ChatExtras struct{ body wire.Body }

// Member returns the top-level member name of the body (such as "model"
// or "tools") as its JSON text, or false when the body has no such member
// or it is one the call holds ("messages").
func (x *ChatExtras) Member(name string) (json.RawMessage, bool) {
	return x.bodyOf().Member(name)
}

// ToolCallID returns the ID of the tool call that a tool-role message item
// of the decoded call answers (its tool_call_id), or false when item is not
// such an item.
func (x *ChatExtras) ToolCallID(item lipapi.Item) (string, bool) {
	return x.bodyOf().ToolCallID(&item)
}

func (x *ChatExtras) bodyOf() *wire.Body {
	if x == nil {
		return nil
	}
	return &x.body
}

// ResponsesExtras holds what a Responses body carries beyond its
// lipapi.Call: the top-level members (model, tools, store, reasoning...),
// the members of each input item and content part that the call does not
// model (annotations, detail, unknown members...), the form of each
// element and the pairing of function call outputs with their calls.
// EncodeResponsesRequest writes them back.
//
// Extras are keyed by item ID, like ChatExtras. A ResponsesExtras is
// immutable; the zero value and nil hold nothing.
type ResponsesExtras struct{ body wire.Body }

// Member returns the top-level member name of the body (such as "model"
// or "tools") as its JSON text, or false when the body has no such member
// or it is one the call holds ("input", "instructions" when a string,
// "previous_response_id").
func (x *ResponsesExtras) Member(name string) (json.RawMessage, bool) {
	return x.bodyOf().Member(name)
}

// ToolCallID returns the call_id that a tool-role message item of the
// decoded call (a function_call_output) answers, or false when item is not
// such an item.
func (x *ResponsesExtras) ToolCallID(item lipapi.Item) (string, bool) {
	return x.bodyOf().ToolCallID(&item)
}

func (x *ResponsesExtras) bodyOf() *wire.Body {
	if x == nil {
		return nil
	}
	return &x.body
}
