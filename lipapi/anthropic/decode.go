package anthropic

import (
	"strconv"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// DecodeMessagesRequest decodes a Messages request body into an
// item-authority call and the extras that hold the rest of the body (see
// the package documentation for the mapping). The call is valid
// (lipapi.Call.Validate); the error, if any, wraps ErrInvalidRequest and
// never holds content from the body. body is not retained.
func DecodeMessagesRequest(body []byte) (lipapi.Call, *MessagesExtras, error) {
	d := decoder{wire.NewDecoder(api)}
	call, err := d.Messages(body, d.system, d.message)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return call, &MessagesExtras{body: d.Body}, nil
}

type decoder struct{ *wire.Decoder }

// system decodes the value v of the system member: a string or an array of
// text blocks becomes one system message item ahead of the conversation. It
// reports whether it mapped v.
func (d decoder) system(v wire.Value) (bool, error) {
	parts, px, form, err := d.content("system", v, lipapi.ContentPartText)
	if err != nil || parts == nil {
		return false, err
	}
	it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleSystem, Content: parts}
	return true, d.Add(d.Keys.New("system"), it, &wire.Item{Group: -1, Shape: form | fromSystem, Parts: px})
}

// message decodes message i into its items: each run of content blocks
// becomes a message item of the message's role, and each tool_use,
// tool_result, thinking and redacted_thinking block an item of its own.
func (d decoder) message(i int, v wire.Value) error {
	path := wire.At("messages", i)
	o, ok := wire.ObjectOf(v)
	if !ok {
		return api.Bad(path, "message is not an object")
	}
	s, _ := o.Take("role")
	role := lipapi.Role(s)
	if role != lipapi.RoleUser && role != lipapi.RoleAssistant {
		return api.Bad(path+".role", "role is missing or not user or assistant")
	}
	u := units{d: d, path: path + ".content", key: "m" + strconv.Itoa(i), role: role, g: i}
	var err error
	if elems, ok := o.Get("content").Elems(lipapi.MaxContentPartsPerItem); ok && len(elems) > 0 {
		o.Use("content")
		err = u.blocks(elems)
	} else {
		var parts []lipapi.ContentPart
		var px []wire.Part
		var form wire.Shape
		parts, px, form, err = d.content(u.path, o.Get("content"), lipapi.ContentPartText)
		if parts != nil {
			o.Use("content")
		}
		// no content, or one of another form (kept in the extras), is empty
		parts, px = wire.OrEmpty(parts, px)
		if err == nil {
			u.run, u.runX, u.form = parts, px, form
			err = u.flush()
		}
	}
	d.Body.Groups = append(d.Body.Groups, wire.Group{Role: s, Rest: o.Rest()})
	return err
}

// content decodes a string, an empty array or an array of content blocks
// (the system member, a string message content, a tool result's content)
// into parts, text blocks becoming parts of kind k. It returns nil parts
// for any other value.
func (d decoder) content(path string, v wire.Value, k lipapi.ContentPartKind) ([]lipapi.ContentPart, []wire.Part, wire.Shape, error) {
	return d.Content(path, v, k, block)
}

// block decodes one content block of an array of content.
func block(path string, v wire.Value, k lipapi.ContentPartKind) (lipapi.ContentPart, wire.Part, error) {
	o, typ, err := api.Typed(path, v)
	if err != nil {
		return lipapi.ContentPart{}, wire.Part{}, err
	}
	return contentBlock(path, &o, typ, k)
}

// units splits the blocks of one message into items.
type units struct {
	d    decoder
	path string
	key  string
	role lipapi.Role
	g, n int // wire message, units so far
	run  []lipapi.ContentPart
	runX []wire.Part
	form wire.Shape
}

// next returns the key of the next unit of the message.
func (u *units) next() string {
	k := u.key
	if u.n > 0 {
		k += "." + strconv.Itoa(u.n)
	}
	u.n++
	return u.d.Keys.New(k)
}

// flush adds the run of content blocks so far as a message item.
func (u *units) flush() error {
	if len(u.run) == 0 {
		return nil
	}
	it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: u.role, Content: u.run}
	err := u.d.Add(u.next(), it, &wire.Item{Group: u.g, Shape: u.form, Parts: u.runX})
	u.run, u.runX = nil, nil
	return err
}

// blocks decodes the blocks of a message content array.
func (u *units) blocks(elems []wire.Value) error {
	if len(elems) > lipapi.MaxContentPartsPerItem {
		return api.Bad(u.path, "more blocks than lipapi.MaxContentPartsPerItem")
	}
	u.form = formArray
	for j, e := range elems {
		path := wire.At(u.path, j)
		o, typ, err := api.Typed(path, e)
		if err != nil {
			return err
		}
		switch typ {
		case "tool_use", "tool_result", "thinking", "redacted_thinking":
			if err := u.flush(); err != nil {
				return err
			}
			err = u.item(path, &o, typ, e)
		default:
			var p lipapi.ContentPart
			var px wire.Part
			p, px, err = contentBlock(path, &o, typ, lipapi.ContentPartText)
			u.run, u.runX = append(u.run, p), append(u.runX, px)
		}
		if err != nil {
			return err
		}
	}
	return u.flush()
}

// item decodes a block that becomes an item of its own.
func (u *units) item(path string, o *wire.Object, typ string, v wire.Value) error {
	key := u.next()
	switch typ {
	case "tool_use":
		return u.toolUse(key, o, v)
	case "tool_result":
		return u.toolResult(path, key, o)
	}
	r, ok := reasoning(o, typ)
	if !ok {
		return u.d.Add(key, api.ExtensionItem(typ, v), &wire.Item{Group: u.g, Type: typ})
	}
	it := lipapi.Item{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: r}}
	return u.d.Add(key, it, &wire.Item{Group: u.g, Type: typ, Rest: o.Rest()})
}

// reasoning maps a thinking block (its text and signature) or a
// redacted_thinking block (its data, as a JSON string in the encrypted
// content, escaped as the encoder writes it) to a reasoning
// payload, or reports false when the block lacks them.
func reasoning(o *wire.Object, typ string) (*lipapi.ReasoningPart, bool) {
	r := &lipapi.ReasoningPart{Dialect: Dialect}
	if typ == "thinking" {
		text, ok1 := o.Str("thinking")
		sig, ok2 := o.Str("signature")
		if !ok1 || !ok2 || text == "" && sig == "" {
			return nil, false
		}
		o.Use("thinking", "signature")
		r.Text, r.Signature = text, sig
		return r, true
	}
	data, ok := o.Str("data")
	if !ok {
		return nil, false
	}
	o.Use("data")
	r.EncryptedContent, r.EncryptedContentPresent = wire.AppendString(nil, data), true
	return r, true
}

// toolUse decodes a tool_use block into a tool_call item (an extension
// item when lipapi would reject it).
func (u *units) toolUse(key string, o *wire.Object, v wire.Value) error {
	id, _ := o.Str("id")
	name, _ := o.Str("name")
	input := o.Get("input")
	if !wire.Callable(id, name) || len(input.Raw) == 0 || canon.CheckJSON(input.Raw, lipapi.MaxJSONDepth) != nil {
		u.d.Call(key, id)
		return u.d.Add(key, api.ExtensionItem("tool_use", v), &wire.Item{Group: u.g, Type: "tool_use", CallID: id, ToolCall: true})
	}
	o.Use("id", "name", "input")
	u.d.Call(key, id)
	tc := &lipapi.ToolCallItem{CallID: id, Name: name, Arguments: append([]byte(nil), input.Raw...)}
	it := lipapi.Item{Kind: lipapi.ItemKindToolCall, ToolCall: tc}
	return u.d.Add(key, it, &wire.Item{Group: u.g, Type: "tool_use", Rest: o.Rest()})
}

// toolResult decodes a tool_result block into a tool-role message item
// paired with its tool_use.
func (u *units) toolResult(path, key string, o *wire.Object) error {
	parts, px, form, err := u.d.content(path+".content", o.Get("content"), lipapi.ContentPartToolResult)
	if err != nil {
		return err
	}
	if parts != nil {
		o.Use("content")
	}
	parts, px = wire.OrEmpty(parts, px)
	x := &wire.Item{Group: u.g, Type: "tool_result", Shape: form, Parts: px}
	id, ok := o.Take("tool_use_id")
	if !ok || id == "" {
		return api.Bad(path+".tool_use_id", "tool_result has no tool_use_id")
	}
	u.d.Answer(x, id)
	x.Rest = o.Rest()
	it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool, Content: parts}
	return u.d.Add(key, it, x)
}
