package openai

import (
	"strconv"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// DecodeChatRequest decodes a Chat Completions request body into an
// item-authority call and the extras that hold the rest of the body (see
// the package documentation for the mapping). The call is valid
// (lipapi.Call.Validate); the error, if any, wraps ErrInvalidRequest and
// never holds content from the body. body is not retained.
func DecodeChatRequest(body []byte) (lipapi.Call, *ChatExtras, error) {
	d := chatDecoder{wire.NewDecoder(chatAPI)}
	call, err := d.Messages(body, nil, d.message)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return call, &ChatExtras{body: d.Body}, nil
}

type chatDecoder struct{ *wire.Decoder }

// chatRole maps a Chat Completions role to a lipapi role.
func chatRole(s string) (lipapi.Role, wire.Shape, bool) {
	switch r := lipapi.Role(s); {
	case r.IsKnown():
		return r, 0, true
	case r == "function":
		return lipapi.RoleTool, roleFunction, true
	}
	return "", 0, false
}

// message decodes message i into its items.
func (d chatDecoder) message(i int, v wire.Value) error {
	path := wire.At("messages", i)
	o, ok := wire.ObjectOf(v)
	if !ok {
		return chatAPI.Bad(path, "message is not an object")
	}
	s, _ := o.Take("role")
	role, shape, ok := chatRole(s)
	if !ok {
		return chatAPI.Bad(path+".role", "role is missing or unknown")
	}
	key := "m" + strconv.Itoa(i)
	var err error
	if role == lipapi.RoleTool {
		err = d.toolMessage(path, key, &o, i, shape&roleFunction != 0)
	} else {
		err = d.turn(path, key, &o, role, i)
	}
	d.Body.Groups = append(d.Body.Groups, wire.Group{Shape: shape, Rest: o.Rest()})
	return err
}

// turn decodes a system, developer, user or assistant message: its content
// item, then its tool calls. Tool calls of a role other than assistant stay
// in the extras, and so does an empty content beside tool calls.
func (d chatDecoder) turn(path, key string, o *wire.Object, role lipapi.Role, g int) error {
	parts, px, form, err := d.content(path, o, lipapi.ContentPartText)
	if err != nil {
		return err
	}
	var calls []wire.Value
	if role == lipapi.RoleAssistant {
		parts, px, form = assistantMembers(o, parts, px, form)
		calls, _ = o.Get("tool_calls").Elems(lipapi.MaxItems)
	}
	if len(calls) > 0 && len(parts) == 1 && wire.IsEmpty(&parts[0]) {
		parts = nil
		o.Unuse("content")
	}
	if len(parts) > 0 || len(calls) == 0 {
		parts, px = wire.OrEmpty(parts, px)
		it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: role, Content: parts}
		if err := d.Add(d.Keys.New(key), it, &wire.Item{Group: g, Shape: form, Parts: px}); err != nil {
			return err
		}
	}
	return d.toolCalls(path, key, o, calls, g)
}

// toolCalls decodes the tool calls of the assistant message o, if any,
// each into a tool call item.
func (d chatDecoder) toolCalls(path, key string, o *wire.Object, calls []wire.Value, g int) error {
	if len(calls) == 0 {
		return nil
	}
	o.Use("tool_calls")
	for j, c := range calls {
		if err := d.toolCall(wire.At(path+".tool_calls", j), key+".t"+strconv.Itoa(j), c, g); err != nil {
			return err
		}
	}
	return nil
}

// assistantMembers appends the parts an assistant message holds outside
// its content: its refusal, then its audio reference.
func assistantMembers(o *wire.Object, parts []lipapi.ContentPart, px []wire.Part, form wire.Shape) ([]lipapi.ContentPart, []wire.Part, wire.Shape) {
	if s, ok := o.Str("refusal"); ok && s != "" {
		o.Use("refusal")
		parts = append(parts, lipapi.ContentPart{Kind: lipapi.ContentPartRefusal, Refusal: s})
		px = append(px, wire.Part{Kind: lipapi.ContentPartRefusal})
		form |= fromRefusal
	}
	if a, ok := wire.ObjectOf(o.Get("audio")); ok {
		if id, ok := a.Take("id"); ok && id != "" {
			o.Use("audio")
			parts = append(parts, lipapi.ContentPart{Kind: lipapi.ContentPartAssistantRef, AssistantRef: id})
			px = append(px, wire.Part{Kind: lipapi.ContentPartAssistantRef, Inner: a.Rest()})
			form |= fromAudio
		}
	}
	return parts, px, form
}

// toolMessage decodes a tool (or function) message into a tool-role
// message item paired with the call it answers.
func (d chatDecoder) toolMessage(path, key string, o *wire.Object, g int, function bool) error {
	parts, px, form, err := d.content(path, o, lipapi.ContentPartToolResult)
	if err != nil {
		return err
	}
	parts, px = wire.OrEmpty(parts, px)
	x := &wire.Item{Group: g, Shape: form, Parts: px}
	if id, ok := o.Take("tool_call_id"); ok && id != "" {
		d.Answer(x, id)
	} else if !function {
		return chatAPI.Bad(path+".tool_call_id", "tool message has no tool_call_id")
	}
	it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool, Content: parts}
	return d.Add(d.Keys.New(key), it, x)
}

// content decodes the content member of message o (see wire.Decoder's
// Content), marking it used when it maps.
func (d chatDecoder) content(path string, o *wire.Object, k lipapi.ContentPartKind) ([]lipapi.ContentPart, []wire.Part, wire.Shape, error) {
	parts, px, form, err := d.Content(path+".content", o.Get("content"), k, chatPart)
	if parts != nil {
		o.Use("content")
	}
	return parts, px, form, err
}

// chatPart decodes one content part; text parts become parts of kind k.
func chatPart(path string, v wire.Value, k lipapi.ContentPartKind) (lipapi.ContentPart, wire.Part, error) {
	o, typ, err := chatAPI.Typed(path, v)
	if err != nil {
		return lipapi.ContentPart{}, wire.Part{}, err
	}
	var px wire.Part
	var p lipapi.ContentPart
	switch typ {
	case "text":
		p = wire.TextOf(&o, k)
	case "refusal":
		p = refusalOf(&o)
	case "image_url":
		p, px.Inner = nested(&o, "image_url", func(in *wire.Object) (lipapi.ContentPart, bool) {
			url, ok := in.Take("url")
			return imagePart(url), ok && url != ""
		})
	case "input_audio":
		p, px.Inner = nested(&o, "input_audio", audioPart)
	case "file":
		p, px.Inner = nested(&o, "file", chatFilePart)
	}
	return chatAPI.PartDone(path, &o, typ, p, px)
}

// nested maps the object member name of o through fn; on success the
// member is used and its unmapped members are returned.
func nested(o *wire.Object, name string, fn func(*wire.Object) (lipapi.ContentPart, bool)) (lipapi.ContentPart, wire.Rest) {
	in, ok := wire.ObjectOf(o.Get(name))
	if !ok {
		return lipapi.ContentPart{}, nil
	}
	p, ok := fn(&in)
	if !ok {
		return lipapi.ContentPart{}, nil
	}
	o.Use(name)
	return p, in.Rest()
}

// audioPart maps an input_audio object: its base64 data and format become
// an inline file of media type "audio/<format>".
func audioPart(in *wire.Object) (lipapi.ContentPart, bool) {
	data, ok1 := in.Str("data")
	format, ok2 := in.Str("format")
	if !ok1 || !ok2 || data == "" || format == "" {
		return lipapi.ContentPart{}, false
	}
	in.Use("data", "format")
	return lipapi.ContentPart{Kind: lipapi.ContentPartFileRef, FileData: data, FileMIME: "audio/" + format}, true
}

// chatFilePart maps a file object: file_id, file_data (a data URL split
// into media type and data) and filename.
func chatFilePart(in *wire.Object) (lipapi.ContentPart, bool) {
	p := lipapi.ContentPart{Kind: lipapi.ContentPartFileRef}
	if id, ok := in.Str("file_id"); ok && id != "" {
		in.Use("file_id")
		p.FileRef = id
	}
	if s, ok := in.Str("file_data"); ok && s != "" {
		in.Use("file_data")
		setFileData(&p, s)
	}
	if p.FileRef == "" && p.FileData == "" {
		return lipapi.ContentPart{}, false
	}
	if name, ok := in.Str("filename"); ok && name != "" {
		in.Use("filename")
		p.FileName = name
	}
	return p, true
}

// toolCall decodes one tool call: a function call becomes a tool_call
// item; any other (or one lipapi would reject) an extension item.
func (d chatDecoder) toolCall(path, key string, v wire.Value, g int) error {
	o, ok := wire.ObjectOf(v)
	if !ok {
		return chatAPI.Bad(path, "tool call is not an object")
	}
	key = d.Keys.New(key)
	id, _ := o.Str("id")
	typ, _ := o.Str("type")
	fn, fnOK := wire.ObjectOf(o.Get("function"))
	name, _ := fn.Str("name")
	args, argsOK := fn.Get("arguments").StrBytes()
	if typ != "function" || !fnOK || !argsOK || !wire.Callable(id, name) {
		d.Call(key, id)
		x := &wire.Item{Group: g, Type: typ, CallID: id, ToolCall: true}
		return d.Add(key, chatAPI.ExtensionItem("tool_call", v), x)
	}
	o.Use("id", "type", "function")
	fn.Use("name", "arguments")
	a, isJSON := wire.Arguments(args)
	x := &wire.Item{Group: g, Type: typ, Rest: o.Rest(), Inner: fn.Rest()}
	if isJSON {
		x.Shape = argsJSON
	}
	d.Call(key, id)
	it := lipapi.Item{Kind: lipapi.ItemKindToolCall, ToolCall: &lipapi.ToolCallItem{CallID: id, Name: name, Arguments: a}}
	return d.Add(key, it, x)
}
