package lipapi

import (
	"errors"
	"strings"
	"testing"
)

// TestValidationMessagesNeverEchoValues pins that a ValidationError names
// the field and the broken rule, never the offending value: each row puts
// a marked value where a rule rejects it, and the error text must not
// contain the mark.
func TestValidationMessagesNeverEchoValues(t *testing.T) {
	const mark = "MARKED-VALUE"
	rows := []struct {
		name   string
		call   func() Call
		mutate func(c *Call)
	}{
		{"legacy role", legacyCall, func(c *Call) { c.Messages[mUser].Role = "superadmin " + mark }},
		{"legacy part kind", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Kind = mark }},
		{"legacy json content", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = raw(`{"` + mark + `"}`) }},
		{"legacy tool name with outer space", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolName = " " + mark }},
		{"reasoning dialect not normalized", legacyCall, func(c *Call) { c.Messages[mAssistant].Parts[1].Reasoning.Dialect = mark }},
		{"item kind", itemCall, func(c *Call) { c.Items[iUser].Kind = mark }},
		{"item role", itemCall, func(c *Call) { c.Items[iUser].Role = mark }},
		{"item status", itemCall, func(c *Call) { c.Items[iUser].Status = mark }},
		{"item phase", itemCall, func(c *Call) { c.Items[iAssistant].Phase = mark }},
		{"duplicate item id", itemCall, func(c *Call) { c.Items[iUser].ID = mark; c.Items[iCall2].ID = mark }},
		{"forward reference", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = mark; c.Items[iRefUnknown].ID = mark }},
		{"orphan tool result", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = mark }},
		{"content part kind", itemCall, func(c *Call) { c.Items[iAssistant].Content[cText].Kind = mark }},
		{"json content", itemCall, func(c *Call) { c.Items[iAssistant].Content[cJSON].Text = `[` + mark }},
		{"extension type differs from its data", itemCall, func(c *Call) { c.Items[iAssistant].Content[cExtension].Extension.Type = "acme:" + mark }},
		{"extension namespace with a space", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "a " + mark }},
		{"tool call arguments", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw(mark) }},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			c := r.call()
			r.mutate(&c)
			err := c.Validate()
			if !errors.Is(err, ErrInvalidCall) {
				t.Fatalf("Validate() = %v, want an error wrapping ErrInvalidCall", err)
			}
			if strings.Contains(err.Error(), mark) {
				t.Errorf("Validate() = %q echoes the value", err)
			}
		})
	}
}
