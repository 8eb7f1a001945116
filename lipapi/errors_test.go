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
