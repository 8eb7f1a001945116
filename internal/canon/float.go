package canon

import (
	"math"
	"math/bits"
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
	digits, kk, ok := shortDecimal(&buf, f)
	if !ok {
		digits, kk = shortestDigits(&buf, f)
	}
	return appendSerdeLayout(dst, digits, kk, plus)
}

// shortDecimal returns the shortest round-tripping digits of the positive
// finite f, and kk with f = 0.d1…dn × 10^kk, when f's exact decimal
// expansion has at most 15 significant digits; ok is false otherwise.
//
// Such an expansion is the unique shortest decimal that reads back as f:
// f = M·2^E (M odd) has the exact expansion m·10^-k with k = max(0, -E)
// and m = M·5^k (or M·2^E when E ≥ 0), and any decimal with fewer
// significant digits lies at least one unit of m's last digit away from
// it, which for at most 15 digits exceeds half a unit in the last place
// of f (below 2^-53·10^(e+1) for f < 10^(e+1)). So the digits equal those
// of strconv's shortest formatting, found in O(1) without its search.
func shortDecimal(buf *[24]byte, f float64) (digits []byte, kk int, ok bool) {
	const limit = 1e15 // at most 15 significant digits
	b := math.Float64bits(f)
	mant, exp := b&(1<<52-1), int(b>>52)
	if exp == 0 {
		return nil, 0, false // subnormal: far too many digits
	}
	mant |= 1 << 52
	exp -= 1075 // f = mant · 2^exp
	tz := bits.TrailingZeros64(mant)
	mant >>= uint(tz)
	exp += tz // f = mant · 2^exp, mant odd
	var m uint64
	k := 0
	switch {
	case exp >= 0:
		if exp > 52 || mant > limit>>uint(exp) {
			return nil, 0, false
		}
		m = mant << uint(exp)
	case -exp < len(pow5):
		k = -exp
		hi, lo := bits.Mul64(mant, pow5[k])
		if hi != 0 || lo >= limit {
			return nil, 0, false
		}
		m = lo
	default:
		return nil, 0, false
	}
	d := strconv.AppendUint(buf[:0], m, 10)
	kk = len(d) - k
	for len(d) > 1 && d[len(d)-1] == '0' { // only when k == 0
		d = d[:len(d)-1]
	}
	return d, kk, true
}

// pow5 holds 5^0 … 5^22: 5^22 < 2^52, and a larger power times an odd
// mantissa exceeds 10^15 anyway.
var pow5 = func() (t [23]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = 5 * t[i-1]
	}
	return t
}()

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
	exp := 0
	for _, c := range s[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if s[i+1] == '-' {
		exp = -exp
	}
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
