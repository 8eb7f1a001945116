package anthropic_test

import (
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/anthropic"
)

// A Messages body decodes to items: the system member leads, and the
// assistant turn's text and tool_use blocks and the user turn's tool_result
// and text blocks become one item each. A steering overlay projected after
// the last user message is written as a user message, since Messages has no
// system role inside the conversation.
func ExampleDecodeMessagesRequest() {
	body := []byte(`{"model":"claude-sonnet-4-5","max_tokens":512,"system":"Be brief.","messages":[
		{"role":"user","content":"Weather in Paris?"},
		{"role":"assistant","content":[{"type":"text","text":"Checking."},
			{"type":"tool_use","id":"t1","name":"get_weather","input":{"city":"Paris"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"14 C","cache_control":{"type":"ephemeral"}},
			{"type":"text","text":"Warm enough?"}]}]}`)
	call, extras, err := anthropic.DecodeMessagesRequest(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range call.Items {
		if it.Kind == lipapi.ItemKindToolCall {
			fmt.Println(it.ID, "tool call", it.ToolCall.CallID)
		} else {
			fmt.Println(it.ID, it.Role, it.Content[0].Kind)
		}
	}
	tail, _ := conversationprojection.ResolveAfterIngressTailAnchor(call, conversationprojection.Snapshot{})
	snap := conversationprojection.Snapshot{Steering: []conversationprojection.Overlay{{
		OverlayID: "units", Active: true, Message: conversationprojection.OverlayMessage{Text: "Use Celsius."},
		Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementAfterMessage, Anchor: &tail},
		AnchorMissingPolicy: conversationprojection.AnchorFailClosed,
	}}}
	projected, _, err := conversationprojection.Project(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := anthropic.EncodeMessagesRequest(projected, extras)
	fmt.Println(string(out))
	// Output:
	// system system text
	// m0 user text
	// m1 assistant text
	// m1.1 tool call t1
	// m2 tool tool_result
	// m2.1 user text
	// {"model":"claude-sonnet-4-5","max_tokens":512,"system":"Be brief.","messages":[{"role":"user","content":"Weather in Paris?"},{"role":"assistant","content":[{"type":"text","text":"Checking."},{"type":"tool_use","id":"t1","name":"get_weather","input":{"city":"Paris"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"14 C","cache_control":{"type":"ephemeral"}},{"type":"text","text":"Warm enough?"}]},{"role":"user","content":"Use Celsius."}]}
}
