package openai_test

import (
	"fmt"
	"strings"

	cp "github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/openai"
	"github.com/agentkernel/agentkernel/protocolstate"
	"github.com/agentkernel/agentkernel/terminaldecision"
	"github.com/agentkernel/agentkernel/toolloop"
)

// One proxy request through the packages: a Chat Completions body comes in;
// the guard decides, with its reason, whether a reprompt is still allowed;
// the projection keeps a secret tool output from the backend and steers the
// model; the tool calls become ledger file lines; the projected call goes out.
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
	in := terminaldecision.Input{Evidence: terminaldecision.Evidence{CandidateText: "The port is", ExplicitCompletionExpected: true},
		Policy: terminaldecision.PolicySnapshot{MaxContinuationAttempts: 3}}
	state, _ := protocolstate.Observe(protocolstate.State{}, protocolstate.Fingerprint(in))
	why, _ := protocolstate.RemainingReason(state, protocolstate.Limits{MaxReprompts: 2, NoProgressLimit: 2}, protocolstate.PlatformOf(in))
	decision := terminaldecision.Decision{Kind: terminaldecision.DecisionAllowStop, ReasonCode: why.String()}
	if why == protocolstate.ReasonAllowed {
		decision.Kind = terminaldecision.DecisionContinue
	}
	fmt.Println("guard:", decision.Kind, decision.ReasonCode)

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

	// Ledger: a line per tool call; its length and head are kept apart from it.
	var file strings.Builder // in production an *os.File opened with O_APPEND
	ledger := toolloop.NewLedgerWriter(&file)
	for _, it := range call.Items {
		if it.Kind == lipapi.ItemKindToolCall {
			args, _ := toolloop.ParseValue(it.ToolCall.Arguments)
			if err := ledger.WriteEvent(toolloop.ToolCallObservedEvent{Call: toolloop.ProviderToolCall{CallID: it.ToolCall.CallID, Name: it.ToolCall.Name, Arguments: args}}); err != nil {
				fmt.Println(err)
			}
		}
	}
	fmt.Print(file.String())
	fmt.Println("kept apart: length", ledger.Len(), "head", ledger.Head())
	// Output:
	// guard: continue allowed
	// filtered 1 injected 1 <nil>
	// {"model":"gpt-4.1","messages":[{"role":"user","content":"Which port does the app use?"},{"role":"user","content":"Just the port."},{"role":"system","content":"Answer in one line."}]}
	// {"seq":0,"prev":"GENESIS","hash":"501e1b721a24ba3b5461fea79bb3e9e1aa35bb9be2604c94333e4caafba56ecc","row":{"event":"custom","kind":"tool_loop","payload":{"body":{"call":{"arguments":{"path":".env"},"call_id":"c1","name":"read_file"},"event":"tool_call_observed"},"schema_version":1}}}
	// kept apart: length 1 head 501e1b721a24ba3b5461fea79bb3e9e1aa35bb9be2604c94333e4caafba56ecc
}
