package wire

import "github.com/agentkernel/agentkernel/internal/canon"

// Object is a wire object being decoded: its members, and which of them
// the adapter has mapped into the call (Use) and so leaves to Encode.
type Object struct {
	Fields []Field
	used   []bool
}

// ObjectOf returns v as an Object, or false when v is not an object.
func ObjectOf(v Value) (Object, bool) {
	f, ok := v.Fields()
	return Object{Fields: f, used: make([]bool, len(f))}, ok
}

// Get returns the member named name (the zero Value when absent).
func (o *Object) Get(name string) Value {
	for i := range o.Fields {
		if o.Fields[i].Name == name {
			return o.Fields[i].Value
		}
	}
	return Value{}
}

// Str returns the member named name when it is a string.
func (o *Object) Str(name string) (string, bool) { return o.Get(name).Str() }

// Use marks the members named in names as mapped into the call.
func (o *Object) Use(names ...string) {
	for i := range o.Fields {
		for _, n := range names {
			if o.Fields[i].Name == n {
				o.used[i] = true
			}
		}
	}
}

// Unuse marks the member named name as not mapped, so that Rest keeps it.
func (o *Object) Unuse(name string) {
	for i := range o.Fields {
		if o.Fields[i].Name == name {
			o.used[i] = false
		}
	}
}

// Take returns the string member named name and marks it used when it is
// a string; otherwise it leaves the member to Rest.
func (o *Object) Take(name string) (string, bool) {
	s, ok := o.Str(name)
	if ok {
		o.Use(name)
	}
	return s, ok
}

// Rest returns the members in order: the used ones as slots, the others
// with a copy of their text.
func (o *Object) Rest() Rest {
	if len(o.Fields) == 0 {
		return nil
	}
	r := make(Rest, len(o.Fields))
	for i, f := range o.Fields {
		r[i].Name = f.Name
		if !o.used[i] {
			r[i].Raw = string(f.Value.Raw)
		}
	}
	return r
}

// Type returns the string "type" member, used.
func (o *Object) Type() (string, bool) { return o.Take("type") }

// KindOf reports whether v is of kind k.
func KindOf(v Value, k canon.Kind) bool { return len(v.Raw) > 0 && v.Kind == k }
