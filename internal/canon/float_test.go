package canon

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// checkShortDecimal fails t when the fast path disagrees with strconv's
// shortest digits for f, and reports whether the fast path applied.
func checkShortDecimal(t *testing.T, f float64) bool {
	t.Helper()
	var b1, b2 [24]byte
	d, kk, ok := shortDecimal(&b1, f)
	if !ok {
		return false
	}
	want, wantKK := shortestDigits(&b2, f)
	if !bytes.Equal(d, want) || kk != wantKK {
		t.Fatalf("%v (%#x): fast path %s×10^%d, strconv %s×10^%d", f, math.Float64bits(f), d, kk, want, wantKK)
	}
	return true
}

func TestShortDecimalAgreesWithStrconvOnDyadics(t *testing.T) {
	// Every odd mantissa up to 2^13 at every binary exponent that can
	// give at most 15 significant digits, and the neighbours of each.
	applied := 0
	for m := uint64(1); m < 1<<13; m += 2 {
		for e := -60; e <= 60; e++ {
			f := math.Ldexp(float64(m), e)
			for _, g := range []float64{f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1))} {
				if checkShortDecimal(t, g) {
					applied++
				}
			}
		}
	}
	if applied < 100000 {
		t.Errorf("fast path applied only %d times", applied)
	}
}

func TestShortDecimalAgreesWithStrconvOnDecimals(t *testing.T) {
	// Short decimals typed by people: most are not dyadic and must fall
	// back, the dyadic ones must agree.
	for _, f := range []float64{0.1, 0.2, 0.3, 0.5, 0.25, 0.125, 1.5, 2.5, 14.873033166999999, 3.748845417,
		123456.789, 1e15, 999999999999999, 1e15 + 1, 9007199254740992, 1e16, 1e-5, 1.5e-5, 5e-324,
		math.MaxFloat64, 2.2250738585072014e-308, 0.000030517578125, 1099511627776.5} {
		checkShortDecimal(t, f)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		f := math.Float64frombits(r.Uint64() &^ (1 << 63))
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
			continue
		}
		checkShortDecimal(t, f)
	}
}

func TestShortDecimalCoversTypicalValues(t *testing.T) {
	for _, f := range []float64{1, 2, 100, 0.5, 0.25, 1.5, -2.75, 1e15, 123.125} {
		var b [24]byte
		if _, _, ok := shortDecimal(&b, math.Abs(f)); !ok {
			t.Errorf("%v: fast path not taken", f)
		}
	}
	for _, f := range []float64{0.1, 1e16, 1e-7, 5e-324, 14.873033166999999} {
		var b [24]byte
		if _, _, ok := shortDecimal(&b, f); ok {
			t.Errorf("%v: fast path taken", f)
		}
	}
}
