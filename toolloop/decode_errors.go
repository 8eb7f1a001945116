package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// The decoder's failures are pathErrors (errors.go) wrapping ErrDecode or
// one of the payload classification sentinels of §7.

// decodeFail returns an ErrDecode error with a fixed reason (never input text).
func decodeFail(reason string) error {
	return &pathError{sentinel: ErrDecode, reason: reason}
}

// decClassified returns an error wrapping one of the payload classification
// sentinels of §7 at the given member.
func decClassified(sentinel error, member, reason string) error {
	return decAt(member, &pathError{sentinel: sentinel, reason: reason})
}

// decSyntax wraps a canon syntax error (which names only an offset).
func decSyntax(err error) error {
	return &pathError{sentinel: ErrDecode, cause: err}
}

// decIsSyntax reports whether err reports malformed JSON (§6.1), the failure
// that outranks every classification of §7.
func decIsSyntax(err error) bool {
	e, ok := err.(*pathError)
	return ok && e.cause != nil
}

// decAt prefixes the path of err with a member name.
func decAt(name string, err error) error {
	if e, ok := err.(*pathError); ok {
		e.in(name)
	}
	return err
}

// decAtIndex prefixes the path of err with an array index.
func decAtIndex(i int, err error) error {
	if e, ok := err.(*pathError); ok {
		e.at(i)
	}
	return err
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
