package toolloop

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// The seed corpora of these targets (testdata/fuzz/FuzzUnmarshalEvent,
// testdata/fuzz/FuzzDecodePayload and testdata/fuzz/FuzzDecodeLedgerRow) hold every vector event, ledger row,
// legacy row and decode_rules.txt input, and edge cases of the reading and
// classification rules.

// FuzzUnmarshalEvent checks UnmarshalEvent on arbitrary input: it never
// panics nor modifies its input; a failure wraps ErrDecode only; what it
// accepts is valid JSON (encoding/json is the reference grammar), decodes
// to a value (not a pointer), re-encodes in both float layouts to a fixed
// point that decodes to the same value in the direct and the ledger form,
// decodes to the same value inside an envelope row, and, without a
// schema_version member, is classified as an unversioned payload by its
// tag.
func FuzzUnmarshalEvent(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := decodeFuzzed(t, "UnmarshalEvent", UnmarshalEvent, data)
		if err != nil {
			if ev != nil || !errors.Is(err, ErrDecode) || wrapsOtherThan(err, ErrDecode) {
				t.Fatalf("failure %v with %v", err, ev)
			}
			checkNamesPackageOnce(t, "UnmarshalEvent", err)
			return
		}
		if reflect.TypeOf(ev).Kind() != reflect.Struct {
			t.Fatalf("decoded a %T, not a value", ev)
		}
		checkReencoding(t, ev)

		row := []byte(`{"event":"custom","kind":"tool_loop","payload":{"schema_version":1,"body":` + string(data) + `}}`)
		d, err := DecodeLedgerRow(row)
		if err != nil && !errors.Is(err, canon.ErrDepth) || err == nil && !reflect.DeepEqual(d, DecodedEvent{Version: 1, Event: ev}) {
			t.Fatalf("inside an envelope row: %+v, %v; alone: %+v", d, err, ev)
		}
		var top map[string]json.RawMessage
		if json.Unmarshal(data, &top) != nil {
			t.Fatalf("encoding/json cannot read the accepted object %q", data)
		}
		if _, ok := top[envVersion]; ok {
			return // as a payload, an envelope (without a body)
		}
		d, err = DecodePayload(data)
		if IsLegacyEvent(ev.EventName()) && (err != nil || !reflect.DeepEqual(d, DecodedEvent{Event: ev})) ||
			!IsLegacyEvent(ev.EventName()) && !errors.Is(err, ErrUnversionedEvent) {
			t.Fatalf("as an unversioned payload: %+v, %v; alone: %+v", d, err, ev)
		}
	})
}

// FuzzDecodeLedgerRow checks DecodeLedgerRow on arbitrary input: it never
// panics nor modifies its input; a failure wraps exactly one of the four
// classification sentinels (ErrDecode for invalid JSON); what it accepts is
// valid JSON whose event and kind members (as encoding/json reads them) are
// custom and tool_loop, whose payload alone decodes to the same result, with
// version 0 only for the 19 legacy events; and the event re-encodes to a
// fixed point that decodes to the same value in both forms.
func FuzzDecodeLedgerRow(f *testing.F) {
	f.Fuzz(func(t *testing.T, row []byte) {
		d, err := decodeFuzzed(t, "DecodeLedgerRow", DecodeLedgerRow, row)
		if err != nil {
			checkClassified(t, err, d, row)
			return
		}
		if d.Version > 1 || d.Version == 0 && !IsLegacyEvent(d.Event.EventName()) {
			t.Fatalf("version %d for %s", d.Version, d.Event.EventName())
		}
		var m map[string]json.RawMessage
		var event, kind string
		if json.Unmarshal(row, &m) != nil || json.Unmarshal(m[eventTag], &event) != nil ||
			json.Unmarshal(m[rowKind], &kind) != nil || event != rowCustom || kind != LedgerKindToolLoop {
			t.Fatalf("accepted a row encoding/json does not read as custom/tool_loop: %q", row)
		}
		if p, err := DecodePayload(m[rowPayload]); err != nil || !reflect.DeepEqual(p, d) {
			t.Fatalf("the payload alone gives %+v, %v; the row %+v", p, err, d)
		}
		checkReencoding(t, d.Event)
	})
}

// FuzzDecodePayload checks DecodePayload on arbitrary input: it never
// panics nor modifies its input; a failure wraps exactly one of the
// classification sentinels other than ErrNotToolLoopRow (ErrDecode for
// invalid JSON); the result equals DecodeLedgerRow of the payload in a
// tool_loop row, success or failure (unless the row's extra level of
// nesting reaches serde_json's depth limit); version 0 results are legacy
// events that UnmarshalEvent reads the same; and every event re-encodes to
// a fixed point in both forms.
func FuzzDecodePayload(f *testing.F) {
	f.Fuzz(func(t *testing.T, payload []byte) {
		d, err := decodeFuzzed(t, "DecodePayload", DecodePayload, payload)
		row := []byte(`{"event":"custom","kind":"tool_loop","payload":` + string(payload) + `}`)
		r, rerr := DecodeLedgerRow(row)
		if err != nil {
			first := checkClassified(t, err, d, payload)
			if first == ErrNotToolLoopRow {
				t.Fatalf("DecodePayload fails with %v", err)
			}
			if json.Valid(payload) && !errors.Is(rerr, canon.ErrDepth) && !errors.Is(rerr, first) {
				t.Fatalf("DecodePayload fails with %v, the row with %v", err, rerr)
			}
			return
		}
		if rerr != nil && !errors.Is(rerr, canon.ErrDepth) || rerr == nil && !reflect.DeepEqual(r, d) {
			t.Fatalf("DecodePayload gives %+v; the row %+v, %v", d, r, rerr)
		}
		switch d.Version {
		case 0:
			ev, err := UnmarshalEvent(payload)
			if !IsLegacyEvent(d.Event.EventName()) || err != nil || !reflect.DeepEqual(ev, d.Event) {
				t.Fatalf("unversioned %s: UnmarshalEvent gives %+v, %v", d.Event.EventName(), ev, err)
			}
		case 1:
		default:
			t.Fatalf("version %d", d.Version)
		}
		checkReencoding(t, d.Event)
	})
}

// decodeFuzzed returns decode(data), and fails when decode modifies data
// or accepts what is not valid JSON (encoding/json is the reference
// grammar).
func decodeFuzzed[T any](t *testing.T, name string, decode func([]byte) (T, error), data []byte) (T, error) {
	t.Helper()
	in := bytes.Clone(data)
	v, err := decode(data)
	if !bytes.Equal(in, data) {
		t.Fatalf("%s modified its input", name)
	}
	if err == nil && !json.Valid(data) {
		t.Fatalf("%s accepted invalid JSON %q", name, data)
	}
	return v, err
}

// checkClassified fails unless err, the failure of a decoder that returned
// d on data, wraps exactly one classification sentinel (ErrDecode when
// data is not valid JSON) and d is the zero DecodedEvent. It returns that
// sentinel.
func checkClassified(t *testing.T, err error, d DecodedEvent, data []byte) error {
	t.Helper()
	first := classification(err)
	if first == nil || d != (DecodedEvent{}) || !json.Valid(data) && first != ErrDecode {
		t.Fatalf("failure %v with %+v", err, d)
	}
	return first
}

// classification returns the one classification sentinel err wraps, or
// nil when it wraps none or more than one.
func classification(err error) error {
	for _, s := range classificationSentinels {
		if errors.Is(err, s) {
			if wrapsOtherThan(err, s) {
				return nil
			}
			return s
		}
	}
	return nil
}

// checkReencoding encodes ev in both layouts: the direct form decodes to ev
// and re-encodes to the same bytes; the ledger row decodes to ev with
// version 1.
func checkReencoding(t *testing.T, ev LoopEvent) {
	t.Helper()
	for _, enc := range []Encoder{{}, legacyEncoder} {
		b, err := enc.MarshalEvent(ev)
		if err != nil {
			t.Fatalf("a decoded event does not encode: %v", err)
		}
		back, err := UnmarshalEvent(b)
		if err != nil || !reflect.DeepEqual(back, ev) {
			t.Fatalf("direct form %s decodes to %+v, %v; want %+v", b, back, err, ev)
		}
		if again, err := enc.MarshalEvent(back); err != nil || !bytes.Equal(again, b) {
			t.Fatalf("re-encoding is not a fixed point: %s then %s", b, again)
		}
		// The writers that share the stack buffers, counts and digests
		// agree with the plain append.
		if a, err := enc.AppendEvent(nil, ev); err != nil || !bytes.Equal(a, b) {
			t.Fatalf("AppendEvent gives %s, MarshalEvent %s", a, b)
		}
		if h, err := enc.EventHash(ev); err != nil || h != ContentHash(b) {
			t.Fatalf("EventHash %s (%v) is not the hash of the direct form", h, err)
		}
		row, err := enc.MarshalLedgerRow(ev)
		if err != nil {
			t.Fatalf("a decoded event does not encode as a row: %v", err)
		}
		if a, err := enc.AppendLedgerRow(nil, ev); err != nil || !bytes.Equal(a, row) {
			t.Fatalf("AppendLedgerRow gives %s, MarshalLedgerRow %s", a, row)
		}
		if d, err := DecodeLedgerRow(row); err != nil || !reflect.DeepEqual(d, DecodedEvent{Version: 1, Event: ev}) {
			t.Fatalf("ledger row %s decodes to %+v, %v", row, d, err)
		}
	}
}
