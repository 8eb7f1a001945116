package toolloop

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// FuzzParseValue checks ParseValue against encoding/json as a reference:
// every accepted input is valid JSON, means the same JSON value as its
// normalized text (numbers compared as float64, repeated keys last-wins as
// in both readers), and its normalized text is a fixed point. Rejections
// wrap ErrDecode and return the zero Value.
func FuzzParseValue(f *testing.F) {
	for _, s := range []string{`null`, `{"b":1,"a":[1.5,"\u00e9",true]}`, `1e16`, `-0`, `18446744073709551616`,
		`{"a":1,"a":2}`, `"\ud83d\ude00"`, `[[[]]]`, `1e400`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in := append([]byte(nil), data...)
		v, err := ParseValue(data)
		if string(in) != string(data) {
			t.Fatal("ParseValue modified its input")
		}
		if err != nil {
			if !errors.Is(err, ErrDecode) || v != (Value{}) {
				t.Fatalf("rejection: %v, %s", err, v)
			}
			checkNamesPackageOnce(t, "ParseValue", err)
			return
		}
		if !json.Valid(data) {
			t.Fatalf("ParseValue accepted invalid JSON %q", data)
		}
		again, err := ParseValue(v.Bytes())
		if err != nil || again != v {
			t.Fatalf("not a fixed point: %s -> %s, %v", v, again, err)
		}
		var want, got any
		if json.Unmarshal(data, &want) != nil {
			return // e.g. deeper than encoding/json's limit
		}
		if err := json.Unmarshal(v.Bytes(), &got); err != nil {
			t.Fatalf("normalized text %s is not valid JSON: %v", v, err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("normalization changed the value: %q -> %s", data, v)
		}
		// The same value written by encoding/json (members sorted, a
		// repeated one once, numbers verbatim) normalizes to the same
		// text.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var tree any
		if err := dec.Decode(&tree); err != nil {
			t.Fatal(err)
		}
		remarshaled, err := json.Marshal(tree)
		if err != nil {
			t.Fatal(err)
		}
		if w, err := ParseValue(remarshaled); err != nil || w != v {
			t.Fatalf("%q normalizes to %s, as encoding/json writes it %s (%v)", data, v, w, err)
		}
	})
}
