package conversationprojection_test

import (
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// An agent loop sends several requests in one user turn: the first ends in
// the user's message, the next ones in tool calls and results. The anchor
// of an after-message overlay belongs to the turn: it is resolved on the
// turn's first request and kept in the overlay, and every later request of
// the turn is projected with it. A later request on its own has no
// terminal user message (ErrTerminalNotUser); a proxy that missed the
// turn's first request anchors the last user message with ItemAnchorAt.
func ExampleResolveAfterIngressTailAnchor_agentLoop() {
	system := lipapi.TextItem(lipapi.RoleSystem, "You are a coding agent.")
	question := lipapi.TextItem(lipapi.RoleUser, "Which port does the app use?")
	first := lipapi.Call{Items: []lipapi.Item{system, question}}

	// The turn's first request: anchor its user message, once.
	anchor, err := conversationprojection.ResolveAfterIngressTailAnchor(first, conversationprojection.Snapshot{})
	if err != nil {
		fmt.Println(err)
		return
	}
	snap := conversationprojection.Snapshot{Steering: []conversationprojection.Overlay{{
		OverlayID:           "scope",
		Active:              true,
		Message:             conversationprojection.OverlayMessage{Text: "Read only files under ./config."},
		Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementAfterMessage, Anchor: &anchor},
		AnchorMissingPolicy: conversationprojection.AnchorFailClosed,
	}}}

	// A later request of the same turn ends in a tool result.
	later := lipapi.Call{Items: []lipapi.Item{system, question,
		lipapi.ToolCall("c1", "read_file", []byte(`{"path":"config/app.env"}`)),
		lipapi.ToolResult("c1", "read_file", "PORT=8080"),
	}}
	_, err = conversationprojection.ResolveAfterIngressTailAnchor(later, conversationprojection.Snapshot{})
	fmt.Println("later request alone:", errors.Is(err, conversationprojection.ErrTerminalNotUser))

	// Without the first request, the last user message is anchored directly.
	direct, err := conversationprojection.ItemAnchorAt(later.Items, 1)
	fmt.Println("same anchor:", direct == anchor, err)

	// The kept anchor places the overlay after the question, before the tool call.
	projected, _, err := conversationprojection.Project(later, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, it := range projected.Items {
		if it.Kind == lipapi.ItemKindMessage {
			fmt.Println(i, it.Role, it.Content[0].Text)
		} else {
			fmt.Println(i, it.Kind)
		}
	}
	// Output:
	// later request alone: true
	// same anchor: true <nil>
	// 0 system You are a coding agent.
	// 1 user Which port does the app use?
	// 2 system Read only files under ./config.
	// 3 tool_call
	// 4 tool_result
}
