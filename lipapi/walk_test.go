package lipapi

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// fullCall returns a fresh call in which every slice, map, pointer and raw
// JSON value reachable from Call is non-nil and non-empty: the legacy
// messages of legacyCall with Metadata, and the items of itemCall with a
// tool result holding a content part of every kind. It has both
// authorities, which CloneCall and encoding/json do not care about.
func fullCall() Call {
	c := legacyCall()
	c.Items = itemCall().Items
	c.PreviousResponseID = "resp_0"
	for i := range c.Messages {
		c.Messages[i].Metadata = map[string]string{"trace": "t" + string(rune('0'+i)), "span": "s"}
	}
	c.Instructions[0].Metadata = map[string]string{"trace": "i"}
	c.Messages[mTool].Parts[0].Reasoning = reasoningPayload()
	c.Items[iResult2].ToolResult.Parts = contentParts()
	c.Items[iResult2].ToolResult.Output = "also output"
	c.Items[iAssistant].Content[cFile].FileData = "aGk="
	return c
}

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

// walk calls fn on v and then on every value reachable from it (struct
// fields, slice elements, pointees and map values), depth first in a
// deterministic order. Map values are visited as copies and are not
// settable.
func walk(v reflect.Value, fn func(reflect.Value)) {
	fn(v)
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), fn)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			walk(v.Field(i), fn)
		}
	case reflect.Slice:
		if v.Type() == rawMessageType {
			return
		}
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), fn)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			walk(iter.Value(), fn)
		}
	}
}

// isContainer reports whether v is a slice or map, the values whose nil and
// empty forms must be kept apart.
func isContainer(v reflect.Value) bool {
	return v.Kind() == reflect.Slice || v.Kind() == reflect.Map
}

// containerVariants returns, for every slice and map position of fullCall
// (raw JSON values included), one call where it is nil and one where it is
// empty non-nil, named by position and form.
func containerVariants() (names []string, calls []Call) {
	n := 0
	probe := fullCall()
	walk(reflect.ValueOf(&probe).Elem(), func(v reflect.Value) {
		if isContainer(v) {
			n++
		}
	})
	for k := 0; k < n; k++ {
		for _, empty := range []bool{false, true} {
			c := fullCall()
			seen := 0
			var typ reflect.Type
			walk(reflect.ValueOf(&c).Elem(), func(v reflect.Value) {
				if !isContainer(v) {
					return
				}
				if seen == k && v.CanSet() {
					typ = v.Type()
					switch {
					case !empty:
						v.Set(reflect.Zero(v.Type()))
					case v.Kind() == reflect.Map:
						v.Set(reflect.MakeMap(v.Type()))
					default:
						v.Set(reflect.MakeSlice(v.Type(), 0, 0))
					}
				}
				seen++
			})
			form := "nil"
			if empty {
				form = "empty"
			}
			names = append(names, typ.String()+"#"+strconv.Itoa(k)+"/"+form)
			calls = append(calls, c)
		}
	}
	return names, calls
}

// TestFullCallSetsEveryField guards the clone and JSON tests built on
// fullCall: every field of every struct type reachable from Call is
// non-zero somewhere in it.
func TestFullCallSetsEveryField(t *testing.T) {
	all := map[string]bool{}
	set := map[string]bool{}
	c := fullCall()
	walk(reflect.ValueOf(c), func(v reflect.Value) {
		if v.Kind() != reflect.Struct {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			name := v.Type().Name() + "." + v.Type().Field(i).Name
			all[name] = true
			if !v.Field(i).IsZero() {
				set[name] = true
			}
		}
	})
	for name := range all {
		if !set[name] {
			t.Errorf("fullCall never sets %s", name)
		}
	}
	if len(all) < 80 {
		t.Errorf("walked only %d fields", len(all))
	}
}
