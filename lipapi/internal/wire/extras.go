package wire

import (
	"encoding/json"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Member is one member of a wire object kept for Encode. Raw is its JSON
// text as the body held it, or "" for a slot: the place of a member that
// Encode writes from the call.
type Member struct {
	Name string
	Raw  string
}

// Rest is the members of one wire object, in body order: kept verbatim and
// slots.
type Rest []Member

// Get returns the kept text of the member named name.
func (r Rest) Get(name string) (string, bool) {
	for _, m := range r {
		if m.Name == name && m.Raw != "" {
			return m.Raw, true
		}
	}
	return "", false
}

// Shape is a set of flags an adapter records about the form of a wire
// element (a string content rather than an array, an absent member...), so
// that Encode writes the same form again. FormString and FormArray are
// shared; each adapter defines its other flags from FirstFlag up.
type Shape uint32

// The shared shape flags.
const (
	// FormString: the content was a string.
	FormString Shape = 1 << iota
	// FormArray: the content was an array.
	FormArray
	// FirstFlag is the first flag left to the adapters.
	FirstFlag
)

// Part is what a content part's wire object held beyond its lipapi part.
type Part struct {
	// Kind is the lipapi kind the part decoded to; Part applies to a part
	// of that kind at the same position only.
	Kind lipapi.ContentPartKind
	// Type is the wire type of the part.
	Type  string
	Shape Shape
	// Rest is the members of the part's object; Inner those of the object
	// nested in it that the adapter maps (image_url, source, file...).
	Rest, Inner Rest
}

// Item is what the wire held for one item beyond its lipapi item.
type Item struct {
	// Kind and Role are those the item decoded to; Item applies to an item
	// with the same ID, kind and role only.
	Kind lipapi.ItemKind
	Role lipapi.Role
	// Group is the index of the wire message the item came from (a body
	// message of Chat Completions or Messages), or -1.
	Group int
	// WireID reports that the item's ID was its id on the wire.
	WireID bool
	// Type is the wire type of the element the item came from.
	Type  string
	Shape Shape
	// Rest is the members of the item's own wire object (a tool call, a
	// tool result block, an input item); Inner those of the object nested
	// in it that the adapter maps (a tool call's function).
	Rest, Inner Rest
	// Parts is the extras of the item's content parts, by position.
	Parts []Part
	// CallID is the call a tool result answers, or the ID of a tool call
	// the API names outside lipapi (a non-function call).
	CallID string
	// CallKey is the key of the tool call item a tool result answers, ""
	// when the body holds no such call.
	CallKey string
	// Results is the number of results in the body answering a tool call.
	Results int
	// ToolCall reports that an extension item stands for a tool call the
	// API makes outside lipapi's model (a custom call, a malformed one).
	ToolCall bool
}

// Part returns the extras of content part j when it is of kind k.
func (it *Item) Part(j int, k lipapi.ContentPartKind) *Part {
	if it == nil || j >= len(it.Parts) || it.Parts[j].Kind != k {
		return nil
	}
	return &it.Parts[j]
}

// EmptyContent reports whether an empty part at position 0 of the item
// stands for the whole content (an empty string or array, or no extras)
// rather than for an empty text part of an array. it may be nil.
func (it *Item) EmptyContent() bool {
	px := it.Part(0, lipapi.ContentPartJSON)
	return px == nil || px.Type == ""
}

// Group is what a wire message (Chat Completions, Messages) held beyond
// the items it became.
type Group struct {
	// Role is the message's role as the body wrote it.
	Role  string
	Shape Shape
	Rest  Rest
}

// Body is the extras of one request body: its top-level members and the
// extras of its messages and items, keyed by item ID.
//
// Items are keyed by ID because an ID travels with its item: Project and
// Reassert copy retained items with their IDs, give injected overlays IDs
// of their own ("lip-steering-..."), and never reuse an ID. So extras
// survive the removal, insertion and reordering of items, and an item the
// extras do not know is written in the API's plain form.
type Body struct {
	Rest   Rest
	Groups []Group
	Items  map[string]*Item
}

// Item returns the extras of it: those recorded under its ID when they
// were recorded for its kind and role, else nil.
func (b *Body) Item(it *lipapi.Item) *Item {
	if b == nil || it.ID == "" {
		return nil
	}
	x := b.Items[it.ID]
	if x == nil || x.Kind != it.Kind || x.Role != it.Role {
		return nil
	}
	return x
}

// Member returns the kept text of the top-level member name, or false when
// b (which may be nil) keeps no such member.
func (b *Body) Member(name string) (json.RawMessage, bool) {
	if b == nil {
		return nil, false
	}
	raw, ok := b.Rest.Get(name)
	if !ok {
		return nil, false
	}
	return json.RawMessage(raw), true
}

// ToolCallID returns the call ID that it, a tool-role message item the
// extras know, answers, or false for any other item.
func (b *Body) ToolCallID(it *lipapi.Item) (string, bool) {
	if it.Kind != lipapi.ItemKindMessage || it.Role != lipapi.RoleTool {
		return "", false
	}
	x := b.Item(it)
	if x == nil || x.CallID == "" {
		return "", false
	}
	return x.CallID, true
}

// Group returns the extras of wire message g, or nil.
func (b *Body) Group(g int) *Group {
	if b == nil || g < 0 || g >= len(b.Groups) {
		return nil
	}
	return &b.Groups[g]
}

// Keys hands out item keys for items without a wire id: each is the
// candidate asked for, made unique against every key and reserved wire id
// by appending '~' as often as needed.
type Keys struct {
	taken map[string]struct{}
}

// Reserve marks id as taken.
func (k *Keys) Reserve(id string) {
	if k.taken == nil {
		k.taken = make(map[string]struct{})
	}
	k.taken[id] = struct{}{}
}

// Taken reports whether id is taken.
func (k *Keys) Taken(id string) bool {
	_, ok := k.taken[id]
	return ok
}

// New returns a key from candidate and reserves it.
func (k *Keys) New(candidate string) string {
	for k.Taken(candidate) {
		candidate += "~"
	}
	k.Reserve(candidate)
	return candidate
}

// PartRest returns the kept members of a part's extras (px may be nil).
func PartRest(px *Part) Rest {
	if px == nil {
		return nil
	}
	return px.Rest
}

// PartInner returns the kept members of a part's nested object (px may be
// nil).
func PartInner(px *Part) Rest {
	if px == nil {
		return nil
	}
	return px.Inner
}

// ItemRest returns the kept members of an item's extras (x may be nil).
func ItemRest(x *Item) Rest {
	if x == nil {
		return nil
	}
	return x.Rest
}

// ShapeOf returns the shape of an item's extras, 0 for nil.
func ShapeOf(x *Item) Shape {
	if x == nil {
		return 0
	}
	return x.Shape
}
