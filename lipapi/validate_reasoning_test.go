package lipapi

import (
	"fmt"
	"strings"
	"testing"
)

// minimalReasoning is a valid reasoning payload of zero payload bytes.
func minimalReasoning() *ReasoningPart {
	return &ReasoningPart{Dialect: "d", EncryptedContentPresent: true}
}

// reasoningContext places a reasoning payload somewhere in a valid call
// whose other reasoning payloads are empty, and names the field the
// reasoning rules report at.
type reasoningContext struct {
	name  string
	base  func() Call
	slot  func(*Call) **ReasoningPart
	field string
}

var reasoningContexts = []reasoningContext{
	{
		name: "item",
		base: func() Call {
			c := itemCall()
			c.Items[iAssistant].Content[cReasoning].Reasoning = minimalReasoning()
			return c
		},
		slot:  func(c *Call) **ReasoningPart { return &c.Items[iReasoning].Reasoning.Reasoning },
		field: fI(iReasoning, ".Reasoning"),
	},
	{
		name: "content part",
		base: func() Call {
			c := itemCall()
			c.Items[iReasoning].Reasoning.Reasoning = minimalReasoning()
			return c
		},
		slot:  func(c *Call) **ReasoningPart { return &c.Items[iAssistant].Content[cReasoning].Reasoning },
		field: fI(iAssistant, fmt.Sprintf(".Content[%d].Reasoning", cReasoning)),
	},
	{
		name:  "legacy part",
		base:  legacyCall,
		slot:  func(c *Call) **ReasoningPart { return &c.Messages[mAssistant].Parts[1].Reasoning },
		field: fmt.Sprintf("Messages[%d].Parts[1]", mAssistant),
	},
}

func TestValidateReasoningRules(t *testing.T) {
	type row struct {
		name string
		make func(r *ReasoningPart) *ReasoningPart // r is a valid payload
		msg  string                                // "" = valid
		// legacyField and legacyMsg, when set, are the failure in the
		// legacy context, where the size pass reports first.
		legacyField, legacyMsg string
	}
	only := func(set func(*ReasoningPart)) func(*ReasoningPart) *ReasoningPart {
		return func(*ReasoningPart) *ReasoningPart {
			r := &ReasoningPart{Dialect: "d"}
			set(r)
			return r
		}
	}
	edit := func(set func(*ReasoningPart)) func(*ReasoningPart) *ReasoningPart {
		return func(r *ReasoningPart) *ReasoningPart { set(r); return r }
	}
	big := bytesOf(MaxPartJSONBytes - 2)
	rows := []row{
		{"payload is valid", edit(func(*ReasoningPart) {}), "", "", ""},
		{"payload missing", func(*ReasoningPart) *ReasoningPart { return nil }, "payload is required", "", ""},
		{"dialect empty", edit(func(r *ReasoningPart) { r.Dialect = "" }), "dialect is required", "", ""},
		{"dialect blank", edit(func(r *ReasoningPart) { r.Dialect = " \t" }), "dialect is required", "", ""},
		{"dialect at bound", edit(func(r *ReasoningPart) { r.Dialect = ReasoningDialect(bytesOf(MaxReasoningDialectBytes)) }), "", "", ""},
		{"dialect over bound", edit(func(r *ReasoningPart) { r.Dialect = ReasoningDialect(bytesOf(MaxReasoningDialectBytes + 1)) }), "dialect is too long", ".Reasoning.Dialect", "too long"},
		{"normalized dialect over bound", edit(func(r *ReasoningPart) {
			r.Dialect = ReasoningDialect(strings.Repeat("\u023a", MaxReasoningDialectBytes/2)) // lower-cases to 3 bytes a rune
		}), "dialect is too long", "", ""},
		{"dialect upper case", edit(func(r *ReasoningPart) { r.Dialect = "OpenAI-Responses" }), "not normalized", "", ""},
		{"dialect outer space", edit(func(r *ReasoningPart) { r.Dialect = " openai" }), "not normalized", "", ""},
		{"payload empty", only(func(*ReasoningPart) {}), "payload is empty", "", ""},
		{"presence flags are not payload", only(func(r *ReasoningPart) { r.SummaryPresent, r.ContentPresent = true, true }), "payload is empty", "", ""},
		{"explicit null encrypted content is payload", only(func(r *ReasoningPart) { r.EncryptedContent, r.EncryptedContentPresent = raw("null"), true }), "", "", ""},
		{"text alone is payload", only(func(r *ReasoningPart) { r.Text = "t" }), "", "", ""},
		{"signature alone is payload", only(func(r *ReasoningPart) { r.Signature = "s" }), "", "", ""},
		{"opaque alone is payload", only(func(r *ReasoningPart) { r.Opaque = raw("1") }), "", "", ""},
		{"summary alone is payload", only(func(r *ReasoningPart) { r.Summary = raw("[]") }), "", "", ""},
		{"content alone is payload", only(func(r *ReasoningPart) { r.Content = raw("{}") }), "", "", ""},
		{"summary invalid", edit(func(r *ReasoningPart) { r.Summary = raw("[") }), "summary is not valid JSON", "", ""},
		{"summary has no depth bound", edit(func(r *ReasoningPart) { r.Summary = raw(nested(MaxJSONDepth + 1)) }), "", "", ""},
		{"content invalid", edit(func(r *ReasoningPart) { r.Content = raw("nul") }), "content is not valid JSON", "", ""},
		{"encrypted content invalid", edit(func(r *ReasoningPart) { r.EncryptedContent = raw("enc") }), "encrypted content is not valid JSON", "", ""},
		{"absent encrypted content is not parsed", edit(func(r *ReasoningPart) { r.EncryptedContent, r.EncryptedContentPresent = raw("enc"), false }), "", "", ""},
		{"text at bound", only(func(r *ReasoningPart) { r.Text = bytesOf(MaxReasoningTextBytes) }), "", "", ""},
		{"text over bound", only(func(r *ReasoningPart) { r.Text = bytesOf(MaxReasoningTextBytes + 1) }), "text is too long", ".Reasoning.Text", "too long"},
		{"signature at bound", only(func(r *ReasoningPart) { r.Signature = bytesOf(MaxReasoningSignatureBytes) }), "", "", ""},
		{"signature over bound", only(func(r *ReasoningPart) { r.Signature = bytesOf(MaxReasoningSignatureBytes + 1) }), "signature is too long", ".Reasoning.Signature", "too long"},
		{"opaque at bound", only(func(r *ReasoningPart) { r.Opaque = jsonString(MaxReasoningOpaqueBytes) }), "", "", ""},
		{"opaque over bound", only(func(r *ReasoningPart) { r.Opaque = jsonString(MaxReasoningOpaqueBytes + 1) }), "opaque payload is too long", ".Reasoning.Opaque", "too long"},
		{"summary at bound", only(func(r *ReasoningPart) { r.Summary = jsonString(MaxPartJSONBytes) }), "", "", ""},
		{"summary over bound", only(func(r *ReasoningPart) { r.Summary = raw(`"` + big + `" `) }), "summary is too long", "", ""},
		{"content at bound", only(func(r *ReasoningPart) { r.Content = jsonString(MaxPartJSONBytes) }), "", "", ""},
		{"content over bound", only(func(r *ReasoningPart) { r.Content = raw(`"` + big + `" `) }), "content is too long", "", ""},
		{"encrypted content at bound", only(func(r *ReasoningPart) {
			r.EncryptedContent, r.EncryptedContentPresent = jsonString(MaxPartJSONBytes), true
		}), "", "", ""},
		{"encrypted content over bound", only(func(r *ReasoningPart) { r.EncryptedContent, r.EncryptedContentPresent = raw(`"`+big+`" `), true }), "encrypted content is too long", "", ""},
		{"absent encrypted content over bound", only(func(r *ReasoningPart) { r.Text, r.EncryptedContent = "t", raw(bytesOf(MaxPartJSONBytes+1)) }), "encrypted content is too long", "", ""},
		{"opaque invalid", edit(func(r *ReasoningPart) { r.Opaque = raw("{") }), "opaque payload is not valid JSON", "", ""},
		{"opaque has no depth bound", edit(func(r *ReasoningPart) { r.Opaque = raw(nested(MaxJSONDepth + 1)) }), "", "", ""},

		// Order among the reasoning rules, which share one field.
		{"dialect before payload", only(func(r *ReasoningPart) { r.Dialect = "D" }), "not normalized", "", ""},
		{"summary syntax before text size", only(func(r *ReasoningPart) { r.Summary, r.Text = raw("["), bytesOf(MaxReasoningTextBytes+1) }), "summary is not valid JSON", ".Reasoning.Text", "too long"},
		{"opaque size before opaque syntax", only(func(r *ReasoningPart) { r.Opaque = raw("{" + bytesOf(MaxReasoningOpaqueBytes)) }), "opaque payload is too long", ".Reasoning.Opaque", "too long"},
		{"sizes before opaque syntax", only(func(r *ReasoningPart) { r.Opaque, r.Signature = raw("{"), bytesOf(MaxReasoningSignatureBytes+1) }), "signature is too long", ".Reasoning.Signature", "too long"},
	}
	for _, ctx := range reasoningContexts {
		for _, r := range rows {
			t.Run(ctx.name+"/"+r.name, func(t *testing.T) {
				c := ctx.base()
				slot := ctx.slot(&c)
				*slot = r.make(*slot)
				field, msg := "", r.msg
				if msg != "" {
					field = ctx.field
				}
				if ctx.name == "legacy part" && r.legacyField != "" {
					field, msg = ctx.field+r.legacyField, r.legacyMsg
				}
				checkValidate(t, c, field, msg)
			})
		}
	}
}

// TestValidateReasoningBudget pins MaxReasoningBytesPerCall: the running
// total over a call counts every payload field but the dialect, from
// reasoning items, message content and tool result parts, and from legacy
// messages and instructions.
func TestValidateReasoningBudget(t *testing.T) {
	fields := []struct {
		name string
		set  func(*ReasoningPart)
		size int
	}{
		{"text", func(r *ReasoningPart) { r.Text = "abc" }, 3},
		{"signature", func(r *ReasoningPart) { r.Signature = "abc" }, 3},
		{"opaque", func(r *ReasoningPart) { r.Opaque = raw(`{"a":1}`) }, 7},
		{"summary", func(r *ReasoningPart) { r.Summary = raw(`[1]`) }, 3},
		{"content", func(r *ReasoningPart) { r.Content = raw(`[1,2]`) }, 5},
		{"encrypted content", func(r *ReasoningPart) { r.EncryptedContent, r.EncryptedContentPresent = raw(`"e"`), true }, 3},
	}
	// long dialect: it is excluded from the total.
	dialect := ReasoningDialect(bytesOf(MaxReasoningDialectBytes))
	for _, f := range fields {
		for _, over := range []int{0, 1} {
			r := &ReasoningPart{Dialect: dialect}
			f.set(r)
			c := Call{Items: []Item{
				{Kind: ItemKindReasoning, Reasoning: &ReasoningItem{Reasoning: &ReasoningPart{Dialect: "d", Text: bytesOf(MaxReasoningBytesPerCall - f.size + over)}}},
				{Kind: ItemKindReasoning, Reasoning: &ReasoningItem{Reasoning: r}},
			}}
			t.Run(fmt.Sprintf("%s/over=%d", f.name, over), func(t *testing.T) {
				if over == 0 {
					checkValidate(t, c, "", "")
				} else {
					checkValidate(t, c, "Items[1]", "budget")
				}
			})
		}
	}

	nearlyFull := func() *ReasoningPart {
		return &ReasoningPart{Dialect: "d", Text: bytesOf(MaxReasoningBytesPerCall - 1)}
	}
	twoBytes := func() *ReasoningPart { return &ReasoningPart{Dialect: "d", Text: "ab"} }
	oneByte := func() *ReasoningPart { return &ReasoningPart{Dialect: "d", Text: "a"} }
	rows := []rule{
		{"item budget reached exactly", func() Call {
			return Call{Items: []Item{
				{Kind: ItemKindReasoning, Reasoning: &ReasoningItem{Reasoning: nearlyFull()}},
				{Kind: ItemKindMessage, Role: RoleAssistant, Content: []ContentPart{{Kind: ContentPartReasoning, Reasoning: oneByte()}}},
			}}
		}, func(*Call) {}, "", ""},
		{"item budget from message content", func() Call {
			return Call{Items: []Item{
				{Kind: ItemKindReasoning, Reasoning: &ReasoningItem{Reasoning: nearlyFull()}},
				{Kind: ItemKindMessage, Role: RoleAssistant, Content: []ContentPart{{Kind: ContentPartReasoning, Reasoning: twoBytes()}}},
			}}
		}, func(*Call) {}, "Items[1]", "budget"},
		{"item budget from tool result parts", func() Call {
			return Call{Items: []Item{
				{Kind: ItemKindMessage, Role: RoleAssistant, Content: []ContentPart{{Kind: ContentPartReasoning, Reasoning: nearlyFull()}}},
				{Kind: ItemKindToolCall, ToolCall: &ToolCallItem{CallID: "c", Name: "n"}},
				{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "c", Parts: []ContentPart{{Kind: ContentPartReasoning, Reasoning: twoBytes()}}}},
			}}
		}, func(*Call) {}, "Items[2]", "budget"},
		{"item budget within one item", func() Call {
			return Call{Items: []Item{
				{Kind: ItemKindMessage, Role: RoleAssistant, Content: []ContentPart{
					{Kind: ContentPartReasoning, Reasoning: nearlyFull()},
					{Kind: ContentPartReasoning, Reasoning: twoBytes()},
				}},
			}}
		}, func(*Call) {}, "Items[0]", "budget"},
		{"legacy budget reached exactly", legacyBudgetCall, func(c *Call) {
			c.Instructions[1].Parts[0].Reasoning = oneByte()
		}, "", ""},
		{"legacy budget over both lists", legacyBudgetCall, func(*Call) {}, "Instructions[1].Parts[0]", "budget"},
		{"legacy budget over messages", legacyBudgetCall, func(c *Call) {
			c.Messages = append(c.Messages, c.Instructions[1])
		}, "Messages[3].Parts[0]", "budget"},
	}
	runRules(t, rows)
}

// legacyBudgetCall returns a legacy call whose Messages hold one byte less
// than the reasoning budget and whose second instruction adds two bytes.
func legacyBudgetCall() Call {
	c := legacyCall()
	c.Messages[mAssistant].Parts[1].Reasoning = &ReasoningPart{Dialect: "d", Text: bytesOf(MaxReasoningBytesPerCall - 1)}
	c.Instructions = append(c.Instructions, Message{Role: RoleAssistant, Parts: []Part{
		{Kind: PartReasoning, Reasoning: &ReasoningPart{Dialect: "d", Text: "ab"}},
	}})
	return c
}
