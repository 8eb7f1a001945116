//go:build !go1.27 || !goexperiment.jsonv2

package jsonv2

// Available reports whether this build has encoding/json/v2 and
// encoding/json/jsontext.
const Available = false

// Marshal is encoding/json/v2's Marshal with its default options.
func Marshal(v any) ([]byte, error) { return nil, ErrUnavailable }

// MarshalEscaped is encoding/json/v2's Marshal with the options that make
// it escape strings as encoding/json does: jsontext.EscapeForHTML,
// jsontext.EscapeForJS and jsontext.AllowInvalidUTF8 (an invalid byte is
// then written as U+FFFD itself, not as \ufffd).
func MarshalEscaped(v any) ([]byte, error) { return nil, ErrUnavailable }

// Unmarshal is encoding/json/v2's Unmarshal with its default options.
func Unmarshal(data []byte, v any) error { return ErrUnavailable }

// Canonicalize rewrites the JSON value doc in place into its RFC 8785
// canonical form, as jsontext.Value.Canonicalize does, and returns it.
func Canonicalize(doc []byte) ([]byte, error) { return doc, ErrUnavailable }
