package toolloop

import (
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// nullText is the JSON text of the zero Value.
const nullText = "null"

// Value is a free-form JSON value (perspt's serde_json::Value) held as its
// normalized text, the text serde_json writes for the value it parses: no
// white space; object keys sorted bytewise (by their UTF-8 bytes), a key
// repeated in the input keeping its last value; strings escaped as the
// writers escape them; an integer literal within the range of a uint64, or
// of an int64 if negative, kept as that integer, except -0, which is the
// float -0.0; every other number re-printed as its correctly rounded
// float64, in the current float layout (1e2 is 100.0, 1e400 is an error,
// 1e-400 is 0.0, 18446744073709551616 is 1.8446744073709552e+19).
//
// Because the text is normalized, two Values are equal under == exactly when
// they hold the same JSON value as perspt sees it. The zero Value is JSON
// null, and ParseValue of any spelling of null returns the zero Value. A
// Value is immutable and safe to copy and share.
//
// Values are written verbatim by the encoders in the current layout; the
// legacy layout drops the '+' of non-negative exponents (Encoder.AppendValue).
type Value struct {
	// text is the normalized text, or "" for null.
	text string
}

// ParseValue parses data as exactly one JSON value under the syntax rules
// of the package documentation (optional surrounding white space, no
// trailing data, no BOM, nesting at most 127 levels, strict strings,
// numbers that round to a finite float64) and returns it normalized. A
// failure wraps ErrDecode (and the internal syntax error, which names only
// an offset). ParseValue does not retain data.
func ParseValue(data []byte) (Value, error) {
	norm, err := canon.AppendSerdeValue(nil, data, canon.SerdeMaxDepth)
	if err != nil {
		return Value{}, fmt.Errorf("%w: value: %w", ErrDecode, err)
	}
	return valueFromNormalized(norm), nil
}

// MustParseValue is like ParseValue for a string but panics if s is not a
// valid JSON value. It is meant for constants in programs and tests.
func MustParseValue(s string) Value {
	v, err := ParseValue([]byte(s))
	if err != nil {
		panic(err)
	}
	return v
}

// valueFromNormalized returns the Value holding the already normalized text
// norm (as produced by canon.AppendSerdeValue or canon.SerdeValueFrom).
// It is the one place that maps the text null to the zero Value, so decoders
// must build Values through it.
func valueFromNormalized(norm []byte) Value {
	if string(norm) == nullText {
		return Value{}
	}
	return Value{text: string(norm)}
}

// Bytes returns a new copy of the normalized text in the current float
// layout; the zero Value gives null.
func (v Value) Bytes() []byte {
	return []byte(v.String())
}

// String returns the normalized text in the current float layout, without
// copying; the zero Value gives null. It is the text the encoders write
// (through canon.AppendSerdeLegacy in the legacy layout).
func (v Value) String() string {
	if v.text == "" {
		return nullText
	}
	return v.text
}

// IsNull reports whether v is JSON null (the zero Value).
func (v Value) IsNull() bool {
	return v.text == ""
}
