package anthropic

import (
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// EncodeMessagesRequest writes call as a Messages request body, with the
// members extras (which may be nil) hold for the items they know. call
// must be an item-authority call that passes lipapi.Call.Validate; items
// the extras do not know are written in their plain form. The error, if
// any, wraps ErrInexpressible (and, for an invalid call, the
// *lipapi.ValidationError).
func EncodeMessagesRequest(call lipapi.Call, extras *MessagesExtras) ([]byte, error) {
	return wire.Encode(api, &call, extras.bodyOf(), true, func(e *wire.Encoder, plan []int) {
		encoder{e}.root(plan)
	})
}

type encoder struct{ *wire.Encoder }

// root writes the root object: the instruction items that lead the plan in
// its system member, the others in its messages member.
func (e encoder) root(plan []int) {
	lead := 0
	for lead < len(plan) && instruction(&e.Items[plan[lead]]) {
		lead++
	}
	e.W.Object(e.BodyRest(), []string{"system", "messages"}, func(name string) {
		switch name {
		case "system":
			e.system(plan[:lead])
		case "messages":
			e.messages(plan[lead:])
		}
	})
}

// instruction reports whether it is a system or developer message item,
// which Messages carries in its system member when it leads the call.
func instruction(it *lipapi.Item) bool {
	return it.Kind == lipapi.ItemKindMessage && (it.Role == lipapi.RoleSystem || it.Role == lipapi.RoleDeveloper)
}

// system writes the system member from the leading instruction items: the
// string form when the body had it and it still fits, else text blocks.
func (e encoder) system(items []int) {
	if len(items) == 0 {
		return
	}
	e.W.Key("system")
	if s, ok := e.systemString(items); ok {
		e.W.String(s)
		return
	}
	e.W.Begin('[')
	for _, i := range items {
		e.contentBlocks(i, e.Items[i].Content, e.Extras(i))
	}
	e.W.End(']')
}

// systemString returns the string the system member is written as when
// the body had it as a string (or there is no body) and it is still one
// instruction item of one text part, or of the empty part; false
// otherwise.
func (e encoder) systemString(items []int) (string, bool) {
	if len(items) != 1 {
		return "", false
	}
	x, it := e.Extras(items[0]), &e.Items[items[0]]
	if x != nil && x.Shape&formString == 0 || len(it.Content) != 1 {
		return "", false
	}
	switch p := &it.Content[0]; {
	case p.Kind == lipapi.ContentPartText:
		return p.Text, true
	case wire.IsEmpty(p) && x.EmptyContent():
		return "", true
	}
	return "", false
}

// wireRole returns the role of the Messages message an item belongs to.
func wireRole(it *lipapi.Item) string {
	switch {
	case it.Kind == lipapi.ItemKindMessage && it.Role == lipapi.RoleAssistant,
		it.Kind == lipapi.ItemKindToolCall, it.Kind == lipapi.ItemKindReasoning:
		return "assistant"
	}
	return "user"
}

// messages writes the messages member: the items of one body message that
// stay together form one message again; every other item a message of its
// own.
func (e encoder) messages(plan []int) {
	e.W.Key("messages")
	e.W.Begin('[')
	for k := 0; k < len(plan); {
		i := plan[k]
		g := e.Body.GroupOf(&e.Items[i])
		end := k + 1
		for g >= 0 && end < len(plan) && e.Body.GroupOf(&e.Items[plan[end]]) == g {
			end++
		}
		e.message(g, plan[k:end])
		k = end
	}
	e.W.End(']')
}

// message writes one message of items (of wire message g, or one item the
// extras do not know when g < 0).
func (e encoder) message(g int, items []int) {
	first := &e.Items[items[0]]
	role := wireRole(first)
	if grp := e.Body.Group(g); grp != nil {
		role = grp.Role
	}
	e.W.Object(e.GroupRest(g), []string{"role", "content"}, func(name string) {
		if name == "role" {
			e.W.Field("role", role)
			return
		}
		if e.noContent(items) {
			return
		}
		e.W.Key("content")
		if e.stringContent(items) {
			return
		}
		e.W.Begin('[')
		for _, i := range items {
			e.block(i)
		}
		e.W.End(']')
	})
}

// noContent reports whether items is one message item whose empty part
// stands for a content the body did not have (or kept in the extras).
func (e encoder) noContent(items []int) bool {
	if len(items) != 1 {
		return false
	}
	it, x := &e.Items[items[0]], e.Extras(items[0])
	return x != nil && x.Shape&(formString|formArray) == 0 && it.Kind == lipapi.ItemKindMessage && it.Role != lipapi.RoleTool &&
		len(it.Content) == 1 && wire.IsEmpty(&it.Content[0]) && x.EmptyContent()
}

// stringContent writes the content as a string when it is one message
// item of one text part that the body wrote as a string (or that the
// extras do not know), or [] for an empty array, and reports whether it
// did.
func (e encoder) stringContent(items []int) bool {
	if len(items) != 1 {
		return false
	}
	it, x := &e.Items[items[0]], e.Extras(items[0])
	if it.Kind != lipapi.ItemKindMessage || it.Role == lipapi.RoleTool || len(it.Content) != 1 {
		return false
	}
	text, ok := contentText(&it.Content[0], x)
	if ok {
		e.W.Raw(text)
	}
	return ok
}

// contentText returns the JSON text of the content a single part p stands
// for when it is not written as blocks: a string for a text part the body
// wrote as a string (or one the extras do not know) and for the empty part
// of an empty string, [] for the empty part of an empty array.
func contentText(p *lipapi.ContentPart, x *wire.Item) (string, bool) {
	form := wire.ShapeOf(x) & (formString | formArray)
	switch {
	case p.Kind == lipapi.ContentPartText && (x == nil || form == formString):
		return string(wire.AppendString(nil, p.Text)), true
	case x == nil || !wire.IsEmpty(p) || !x.EmptyContent():
		return "", false
	case form == formString:
		return `""`, true
	case form == formArray:
		return "[]", true
	}
	return "", false
}

// block writes item i as the blocks it stands for.
func (e encoder) block(i int) {
	it, x := &e.Items[i], e.Extras(i)
	switch {
	case it.Kind == lipapi.ItemKindMessage && it.Role == lipapi.RoleTool:
		e.toolResult(i, x)
	case it.Kind == lipapi.ItemKindMessage:
		e.contentBlocks(i, it.Content, x)
	case it.Kind == lipapi.ItemKindToolCall:
		e.toolUse(it.ToolCall, x)
	case it.Kind == lipapi.ItemKindToolResult:
		e.nativeResult(i)
	case it.Kind == lipapi.ItemKindReasoning:
		e.thinking(i, it.Reasoning.Reasoning, x)
	case it.Kind == lipapi.ItemKindExtension:
		e.ExtensionItem(i)
	default:
		e.Cannot(i, "Messages has no block for this item")
	}
}

// contentBlocks writes the parts of message item i as blocks; an empty
// part standing for an empty content writes nothing.
func (e encoder) contentBlocks(i int, parts []lipapi.ContentPart, x *wire.Item) {
	for j := range parts {
		p := &parts[j]
		px := x.Part(j, p.Kind)
		if wire.IsEmpty(p) && (px == nil || px.Type == "") {
			continue
		}
		e.writeBlock(wire.At(wire.ItemPath(i)+".Content", j), p, px)
	}
}

var (
	toolUseKnown    = []string{"type", "id", "name", "input"}
	toolResultKnown = []string{"type", "tool_use_id", "content"}
)

// toolUse writes a tool_use block.
func (e encoder) toolUse(tc *lipapi.ToolCallItem, x *wire.Item) {
	rest := wire.ItemRest(x)
	e.W.Object(rest, toolUseKnown, func(name string) {
		switch name {
		case "type":
			e.W.Field("type", "tool_use")
		case "id":
			e.W.Field("id", tc.CallID)
		case "name":
			e.W.Field("name", tc.Name)
		case "input":
			e.W.Key("input")
			if len(tc.Arguments) == 0 {
				e.W.Raw("{}")
			} else {
				e.W.RawBytes(tc.Arguments)
			}
		}
	})
}

// toolResult writes a tool-role message item as a tool_result block.
func (e encoder) toolResult(i int, x *wire.Item) {
	if x == nil || x.CallID == "" {
		e.Cannot(i, "tool message answers no tool_use the extras know")
		return
	}
	e.resultBlock(x.Rest, x.CallID, func() { e.resultContent(i, e.Items[i].Content, x) })
}

// resultBlock writes a tool_result block answering callID with the members
// of rest, its content member written by content.
func (e encoder) resultBlock(rest wire.Rest, callID string, content func()) {
	e.W.Object(rest, toolResultKnown, func(name string) {
		switch name {
		case "type":
			e.W.Field("type", "tool_result")
		case "tool_use_id":
			e.W.Field("tool_use_id", callID)
		case "content":
			content()
		}
	})
}

// resultContent writes the content member of a tool_result block.
func (e encoder) resultContent(i int, parts []lipapi.ContentPart, x *wire.Item) {
	form := x.Shape & (formString | formArray)
	if len(parts) == 1 && wire.IsEmpty(&parts[0]) && x.EmptyContent() {
		switch form {
		case formString:
			e.W.Field("content", "")
		case formArray:
			e.W.Key("content")
			e.W.Raw("[]")
		}
		return
	}
	e.W.Key("content")
	if len(parts) == 1 && parts[0].Kind == lipapi.ContentPartToolResult && form != formArray {
		e.W.String(parts[0].Text)
		return
	}
	e.W.Begin('[')
	e.contentBlocks(i, parts, x)
	e.W.End(']')
}

// nativeResult writes a tool_result item as a tool_result block: its
// content is Output as a string, or else its parts as blocks.
func (e encoder) nativeResult(i int) {
	tr := e.Items[i].ToolResult
	e.resultBlock(nil, tr.CallID, func() {
		e.ToolOutput("content", tr, func() { e.contentBlocks(i, tr.Parts, nil) })
	})
}

// thinking writes a reasoning item of the Messages dialect as a thinking
// block (text and signature) or a redacted_thinking block (encrypted
// content).
func (e encoder) thinking(i int, r *lipapi.ReasoningPart, x *wire.Item) {
	if r.Dialect != Dialect {
		e.Cannot(i, "reasoning of another dialect")
		return
	}
	rest := wire.ItemRest(x)
	if r.EncryptedContentPresent {
		if wire.Check(r.EncryptedContent) != nil {
			e.Cannot(i, "redacted thinking data is not a JSON string")
			return
		}
		data, ok := wire.Root(r.EncryptedContent).Str()
		if !ok {
			e.Cannot(i, "redacted thinking data is not a JSON string")
			return
		}
		e.W.StringObject(rest, "type", "redacted_thinking", "data", data)
		return
	}
	e.W.StringObject(rest, "type", "thinking", "thinking", r.Text, "signature", r.Signature)
}
