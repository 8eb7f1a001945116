package toolloop

import (
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
		n := content.Allocated(func() {
			if _, err := UnmarshalEvent(direct); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
		if limit := 3 * len(direct); n > uint64(limit) {
			t.Errorf("UnmarshalEvent %s: %d bytes allocated for %d in; want at most %d", name, n, len(direct), limit)
		}
		n = content.Allocated(func() {
			if _, err := DecodeLedgerRow(row); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
		if limit := 3 * len(row); n > uint64(limit) {
			t.Errorf("DecodeLedgerRow %s: %d bytes allocated for %d in; want at most %d", name, n, len(row), limit)
		}
	}
}
