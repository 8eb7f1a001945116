package wire

import "github.com/agentkernel/agentkernel/lipapi"

// Decoder accumulates the items of a body being decoded and their extras.
type Decoder struct {
	API   *API
	Items []lipapi.Item
	Body  Body
	Keys  Keys
	// calls maps the call ID of each tool call item so far to its key.
	calls map[string]string
}

// NewDecoder returns a decoder for api.
func NewDecoder(api *API) *Decoder {
	return &Decoder{API: api, Items: []lipapi.Item{}, Body: Body{Items: make(map[string]*Item)}}
}

// Open checks body (see Check) and returns its top-level object.
func (d *Decoder) Open(body []byte) (Object, error) {
	if err := Check(body); err != nil {
		return Object{}, d.API.BadJSON(err)
	}
	o, ok := ObjectOf(Root(body))
	if !ok {
		return Object{}, d.API.Bad("body", "not a JSON object")
	}
	return o, nil
}

// Add appends it, keyed key, with its extras x (which may be nil), after
// checking that the call stays within lipapi.MaxItems.
func (d *Decoder) Add(key string, it lipapi.Item, x *Item) error {
	if len(d.Items) >= lipapi.MaxItems {
		return d.API.Bad("body", "more items than lipapi.MaxItems")
	}
	it.ID = key
	d.Items = append(d.Items, it)
	if x != nil {
		x.Kind, x.Role = it.Kind, it.Role
		d.Body.Items[key] = x
	}
	return nil
}

// Call records that the item keyed key is a tool call with call ID id.
// The first call of an ID is the one its results answer.
func (d *Decoder) Call(key, id string) {
	if d.calls == nil {
		d.calls = make(map[string]string)
	}
	if _, ok := d.calls[id]; !ok && id != "" {
		d.calls[id] = key
	}
}

// Answer records in x that it answers the call with ID id, pairing it with
// the call item the body holds for that ID, if any.
func (d *Decoder) Answer(x *Item, id string) {
	x.CallID = id
	if key, ok := d.calls[id]; ok {
		x.CallKey = key
		if c := d.Body.Items[key]; c != nil {
			c.Results++
		}
	}
}

// Finish returns the call of the items decoded, continuing previous (a
// previous response ID, or ""), once it passes lipapi's bounds and rules.
func (d *Decoder) Finish(previous string) (lipapi.Call, error) {
	call := lipapi.Call{Items: d.Items, PreviousResponseID: previous}
	if err := call.CheckBounds(); err != nil {
		return lipapi.Call{}, d.API.BadCall(err)
	}
	if err := call.Validate(); err != nil {
		return lipapi.Call{}, d.API.BadCall(err)
	}
	return call, nil
}

// Array returns the elements of the array member name of root, which is
// required, after checking that there are at most lipapi.MaxItems of them,
// and marks it used.
func (d *Decoder) Array(root *Object, name string) ([]Value, error) {
	elems, ok := root.Get(name).Elems(lipapi.MaxItems)
	switch {
	case !ok:
		return nil, d.API.Bad(name, "required array is missing")
	case len(elems) > lipapi.MaxItems:
		return nil, d.API.Bad(name, "more elements than lipapi.MaxItems")
	}
	root.Use(name)
	return elems, nil
}

// Messages decodes a body whose conversation is its required array member
// "messages": system, when not nil, decodes the member "system" first and
// reports whether it mapped it; message decodes message i. The root's other
// members are kept and the call is finished with no previous response.
func (d *Decoder) Messages(body []byte, system func(v Value) (bool, error), message func(i int, v Value) error) (lipapi.Call, error) {
	root, err := d.Open(body)
	if err != nil {
		return lipapi.Call{}, err
	}
	msgs, err := d.Array(&root, "messages")
	if err != nil {
		return lipapi.Call{}, err
	}
	if system != nil {
		used, err := system(root.Get("system"))
		if err != nil {
			return lipapi.Call{}, err
		}
		if used {
			root.Use("system")
		}
	}
	for i, m := range msgs {
		if err := message(i, m); err != nil {
			return lipapi.Call{}, err
		}
	}
	d.Body.Rest = root.Rest()
	return d.Finish("")
}

// PartFunc decodes one element of a content array into a part, text
// elements becoming parts of kind k.
type PartFunc func(path string, v Value, k lipapi.ContentPartKind) (lipapi.ContentPart, Part, error)

// Content decodes a content member v: a string becomes one part of kind k
// (the empty part for ""), an array one part per element through part ([]
// the empty part). It returns nil parts for any other value, which the
// caller leaves to the extras.
func (d *Decoder) Content(path string, v Value, k lipapi.ContentPartKind, part PartFunc) ([]lipapi.ContentPart, []Part, Shape, error) {
	if s, ok := v.Str(); ok {
		p := Text(k, s)
		return []lipapi.ContentPart{p}, []Part{{Kind: p.Kind}}, FormString, nil
	}
	elems, ok := v.Elems(lipapi.MaxContentPartsPerItem)
	switch {
	case !ok:
		return nil, nil, 0, nil
	case len(elems) > lipapi.MaxContentPartsPerItem:
		return nil, nil, 0, d.API.Bad(path, "more parts than lipapi.MaxContentPartsPerItem")
	case len(elems) == 0:
		parts, px := OrEmpty(nil, nil)
		return parts, px, FormArray, nil
	}
	parts, px := make([]lipapi.ContentPart, len(elems)), make([]Part, len(elems))
	for j, e := range elems {
		var err error
		if parts[j], px[j], err = part(At(path, j), e, k); err != nil {
			return nil, nil, 0, err
		}
	}
	return parts, px, FormArray, nil
}

// Typed returns element v as an object and its type, which a content
// part or block must have.
func (a *API) Typed(path string, v Value) (Object, string, error) {
	o, ok := ObjectOf(v)
	if !ok {
		return o, "", a.Bad(path, "element is not an object")
	}
	typ, ok := o.Type()
	if !ok {
		return o, "", a.Bad(path+".type", "type is missing or not a string")
	}
	return o, typ, nil
}

// PartDone completes a decoded part p of wire type typ from object o: when
// the adapter mapped nothing (p has no kind) the element becomes an
// extension part, else its extras get p's kind and o's unmapped members.
func (a *API) PartDone(path string, o *Object, typ string, p lipapi.ContentPart, px Part) (lipapi.ContentPart, Part, error) {
	if p.Kind == "" {
		p, err := a.ExtensionPart(o, typ, path)
		return p, Part{Kind: lipapi.ContentPartExtension, Type: typ}, err
	}
	px.Type, px.Kind, px.Rest = typ, p.Kind, o.Rest()
	return p, px, nil
}
