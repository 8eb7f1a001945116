package canon

import (
	"math"
	"strconv"
)

const (
	maxUint64Digits = "18446744073709551615"
	minInt64Digits  = "9223372036854775808" // without the sign
)

// appendSerdeNumber appends the serde_json normalization of a valid number
// literal (toolloop specification §5.4): integers within u64 or i64 stay as
// written, "-0" and everything else become the correctly rounded float64 in
// the current layout. A literal rounding to ±Inf is an error.
func appendSerdeNumber(dst, lit []byte, flags uint8) ([]byte, error) {
	if flags&(NumFrac|NumExp) == 0 {
		if flags&NumNeg == 0 {
			if fitsDigits(lit, maxUint64Digits) {
				return append(dst, lit...), nil
			}
		} else if string(lit) != "-0" && fitsDigits(lit[1:], minInt64Digits) {
			return append(dst, lit...), nil
		}
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return dst, &SyntaxError{Reason: "number out of range of a float64"}
	}
	return AppendSerdeFloat(dst, f, true), nil
}

// fitsDigits reports whether the decimal digit string d (no leading zeros)
// is at most the decimal digit string max.
func fitsDigits(d []byte, max string) bool {
	if len(d) != len(max) {
		return len(d) < len(max)
	}
	return string(d) <= max
}

// AppendSerdeValue appends the serde_json normalization of raw, which must
// hold exactly one JSON value under the strict rules (see Scanner) nested at
// most maxDepth deep: no white space, object members sorted bytewise by
// decoded name with the last of equal names winning, strings re-escaped by
// AppendSerdeString, numbers re-printed as serde_json prints them (current
// float layout). On error dst is returned unchanged.
func AppendSerdeValue(dst, raw []byte, maxDepth int) ([]byte, error) {
	return canonical(dst, nil, raw, true, maxDepth, styleSerde)
}

// AppendSerdeValueFrom is AppendSerdeValue for a value embedded in a larger
// document: s has just returned the value's first token k, and the rest of
// the value is consumed from s (whose mode and depth limit apply). On error
// dst is returned unchanged.
func AppendSerdeValueFrom(dst []byte, s *Scanner, k Kind) ([]byte, error) {
	var b canonBuffers
	c := b.canonicalizer(styleSerde)
	start := s.tokStart
	end, err := c.read(s, k)
	if err != nil {
		return dst, err
	}
	return c.emit(dst, nil, start, end)
}

// AppendSerdeLegacy appends normalized serde_json text (as produced by
// AppendSerdeValue) in the legacy float layout: each '+' that follows an
// 'e' inside a number is dropped; strings are copied untouched.
//
// The conversion may run in place: dst may share normalized's backing array
// as long as dst's length ends at or before normalized's start (for example
// AppendSerdeLegacy(b[:k], b[k:])), because the output never overtakes the
// input.
func AppendSerdeLegacy(dst, normalized []byte) []byte {
	start := 0
	inString := false
	for i := 0; i < len(normalized); i++ {
		switch c := normalized[i]; {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '+' && i > 0 && normalized[i-1] == 'e':
			dst = append(dst, normalized[start:i]...)
			start = i + 1
		}
	}
	return append(dst, normalized[start:]...)
}
