package canon

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// TestEscapingManyStringsIntoOneBufferGrowsItGeometrically checks that
// strings that expand as they are escaped, appended one after another to
// one buffer (by AppendJSONString, AppendSerdeString, AppendCompactJSON,
// which rewrites raw '<', '>' and '&', and the canonical writers of
// values out of order), grow it by a
// share of its length, not by what each string needs: the number of
// allocations is logarithmic in the output, and the time linear.
func TestEscapingManyStringsIntoOneBufferGrowsItGeometrically(t *testing.T) {
	const n = 4000
	s, control := strings.Repeat("<x>", 30), "\x01"+strings.Repeat("x\x02", 30)
	doc := []byte(`[` + strings.Repeat(`"`+s+`",`, n) + `1]`)
	want := jsonref.Compact(nil, doc)
	unsorted := []byte(`{"b":"` + strings.Repeat("x", 90) + `","a":1}`)
	for name, f := range map[string]func() []byte{
		"AppendJSONString": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b = AppendJSONString(b, s)
			}
			return b
		},
		"AppendSerdeString": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b, _ = AppendSerdeString(b, control)
			}
			return b
		},
		"AppendCanonicalJSON": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b, _ = AppendCanonicalJSON(b, unsorted)
			}
			return b
		},
		"AppendSerdeValue": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b, _ = AppendSerdeValue(b, unsorted, SerdeMaxDepth)
			}
			return b
		},
		"AppendCompactJSON": func() []byte {
			b, err := AppendCompactJSON(nil, doc)
			if err != nil || !bytes.Equal(b, want) {
				t.Fatalf("AppendCompactJSON differs from Marshal of a RawMessage (%v)", err)
			}
			return b
		},
	} {
		if allocs := testing.AllocsPerRun(1, func() { f() }); allocs > 100 {
			t.Errorf("%s of %d strings: %v allocations, want at most 100", name, n, allocs)
		}
	}
}

// TestCanonicalValuesAppendedToOneBufferGrowItGeometrically checks that
// large values out of order appended one after another to one buffer
// (AppendCanonicalJSON, AppendSerdeValue) grow it by a share of its
// length: beyond what each value allocates written into a buffer with
// room for it (its records), the buffer's growth costs a number of
// allocations logarithmic in the output, not one a value.
func TestCanonicalValuesAppendedToOneBufferGrowItGeometrically(t *testing.T) {
	const n = 200
	var sb strings.Builder
	sb.WriteString(`{"zz":0`)
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, `,"k%05d":[1,2]`, i)
	}
	raw := []byte(sb.String() + `}`)
	for name, f := range map[string]func(dst []byte) []byte{
		"AppendCanonicalJSON": func(dst []byte) []byte { b, _ := AppendCanonicalJSON(dst, raw); return b },
		"AppendSerdeValue":    func(dst []byte) []byte { b, _ := AppendSerdeValue(dst, raw, SerdeMaxDepth); return b },
	} {
		roomy := make([]byte, 0, 2*len(raw))
		own := testing.AllocsPerRun(1, func() { f(roomy) })
		all := testing.AllocsPerRun(1, func() {
			var b []byte
			for i := 0; i < n; i++ {
				b = f(b)
			}
		})
		if all > n*own+60 {
			t.Errorf("%s of %d values: %v allocations, %v of them a value's own", name, n, all, own)
		}
	}
}

// TestOutputRestOfDocumentsOfGiB pins the canonical writer's estimate of
// the output still to come, for lengths whose product overflows an int
// (a document of a few GiB that expands): it stays the rate applied to
// the rest, never negative nor past MaxEscapeGrowth times the rest.
func TestOutputRestOfDocumentsOfGiB(t *testing.T) {
	for _, c := range []struct{ rest, written, read, want int64 }{
		{100, 199, 99, 200},
		{0, 10, 10, 0},
		{1000, 0, 0, 1000},
		{1 << 30, 6 << 30, 1 << 30, 6 << 30},
		{1 << 31, 12 << 30, 2 << 30, 12 << 30},
		{1 << 31, 1 << 40, 1, MaxEscapeGrowth << 31},
	} {
		if c.written > math.MaxInt || c.want > math.MaxInt {
			continue // no such output on a 32-bit target
		}
		got := int64(outputRest(int(c.rest), int(c.written), int(c.read)))
		if d := got - c.want; d < -1-c.want/1e6 || d > 1+c.want/1e6 {
			t.Errorf("outputRest(%d, %d, %d) = %d, want %d", c.rest, c.written, c.read, got, c.want)
		}
	}
}
