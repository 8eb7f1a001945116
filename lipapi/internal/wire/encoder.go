package wire

import (
	"fmt"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Encoder is the state of one encoding: the output, the extras, the
// items, the first error and the wire messages whose members were written.
type Encoder struct {
	API   *API
	W     Writer
	Body  *Body
	Items []lipapi.Item
	Err   error
	seen  map[int]bool
}

// NewEncoder returns an encoder of call with extras b (which may be nil),
// once call is an item-authority call that passes lipapi's rules and names
// no previous response unless the API carries one.
func NewEncoder(api *API, call *lipapi.Call, b *Body) (*Encoder, error) {
	if !call.HasItemAuthority() {
		return nil, api.Cannot("Items", "call has legacy authority; the adapters encode item-authority calls")
	}
	if err := call.CheckBounds(); err != nil {
		return nil, fmt.Errorf("%w: %w", api.Inexpressible, err)
	}
	if err := call.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", api.Inexpressible, err)
	}
	if call.PreviousResponseID != "" && !api.PreviousResponse {
		return nil, api.Cannot("PreviousResponseID", api.Name+" has no previous response")
	}
	return &Encoder{API: api, Body: b, Items: call.Items}, nil
}

// Encode writes call as a body of api with extras b (which may be nil):
// once NewEncoder accepts call, root writes the root object, given the
// encoder and the positions of the items to write, b.Plan(call.Items,
// order). It returns the body, or the first error.
func Encode(api *API, call *lipapi.Call, b *Body, order bool, root func(e *Encoder, plan []int)) ([]byte, error) {
	e, err := NewEncoder(api, call, b)
	if err != nil {
		return nil, err
	}
	root(e, e.Body.Plan(call.Items, order))
	return e.Result()
}

// Fail records err unless an error is recorded already.
func (e *Encoder) Fail(err error) {
	if e.Err == nil {
		e.Err = err
	}
}

// Cannot records an encode error for item i.
func (e *Encoder) Cannot(i int, reason string) { e.Fail(e.API.Cannot(ItemPath(i), reason)) }

// ExtensionPart writes extension part ext, at path, to w as the wire part
// it stands for (API.WriteExtensionPart), or records why it cannot.
func (e *Encoder) ExtensionPart(w *Writer, ext *lipapi.ExtensionContentPart, path string) {
	if err := e.API.WriteExtensionPart(w, ext, path); err != nil {
		e.Fail(err)
	}
}

// ExtensionItem writes extension item i as the wire element it stands for
// (API.WriteExtensionItem), or records why it cannot.
func (e *Encoder) ExtensionItem(i int) {
	if err := e.API.WriteExtensionItem(&e.W, e.Items[i].Extension, ItemPath(i)); err != nil {
		e.Fail(err)
	}
}

// Extras returns the extras of item i, or nil.
func (e *Encoder) Extras(i int) *Item { return e.Body.Item(&e.Items[i]) }

// BodyRest returns the kept top-level members, or nil.
func (e *Encoder) BodyRest() Rest {
	if e.Body == nil {
		return nil
	}
	return e.Body.Rest
}

// GroupRest returns the members of wire message g the first time it is
// asked for g, and nil after that (and for g < 0): a wire message split by
// an inserted item writes its members once.
func (e *Encoder) GroupRest(g int) Rest {
	grp := e.Body.Group(g)
	if grp == nil || e.seen[g] {
		return nil
	}
	if e.seen == nil {
		e.seen = make(map[int]bool)
	}
	e.seen[g] = true
	return grp.Rest
}

// GroupShape returns the shape of wire message g, or 0.
func (e *Encoder) GroupShape(g int) Shape {
	if grp := e.Body.Group(g); grp != nil {
		return grp.Shape
	}
	return 0
}

// ToolOutput writes the member name holding the output of tr, a tool
// result item: its Output as a string when not empty, else an array whose
// elements, its parts, parts writes.
func (e *Encoder) ToolOutput(name string, tr *lipapi.ToolResultItem, parts func()) {
	if tr.Output != "" {
		e.W.Field(name, tr.Output)
		return
	}
	e.W.Key(name)
	e.W.Begin('[')
	parts()
	e.W.End(']')
}

// Result returns the output, or the first error.
func (e *Encoder) Result() ([]byte, error) {
	if e.Err != nil {
		return nil, e.Err
	}
	return e.W.B, nil
}
