package openai

import (
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// EncodeChatRequest writes call as a Chat Completions request body, with
// the members extras (which may be nil) hold for the items they know.
// call must be an item-authority call that passes lipapi.Call.Validate;
// items the extras do not know are written in their plain form. The error,
// if any, wraps ErrInexpressible (and, for an invalid call, the
// *lipapi.ValidationError).
func EncodeChatRequest(call lipapi.Call, extras *ChatExtras) ([]byte, error) {
	return wire.Encode(chatAPI, &call, extras.bodyOf(), true, func(e *wire.Encoder, plan []int) {
		c := chatEncoder{e}
		e.W.Object(e.BodyRest(), []string{"messages"}, func(name string) {
			if name == "messages" {
				c.messages(plan)
			}
		})
	})
}

type chatEncoder struct{ *wire.Encoder }

// messages writes the messages member: one message per item, except that
// tool calls join the assistant message they follow (see joins).
func (c chatEncoder) messages(plan []int) {
	c.W.Key("messages")
	c.W.Begin('[')
	for k := 0; k < len(plan); {
		i := plan[k]
		it := &c.Items[i]
		switch {
		case it.Kind == lipapi.ItemKindMessage && it.Role == lipapi.RoleTool:
			c.toolMessage(i)
			k++
		case it.Kind == lipapi.ItemKindMessage:
			end := k + 1
			if it.Role == lipapi.RoleAssistant {
				end = c.calls(plan, end, c.Body.GroupOf(it))
			}
			c.turn(i, plan[k+1:end])
			k = end
		case c.Body.IsCall(it):
			end := c.calls(plan, k+1, c.Body.GroupOf(it))
			c.turn(-1, plan[k:end])
			k = end
		case it.Kind == lipapi.ItemKindToolResult:
			c.nativeResult(i)
			k++
		default:
			c.Cannot(i, "Chat Completions has no such item")
			k++
		}
	}
	c.W.End(']')
}

// calls returns the end of the run of tool calls from plan[k] that join an
// assistant message of wire message g: calls of g, and calls the extras do
// not know.
func (c chatEncoder) calls(plan []int, k, g int) int {
	for ; k < len(plan); k++ {
		it := &c.Items[plan[k]]
		cg := c.Body.GroupOf(it)
		if !c.Body.IsCall(it) || cg >= 0 && cg != g {
			break
		}
	}
	return k
}

var chatMessageKnown = []string{"role", "content", "refusal", "audio", "tool_calls", "tool_call_id"}

// turn writes a message from content item i (-1 for none: an assistant
// message of tool calls only) and the tool calls at calls.
func (c chatEncoder) turn(i int, calls []int) {
	var (
		it      *lipapi.Item
		x       *wire.Item
		parts   []lipapi.ContentPart
		role    = lipapi.RoleAssistant
		g       = -1
		members memberParts
	)
	if i >= 0 {
		it, x = &c.Items[i], c.Extras(i)
		role, parts, g = it.Role, it.Content, c.Body.GroupOf(it)
		parts, members = splitMembers(role, parts, x)
	} else {
		g = c.Body.GroupOf(&c.Items[calls[0]])
	}
	c.W.Object(c.GroupRest(g), chatMessageKnown, func(name string) {
		switch name {
		case "role":
			c.W.Field("role", string(role))
		case "content":
			c.content(i, parts, x)
		case "refusal", "audio":
			members.write(&c.W, name, x, len(parts))
		case "tool_calls":
			c.toolCalls(calls)
		}
	})
}

// memberParts holds the parts an assistant message writes as members.
type memberParts struct{ refusal, audio *lipapi.ContentPart }

// splitMembers splits off the trailing parts an assistant message writes
// as members: an assistant reference (its audio member), then a refusal
// that was the refusal member.
func splitMembers(role lipapi.Role, parts []lipapi.ContentPart, x *wire.Item) ([]lipapi.ContentPart, memberParts) {
	var m memberParts
	if role != lipapi.RoleAssistant {
		return parts, m
	}
	if n := len(parts); n > 0 && parts[n-1].Kind == lipapi.ContentPartAssistantRef {
		m.audio, parts = &parts[n-1], parts[:n-1]
	}
	if n := len(parts); n > 0 && parts[n-1].Kind == lipapi.ContentPartRefusal && wire.ShapeOf(x)&fromRefusal != 0 {
		m.refusal, parts = &parts[n-1], parts[:n-1]
	}
	return parts, m
}

// write writes the member name from the parts split off; n is the number
// of parts before them (the position of their extras).
func (m memberParts) write(w *wire.Writer, name string, x *wire.Item, n int) {
	switch {
	case name == "refusal" && m.refusal != nil:
		w.Field("refusal", m.refusal.Refusal)
	case name == "audio" && m.audio != nil:
		j := n
		if m.refusal != nil {
			j++
		}
		var inner wire.Rest
		if px := x.Part(j, lipapi.ContentPartAssistantRef); px != nil {
			inner = px.Inner
		}
		w.Key("audio")
		w.Object(inner, []string{"id"}, func(string) { w.Field("id", m.audio.AssistantRef) })
	}
}

// content writes the content member of item i from parts, in the form the
// body had: a string, an array, or nothing when the body's content is
// kept in the extras or was absent.
func (c chatEncoder) content(i int, parts []lipapi.ContentPart, x *wire.Item) {
	if len(parts) == 0 {
		return
	}
	if s, ok := stringContent(parts, x); ok {
		c.W.Field("content", s)
		return
	}
	if len(parts) == 1 && wire.IsEmpty(&parts[0]) && x.EmptyContent() {
		if wire.ShapeOf(x)&(formString|formArray) == formArray {
			c.W.Key("content")
			c.W.Raw("[]")
		}
		return
	}
	c.W.Key("content")
	c.W.Begin('[')
	for j := range parts {
		c.part(i, j, &parts[j], x.Part(j, parts[j].Kind))
	}
	c.W.End(']')
}

// stringContent returns the string that content parts are written as when
// the body had a string content, or when there is no body: "" for the
// empty content, the text of a single text or tool result part. It
// returns false for other parts, which are written as an array.
func stringContent(parts []lipapi.ContentPart, x *wire.Item) (string, bool) {
	if len(parts) != 1 || x != nil && wire.ShapeOf(x)&(formString|formArray) != formString {
		return "", false
	}
	switch p := &parts[0]; {
	case wire.IsEmpty(p) && x.EmptyContent():
		return "", true
	case textual(p):
		return p.Text, true
	}
	return "", false
}

// textual reports whether p is a text or tool result part.
func textual(p *lipapi.ContentPart) bool {
	return p.Kind == lipapi.ContentPartText || p.Kind == lipapi.ContentPartToolResult
}

// part writes content part j of item i.
func (c chatEncoder) part(i, j int, p *lipapi.ContentPart, px *wire.Part) {
	switch {
	case textual(p):
		simplePart(&c.W, px, "text", "text", p.Text)
	case wire.IsEmpty(p) && px != nil && px.Type == "text":
		simplePart(&c.W, px, "text", "text", "")
	case p.Kind == lipapi.ContentPartRefusal:
		simplePart(&c.W, px, "refusal", "refusal", p.Refusal)
	case p.Kind == lipapi.ContentPartImageRef:
		imageURLPart(&c.W, px, p)
	case p.Kind == lipapi.ContentPartFileRef:
		c.filePart(px, p)
	case p.Kind == lipapi.ContentPartExtension:
		c.ExtensionPart(&c.W, p.Extension, partPath(i, j))
	default:
		c.Fail(chatAPI.Cannot(partPath(i, j), "Chat Completions has no such content part"))
	}
}

// partPath returns the path of content part j of item i.
func partPath(i, j int) string { return wire.At(wire.ItemPath(i)+".Content", j) }

// simplePart writes a part {"type": typ, field: value} with its kept
// members.
func simplePart(w *wire.Writer, px *wire.Part, typ, field, value string) {
	w.StringObject(wire.PartRest(px), "type", typ, field, value)
}

// nestedPart writes a part {"type": typ, typ: {...}} whose nested object
// is written by fill with its known members.
func nestedPart(w *wire.Writer, px *wire.Part, typ string, known []string, fill func(string)) {
	w.Object(wire.PartRest(px), []string{"type", typ}, func(name string) {
		switch name {
		case "type":
			w.Field("type", typ)
		case typ:
			w.Key(typ)
			w.Object(wire.PartInner(px), known, fill)
		}
	})
}

// imageURLPart writes an image part of Chat Completions.
func imageURLPart(w *wire.Writer, px *wire.Part, p *lipapi.ContentPart) {
	nestedPart(w, px, "image_url", []string{"url"}, func(string) { w.Field("url", imageURL(p)) })
}

// filePart writes a file part: an image, an input_audio or a file.
func (c chatEncoder) filePart(px *wire.Part, p *lipapi.ContentPart) {
	typ := fileWireType(p, "image_url", "input_audio", "file")
	if px != nil {
		typ = px.Type
	}
	w := &c.W
	switch typ {
	case "image_url":
		imageURLPart(w, px, p)
	case "input_audio":
		nestedPart(w, px, typ, []string{"data", "format"}, func(name string) {
			if name == "data" {
				w.Field("data", p.FileData)
			} else {
				w.Field("format", strings.TrimPrefix(p.FileMIME, "audio/"))
			}
		})
	default:
		nestedPart(w, px, "file", []string{"file_data", "file_id", "filename"}, func(name string) {
			writeFileMember(w, p, name, "file_data", "file_id", "filename")
		})
	}
}

// writeFileMember writes the member name of a file object when the part
// has it: data, id and filename name its three members.
func writeFileMember(w *wire.Writer, p *lipapi.ContentPart, name, data, id, filename string) {
	switch {
	case name == data && p.FileData != "":
		w.Field(data, fileData(p))
	case name == id && p.FileRef != "":
		w.Field(id, p.FileRef)
	case name == filename && p.FileName != "":
		w.Field(filename, p.FileName)
	}
}

// toolCalls writes the tool_calls member.
func (c chatEncoder) toolCalls(calls []int) {
	if len(calls) == 0 {
		return
	}
	c.W.Key("tool_calls")
	c.W.Begin('[')
	for _, i := range calls {
		it := &c.Items[i]
		if it.Kind == lipapi.ItemKindExtension {
			c.ExtensionItem(i)
			continue
		}
		c.toolCall(it, c.Extras(i))
	}
	c.W.End(']')
}

var (
	toolCallKnown = []string{"id", "type", "function"}
	functionKnown = []string{"name", "arguments"}
)

// toolCall writes one function tool call.
func (c chatEncoder) toolCall(it *lipapi.Item, x *wire.Item) {
	var rest, inner wire.Rest
	if x != nil {
		rest, inner = x.Rest, x.Inner
	}
	tc := it.ToolCall
	w := &c.W
	w.Object(rest, toolCallKnown, func(name string) {
		switch name {
		case "id":
			w.Field("id", tc.CallID)
		case "type":
			w.Field("type", "function")
		case "function":
			w.Key("function")
			w.Object(inner, functionKnown, func(name string) {
				if name == "name" {
					w.Field("name", tc.Name)
				} else {
					w.Field("arguments", argumentsText(tc.Arguments, x))
				}
			})
		}
	})
}

// argumentsText returns the arguments string of a tool call: the JSON text
// of its arguments, or the string they hold when the body's arguments were
// not JSON.
func argumentsText(args []byte, x *wire.Item) string {
	return wire.ArgumentsText(args, x == nil || x.Shape&argsJSON != 0)
}

// toolMessage writes a tool-role message item as a tool (or function)
// message answering the call the extras pair it with.
func (c chatEncoder) toolMessage(i int) {
	it, x := &c.Items[i], c.Extras(i)
	g := c.Body.GroupOf(it)
	role := "tool"
	if c.GroupShape(g)&roleFunction != 0 {
		role = "function"
	} else if x == nil || x.CallID == "" {
		c.Cannot(i, "tool message answers no tool call the extras know")
		return
	}
	c.W.Object(c.GroupRest(g), chatMessageKnown, func(name string) {
		switch name {
		case "role":
			c.W.Field("role", role)
		case "content":
			c.content(i, it.Content, x)
		case "tool_call_id":
			if x.CallID != "" {
				c.W.Field("tool_call_id", x.CallID)
			}
		}
	})
}

// nativeResult writes a tool_result item as a tool message.
func (c chatEncoder) nativeResult(i int) {
	tr := c.Items[i].ToolResult
	c.W.Object(nil, []string{"role", "tool_call_id", "content"}, func(name string) {
		switch name {
		case "role":
			c.W.Field("role", "tool")
		case "tool_call_id":
			c.W.Field("tool_call_id", tr.CallID)
		case "content":
			c.ToolOutput(name, tr, func() {
				for j := range tr.Parts {
					c.part(i, j, &tr.Parts[j], nil)
				}
			})
		}
	})
}
