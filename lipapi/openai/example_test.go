package openai_test

import (
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// A Chat Completions body decodes to items; what the call does not model
// stays in the extras, and encoding the call with them gives the body back.
func ExampleDecodeChatRequest() {
	body := []byte(`{"model":"gpt-4.1","temperature":0.2,"messages":[
		{"role":"system","content":"Be brief."},
		{"role":"user","content":[{"type":"text","text":"What is this?"},
			{"type":"image_url","image_url":{"url":"https://example.com/cat.png","detail":"low"}}]}]}`)
	call, extras, err := openai.DecodeChatRequest(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range call.Items {
		fmt.Println(it.ID, it.Role, len(it.Content), "part(s)")
	}
	model, _ := extras.Member("model")
	fmt.Println("model:", string(model))
	out, _ := openai.EncodeChatRequest(call, extras)
	fmt.Println(string(out))
	// Output:
	// m0 system 1 part(s)
	// m1 user 2 part(s)
	// model: "gpt-4.1"
	// {"model":"gpt-4.1","temperature":0.2,"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":[{"type":"text","text":"What is this?"},{"type":"image_url","image_url":{"url":"https://example.com/cat.png","detail":"low"}}]}]}
}

// A Responses body with a function call and its output: the call is a
// tool_call item, the output a tool-role message item.
func ExampleDecodeResponsesRequest() {
	body := []byte(`{"model":"gpt-4.1","instructions":"Be brief.","input":[
		{"role":"user","content":"Weather in Paris?"},
		{"type":"function_call","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},
		{"type":"function_call_output","call_id":"c1","output":"14 C"}]}`)
	call, extras, err := openai.DecodeResponsesRequest(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range call.Items {
		switch it.Kind {
		case lipapi.ItemKindToolCall:
			fmt.Println(it.ID, "tool call", it.ToolCall.Name, string(it.ToolCall.Arguments))
		default:
			if callID, ok := extras.ToolCallID(it); ok {
				fmt.Println(it.ID, it.Role, it.Content[0].Kind, "answers", callID)
			} else {
				fmt.Println(it.ID, it.Role, it.Content[0].Kind)
			}
		}
	}
	// Output:
	// instructions system text
	// i0 user text
	// i1 tool call get_weather {"city":"Paris"}
	// i2 tool tool_result answers c1
}

// A tool output holding a secret is kept from the backend by tagging its
// identity never_backend: the tool result is a message item of role tool.
// Project removes it, and Encode leaves out the tool call it answered,
// since the API rejects a call without its result.
func Example_neverBackendToolOutput() {
	body := []byte(`{"model":"gpt-4.1","messages":[
		{"role":"user","content":"Which port does the app use?"},
		{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\".env\"}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"PORT=8080\nDB_PASSWORD=hunter2"},
		{"role":"user","content":"Just the port, please."}]}`)
	call, extras, err := openai.DecodeChatRequest(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The identity of the secret output, computed from the item (or from
	// its text alone, as a tool message with one tool_result part).
	secret, _ := conversationprojection.ItemIdentityOf(call.Items[2])
	same, _ := conversationprojection.MessageIdentityOf(lipapi.Message{Role: lipapi.RoleTool,
		Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, ToolCallID: "any", Text: "PORT=8080\nDB_PASSWORD=hunter2"}}})
	fmt.Println("same identity:", secret == same)

	snap := conversationprojection.Snapshot{NeverBackend: []conversationprojection.Tag{{Identity: secret, Reason: "secret"}}}
	projected, ev, err := conversationprojection.Project(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := openai.EncodeChatRequest(projected, extras)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("filtered:", ev.FilteredCount)
	fmt.Println(string(out))
	// Output:
	// same identity: true
	// filtered: 1
	// {"model":"gpt-4.1","messages":[{"role":"user","content":"Which port does the app use?"},{"role":"user","content":"Just the port, please."}]}
}
