package canon

import (
	"math"
	"strconv"
)

// AppendSerdeFloat appends f in serde_json's float layout: the shortest
// round-tripping digits, laid out as serde_json lays them out
// ("1.0", "0.00001", "1e-7", "-0.0", "1.5e16"); NaN and ±Inf are written as
// null. plus selects the current layout (serde_json ≥ 1.0.147), which
// writes a '+' in non-negative exponents ("1e+16"); without it the legacy
// layout writes "1e16".
func AppendSerdeFloat(dst []byte, f float64, plus bool) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	var buf [24]byte
	digits, kk := shortestDigits(&buf, f)
	return appendSerdeLayout(dst, digits, kk, plus)
}

// shortestDigits returns strconv's shortest round-tripping digits of the
// positive finite f (the closest ones when several are shortest) and kk
// with f = 0.d1…dn × 10^kk.
func shortestDigits(buf *[24]byte, f float64) (digits []byte, kk int) {
	var e [32]byte
	s := strconv.AppendFloat(e[:0], f, 'e', -1, 64) // "d.ddde±xx" or "de±xx"
	n, i := 0, 0
	for ; s[i] != 'e'; i++ {
		if s[i] != '.' {
			buf[n] = s[i]
			n++
		}
	}
	exp, _ := shortExponent(s[i:])
	return buf[:n], exp + 1
}

// appendSerdeLayout appends the digits d1…dn of a positive number
// 0.d1…dn × 10^kk as serde_json lays them out: plain digits with ".0"
// for integers up to 16 digits, a decimal point inside the digits up to 16
// integer digits, "0.0…0d…" from 1e-5 up, and otherwise d.ddd, "e" and
// the exponent.
func appendSerdeLayout(dst, d []byte, kk int, plus bool) []byte {
	n := len(d)
	switch {
	case n <= kk && kk <= 16:
		dst = append(dst, d...)
		for j := n; j < kk; j++ {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	case 0 < kk && kk < n && kk <= 16:
		dst = append(dst, d[:kk]...)
		dst = append(dst, '.')
		return append(dst, d[kk:]...)
	case -5 < kk && kk <= 0:
		dst = append(dst, '0', '.')
		for j := 0; j < -kk; j++ {
			dst = append(dst, '0')
		}
		return append(dst, d...)
	}
	dst = append(dst, d[0])
	if n > 1 {
		dst = append(dst, '.')
		dst = append(dst, d[1:]...)
	}
	dst = append(dst, 'e')
	exp := kk - 1
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else if plus {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(exp), 10)
}
