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
	neg := lit[0] == '-'
	var buf [15]byte
	digits, kk, ok := significand(&buf, lit)
	switch {
	case !ok:
		return dst, false
	case digits == nil && neg:
		return append(dst, "-0.0"...), true
	case digits == nil:
		return append(dst, "0.0"...), true
	}
	if neg {
		dst = append(dst, '-')
	}
	return appendSerdeLayout(dst, digits, kk, true), true
}

// significand returns the significant digits d1…dn of the valid literal
// lit, from the first non-zero digit to the last one, and kk with |lit| =
// 0.d1…dn × 10^kk; nil digits for a zero. ok is false when there are more
// than 15 digits or the magnitude is far from the normal float64 range.
// Digits on both sides of the decimal point are joined in buf.
func significand(buf *[15]byte, lit []byte) (digits []byte, kk int, ok bool) {
	intStart := 0
	if lit[0] == '-' {
		intStart = 1
	}
	intEnd := digitsEnd(lit, intStart)
	fracEnd := intEnd
	if intEnd < len(lit) && lit[intEnd] == '.' {
		fracEnd = digitsEnd(lit, intEnd+1)
	}
	exp, ok := shortExponent(lit[fracEnd:])
	if !ok {
		return nil, 0, false
	}
	last := fracEnd - 1 // the last non-zero digit
	for last > intEnd && lit[last] == '0' {
		last--
	}
	if last <= intEnd { // no fraction, or only zeros: drop them and the point
		last = intEnd - 1
		for last > intStart && lit[last] == '0' {
			last--
		}
	}
	kk = intEnd - intStart // the value is 0.d1…dn × 10^(kk+exp)
	switch {
	case lit[intStart] != '0' && last < intEnd: // integer digits only
		digits = lit[intStart : last+1]
	case lit[intStart] != '0': // integer and fraction digits
		if last-intStart > len(buf) {
			return nil, 0, false
		}
		n := copy(buf[:], lit[intStart:intEnd])
		copy(buf[n:], lit[intEnd+1:last+1])
		digits = buf[:last-intStart]
	default: // "0", then the fraction's leading zeros
		first := intEnd + 1
		for first <= last && lit[first] == '0' {
			first++
		}
		if first > last {
			return nil, 0, true // zero
		}
		digits, kk = lit[first:last+1], intEnd+1-first
	}
	kk += exp
	return digits, kk, len(digits) <= len(buf) && kk >= -300 && kk <= 300
}

// shortExponent returns the value of the exponent e ("e" or "E", a sign
// and digits; empty for none), and false when it has more than four
// digits.
func shortExponent(e []byte) (int, bool) {
	if len(e) == 0 {
		return 0, true
	}
	i := 1
	neg := e[i] == '-'
	if e[i] == '-' || e[i] == '+' {
		i++
	}
	if len(e)-i > 4 {
		return 0, false
	}
	exp := 0
	for ; i < len(e); i++ {
		exp = exp*10 + int(e[i]-'0')
	}
	if neg {
		exp = -exp
	}
	return exp, true
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

// SerdeValueFrom returns the serde_json normalization (as AppendSerdeValue
// writes it) of a value embedded in a larger document: s has just returned
// the value's first token k, and the rest of the value is consumed from s
// (whose mode and depth limit apply). A value that is normalized already is
// not copied: SerdeValueFrom then returns the value's own bytes within s's
// document (not to be modified) and inScratch false; otherwise scratch with
// the normalized text appended, and inScratch true. On error it returns
// scratch unchanged.
func SerdeValueFrom(scratch []byte, s *Scanner, k Kind) (norm []byte, inScratch bool, err error) {
	// Values are usually normalized already (a Value in an event perspt
	// or this module wrote), so skipCanonical is tried first; a value
	// that is not wastes the part it read.
	start := s.tokStart
	if end, ok := skipCanonical(s, k); ok {
		return s.data[start:end], false, nil
	}
	c := canonicalizer{st: styleSerde}
	end, err := c.read(s, k)
	if err != nil {
		return scratch, false, err
	}
	if c.isCanonical() {
		return s.data[start:end], false, nil
	}
	out, err := c.emit(scratch, nil, start, end)
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
