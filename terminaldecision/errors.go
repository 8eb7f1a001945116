package terminaldecision

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The sentinel errors of the package. Every validation error wraps exactly one
// of them, so callers classify failures with errors.Is.
var (
	// ErrInvalidProvider reports a nil provider, a provider whose identity
	// cannot be read, or an identity that breaks the string rule.
	ErrInvalidProvider = errors.New("terminaldecision: invalid provider")
	// ErrInvalidInput reports an Input that fails ValidateInput.
	ErrInvalidInput = errors.New("terminaldecision: invalid input")
	// ErrInvalidDecision reports a Decision or ContinuationIntent that fails
	// validation.
	ErrInvalidDecision = errors.New("terminaldecision: invalid decision")
)

// textProblem is the outcome of the string rule for one value.
type textProblem uint8

const (
	textOK textProblem = iota
	textMissing
	textNotUTF8
	textTooLong
)

// checkText applies the string rule: a required value must not be blank after
// trimming, the value must be valid UTF-8, and its raw byte length must not
// exceed bound. It reports the first rule that fails and never allocates.
func checkText(value string, bound int, required bool) textProblem {
	switch {
	case required && strings.TrimSpace(value) == "":
		return textMissing
	case !utf8.ValidString(value):
		return textNotUTF8
	case len(value) > bound:
		return textTooLong
	}
	return textOK
}

// err renders problem p for the field named label. The text names the label
// and the bound, never the value.
func (p textProblem) err(sentinel error, label string, bound int) error {
	switch p {
	case textMissing:
		return fmt.Errorf("%w: %s is required", sentinel, label)
	case textNotUTF8:
		return fmt.Errorf("%w: %s is not valid UTF-8", sentinel, label)
	case textTooLong:
		return fmt.Errorf("%w: %s exceeds %d bytes", sentinel, label, bound)
	}
	return nil
}

// validateText applies the string rule to value and returns the labelled
// error wrapping sentinel, or nil.
func validateText(sentinel error, label, value string, bound int, required bool) error {
	return checkText(value, bound, required).err(sentinel, label, bound)
}

// isBlank reports whether s is empty after trimming white space.
func isBlank(s string) bool {
	return strings.TrimSpace(s) == ""
}
