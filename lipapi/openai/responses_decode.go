package openai

import (
	"strconv"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// DecodeResponsesRequest decodes a Responses request body into an
// item-authority call and the extras that hold the rest of the body (see
// the package documentation for the mapping). The call is valid
// (lipapi.Call.Validate); the error, if any, wraps ErrInvalidRequest and
// never holds content from the body. body is not retained.
func DecodeResponsesRequest(body []byte) (lipapi.Call, *ResponsesExtras, error) {
	d := respDecoder{wire.NewDecoder(responsesAPI)}
	root, err := d.Open(body)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	input := root.Get("input")
	elems, isArray := input.Elems(lipapi.MaxItems)
	if len(elems) > lipapi.MaxItems {
		return lipapi.Call{}, nil, responsesAPI.Bad("input", "more items than lipapi.MaxItems")
	}
	d.reserveIDs(elems)
	if err := d.instructions(&root); err != nil {
		return lipapi.Call{}, nil, err
	}
	if err := d.input(&root, input, elems, isArray); err != nil {
		return lipapi.Call{}, nil, err
	}
	prev, _ := root.Take("previous_response_id")
	d.Body.Rest = root.Rest()
	call, err := d.Finish(prev)
	if err != nil {
		return lipapi.Call{}, nil, err
	}
	return call, &ResponsesExtras{body: d.Body}, nil
}

type respDecoder struct{ *wire.Decoder }

// reserveIDs reserves the IDs of the input elements as item keys, so that
// the keys made for items without one never take them.
func (d respDecoder) reserveIDs(elems []wire.Value) {
	for _, e := range elems {
		if o, ok := wire.ObjectOf(e); ok {
			if id, ok := o.Str("id"); ok {
				d.Keys.Reserve(id)
			}
		}
	}
}

// instructions decodes the instructions member: a string that is not
// empty becomes one system message item ahead of the input.
func (d respDecoder) instructions(root *wire.Object) error {
	s, ok := root.Str("instructions")
	if !ok || s == "" {
		return nil
	}
	root.Use("instructions")
	it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleSystem, Content: []lipapi.ContentPart{wire.Text(lipapi.ContentPartText, s)}}
	x := &wire.Item{Group: -1, Shape: instructions, Parts: []wire.Part{{Kind: lipapi.ContentPartText}}}
	return d.Add(d.Keys.New("instructions"), it, x)
}

// input decodes the input member: a string is one user message; an array
// one item per element.
func (d respDecoder) input(root *wire.Object, input wire.Value, elems []wire.Value, isArray bool) error {
	if s, ok := input.Str(); ok {
		root.Use("input")
		p := wire.Text(lipapi.ContentPartText, s)
		it := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser, Content: []lipapi.ContentPart{p}}
		return d.Add(d.Keys.New("input"), it, &wire.Item{Group: -1, Shape: formString, Parts: []wire.Part{{Kind: p.Kind}}})
	}
	if !isArray {
		return nil
	}
	root.Use("input")
	for k, e := range elems {
		if err := d.item(wire.At("input", k), k, e); err != nil {
			return err
		}
	}
	return nil
}

// item decodes input element k.
func (d respDecoder) item(path string, k int, v wire.Value) error {
	o, ok := wire.ObjectOf(v)
	if !ok {
		return responsesAPI.Bad(path, "input item is not an object")
	}
	typ, hasType := o.Type()
	if !hasType {
		if _, ok := o.Str("role"); !ok {
			return responsesAPI.Bad(path+".type", "type is missing")
		}
		typ = "message"
	}
	x := &wire.Item{Group: -1, Type: typ}
	if !hasType {
		x.Shape = typeless
	}
	it, err := d.variant(path, &o, typ, x, v)
	if err != nil {
		return err
	}
	key := d.key(&o, &it, x, k)
	lifecycle(&o, &it)
	if it.Kind != lipapi.ItemKindExtension {
		x.Rest = o.Rest()
	}
	if it.Kind == lipapi.ItemKindToolCall {
		d.Call(key, it.ToolCall.CallID)
	}
	return d.Add(key, it, x)
}

// key returns the key of item k: its wire id when it has one (an item
// reference's id names its target, an extension keeps its own), else a key
// of the decoder's.
func (d respDecoder) key(o *wire.Object, it *lipapi.Item, x *wire.Item, k int) string {
	if id, ok := o.Str("id"); ok && id != "" && it.Kind != lipapi.ItemKindItemReference && it.Kind != lipapi.ItemKindExtension {
		o.Use("id")
		x.WireID = true
		return id
	}
	return d.Keys.New("i" + strconv.Itoa(k))
}

// lifecycle maps an item's status, and an assistant message's phase, when
// they are lipapi values.
func lifecycle(o *wire.Object, it *lipapi.Item) {
	if it.Kind == lipapi.ItemKindExtension {
		return
	}
	if s, ok := o.Str("status"); ok && lipapi.ItemStatus(s).IsKnown() {
		o.Use("status")
		it.Status = lipapi.ItemStatus(s)
	}
	if s, ok := o.Str("phase"); ok && it.Kind == lipapi.ItemKindMessage && it.Role == lipapi.RoleAssistant && lipapi.AssistantPhase(s).IsKnown() {
		o.Use("phase")
		it.Phase = lipapi.AssistantPhase(s)
	}
}

// variant decodes the item of type typ; an unknown type, or one lipapi
// would reject, becomes an extension item holding the element.
func (d respDecoder) variant(path string, o *wire.Object, typ string, x *wire.Item, v wire.Value) (lipapi.Item, error) {
	var it lipapi.Item
	var err error
	switch typ {
	case "message":
		it, err = d.message(path, o, x)
	case "function_call":
		it = functionCall(o, x)
	case "function_call_output":
		it, err = d.functionOutput(path, o, x)
	case "reasoning":
		it = reasoningItem(o)
	case "item_reference":
		it = referenceItem(o)
	case "compaction":
		it = compactionItem(o)
	}
	if err != nil {
		return it, err
	}
	if it.Kind == "" {
		return responsesAPI.ExtensionItem(typ, v), nil
	}
	return it, nil
}

// referenceItem decodes an item_reference element; one without an id maps
// to nothing (no kind).
func referenceItem(o *wire.Object) lipapi.Item {
	id, ok := o.Take("id")
	if !ok || id == "" {
		return lipapi.Item{}
	}
	return lipapi.Item{Kind: lipapi.ItemKindItemReference, Reference: &lipapi.ItemReference{ID: id}}
}

// compactionItem decodes a compaction element; one without a string
// encrypted_content maps to nothing (no kind).
func compactionItem(o *wire.Object) lipapi.Item {
	s, ok := o.Take("encrypted_content")
	if !ok {
		return lipapi.Item{}
	}
	return lipapi.Item{Kind: lipapi.ItemKindCompaction, Compaction: &lipapi.CompactionItem{Dialect: ResponsesDialect, EncryptedContent: s}}
}

// message decodes a message item.
func (d respDecoder) message(path string, o *wire.Object, x *wire.Item) (lipapi.Item, error) {
	role, ok := o.Take("role")
	switch r := lipapi.Role(role); {
	case !ok:
		return lipapi.Item{}, responsesAPI.Bad(path+".role", "role is missing")
	case !r.IsKnown() || r == lipapi.RoleTool:
		return lipapi.Item{}, responsesAPI.Bad(path+".role", "unknown role")
	}
	parts, px, form, err := d.Content(path+".content", o.Get("content"), lipapi.ContentPartText, respPart)
	if err != nil {
		return lipapi.Item{}, err
	}
	if parts == nil {
		return lipapi.Item{}, responsesAPI.Bad(path+".content", "content is missing")
	}
	o.Use("content")
	x.Shape |= form
	x.Parts = px
	return lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.Role(role), Content: parts}, nil
}

// functionCall decodes a function_call item, or returns the zero item when
// lipapi would reject it.
func functionCall(o *wire.Object, x *wire.Item) lipapi.Item {
	id, _ := o.Str("call_id")
	name, _ := o.Str("name")
	args, ok := o.Get("arguments").StrBytes()
	if !ok || !wire.Callable(id, name) {
		return lipapi.Item{}
	}
	o.Use("call_id", "name", "arguments")
	a, isJSON := wire.Arguments(args)
	if isJSON {
		x.Shape |= argsJSON
	}
	return lipapi.Item{Kind: lipapi.ItemKindToolCall, ToolCall: &lipapi.ToolCallItem{CallID: id, Name: name, Arguments: a}}
}

// functionOutput decodes a function_call_output item into a tool-role
// message item paired with its call.
func (d respDecoder) functionOutput(path string, o *wire.Object, x *wire.Item) (lipapi.Item, error) {
	id, ok := o.Str("call_id")
	parts, px, form, err := d.Content(path+".output", o.Get("output"), lipapi.ContentPartToolResult, respPart)
	if err != nil || !ok || id == "" || parts == nil {
		return lipapi.Item{}, err
	}
	o.Use("call_id", "output")
	x.Shape |= form
	x.Parts = px
	d.Answer(x, id)
	return lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool, Content: parts}, nil
}

// reasoningItem decodes a reasoning item: its summary, content and
// encrypted content become a reasoning payload of the Responses dialect.
func reasoningItem(o *wire.Object) lipapi.Item {
	r := &lipapi.ReasoningPart{Dialect: ResponsesDialect}
	if v := o.Get("summary"); len(v.Raw) > 0 {
		r.Summary, r.SummaryPresent = append([]byte(nil), v.Raw...), true
	}
	if v := o.Get("content"); len(v.Raw) > 0 {
		r.Content, r.ContentPresent = append([]byte(nil), v.Raw...), true
	}
	if v := o.Get("encrypted_content"); len(v.Raw) > 0 {
		r.EncryptedContent, r.EncryptedContentPresent = append([]byte(nil), v.Raw...), true
	}
	if !r.SummaryPresent && !r.ContentPresent && !r.EncryptedContentPresent {
		return lipapi.Item{}
	}
	o.Use("summary", "content", "encrypted_content")
	return lipapi.Item{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: r}}
}

// respPart decodes one content part; text parts become parts of kind k.
func respPart(path string, v wire.Value, k lipapi.ContentPartKind) (lipapi.ContentPart, wire.Part, error) {
	o, typ, err := responsesAPI.Typed(path, v)
	if err != nil {
		return lipapi.ContentPart{}, wire.Part{}, err
	}
	var px wire.Part
	var p lipapi.ContentPart
	switch typ {
	case "input_text", "output_text":
		p = wire.TextOf(&o, k)
	case "refusal":
		p = refusalOf(&o)
	case "input_image":
		p, px.Shape = inputImage(&o)
	case "input_file":
		p, px.Shape = inputFile(&o)
	}
	return responsesAPI.PartDone(path, &o, typ, p, px)
}

// inputImage maps an input_image part: its image_url (a data URL becomes
// inline data), else its file_id.
func inputImage(o *wire.Object) (lipapi.ContentPart, wire.Shape) {
	if url, ok := o.Str("image_url"); ok && url != "" {
		o.Use("image_url")
		return imagePart(url), 0
	}
	if id, ok := o.Str("file_id"); ok && id != "" {
		o.Use("file_id")
		return lipapi.ContentPart{Kind: lipapi.ContentPartImageRef, ImageRef: id}, fileIDRef
	}
	return lipapi.ContentPart{}, 0
}

// inputFile maps an input_file part: file_id (else file_url), file_data (a
// data URL split into media type and data) and filename.
func inputFile(o *wire.Object) (lipapi.ContentPart, wire.Shape) {
	p := lipapi.ContentPart{Kind: lipapi.ContentPartFileRef}
	var shape wire.Shape
	if id, ok := o.Str("file_id"); ok && id != "" {
		o.Use("file_id")
		p.FileRef = id
	} else if url, ok := o.Str("file_url"); ok && url != "" {
		o.Use("file_url")
		p.FileRef, shape = url, fileURLRef
	}
	if s, ok := o.Str("file_data"); ok && s != "" {
		o.Use("file_data")
		setFileData(&p, s)
	}
	if p.FileRef == "" && p.FileData == "" {
		return lipapi.ContentPart{}, 0
	}
	if name, ok := o.Str("filename"); ok && name != "" {
		o.Use("filename")
		p.FileName = name
	}
	return p, shape
}
