package toolloop

import (
	"strconv"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// This file holds the readers of the scalar shapes the generated readers
// call (strings and newtypes over them, integers, floats, booleans and
// Values) and the decoder's failures. Every reader takes the value's first
// token k and consumes the rest of the value; it leaves *v untouched on
// error.

// readString decodes a JSON string into a string or a newtype over one.
func readString[T ~string](d *decoder, k canon.Kind, v *T) error {
	if k != canon.KindString {
		return decMismatch(k, "a string")
	}
	*v = T(d.text(&d.s))
	return nil
}

// decUnsigned is an integer field type: uint16, uint32, uint64 or a newtype
// over one.
type decUnsigned interface{ ~uint16 | ~uint32 | ~uint64 }

// readUint decodes an integer field: a number literal without sign,
// fraction or exponent whose value fits T, read exactly.
func readUint[T decUnsigned](d *decoder, k canon.Kind, v *T) error {
	if k != canon.KindNumber {
		return decMismatch(k, "an unsigned integer")
	}
	if d.s.Flags()&(canon.NumNeg|canon.NumFrac|canon.NumExp) != 0 {
		return decodeFail("expected an unsigned integer literal (no sign, fraction or exponent)")
	}
	limit := uint64(^T(0))
	var n uint64
	for _, c := range d.s.Raw() {
		digit := uint64(c - '0')
		if n > (limit-digit)/10 {
			return decodeFail("integer out of range")
		}
		n = n*10 + digit
	}
	*v = T(n)
	return nil
}

// readFloat decodes a float64 field: any number literal, correctly
// rounded. The scanner has already rejected literals that round to an
// infinity; underflow to zero or a subnormal is fine.
func readFloat(d *decoder, k canon.Kind, v *float64) error {
	if k != canon.KindNumber {
		return decMismatch(k, "a number")
	}
	f, err := strconv.ParseFloat(string(d.s.Raw()), 64)
	if err != nil {
		return decodeFail("number out of range of a float64")
	}
	*v = f
	return nil
}

// readBool decodes a JSON boolean.
func readBool(d *decoder, k canon.Kind, v *bool) error {
	switch k {
	case canon.KindTrue:
		*v = true
	case canon.KindFalse:
		*v = false
	default:
		return decMismatch(k, "a boolean")
	}
	return nil
}

// readValue decodes any JSON value into a normalized Value: null gives the
// zero Value.
func readValue(d *decoder, k canon.Kind, v *Value) error {
	norm, inBuf, err := canon.SerdeValueFrom(d.buf[:0], &d.s, k)
	if err != nil {
		return decSyntax(err)
	}
	*v = valueFromNormalized(norm)
	if inBuf {
		d.buf = norm[:0]
	}
	return nil
}

// The decoder's failures are pathErrors (errors.go) wrapping ErrDecode or
// one of the payload classification sentinels.

// decodeFail returns an ErrDecode error with a fixed reason (never input text).
func decodeFail(reason string) error {
	return &pathError{sentinel: ErrDecode, reason: reason}
}

// decClassified returns an error wrapping one of the payload classification
// sentinels (ErrUnknownSchemaVersion, ErrUnversionedEvent,
// ErrNotToolLoopRow) at the given member.
func decClassified(sentinel error, member, reason string) error {
	return decAt(member, &pathError{sentinel: sentinel, reason: reason})
}

// decSyntax wraps a canon syntax error (which names only an offset), or
// returns nil for a nil err.
func decSyntax(err error) error {
	if err == nil {
		return nil
	}
	return &pathError{sentinel: ErrDecode, cause: err}
}

// decIsSyntax reports whether err reports malformed JSON, the failure that
// outranks every classification of a row or payload.
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
	found := "the end of a container"
	if int(k) < len(kindNames) && kindNames[k] != "" {
		found = kindNames[k]
	}
	return decodeFail("expected " + want + ", found " + found)
}

// kindNames names the JSON type of a value's first token.
var kindNames = [...]string{canon.KindObjectBegin: "an object", canon.KindArrayBegin: "an array",
	canon.KindString: "a string", canon.KindNumber: "a number", canon.KindTrue: "a boolean",
	canon.KindFalse: "a boolean", canon.KindNull: "null"}
