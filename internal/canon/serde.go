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
// literal: integers within u64 or i64 stay as
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
	if out, ok := appendShortDecimal(dst, lit); ok {
		return out, nil
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return dst, &SyntaxError{Reason: "number out of range of a float64"}
	}
	return AppendSerdeFloat(dst, f, true), nil
}

// appendShortDecimal appends the serde_json float of the number literal lit
// when it has at most 15 significant digits and a magnitude well inside the
// normal float64 range, and reports false otherwise. Such a decimal is the
// shortest one that reads back as the float64 nearest to it (float64 holds
// every 15-digit decimal exactly enough to round trip), so its digits, with
// trailing zeros dropped, are the ones AppendSerdeFloat would print: no
// float arithmetic is needed.
func appendShortDecimal(dst, lit []byte) ([]byte, bool) {
	i, neg := 0, lit[0] == '-'
	if neg {
		i++
	}
	// The literal is valid: an integer part ("0" or digits not led by a
	// zero), an optional fraction and an optional exponent.
	intStart := i
	for i < len(lit) && lit[i]-'0' < 10 {
		i++
	}
	intEnd, fracEnd := i, i
	if i < len(lit) && lit[i] == '.' {
		i++
		for i < len(lit) && lit[i]-'0' < 10 {
			i++
		}
		fracEnd = i
	}
	exp := 0
	if i < len(lit) { // 'e' or 'E'
		i++
		eneg := lit[i] == '-'
		if lit[i] == '-' || lit[i] == '+' {
			i++
		}
		if len(lit)-i > 4 {
			return dst, false
		}
		for ; i < len(lit); i++ {
			exp = exp*10 + int(lit[i]-'0')
		}
		if eneg {
			exp = -exp
		}
	}
	// The significant digits run from the first non-zero digit to the
	// last one, across the decimal point when the integer part is not 0.
	var buf [15]byte
	var digits []byte
	kk := intEnd - intStart // the value is 0.d1…dn × 10^(kk+exp)
	last := fracEnd - 1     // the last non-zero digit
	for last > intEnd && lit[last] == '0' {
		last--
	}
	if last <= intEnd { // no fraction, or only zeros: drop them and the point
		last = intEnd - 1
		for last > intStart && lit[last] == '0' {
			last--
		}
	}
	switch {
	case lit[intStart] != '0' && last < intEnd: // integer digits only
		digits = lit[intStart : last+1]
	case lit[intStart] != '0': // integer and fraction digits
		n := intEnd - intStart
		if last-intStart > len(buf) {
			return dst, false
		}
		copy(buf[:], lit[intStart:intEnd])
		copy(buf[n:], lit[intEnd+1:last+1])
		digits = buf[:last-intStart]
	default: // "0", then the fraction's leading zeros
		first := intEnd + 1
		for first <= last && lit[first] == '0' {
			first++
		}
		if first > last {
			if neg {
				return append(dst, "-0.0"...), true
			}
			return append(dst, "0.0"...), true
		}
		digits, kk = lit[first:last+1], intEnd+1-first
	}
	if len(digits) > len(buf) {
		return dst, false
	}
	if kk += exp; kk < -300 || kk > 300 {
		return dst, false
	}
	if neg {
		dst = append(dst, '-')
	}
	return appendSerdeLayout(dst, digits, kk, true), true
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
	out, _, err := serdeValueFrom(dst, s, k, false)
	return out, err
}

// SerdeValueFrom is AppendSerdeValueFrom without the copy of a value that is
// already normalized: it then returns the value's own bytes within s's
// document (not to be modified) and inScratch false; otherwise scratch with
// the normalized text appended, and inScratch true.
func SerdeValueFrom(scratch []byte, s *Scanner, k Kind) (norm []byte, inScratch bool, err error) {
	return serdeValueFrom(scratch, s, k, true)
}

// serdeValueFrom is AppendSerdeValueFrom, or SerdeValueFrom with alias set.
func serdeValueFrom(dst []byte, s *Scanner, k Kind, alias bool) ([]byte, bool, error) {
	c := canonicalizer{st: styleSerde}
	start := s.tokStart
	end, err := c.read(s, k)
	if err != nil {
		return dst, false, err
	}
	if alias && c.canon {
		return s.data[start:end], false, nil
	}
	out, err := c.emit(dst, nil, start, end)
	return out, err == nil, err
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
