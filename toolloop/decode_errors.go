package toolloop

import (
	"strconv"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// decodeError is a reading failure (§10 of the specification): a fixed
// reason at a member path. It wraps one sentinel (ErrDecode, or one of the
// payload classification sentinels) and, for malformed JSON, the
// internal/canon syntax error, which names only a byte offset. The path is
// built while the error travels up the decoder, so a successful decode pays
// nothing for it; it holds only known member names and array indexes, never
// input text.
type decodeError struct {
	sentinel error
	rev      []string // path segments, innermost first: member names or "[i]"
	reason   string
	cause    error // the canon syntax error, or nil
}

// Error returns the sentinel's text, the member path and the reason.
func (e *decodeError) Error() string {
	var b strings.Builder
	b.WriteString(e.sentinel.Error())
	b.WriteString(": ")
	if len(e.rev) > 0 {
		for i := len(e.rev) - 1; i >= 0; i-- {
			seg := e.rev[i]
			if i < len(e.rev)-1 && seg[0] != '[' {
				b.WriteByte('.')
			}
			b.WriteString(seg)
		}
		b.WriteString(": ")
	}
	if e.cause != nil {
		b.WriteString(e.cause.Error())
	} else {
		b.WriteString(e.reason)
	}
	return b.String()
}

// Unwrap returns the sentinel and, for malformed JSON, the syntax error.
func (e *decodeError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.sentinel, e.cause}
	}
	return []error{e.sentinel}
}

// decodeFail returns an ErrDecode error with a fixed reason (never input text).
func decodeFail(reason string) error {
	return &decodeError{sentinel: ErrDecode, reason: reason}
}

// decClassified returns an error wrapping one of the payload classification
// sentinels of §7 at the given member.
func decClassified(sentinel error, member, reason string) error {
	return decAt(member, &decodeError{sentinel: sentinel, reason: reason})
}

// decSyntax wraps a canon syntax error (which names only an offset).
func decSyntax(err error) error {
	return &decodeError{sentinel: ErrDecode, cause: err}
}

// decIsSyntax reports whether err reports malformed JSON (§6.1), the failure
// that outranks every classification of §7.
func decIsSyntax(err error) bool {
	e, ok := err.(*decodeError)
	return ok && e.cause != nil
}

// decAt prefixes the path of err with a member name.
func decAt(name string, err error) error {
	if e, ok := err.(*decodeError); ok {
		e.rev = append(e.rev, name)
	}
	return err
}

// decAtIndex prefixes the path of err with an array index.
func decAtIndex(i int, err error) error {
	return decAt("["+strconv.Itoa(i)+"]", err)
}

// decMismatch reports a value of the wrong JSON type: found k, expected want.
func decMismatch(k canon.Kind, want string) error {
	return decodeFail("expected " + want + ", found " + decKindName(k))
}

// decKindName names the JSON type of a value's first token.
func decKindName(k canon.Kind) string {
	switch k {
	case canon.KindObjectBegin:
		return "an object"
	case canon.KindArrayBegin:
		return "an array"
	case canon.KindString:
		return "a string"
	case canon.KindNumber:
		return "a number"
	case canon.KindTrue, canon.KindFalse:
		return "a boolean"
	case canon.KindNull:
		return "null"
	}
	return "the end of a container"
}
