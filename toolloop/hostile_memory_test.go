package toolloop

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// hostileValues returns JSON values of about size bytes of each shape the
// memory bounds are pinned on: a flat array of zeros, an object with many
// keys in no order, nesting at the depth left to a tool call's arguments,
// long strings dense in escapes, and mixed content.
func hostileValues(size int) map[string]string {
	var keys strings.Builder
	keys.WriteByte('{')
	n := size / 14
	for i := 0; i < n; i++ {
		if i > 0 {
			keys.WriteByte(',')
		}
		fmt.Fprintf(&keys, `"k%07d":%d`, (i*7919)%n, i%10)
	}
	keys.WriteByte('}')
	var esc strings.Builder
	esc.WriteByte('[')
	for esc.Len() < size {
		if esc.Len() > 1 {
			esc.WriteByte(',')
		}
		esc.WriteString(`"` + strings.Repeat(`\n\t\"\\\u00e9\u003c\ud83d\ude00\/a`, 2000) + `"`)
	}
	esc.WriteByte(']')
	// The ledger row's payload, body and call objects take three of the
	// 127 levels.
	const depth = 123
	pad := strings.Repeat("x", size/depth)
	var mixed strings.Builder
	mixed.WriteByte('[')
	for i := 0; mixed.Len() < size; i++ {
		if i > 0 {
			mixed.WriteByte(',')
		}
		fmt.Fprintf(&mixed, `{"path":"src/file_%d.go","ok":%t,"lines":[%d,%d.5,-1e-7],"note":"é中😀 <b>&amp;</b>","meta":{"z":null,"a":"tab\t"}}`, i, i%2 == 0, i, i)
	}
	mixed.WriteByte(']')
	return map[string]string{
		"flat-zeros":   "[" + strings.Repeat("0,", size/2) + "0]",
		"many-keys":    keys.String(),
		"deep":         strings.Repeat(`{"b":"`+pad+`","a":`, depth) + "1" + strings.Repeat("}", depth),
		"escaped-long": esc.String(),
		"mixed":        mixed.String(),
	}
}

// bytesAllocated returns the bytes f allocates, measured over one call
// after a warm-up call.
func bytesAllocated(f func()) uint64 {
	f()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDecodingLargeValuesAllocatesASmallMultipleOfTheInput pins that
// decoding an event whose tool call carries a multi-megabyte Value, direct
// or as a ledger row, allocates at most three times the input, the
// decoded Value included, on every shape.
func TestDecodingLargeValuesAllocatesASmallMultipleOfTheInput(t *testing.T) {
	for name, v := range hostileValues(4 << 20) {
		direct := []byte(`{"event":"tool_call_observed","call":{"call_id":"c","name":"n","arguments":` + v + `}}`)
		row := []byte(`{"event":"custom","kind":"tool_loop","payload":{"body":{"call":{"arguments":` + v +
			`,"call_id":"c","name":"n"},"event":"tool_call_observed"},"schema_version":1}}`)
		n := bytesAllocated(func() {
			if _, err := UnmarshalEvent(direct); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
		if limit := 3 * len(direct); n > uint64(limit) {
			t.Errorf("UnmarshalEvent %s: %d bytes allocated for %d in; want at most %d", name, n, len(direct), limit)
		}
		n = bytesAllocated(func() {
			if _, err := DecodeLedgerRow(row); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
		if limit := 3 * len(row); n > uint64(limit) {
			t.Errorf("DecodeLedgerRow %s: %d bytes allocated for %d in; want at most %d", name, n, len(row), limit)
		}
	}
}
