package toolloop

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Events for the payload and row tables: a legacy one and an envelope-only
// one.
const (
	legacyJSON   = `{"event":"candidate_restored","checkpoint_id":"x"}`
	envOnlyJSON  = `{"event":"branch_not_selected","forest_id":"f","branch_id":"b"}`
	duplicateEvt = `{"event":"candidate_restored","checkpoint_id":"a","checkpoint_id":"b"}`
)

var envOnly = BranchNotSelectedEvent{ForestID: "f", BranchID: "b"}

func envelopeJSON(body string) string { return `{"schema_version":1,"body":` + body + `}` }

func rowJSON(payload string) string {
	return `{"event":"custom","kind":"tool_loop","payload":` + payload + `}`
}

// classificationSentinels are the sentinels a payload or row decoding
// failure wraps, exactly one at a time.
var classificationSentinels = []error{ErrDecode, ErrUnknownSchemaVersion, ErrUnversionedEvent, ErrNotToolLoopRow}

// classificationRow is one row of the classification tables: want is the
// DecodedEvent or the sentinel of the failure.
type classificationRow struct {
	rule string
	in   string
	want any
}

// wrapsOtherThan reports whether err wraps a classification sentinel other
// than want.
func wrapsOtherThan(err, want error) bool {
	for _, s := range classificationSentinels {
		if s != want && errors.Is(err, s) {
			return true
		}
	}
	return false
}

func checkClassification(t *testing.T, decode func([]byte) (DecodedEvent, error), rows []classificationRow) {
	t.Helper()
	for _, r := range rows {
		got, err := decode([]byte(r.in))
		want, isErr := r.want.(error)
		if !isErr {
			if err != nil || !reflect.DeepEqual(got, r.want) {
				t.Errorf("%s: got %#v, %v; want %#v", r.rule, got, err, r.want)
			}
			continue
		}
		if !errors.Is(err, want) || got != (DecodedEvent{}) {
			t.Errorf("%s: got %#v, %v; want %v", r.rule, got, err, want)
			continue
		}
		if wrapsOtherThan(err, want) {
			t.Errorf("%s: %v wraps another sentinel besides %v", r.rule, err, want)
		}
	}
}

// TestDecodePayloadClassifiesInTheSpecifiedOrder has one row per rule of
// the classification of payloads, and per reading rule as it applies to
// them.
func TestDecodePayloadClassifiesInTheSpecifiedOrder(t *testing.T) {
	v1 := func(ev LoopEvent) DecodedEvent { return DecodedEvent{Version: 1, Event: ev} }
	v0 := func(ev LoopEvent) DecodedEvent { return DecodedEvent{Event: ev} }
	rows := []classificationRow{
		{"an envelope gives version 1", envelopeJSON(legacyJSON), v1(restored)},
		{"envelope members may come in either order", `{"body":` + envOnlyJSON + `,"schema_version":1}`, v1(envOnly)},
		{"unknown envelope members are ignored, also repeated", `{"x":1,"body":` + legacyJSON + `,"x":[2],"schema_version":1}`, v1(restored)},
		{"envelope member names are compared after unescaping", `{"schema\u005fversion":1,"b\u006fdy":` + legacyJSON + `}`, v1(restored)},
		{"a repeated schema_version is checked first", `{"schema_version":2,"schema_version":2,"body":` + legacyJSON + `}`, ErrDecode},
		{"a repeated body is checked before the version", `{"schema_version":2,"body":` + legacyJSON + `,"body":` + legacyJSON + `}`, ErrDecode},
		{"the version is checked before the body is looked at", `{"body":{"event":"bogus"},"schema_version":2}`, ErrUnknownSchemaVersion},
		{"the version is checked before a missing body", `{"schema_version":2}`, ErrUnknownSchemaVersion},
		{"a missing body fails with ErrDecode", `{"schema_version":1}`, ErrDecode},
		{"a body that is no LoopEvent fails with ErrDecode", envelopeJSON(`{"event":"bogus"}`), ErrDecode},
		{"a body that is no object fails with ErrDecode", envelopeJSON(`[1]`), ErrDecode},
		{"a payload without schema_version is an unversioned row", legacyJSON, v0(restored)},
		{"an unversioned row may not hold an envelope-only event", envOnlyJSON, ErrUnversionedEvent},
		{"an unversioned row that does not decode fails with ErrDecode first", `{"event":"branch_not_selected"}`, ErrDecode},
		{"an unversioned row with an unknown tag fails with ErrDecode", `{"event":"bogus"}`, ErrDecode},
		{"a payload that is no object is an unversioned row that fails", `[1,2]`, ErrDecode},
		{"a string payload fails", `"x"`, ErrDecode},
		{"a body member does not make an envelope", `{"event":"candidate_restored","checkpoint_id":"x","body":` + envOnlyJSON + `}`, v0(restored)},
		{"a schema_version member anywhere makes an envelope", `{"event":"candidate_restored","checkpoint_id":"x","schema_version":1}`, ErrDecode},
		{"malformed JSON outranks the version check", `{"schema_version":2,"x":1e400}`, ErrDecode},
		{"malformed JSON after the body outranks the classification", `{"schema_version":1,"body":` + legacyJSON + `,"x":"\ud800"}`, ErrDecode},
		{"malformed JSON after an unversioned event outranks ErrUnversionedEvent", `{"event":"branch_not_selected","forest_id":"f","branch_id":"b","x":[}`, ErrDecode},
		{"trailing data after a payload is rejected", envelopeJSON(legacyJSON) + " x", ErrDecode},
		{"trailing data outranks the version check", `{"schema_version":2} x`, ErrDecode},
		{"trailing data outranks ErrUnversionedEvent", envOnlyJSON + "]", ErrDecode},
		{"a duplicate known member inside a payload body is rejected", envelopeJSON(duplicateEvt), ErrDecode},
		{"a duplicate known member inside an unversioned payload is rejected", duplicateEvt, ErrDecode},
		{"Values keep the last of repeated keys inside a payload", envelopeJSON(argumentsJSON(`{"a":1,"a":2}`)), v1(arguments(`{"a":2}`))},
	}
	for _, lit := range []string{"1.0", "1e0", "-0", `"1"`, "true", "null", "[1]", "{}", "0", "2", "65537", "18446744073709551617"} {
		rows = append(rows, classificationRow{"schema_version " + lit + " is no integer literal 1",
			`{"schema_version":` + lit + `,"body":` + legacyJSON + `}`, ErrUnknownSchemaVersion})
	}
	checkClassification(t, DecodePayload, rows)
}

// TestDecodeLedgerRowClassifiesInTheSpecifiedOrder has one row per rule of
// the classification of ledger rows, and per reading rule as it applies to
// them.
func TestDecodeLedgerRowClassifiesInTheSpecifiedOrder(t *testing.T) {
	v1 := DecodedEvent{Version: 1, Event: restored}
	payload := envelopeJSON(legacyJSON)
	rows := []classificationRow{
		{"a custom tool_loop row holds a payload", rowJSON(payload), v1},
		{"row members may come in any order", `{"payload":` + payload + `,"kind":"tool_loop","event":"custom"}`, v1},
		{"unknown row members are ignored, also repeated", `{"x":1,"event":"custom","x":{"a":1,"a":2},"kind":"tool_loop","payload":` + payload + `}`, v1},
		{"row member names and values are compared after unescaping", `{"ev\u0065nt":"cust\u006fm","kind":"tool\u005floop","p\u0061yload":` + payload + `}`, v1},
		{"an unversioned row gives version 0", rowJSON(legacyJSON), DecodedEvent{Event: restored}},
		{"an unversioned envelope-only event is refused", rowJSON(envOnlyJSON), ErrUnversionedEvent},
		{"the payload is classified last", rowJSON(`{"schema_version":2}`), ErrUnknownSchemaVersion},
		{"a row must be an object", `[` + rowJSON(payload) + `]`, ErrDecode},
		{"a string row fails", `"custom"`, ErrDecode},
		{"a missing event fails", `{"kind":"tool_loop","payload":` + payload + `}`, ErrDecode},
		{"a repeated event fails", `{"event":"custom","event":"custom","kind":"tool_loop","payload":` + payload + `}`, ErrDecode},
		{"a repeated event fails before its value is looked at", `{"event":"note","event":"note"}`, ErrDecode},
		{"a non-string event fails", `{"event":null,"kind":"tool_loop","payload":` + payload + `}`, ErrDecode},
		{"an event other than custom is not a tool_loop row", `{"event":"candidate_accepted","node_id":"n1"}`, ErrNotToolLoopRow},
		{"the event is compared exactly", `{"event":"Custom","kind":"tool_loop","payload":` + payload + `}`, ErrNotToolLoopRow},
		{"a non-custom row's kind and payload are not looked at", `{"event":"note","kind":1,"payload":{"schema_version":2},"payload":3}`, ErrNotToolLoopRow},
		{"a missing kind fails", `{"event":"custom","payload":` + payload + `}`, ErrDecode},
		{"a repeated kind fails", `{"event":"custom","kind":"tool_loop","kind":"tool_loop","payload":` + payload + `}`, ErrDecode},
		{"a non-string kind fails", `{"event":"custom","kind":["tool_loop"],"payload":` + payload + `}`, ErrDecode},
		{"a missing payload fails", `{"event":"custom","kind":"tool_loop"}`, ErrDecode},
		{"a repeated payload fails", `{"event":"custom","kind":"tool_loop","payload":` + payload + `,"payload":` + payload + `}`, ErrDecode},
		{"a missing payload fails before the kind value is compared", `{"event":"custom","kind":"note"}`, ErrDecode},
		{"a kind other than tool_loop is not a tool_loop row", `{"event":"custom","kind":"note","payload":{"x":1}}`, ErrNotToolLoopRow},
		{"the kind is compared exactly", `{"event":"custom","kind":"Tool_Loop","payload":` + payload + `}`, ErrNotToolLoopRow},
		{"the kind is checked before the payload", `{"event":"custom","kind":"note","payload":{"schema_version":2}}`, ErrNotToolLoopRow},
		{"malformed JSON outranks a non-custom event", `{"event":"note","x":1e400}`, ErrDecode},
		{"malformed JSON after the payload outranks its classification", `{"event":"custom","kind":"tool_loop","payload":{"schema_version":2},"x":"\ud800"}`, ErrDecode},
		{"malformed JSON outranks a refused unversioned event", rowJSON(envOnlyJSON) + "x", ErrDecode},
		{"a BOM before a row is rejected", "\xef\xbb\xbf" + rowJSON(payload), ErrDecode},
		{"a duplicate known member inside a ledger payload is rejected", rowJSON(envelopeJSON(duplicateEvt)), ErrDecode},
		{"a duplicate tag inside a ledger payload is rejected", rowJSON(envelopeJSON(`{"event":"candidate_restored","event":"candidate_restored","checkpoint_id":"x"}`)), ErrDecode},
		{"Values keep the last of repeated keys inside a ledger payload", rowJSON(envelopeJSON(argumentsJSON(`{"a":1,"a":2}`))),
			DecodedEvent{Version: 1, Event: arguments(`{"a":2}`)}},
	}
	checkClassification(t, DecodeLedgerRow, rows)
}

// TestNestingIsCountedFromTheDocumentBeingDecoded pins what the nesting
// limit counts from, the document being decoded: for DecodeLedgerRow the whole row (the payload starts at level
// 2, an envelope's body at level 3), for DecodePayload the payload, for
// UnmarshalEvent the event. The same event nested 127 levels deep in
// itself decodes alone and as an unversioned payload, but not inside a row.
func TestNestingIsCountedFromTheDocumentBeingDecoded(t *testing.T) {
	deepest := restoredJSON(`,"junk":` + nest(126)) // 127 levels
	if _, err := UnmarshalEvent([]byte(deepest)); err != nil {
		t.Errorf("event of 127 levels: %v", err)
	}
	if got, err := DecodePayload([]byte(deepest)); err != nil || got.Event != restored {
		t.Errorf("unversioned payload of 127 levels: %v, %v", got, err)
	}
	if _, err := DecodeLedgerRow([]byte(rowJSON(deepest))); !errors.Is(err, ErrDecode) {
		t.Errorf("row of 128 levels: got %v, want ErrDecode", err)
	}
	inRow := restoredJSON(`,"junk":` + nest(125)) // 126 levels, 127 in a row
	if got, err := DecodeLedgerRow([]byte(rowJSON(inRow))); err != nil || got.Event != restored {
		t.Errorf("row of 127 levels: %v, %v", got, err)
	}
	inEnvelope := restoredJSON(`,"junk":` + nest(124)) // 125 levels, 127 in an enveloped row
	if got, err := DecodeLedgerRow([]byte(rowJSON(envelopeJSON(inEnvelope)))); err != nil || got.Event != restored {
		t.Errorf("enveloped row of 127 levels: %v, %v", got, err)
	}
	tooDeep := restoredJSON(`,"junk":` + nest(125))
	if got, err := DecodePayload([]byte(envelopeJSON(tooDeep))); err != nil || got.Event != restored {
		t.Errorf("envelope payload of 127 levels: %v, %v", got, err)
	}
	if _, err := DecodeLedgerRow([]byte(rowJSON(envelopeJSON(tooDeep)))); !errors.Is(err, ErrDecode) {
		t.Errorf("enveloped row of 128 levels: got %v, want ErrDecode", err)
	}
}

// TestClassificationErrorsNameTheirMember checks the paths of the
// classification failures.
func TestClassificationErrorsNameTheirMember(t *testing.T) {
	cases := map[string]string{
		rowJSON(`{"schema_version":2}`):                        "toolloop: unknown schema version: payload.schema_version: ",
		rowJSON(envOnlyJSON):                                   "toolloop: envelope-only event in an unversioned row: payload.event: ",
		`{"event":"note"}`:                                     "toolloop: not a tool_loop ledger row: event: ",
		`{"event":"custom","kind":"note","payload":1}`:         "toolloop: not a tool_loop ledger row: kind: ",
		rowJSON(envelopeJSON(duplicateEvt)):                    "toolloop: cannot decode: payload.body.checkpoint_id: duplicate member",
		`{"event":"custom","kind":"tool_loop"}`:                "toolloop: cannot decode: payload: missing member",
		rowJSON(envelopeJSON(restoredJSON(`,"x":"\ud800"`))):   "toolloop: cannot decode: payload.body: invalid JSON at offset",
		rowJSON(`{"schema_version":1,"body":{"event":"bad"}}`): "toolloop: cannot decode: payload.body.event: unknown variant",
	}
	for in, want := range cases {
		_, err := DecodeLedgerRow([]byte(in))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %v, want prefix %q", in, err, want)
		}
	}
}
