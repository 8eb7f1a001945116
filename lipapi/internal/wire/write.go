package wire

import "github.com/agentkernel/agentkernel/internal/canon"

// Writer appends compact JSON to B, placing the commas between members
// and elements itself.
type Writer struct {
	B     []byte
	comma bool
}

func (w *Writer) sep() {
	if w.comma {
		w.B = append(w.B, ',')
	}
}

// Begin opens an object ('{') or an array ('[').
func (w *Writer) Begin(c byte) {
	w.sep()
	w.B = append(w.B, c)
	w.comma = false
}

// End closes an object ('}') or an array (']').
func (w *Writer) End(c byte) {
	w.B = append(w.B, c)
	w.comma = true
}

// Key writes a member name; its value follows.
func (w *Writer) Key(name string) {
	w.sep()
	w.B = canon.AppendJSONString(w.B, name)
	w.B = append(w.B, ':')
	w.comma = false
}

// String writes s as a JSON string (escaped as encoding/json escapes).
func (w *Writer) String(s string) {
	w.sep()
	w.B = canon.AppendJSONString(w.B, s)
	w.comma = true
}

// Raw writes JSON text as it is.
func (w *Writer) Raw(text string) {
	w.sep()
	w.B = append(w.B, text...)
	w.comma = true
}

// RawBytes writes JSON text as it is.
func (w *Writer) RawBytes(text []byte) {
	w.sep()
	w.B = append(w.B, text...)
	w.comma = true
}

// Field writes a member holding a string.
func (w *Writer) Field(name, s string) {
	w.Key(name)
	w.String(s)
}

// Object writes an object: the members of rest in order, each slot through
// fill(name), then each name of known that rest has no member for, also
// through fill. fill writes the member (Key and value) or nothing.
func (w *Writer) Object(rest Rest, known []string, fill func(name string)) {
	w.Begin('{')
	for _, m := range rest {
		if m.Raw == "" {
			fill(m.Name)
		} else {
			w.Key(m.Name)
			w.Raw(m.Raw)
		}
	}
	for _, name := range known {
		if !has(rest, name) {
			fill(name)
		}
	}
	w.End('}')
}

// StringObject writes an object as Object does, its known members being
// strings: fields holds their names and values alternately, in order.
func (w *Writer) StringObject(rest Rest, fields ...string) {
	var names [maxStringFields]string
	known := names[:0]
	for i := 0; i < len(fields); i += 2 {
		known = append(known, fields[i])
	}
	w.Object(rest, known, func(name string) {
		for i := 0; i < len(fields); i += 2 {
			if fields[i] == name {
				w.Field(name, fields[i+1])
			}
		}
	})
}

// maxStringFields is the most string members a StringObject caller
// writes, so that their names fit on the stack.
const maxStringFields = 4

func has(rest Rest, name string) bool {
	for _, m := range rest {
		if m.Name == name {
			return true
		}
	}
	return false
}

// AppendString appends s as a JSON string, escaped as Writer escapes it.
func AppendString(dst []byte, s string) []byte { return canon.AppendJSONString(dst, s) }
