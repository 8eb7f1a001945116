//go:build go1.27 && goexperiment.jsonv2

package jsonv2

import (
	"encoding/json/jsontext"
	json "encoding/json/v2"
)

// Available reports whether this build has encoding/json/v2 and
// encoding/json/jsontext.
const Available = true

// Marshal is encoding/json/v2's Marshal with its default options.
func Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// MarshalEscaped is encoding/json/v2's Marshal with the options that make
// it escape strings as encoding/json does: jsontext.EscapeForHTML,
// jsontext.EscapeForJS and jsontext.AllowInvalidUTF8 (an invalid byte is
// then written as U+FFFD itself, not as \ufffd).
func MarshalEscaped(v any) ([]byte, error) {
	return json.Marshal(v, jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true))
}

// Unmarshal is encoding/json/v2's Unmarshal with its default options.
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Canonicalize rewrites the JSON value doc in place into its RFC 8785
// canonical form, as jsontext.Value.Canonicalize does, and returns it.
func Canonicalize(doc []byte) ([]byte, error) {
	v := jsontext.Value(doc)
	err := v.Canonicalize()
	return v, err
}
