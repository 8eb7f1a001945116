package lipapi

import (
	"errors"
	"testing"
)

func TestNilValidationErrorDoesNotPanic(t *testing.T) {
	var e *ValidationError
	if got := e.Error(); got != ErrInvalidCall.Error() {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(e, ErrInvalidCall) {
		t.Error("a nil *ValidationError does not unwrap to ErrInvalidCall")
	}
}

// TestValidationErrorTextIsFieldColonMessage pins the format of Error:
// "Field: Message", or Message alone when Field is empty.
func TestValidationErrorTextIsFieldColonMessage(t *testing.T) {
	rows := []struct {
		name string
		err  ValidationError
		want string
	}{
		{"empty field gives the message alone", ValidationError{Message: "m"}, "m"},
		{"field and message joined by colon and space", ValidationError{Field: "F", Message: "m"}, "F: m"},
		{"indexed path", ValidationError{Field: "Items[3].ToolCall.CallID", Message: "call id is required"}, "Items[3].ToolCall.CallID: call id is required"},
		{"both empty", ValidationError{}, ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			if got := r.err.Error(); got != r.want {
				t.Errorf("(&%#v).Error() = %q, want %q", r.err, got, r.want)
			}
		})
	}
}
