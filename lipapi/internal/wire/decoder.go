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
