package lipapi

import "errors"

// ErrInvalidCall is the sentinel every validation failure wraps:
// errors.Is(err, ErrInvalidCall) holds for each error returned by
// [Call.Validate].
var ErrInvalidCall = errors.New("lipapi: invalid canonical call")

// ValidationError describes the first rule a [Call] breaks.
//
// Field is the path of Go field names with indexes that locates the
// offending value, such as "Items[3].ToolCall.CallID" or
// "Messages[0].Parts[2]"; it is empty only when no field applies. Message is
// a short English reason. Neither ever contains message content, payload
// bytes or other caller data: only field names, indexes and fixed text.
//
// The zero ValidationError names no field and no reason; Validate never
// returns it, and its Error text is empty.
type ValidationError struct {
	// Field is the path of the offending field.
	Field string `json:"field"`
	// Message is the reason the field is invalid.
	Message string `json:"message"`
}

// Error returns "Field: Message", or Message alone when Field is empty;
// a nil *ValidationError reports ErrInvalidCall's text instead of panicking.
func (e *ValidationError) Error() string {
	if e == nil {
		return ErrInvalidCall.Error()
	}
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// Unwrap returns [ErrInvalidCall], so that errors.Is(err, ErrInvalidCall)
// holds for every validation failure.
func (e *ValidationError) Unwrap() error { return ErrInvalidCall }
