package toolloop

import (
	"strings"
	"testing"

	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// TestDecodingLargeValuesAllocatesASmallMultipleOfTheInput pins that
// decoding an event whose tool call carries a multi-megabyte Value, direct
// or as a ledger row, allocates at most three times the input, the
// decoded Value included, on every shape.
func TestDecodingLargeValuesAllocatesASmallMultipleOfTheInput(t *testing.T) {
	// The ledger row's payload, body and call objects take three of the
	// 127 levels left to a tool call's arguments.
	for name, v := range content.HostileJSON(4<<20, 123) {
		direct := []byte(`{"event":"tool_call_observed","call":{"call_id":"c","name":"n","arguments":` + v + `}}`)
		row := []byte(`{"event":"custom","kind":"tool_loop","payload":{"body":{"call":{"arguments":` + v +
			`,"call_id":"c","name":"n"},"event":"tool_call_observed"},"schema_version":1}}`)
		checkDecodeAllocates(t, name, direct, row, 3)
	}
}

// TestDecodingLongEscapedStringsAllocatesTwiceTheInput pins that decoding
// an event whose text is long and dense in escapes, direct or as a ledger
// row, allocates at most twice the input, the decoded text included: the
// text is decoded in a buffer sized before it is read, never grown step
// by step, whether or not it holds escaped quotes.
func TestDecodingLongEscapedStringsAllocatesTwiceTheInput(t *testing.T) {
	for name, unit := range map[string]string{"quotes": `she said \"hi\"\n`, "no quotes": `C:\\dir\tcol\n`} {
		text := strings.Repeat(unit, 4<<20/len(unit))
		direct := []byte(`{"event":"effect_applied","call_id":"c","mutated":true,"output":"` + text + `"}`)
		row := []byte(`{"event":"custom","kind":"tool_loop","payload":{"body":` + string(direct) + `,"schema_version":1}}`)
		checkDecodeAllocates(t, name, direct, row, 2)
	}
}

// checkDecodeAllocates checks that UnmarshalEvent of direct and
// DecodeLedgerRow of row each allocate at most factor times their input.
func checkDecodeAllocates(t *testing.T, name string, direct, row []byte, factor int) {
	t.Helper()
	for _, c := range []struct {
		fn     string
		in     []byte
		decode func([]byte) error
	}{
		{"UnmarshalEvent", direct, func(b []byte) error { _, err := UnmarshalEvent(b); return err }},
		{"DecodeLedgerRow", row, func(b []byte) error { _, err := DecodeLedgerRow(b); return err }},
	} {
		n := content.Allocated(func() {
			if err := c.decode(c.in); err != nil {
				t.Fatalf("%s %s: %v", c.fn, name, err)
			}
		})
		if limit := factor * len(c.in); n > uint64(limit) {
			t.Errorf("%s %s: %d bytes allocated for %d in; want at most %d", c.fn, name, n, len(c.in), limit)
		}
	}
}
