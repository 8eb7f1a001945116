package wire

import (
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/lipapi"
)

// EmptyText is the Text of the part that stands for empty content (an
// empty string, null, an absent or empty content member), which lipapi's
// text-bearing parts cannot hold: a json part holding null.
const EmptyText = "null"

// Empty returns the part that stands for empty content.
func Empty() lipapi.ContentPart {
	return lipapi.ContentPart{Kind: lipapi.ContentPartJSON, Text: EmptyText}
}

// IsEmpty reports whether p stands for empty content.
func IsEmpty(p *lipapi.ContentPart) bool {
	return p.Kind == lipapi.ContentPartJSON && p.Text == EmptyText
}

// Text returns a part of kind k (text or tool_result) holding s, or the
// empty part when s is empty.
func Text(k lipapi.ContentPartKind, s string) lipapi.ContentPart {
	if s == "" {
		return Empty()
	}
	return lipapi.ContentPart{Kind: k, Text: s}
}

// OrEmpty returns parts and their extras px, or the empty part when parts
// is empty: a message item always has content.
func OrEmpty(parts []lipapi.ContentPart, px []Part) ([]lipapi.ContentPart, []Part) {
	if len(parts) == 0 {
		return []lipapi.ContentPart{Empty()}, []Part{{Kind: lipapi.ContentPartJSON}}
	}
	return parts, px
}

// TextOf returns the part a text part o becomes, Text(k, s) of its string
// member "text" s (which it takes), or no part (no kind) when o has none.
func TextOf(o *Object, k lipapi.ContentPartKind) lipapi.ContentPart {
	if s, ok := o.Take("text"); ok {
		return Text(k, s)
	}
	return lipapi.ContentPart{}
}

// ExtensionPart returns the content part an unknown wire part o of type
// typ becomes: an extension part whose Type is the API's prefix, ':' and
// typ, and whose Data is o with its "type" member set to that Type (lipapi
// requires Data's type to equal Type). A member whose name differs from
// "type" only in case is rejected, since readers differ on which of the
// two names the type.
func (a *API) ExtensionPart(o *Object, typ, path string) (lipapi.ContentPart, error) {
	for _, f := range o.Fields {
		if f.Name != "type" && strings.EqualFold(f.Name, "type") {
			return lipapi.ContentPart{}, a.Bad(path, "member name differs from type only in case")
		}
	}
	full := a.Prefix + ":" + typ
	var w Writer
	w.objectTyped(o.Fields, full)
	ext := &lipapi.ExtensionContentPart{Type: full, Data: w.B}
	return lipapi.ContentPart{Kind: lipapi.ContentPartExtension, Extension: ext}, nil
}

// WriteExtensionPart writes extension part e as the wire part it stands
// for: its Data with the "type" member set back to the wire type. It fails
// when e's type does not carry the API's prefix or its Data is not an
// object the body could have held.
func (a *API) WriteExtensionPart(w *Writer, e *lipapi.ExtensionContentPart, path string) error {
	typ, ok := strings.CutPrefix(e.Type, a.Prefix+":")
	if !ok {
		return a.Cannot(path, "extension part of another API")
	}
	if Check(e.Data) != nil {
		return a.Cannot(path, "extension data is not a JSON object of unique members")
	}
	fields, ok := Root(e.Data).Fields()
	if !ok {
		return a.Cannot(path, "extension data is not an object")
	}
	w.objectTyped(fields, typ)
	return nil
}

// objectTyped writes the object of fields, the value of its "type" member
// replaced by the string typ.
func (w *Writer) objectTyped(fields []Field, typ string) {
	w.Begin('{')
	for _, f := range fields {
		w.Key(f.Name)
		if f.Name == "type" {
			w.String(typ)
		} else {
			w.RawBytes(f.Value.Raw)
		}
	}
	w.End('}')
}

// ExtensionItem returns the item an unknown wire element v of type typ
// becomes: an extension item of the API's namespace holding v verbatim.
func (a *API) ExtensionItem(typ string, v Value) lipapi.Item {
	return lipapi.Item{Kind: lipapi.ItemKindExtension, Extension: &lipapi.OpaqueExtension{
		Namespace: a.Prefix, Type: typ, Data: append([]byte(nil), v.Raw...)}}
}

// WriteExtensionItem writes extension item e as the wire element it
// stands for.
func (a *API) WriteExtensionItem(w *Writer, e *lipapi.OpaqueExtension, path string) error {
	if e.Namespace != a.Prefix {
		return a.Cannot(path, "extension item of another API")
	}
	if len(e.Data) == 0 || Check(e.Data) != nil || Root(e.Data).Kind != canon.KindObjectBegin {
		return a.Cannot(path, "extension data is not a JSON object of unique members")
	}
	w.RawBytes(e.Data)
	return nil
}

// Arguments returns the lipapi form of a tool call's arguments held in a
// JSON string: s itself when it is JSON as Check reads it and nested at
// most lipapi.MaxJSONDepth deep, else s as a JSON string (json is false).
func Arguments(s []byte) (args []byte, json bool) {
	if len(s) > 0 && Check(s) == nil && canon.CheckJSON(s, lipapi.MaxJSONDepth) == nil {
		return append([]byte(nil), s...), true
	}
	return canon.AppendJSONString(nil, s), false
}

// ArgumentsText returns the text of the JSON string a tool call's
// arguments are written in: args itself when it was JSON text, else the
// string args holds.
func ArgumentsText(args []byte, json bool) string {
	if json {
		return string(args)
	}
	if s, ok := Root(args).Str(); ok && Check(args) == nil {
		return s
	}
	return string(args)
}

// Callable reports whether a tool call's id and name pass lipapi's rules
// for a tool_call item.
func Callable(id, name string) bool {
	return strings.TrimSpace(id) != "" && len(id) <= lipapi.MaxRefStringBytes &&
		strings.TrimSpace(name) == name && name != "" && len(name) <= lipapi.MaxToolNameBytes
}
