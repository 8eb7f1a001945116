package canon

import (
	"bytes"
	"math"
	"math/rand"
	"strconv"
	"testing"
)

// floatPath is the serde_json number normalization through float64: the
// reference of appendShortDecimal.
func floatPath(lit []byte) []byte {
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return nil
	}
	return AppendSerdeFloat(nil, f, true)
}

func checkShortDecimal1(t *testing.T, lit []byte) {
	t.Helper()
	// Only number literals: what the canonicalizer passes.
	if CheckJSON(lit, 1) != nil || len(bytes.Trim(lit, "0123456789.eE+-")) != 0 {
		return
	}
	got, ok := appendShortDecimal(nil, lit)
	if !ok {
		return
	}
	if want := floatPath(lit); !bytes.Equal(got, want) {
		t.Fatalf("%s: short path %s, float path %s", lit, got, want)
	}
}

func TestShortDecimalAgreesWithTheFloatPath(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, s := range []string{"0.0", "-0.0", "0e5", "1.50", "1E2", "1E+2", "0.1e1", "123456789012345", "1234567890123456",
		"123456789012345.0000", "0.000001", "1e-7", "1e16", "1e15", "-2.5e-300", "9.99999999999999e300", "1e-301", "100000000000000000000.0"} {
		checkShortDecimal1(t, []byte(s))
	}
	for i := 0; i < 200000; i++ {
		var b []byte
		if rng.Intn(2) == 0 {
			b = append(b, '-')
		}
		b = strconv.AppendUint(b, uint64(rng.Int63n(1<<uint(rng.Intn(60)+1))), 10)
		if rng.Intn(2) == 0 {
			b = append(b, '.')
			b = strconv.AppendUint(b, uint64(rng.Int63n(1000000)), 10)
		}
		if rng.Intn(2) == 0 {
			b = append(b, "eE"[rng.Intn(2)])
			b = strconv.AppendInt(b, int64(rng.Intn(700)-350), 10)
		}
		checkShortDecimal1(t, b)
	}
}

func FuzzShortDecimal(f *testing.F) {
	for _, s := range []string{"1.5", "-0.0", "1e300", "123456789012345e-20", "0.10"} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkShortDecimal1)
}
