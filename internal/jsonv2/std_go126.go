//go:build !go1.27 && goexperiment.jsonv2

package jsonv2

// This file and std_go127.go name the standard symbols v2.go uses (see the
// package documentation for why there are two).

import (
	"encoding/json/jsontext"
	json "encoding/json/v2"
)

type value = jsontext.Value

var marshal, unmarshal = json.Marshal, json.Unmarshal

// marshalEscaped is json.Marshal with the escaping of encoding/json.
func marshalEscaped(v any) ([]byte, error) {
	return json.Marshal(v, jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true))
}
