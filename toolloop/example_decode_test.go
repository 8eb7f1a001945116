package toolloop_test

import (
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/toolloop"
)

// UnmarshalEvent reads an event in any member order, fills defaulted
// members that older rows lack, and returns the event as a value.
func ExampleUnmarshalEvent() {
	ev, err := toolloop.UnmarshalEvent([]byte(`{"reason":"no capability","call_id":"c3","event":"effect_denied"}`))
	if err != nil {
		panic(err)
	}
	denied := ev.(toolloop.EffectDeniedEvent)
	fmt.Println(ev.EventName(), denied.CallID, denied.Class)

	_, err = toolloop.UnmarshalEvent([]byte(`{"event":"candidate_restored","checkpoint_id":"a","checkpoint_id":"b"}`))
	fmt.Println(err)
	// Output:
	// effect_denied c3 capability_denied
	// toolloop: cannot decode: checkpoint_id: duplicate member
}

// DecodeLedgerRow classifies a ledger row: a versioned envelope, an
// unversioned legacy payload, or a row that is not a tool_loop row at all.
func ExampleDecodeLedgerRow() {
	rows := []string{
		`{"event":"custom","kind":"tool_loop","payload":{"body":{"call_id":"c3","class":"capability_denied","event":"effect_denied","reason":"no capability"},"schema_version":1}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"checkpoint_id":"cp-1","event":"candidate_restored"}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"event":"branch_not_selected","forest_id":"f","branch_id":"b"}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"body":{},"schema_version":2}}`,
		`{"event":"candidate_accepted","node_id":"n1"}`,
	}
	for _, row := range rows {
		d, err := toolloop.DecodeLedgerRow([]byte(row))
		switch {
		case err == nil:
			fmt.Println("version", d.Version, d.Event.EventName())
		case errors.Is(err, toolloop.ErrUnversionedEvent):
			fmt.Println("refused: envelope-only event without an envelope")
		case errors.Is(err, toolloop.ErrUnknownSchemaVersion):
			fmt.Println("refused: unknown schema version")
		case errors.Is(err, toolloop.ErrNotToolLoopRow):
			fmt.Println("skipped: not a tool_loop row")
		default:
			fmt.Println("invalid:", err)
		}
	}
	// Output:
	// version 1 effect_denied
	// version 0 candidate_restored
	// refused: envelope-only event without an envelope
	// refused: unknown schema version
	// skipped: not a tool_loop row
}

// DecodePayload reads the payload of a tool_loop row on its own; the
// envelope's schema_version is checked before its body is looked at.
func ExampleDecodePayload() {
	d, err := toolloop.DecodePayload([]byte(`{"schema_version":1,"body":{"event":"branch_not_selected","forest_id":"f","branch_id":"b"}}`))
	fmt.Println(d.Version, d.Event, err)

	_, err = toolloop.DecodePayload([]byte(`{"schema_version":1.0,"body":{"event":"no such event"}}`))
	fmt.Println(err)
	// Output:
	// 1 {f b} <nil>
	// toolloop: unknown schema version: schema_version: schema version is not the integer 1
}
