package lipapi_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/lipapi"
)

// A legacy call carries its conversation as messages.
func Example_legacy() {
	call := lipapi.Call{
		ID:           "req_1",
		Instructions: []lipapi.Message{lipapi.TextMessage(lipapi.RoleSystem, "Answer briefly.")},
		Messages: []lipapi.Message{
			lipapi.TextMessage(lipapi.RoleUser, "What is 2+2?"),
		},
	}
	fmt.Println(call.HasItemAuthority(), call.Validate())
	// Output: false <nil>
}

// An item-authority call carries its conversation as ordered items: here a
// user message with an image, a tool call and its result, built by the
// constructors.
func Example_items() {
	call := lipapi.Call{
		Items: []lipapi.Item{
			lipapi.MessageItem(lipapi.RoleUser,
				lipapi.TextContent("Weather where this photo was taken?"),
				lipapi.ImageContent("https://example.com/street.jpg", "image/jpeg")),
			lipapi.ToolCall("call_1", "weather", json.RawMessage(`{"city":"Paris"}`)),
			lipapi.ToolResult("call_1", "weather", "18C, clear"),
		},
	}
	fmt.Println(call.HasItemAuthority(), call.Validate())
	// Output: true <nil>
}

// A validation error names the offending field by its Go path, never its
// content, and wraps ErrInvalidCall.
func ExampleCall_Validate() {
	call := lipapi.Call{Items: []lipapi.Item{lipapi.ToolResult("call_9", "", "orphan")}}
	err := call.Validate()
	var ve *lipapi.ValidationError
	if errors.As(err, &ve) {
		fmt.Println(errors.Is(err, lipapi.ErrInvalidCall))
		fmt.Println(ve.Field)
		fmt.Println(err)
	}
	// Output:
	// true
	// Items[0].ToolResult.CallID
	// Items[0].ToolResult.CallID: tool result has no earlier tool call
}

// An empty non-nil Items is item authority: a continuation that adds
// nothing to the previous response.
func ExampleCall_HasItemAuthority() {
	continuation := lipapi.Call{Items: []lipapi.Item{}, PreviousResponseID: "resp_1"}
	fmt.Println(continuation.HasItemAuthority(), continuation.Validate())

	continuation.PreviousResponseID = ""
	fmt.Println(continuation.Validate())
	// Output:
	// true <nil>
	// Items: items are required without a previous response id
}

// CloneCall copies deeply: writing through the clone leaves the original
// unchanged, and an empty Items stays empty rather than nil.
func ExampleCloneCall() {
	orig := lipapi.Call{Items: []lipapi.Item{
		lipapi.ToolCall("call_1", "weather", json.RawMessage(`{"city":"Paris"}`)),
	}}
	clone := lipapi.CloneCall(orig)
	clone.Items[0].ToolCall.Name = "news"
	clone.Items[0].ToolCall.Arguments[2] = 'C'
	fmt.Println(orig.Items[0].ToolCall.Name, string(orig.Items[0].ToolCall.Arguments))
	fmt.Println(clone.Items[0].ToolCall.Name, string(clone.Items[0].ToolCall.Arguments))

	empty := lipapi.CloneCall(lipapi.Call{Items: []lipapi.Item{}, PreviousResponseID: "resp_1"})
	fmt.Println(empty.Items != nil, empty.HasItemAuthority())
	// Output:
	// weather {"city":"Paris"}
	// news {"City":"Paris"}
	// true true
}

// CheckBounds is the cheap gate before expensive work: it judges a call's
// counts and sizes from lengths alone, with the error Validate gives for
// the same bound.
func ExampleCall_CheckBounds() {
	items := make([]lipapi.Item, lipapi.MaxItems+1)
	for i := range items {
		items[i] = lipapi.TextItem(lipapi.RoleUser, "hi")
	}
	call := lipapi.Call{Items: items}
	fmt.Println(call.CheckBounds())
	fmt.Println(call.Validate())
	// Output:
	// Items: too many items
	// Items: too many items
}
