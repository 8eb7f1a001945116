package openai_test

import (
	"fmt"

	cp "github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/openai"
	"github.com/agentkernel/agentkernel/protocolstate"
	"github.com/agentkernel/agentkernel/terminaldecision"
	"github.com/agentkernel/agentkernel/toolloop"
)

// One proxy request through the packages: a Chat Completions body comes
// in; the guard observes the candidate's evidence and decides whether a
// reprompt is still allowed; the projection keeps a secret tool output
// from the backend and steers the model; the tool calls become ledger
// rows; the projected call goes out as a Chat Completions body.
func Example_proxyRequest() {
	call, extras, err := openai.DecodeChatRequest([]byte(`{"model":"gpt-4.1","messages":[
		{"role":"user","content":"Which port does the app use?"},
		{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\".env\"}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"PORT=8080\nDB_PASSWORD=hunter2"},
		{"role":"user","content":"Just the port."}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	// Guard: the first candidate of the trajectory starts from the zero state.
	in := terminaldecision.Input{Evidence: terminaldecision.Evidence{CandidateText: "The port is", ExplicitCompletionExpected: true}}
	state, _ := protocolstate.Observe(protocolstate.State{}, protocolstate.Fingerprint(in))
	elig, _ := protocolstate.Remaining(state, protocolstate.Limits{MaxReprompts: 2, NoProgressLimit: 2}, protocolstate.Platform{})
	decision := terminaldecision.DecisionAllowStop
	if elig.Allowed {
		decision = terminaldecision.DecisionContinue
	}
	fmt.Println("guard:", decision, elig.Remaining, "reprompts left")

	// Projection: the tool output is a tool-role message, so it can be tagged.
	secret, _ := cp.ItemIdentityOf(call.Items[2])
	tags := cp.Snapshot{NeverBackend: []cp.Tag{{Identity: secret, Reason: "secret"}}}
	tail, _ := cp.ResolveAfterIngressTailAnchor(call, tags)
	tags.Steering = []cp.Overlay{{OverlayID: "brief", Active: true, Message: cp.OverlayMessage{Text: "Answer in one line."},
		Placement: cp.Placement{Kind: cp.PlacementAfterMessage, Anchor: &tail}, AnchorMissingPolicy: cp.AnchorFailClosed}}
	projected, ev, err := cp.Project(call, tags)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := openai.EncodeChatRequest(projected, extras)
	fmt.Println("filtered", ev.FilteredCount, "injected", ev.InjectedCount, err)
	fmt.Println(string(out))

	// Ledger: one row per tool call the request carries.
	var chain toolloop.LedgerChain
	for _, it := range call.Items {
		if it.Kind == lipapi.ItemKindToolCall {
			args, _ := toolloop.ParseValue(it.ToolCall.Arguments)
			row, _ := toolloop.MarshalLedgerRow(toolloop.ToolCallObservedEvent{Call: toolloop.ProviderToolCall{CallID: it.ToolCall.CallID, Name: it.ToolCall.Name, Arguments: args}})
			fmt.Println(chain.Append(row).Sequence, string(row))
		}
	}
	// Output:
	// guard: continue 2 reprompts left
	// filtered 1 injected 1 <nil>
	// {"model":"gpt-4.1","messages":[{"role":"user","content":"Which port does the app use?"},{"role":"user","content":"Just the port."},{"role":"system","content":"Answer in one line."}]}
	// 0 {"event":"custom","kind":"tool_loop","payload":{"body":{"call":{"arguments":{"path":".env"},"call_id":"c1","name":"read_file"},"event":"tool_call_observed"},"schema_version":1}}
}
