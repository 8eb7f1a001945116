package lipapi

import (
	"fmt"
	"testing"
)

// fP returns the path of part j of message i followed by suffix.
func fP(i, j int, suffix string) string { return fmt.Sprintf("Messages[%d].Parts[%d]%s", i, j, suffix) }

func messageCopies(m Message, n int) []Message {
	ms := make([]Message, n)
	for i := range ms {
		ms[i] = m
	}
	return ms
}

func textParts(n int) []Part {
	ps := make([]Part, n)
	for j := range ps {
		ps[j] = TextPart("x")
	}
	return ps
}

func TestValidateLegacyRules(t *testing.T) {
	userMsg := legacyCall().Messages[mUser]
	reasoningPart := Part{Kind: PartReasoning, Reasoning: &ReasoningPart{Dialect: "d", Text: "t"}}
	rows := []rule{
		{"base call is valid", legacyCall, func(*Call) {}, "", ""},
		{"zero call", func() Call { return Call{} }, func(*Call) {}, "Messages", "required"},
		{"messages required", legacyCall, func(c *Call) { c.Messages = nil }, "Messages", "required"},
		{"empty messages", legacyCall, func(c *Call) { c.Messages = []Message{} }, "Messages", "required"},
		{"instructions optional", legacyCall, func(c *Call) { c.Instructions = nil }, "", ""},
		{"empty call id allowed", legacyCall, func(c *Call) { c.ID = "" }, "", ""},
		{"call id at bound", legacyCall, func(c *Call) { c.ID = bytesOf(MaxCallIDBytes) }, "", ""},
		{"call id over bound", legacyCall, func(c *Call) { c.ID = bytesOf(MaxCallIDBytes + 1) }, "ID", "too long"},
		{"messages at bound", legacyCall, func(c *Call) { c.Messages = messageCopies(userMsg, MaxMessages) }, "", ""},
		{"messages over bound", legacyCall, func(c *Call) { c.Messages = messageCopies(userMsg, MaxMessages+1) }, "Messages", "too many"},
		{"instructions at bound", legacyCall, func(c *Call) { c.Instructions = messageCopies(c.Instructions[0], MaxInstructionMessages) }, "", ""},
		{"instructions over bound", legacyCall, func(c *Call) { c.Instructions = messageCopies(c.Instructions[0], MaxInstructionMessages+1) }, "Instructions", "too many"},
		{"parts at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts = textParts(MaxPartsPerMessage) }, "", ""},
		{"parts over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts = textParts(MaxPartsPerMessage + 1) }, "Messages[0].Parts", "too many"},
		{"instruction parts over bound", legacyCall, func(c *Call) { c.Instructions[0].Parts = textParts(MaxPartsPerMessage + 1) }, "Instructions[0].Parts", "too many"},

		// Size pass.
		{"text at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Text = bytesOf(MaxPartTextBytes) }, "", ""},
		{"text over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Text = bytesOf(MaxPartTextBytes + 1) }, fP(mUser, 0, ".Text"), "too long"},
		{"instruction text over bound", legacyCall, func(c *Call) { c.Instructions[0].Parts[0].Text = bytesOf(MaxPartTextBytes + 1) }, "Instructions[0].Parts[0].Text", "too long"},
		{"image ref at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[1].ImageRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"image ref over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[1].ImageRef = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 1, ".ImageRef"), "too long"},
		{"image mime at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[1].ImageMIME = bytesOf(MaxRefStringBytes) }, "", ""},
		{"image mime over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[1].ImageMIME = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 1, ".ImageMIME"), "too long"},
		{"file ref at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file ref over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileRef = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 2, ".FileRef"), "too long"},
		{"file mime at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileMIME = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file mime over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileMIME = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 2, ".FileMIME"), "too long"},
		{"file name at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileName = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file name over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileName = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 2, ".FileName"), "too long"},
		{"tool result call id at bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolCallID = bytesOf(MaxRefStringBytes) }, "", ""},
		{"tool result call id over bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolCallID = bytesOf(MaxRefStringBytes + 1) }, fP(mTool, 0, ".ToolCallID"), "too long"},
		{"tool result name at bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolName = bytesOf(MaxToolNameBytes) }, "", ""},
		{"tool result name over bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolName = bytesOf(MaxToolNameBytes + 1) }, fP(mTool, 0, ".ToolName"), "too long"},
		{"tool result name outer space", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolName = "lookup\t" }, fP(mTool, 0, ".ToolName"), "white space"},
		{"tool result content is not parsed", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Content = raw("not json") }, "", ""},
		{"tool result content at bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Content = raw(bytesOf(MaxPartJSONBytes)) }, "", ""},
		{"tool result content over bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Content = raw(bytesOf(MaxPartJSONBytes + 1)) }, fP(mTool, 0, ".Content"), "too long"},
		{"tool result text at bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Text = bytesOf(MaxPartTextBytes) }, "", ""},
		{"tool result text over bound", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Text = bytesOf(MaxPartTextBytes + 1) }, fP(mTool, 0, ".Text"), "too long"},
		{"tool result text after its content", legacyCall, func(c *Call) {
			c.Messages[mTool].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
			c.Messages[mTool].Parts[0].Content = raw(bytesOf(MaxPartJSONBytes + 1))
		}, fP(mTool, 0, ".Content"), "too long"},
		{"json content at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = jsonString(MaxPartJSONBytes) }, "", ""},
		{"json content over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = jsonString(MaxPartJSONBytes + 1) }, fP(mUser, 3, ".Content"), "too long"},
		{"any part tool call id over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].ToolCallID = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 0, ".ToolCallID"), "too long"},
		{"any part tool name at bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].ToolName = " " + bytesOf(MaxRefStringBytes-1) }, "", ""},
		{"any part tool name over bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].ToolName = bytesOf(MaxRefStringBytes + 1) }, fP(mUser, 0, ".ToolName"), "too long"},

		// Semantic pass.
		{"role required", legacyCall, func(c *Call) { c.Messages[mUser].Role = "" }, "Messages[0].Role", "required"},
		{"role unknown", legacyCall, func(c *Call) { c.Messages[mUser].Role = "robot" }, "Messages[0].Role", "invalid"},
		{"instruction role unknown", legacyCall, func(c *Call) { c.Instructions[0].Role = "System" }, "Instructions[0].Role", "invalid"},
		{"every role", legacyCall, func(c *Call) {
			for _, r := range []Role{RoleSystem, RoleDeveloper, RoleUser, RoleAssistant, RoleTool} {
				c.Messages = append(c.Messages, Message{Role: r, Parts: []Part{TextPart("x")}})
			}
		}, "", ""},
		{"parts required", legacyCall, func(c *Call) { c.Messages[mUser].Parts = nil }, "Messages[0].Parts", "required"},
		{"instruction parts required", legacyCall, func(c *Call) { c.Instructions[0].Parts = []Part{} }, "Instructions[0].Parts", "required"},
		{"reasoning on a text part", legacyCall, func(c *Call) { c.Messages[mAssistant].Parts[0].Reasoning = &ReasoningPart{Dialect: "d", Text: "t"} }, fP(mAssistant, 0, ""), "non-reasoning part"},
		{"text required", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Text = "" }, fP(mUser, 0, ""), "requires text"},
		{"whitespace text allowed", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Text = " \n" }, "", ""},
		{"image ref required", legacyCall, func(c *Call) { c.Messages[mUser].Parts[1].ImageRef = "" }, fP(mUser, 1, ""), "image reference"},
		{"file ref required", legacyCall, func(c *Call) { c.Messages[mUser].Parts[2].FileRef = "" }, fP(mUser, 2, ""), "file reference"},
		{"tool result call id required", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].ToolCallID = "" }, fP(mTool, 0, ""), "tool call id"},
		{"tool result minimal", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0] = Part{Kind: PartToolResult, ToolCallID: "c"} }, "", ""},
		{"json content required", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = raw("") }, fP(mUser, 3, ""), "requires content"},
		{"json content invalid", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = raw(`{"a":1`) }, fP(mUser, 3, ""), "not valid JSON"},
		{"json content has no depth bound", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = raw(nested(MaxJSONDepth + 1)) }, "", ""},
		{"part kind required", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Kind = "" }, fP(mUser, 0, ""), "kind is required"},
		{"unknown part kind", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Kind = "audio" }, fP(mUser, 0, ""), "unknown part kind"},
		{"reasoning part in user message", legacyCall, func(c *Call) { c.Messages[mUser].Parts = append(c.Messages[mUser].Parts, reasoningPart) }, fP(mUser, 4, ""), "assistant role"},
		{"reasoning part in system instruction", legacyCall, func(c *Call) { c.Instructions[0].Parts = append(c.Instructions[0].Parts, reasoningPart) }, "Instructions[0].Parts[1]", "assistant role"},
		{"reasoning part in assistant instruction", legacyCall, func(c *Call) {
			c.Instructions = append(c.Instructions, Message{Role: RoleAssistant, Parts: []Part{reasoningPart}})
		}, "", ""},
	}
	// A reasoning part carries no field of other kinds.
	for name, set := range map[string]func(*Part){
		"Text":       func(p *Part) { p.Text = "x" },
		"ImageRef":   func(p *Part) { p.ImageRef = "x" },
		"ImageMIME":  func(p *Part) { p.ImageMIME = "x" },
		"FileRef":    func(p *Part) { p.FileRef = "x" },
		"FileMIME":   func(p *Part) { p.FileMIME = "x" },
		"FileName":   func(p *Part) { p.FileName = "x" },
		"ToolCallID": func(p *Part) { p.ToolCallID = "x" },
		"ToolName":   func(p *Part) { p.ToolName = "x" },
		"Content":    func(p *Part) { p.Content = raw("1") },
	} {
		rows = append(rows, rule{"reasoning part with " + name, legacyCall, func(c *Call) { set(&c.Messages[mAssistant].Parts[1]) }, fP(mAssistant, 1, ""), "non-reasoning fields"})
	}
	runRules(t, rows)
}

// TestValidateLegacyOrder pins the order between legacy rules reported at
// different fields: the whole size pass precedes the semantic pass, and
// Messages precede Instructions in each.
func TestValidateLegacyOrder(t *testing.T) {
	rows := []rule{
		{"messages required before call id", legacyCall, func(c *Call) { c.Messages = nil; c.ID = bytesOf(MaxCallIDBytes + 1) }, "Messages", "required"},
		{"call id before message count", legacyCall, func(c *Call) {
			c.ID = bytesOf(MaxCallIDBytes + 1)
			c.Messages = messageCopies(c.Messages[0], MaxMessages+1)
		}, "ID", "too long"},
		{"message count before instruction count", legacyCall, func(c *Call) {
			c.Messages = messageCopies(c.Messages[0], MaxMessages+1)
			c.Instructions = messageCopies(c.Instructions[0], MaxInstructionMessages+1)
		}, "Messages", "too many"},
		{"instruction count before part sizes", legacyCall, func(c *Call) {
			c.Instructions = messageCopies(c.Instructions[0], MaxInstructionMessages+1)
			c.Messages[mUser].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
		}, "Instructions", "too many"},
		{"later message sizes before earlier semantics", legacyCall, func(c *Call) {
			c.Messages[mUser].Role = ""
			c.Messages[mTool].Parts[0].ToolName = bytesOf(MaxToolNameBytes + 1)
		}, fP(mTool, 0, ".ToolName"), "too long"},
		{"instruction sizes before message semantics", legacyCall, func(c *Call) {
			c.Messages[mUser].Role = ""
			c.Instructions[0].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
		}, "Instructions[0].Parts[0].Text", "too long"},
		{"message sizes before instruction sizes", legacyCall, func(c *Call) {
			c.Instructions[0].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
			c.Messages[mTool].Parts[0].ToolName = " x"
		}, fP(mTool, 0, ".ToolName"), "white space"},
		{"part count before part sizes", legacyCall, func(c *Call) {
			c.Messages[mUser].Parts = textParts(MaxPartsPerMessage + 1)
			c.Messages[mUser].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
		}, "Messages[0].Parts", "too many"},
		{"tool result call id before tool name", legacyCall, func(c *Call) {
			c.Messages[mTool].Parts[0].ToolName = bytesOf(MaxToolNameBytes + 1)
			c.Messages[mTool].Parts[0].ToolCallID = bytesOf(MaxRefStringBytes + 1)
		}, fP(mTool, 0, ".ToolCallID"), "too long"},
		{"kind bound before any-kind bound", legacyCall, func(c *Call) {
			c.Messages[mUser].Parts[0].Text = bytesOf(MaxPartTextBytes + 1)
			c.Messages[mUser].Parts[0].ToolName = bytesOf(MaxRefStringBytes + 1)
		}, fP(mUser, 0, ".Text"), "too long"},
		{"message semantics before instruction semantics", legacyCall, func(c *Call) {
			c.Instructions[0].Role = ""
			c.Messages[mTool].Parts[0].ToolCallID = ""
		}, fP(mTool, 0, ""), "tool call id"},
		{"role before parts", legacyCall, func(c *Call) { c.Messages[mUser].Role = ""; c.Messages[mUser].Parts = nil }, "Messages[0].Role", "required"},
		{"earlier part first", legacyCall, func(c *Call) {
			c.Messages[mUser].Parts[2].FileRef = ""
			c.Messages[mUser].Parts[1].ImageRef = ""
		}, fP(mUser, 1, ""), "image reference"},
	}
	runRules(t, rows)
}
