package openai

import (
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// EncodeResponsesRequest writes call as a Responses request body, with the
// members extras (which may be nil) hold for the items they know. call
// must be an item-authority call that passes lipapi.Call.Validate; items
// the extras do not know are written in their plain form. The error, if
// any, wraps ErrInexpressible (and, for an invalid call, the
// *lipapi.ValidationError).
func EncodeResponsesRequest(call lipapi.Call, extras *ResponsesExtras) ([]byte, error) {
	return wire.Encode(responsesAPI, &call, extras.bodyOf(), false, func(e *wire.Encoder, plan []int) {
		respEncoder{e}.root(plan, call.PreviousResponseID)
	})
}

type respEncoder struct{ *wire.Encoder }

// root writes the root object: the instructions member from the first item
// of the plan when the body's instructions became it, the input member
// from the others and the previous response ID prev when not empty.
func (r respEncoder) root(plan []int, prev string) {
	instr := -1
	if len(plan) > 0 && wire.ShapeOf(r.Extras(plan[0]))&instructions != 0 {
		instr, plan = plan[0], plan[1:]
	}
	known := []string{"instructions", "input", "previous_response_id"}
	r.W.Object(r.BodyRest(), known, func(name string) {
		switch name {
		case "instructions":
			r.instructions(instr)
		case "input":
			r.input(plan)
		case "previous_response_id":
			if prev != "" {
				r.W.Field(name, prev)
			}
		}
	})
}

// instructions writes the instructions member from item i (-1: none).
func (r respEncoder) instructions(i int) {
	if i < 0 {
		return
	}
	it := &r.Items[i]
	if len(it.Content) != 1 || it.Content[0].Kind != lipapi.ContentPartText {
		r.Cannot(i, "instructions hold one text part")
		return
	}
	r.W.Field("instructions", it.Content[0].Text)
}

// input writes the input member: the string the body had when it is still
// that one message, else an array of one element per item.
func (r respEncoder) input(plan []int) {
	if len(plan) == 0 && r.Body == nil {
		return
	}
	if s, ok := r.inputString(plan); ok {
		r.W.Field("input", s)
		return
	}
	r.W.Key("input")
	r.W.Begin('[')
	for _, i := range plan {
		r.item(i)
	}
	r.W.End(']')
}

// inputString returns the string the input member is written as when the
// body's input was a string and the plan is still that one message: its
// one text part, or "" for the empty part. It returns false otherwise.
func (r respEncoder) inputString(plan []int) (string, bool) {
	if len(plan) != 1 {
		return "", false
	}
	it, x := &r.Items[plan[0]], r.Extras(plan[0])
	if x == nil || x.Shape&formString == 0 || x.Type != "" || len(it.Content) != 1 {
		return "", false
	}
	switch p := &it.Content[0]; {
	case wire.IsEmpty(p):
		return "", true
	case p.Kind == lipapi.ContentPartText:
		return p.Text, true
	}
	return "", false
}

// item writes item i as an input element.
func (r respEncoder) item(i int) {
	it, x := &r.Items[i], r.Extras(i)
	switch it.Kind {
	case lipapi.ItemKindMessage:
		if it.Role == lipapi.RoleTool {
			r.functionOutput(i, x)
		} else {
			r.message(i, x)
		}
	case lipapi.ItemKindToolCall:
		r.functionCall(i, x)
	case lipapi.ItemKindToolResult:
		r.nativeOutput(i)
	case lipapi.ItemKindReasoning:
		r.reasoning(i, x)
	case lipapi.ItemKindItemReference:
		r.element(i, x, "item_reference", nil, nil)
	case lipapi.ItemKindCompaction:
		r.compaction(i, x)
	case lipapi.ItemKindExtension:
		r.ExtensionItem(i)
	}
}

// functionCall writes a tool call item as a function_call element.
func (r respEncoder) functionCall(i int, x *wire.Item) {
	tc := r.Items[i].ToolCall
	r.element(i, x, "function_call", []string{"call_id", "name", "arguments"}, func(name string) {
		switch name {
		case "call_id":
			r.W.Field(name, tc.CallID)
		case "name":
			r.W.Field(name, tc.Name)
		case "arguments":
			r.W.Field(name, argumentsText(tc.Arguments, x))
		}
	})
}

// element writes an input element of type typ: its kept members, type,
// id (when the body had one, or for a new reasoning or compaction item),
// the members of known through fill, then status and phase.
func (r respEncoder) element(i int, x *wire.Item, typ string, known []string, fill func(string)) {
	it := &r.Items[i]
	rest := wire.ItemRest(x)
	all := append([]string{"type", "id"}, known...)
	all = append(all, "status", "phase")
	r.W.Object(rest, all, func(name string) {
		switch name {
		case "type":
			if wire.ShapeOf(x)&typeless == 0 {
				r.W.Field("type", typ)
			}
		case "id":
			if id, ok := wireID(it, x); ok {
				r.W.Field("id", id)
			}
		case "status":
			if it.Status != "" {
				r.W.Field("status", string(it.Status))
			}
		case "phase":
			if it.Phase != "" {
				r.W.Field("phase", string(it.Phase))
			}
		default:
			fill(name)
		}
	})
}

// wireID returns the id member of an item: an item reference's target,
// the wire id the extras record, or the ID of a reasoning or compaction
// item the extras do not know (the API needs it).
func wireID(it *lipapi.Item, x *wire.Item) (string, bool) {
	switch {
	case it.Kind == lipapi.ItemKindItemReference:
		return it.Reference.ID, true
	case x != nil:
		return it.ID, x.WireID
	}
	return it.ID, it.ID != "" && (it.Kind == lipapi.ItemKindReasoning || it.Kind == lipapi.ItemKindCompaction)
}

// message writes a message item; an item the extras do not know with one
// text part is written in the short form {"role", "content": text}.
func (r respEncoder) message(i int, x *wire.Item) {
	it := &r.Items[i]
	if x == nil && len(it.Content) == 1 && it.Content[0].Kind == lipapi.ContentPartText {
		r.W.Object(nil, []string{"role", "content"}, func(name string) {
			if name == "role" {
				r.W.Field("role", string(it.Role))
			} else {
				r.W.Field("content", it.Content[0].Text)
			}
		})
		return
	}
	r.element(i, x, "message", []string{"role", "content"}, func(name string) {
		if name == "role" {
			r.W.Field("role", string(it.Role))
		} else {
			r.content(i, "content", it.Content, x, it.Role == lipapi.RoleAssistant)
		}
	})
}

// functionOutput writes a tool-role message item as a
// function_call_output answering the call the extras pair it with.
func (r respEncoder) functionOutput(i int, x *wire.Item) {
	if x == nil || x.CallID == "" {
		r.Cannot(i, "tool message answers no function call the extras know")
		return
	}
	it := &r.Items[i]
	r.element(i, x, "function_call_output", []string{"call_id", "output"}, func(name string) {
		if name == "call_id" {
			r.W.Field(name, x.CallID)
		} else {
			r.content(i, "output", it.Content, x, false)
		}
	})
}

// nativeOutput writes a tool_result item as a function_call_output.
func (r respEncoder) nativeOutput(i int) {
	tr := r.Items[i].ToolResult
	r.element(i, nil, "function_call_output", []string{"call_id", "output"}, func(name string) {
		if name == "call_id" {
			r.W.Field(name, tr.CallID)
			return
		}
		r.ToolOutput("output", tr, func() {
			for j := range tr.Parts {
				r.part(i, j, &tr.Parts[j], nil, false)
			}
		})
	})
}

// content writes the member name (content or output) of item i from parts.
func (r respEncoder) content(i int, name string, parts []lipapi.ContentPart, x *wire.Item, assistant bool) {
	if s, ok := stringContent(parts, x); ok {
		r.W.Field(name, s)
		return
	}
	r.W.Key(name)
	r.W.Begin('[')
	for j := range parts {
		p := &parts[j]
		if wire.IsEmpty(p) && x.EmptyContent() {
			continue
		}
		r.part(i, j, p, x.Part(j, p.Kind), assistant)
	}
	r.W.End(']')
}

// reasoning writes a reasoning item of the Responses dialect.
func (r respEncoder) reasoning(i int, x *wire.Item) {
	rp := r.Items[i].Reasoning.Reasoning
	if rp.Dialect != ResponsesDialect {
		r.Cannot(i, "reasoning of another dialect")
		return
	}
	r.element(i, x, "reasoning", []string{"summary", "content", "encrypted_content"}, func(name string) {
		if v, ok := reasoningMember(rp, name, x == nil); ok {
			r.W.Key(name)
			r.W.RawBytes(v)
		}
	})
}

// reasoningMember returns the JSON value of member name of a reasoning
// element from rp, or false when the element has no such member: summary
// is written always (as [] when empty) for a new element, and when given
// for a decoded one; content and encrypted_content when given.
func reasoningMember(rp *lipapi.ReasoningPart, name string, isNew bool) ([]byte, bool) {
	switch name {
	case "summary":
		if len(rp.Summary) > 0 {
			return rp.Summary, true
		}
		return emptyArray, isNew || rp.SummaryPresent
	case "content":
		return rp.Content, rp.ContentPresent
	case "encrypted_content":
		return rp.EncryptedContent, rp.EncryptedContentPresent
	}
	return nil, false
}

// emptyArray is the JSON empty array. It is never modified.
var emptyArray = []byte("[]")

// compaction writes a compaction item.
func (r respEncoder) compaction(i int, x *wire.Item) {
	cp := r.Items[i].Compaction
	if cp.Dialect != ResponsesDialect {
		r.Cannot(i, "compaction of another dialect")
		return
	}
	r.element(i, x, "compaction", []string{"encrypted_content"}, func(string) {
		r.W.Field("encrypted_content", cp.EncryptedContent)
	})
}

// part writes content part j of item i.
func (r respEncoder) part(i, j int, p *lipapi.ContentPart, px *wire.Part, assistant bool) {
	switch {
	case textual(p):
		r.textPart(px, p.Text, assistant)
	case wire.IsEmpty(p) && px != nil && px.Type != "":
		r.textPart(px, "", assistant)
	case p.Kind == lipapi.ContentPartRefusal:
		simplePart(&r.W, px, "refusal", "refusal", p.Refusal)
	case p.Kind == lipapi.ContentPartImageRef:
		r.imagePart(px, p)
	case p.Kind == lipapi.ContentPartFileRef:
		typ := fileWireType(p, "input_image", "", "input_file")
		if px != nil {
			typ = px.Type
		}
		if typ == "input_image" {
			r.imagePart(px, p)
		} else {
			r.filePart(px, p)
		}
	case p.Kind == lipapi.ContentPartExtension:
		r.ExtensionPart(&r.W, p.Extension, partPath(i, j))
	default:
		r.Fail(responsesAPI.Cannot(partPath(i, j), "Responses has no such content part"))
	}
}

// textPart writes an input_text or output_text part; a new output_text
// part gets the empty annotations list the API requires.
func (r respEncoder) textPart(px *wire.Part, text string, assistant bool) {
	w := &r.W
	typ, known := "input_text", []string{"type", "text"}
	switch {
	case px != nil:
		typ = px.Type
	case assistant:
		typ, known = "output_text", []string{"type", "text", "annotations"}
	}
	w.Object(wire.PartRest(px), known, func(name string) {
		switch name {
		case "type":
			w.Field("type", typ)
		case "text":
			w.Field("text", text)
		case "annotations":
			w.Key(name)
			w.Raw("[]")
		}
	})
}

// imagePart writes an input_image part: its URL (inline data as a data
// URL) or its file_id; a new part gets the detail "auto" the API requires.
func (r respEncoder) imagePart(px *wire.Part, p *lipapi.ContentPart) {
	w := &r.W
	ref := "image_url"
	if px != nil && px.Shape&fileIDRef != 0 {
		ref = "file_id"
	}
	known := []string{"type", ref}
	if px == nil {
		known = append(known, "detail")
	}
	w.Object(wire.PartRest(px), known, func(name string) {
		switch name {
		case "type":
			w.Field("type", "input_image")
		case ref:
			w.Field(ref, imageURL(p))
		case "detail":
			w.Field(name, "auto")
		}
	})
}

// filePart writes an input_file part.
func (r respEncoder) filePart(px *wire.Part, p *lipapi.ContentPart) {
	w := &r.W
	ref := "file_id"
	if px != nil && px.Shape&fileURLRef != 0 {
		ref = "file_url"
	}
	w.Object(wire.PartRest(px), []string{"type", "file_id", "file_url", "file_data", "filename"}, func(name string) {
		switch {
		case name == "type":
			w.Field("type", "input_file")
		case name == ref && p.FileRef != "":
			w.Field(name, p.FileRef)
		case name == "file_data" && p.FileData != "":
			w.Field(name, fileData(p))
		case name == "filename" && p.FileName != "":
			w.Field(name, p.FileName)
		}
	})
}
