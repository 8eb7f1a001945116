package toolloop

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// decodeRule is one case of decode_rules.txt.
type decodeRule struct {
	name string
	in   []byte
	ok   bool
	out  []byte // the direct form of the decoded event (ok cases)
}

// decodeRules parses decode_rules.txt (README: blocks separated by blank
// lines, in:/in_hex: and out:/out_hex: lines).
func decodeRules(t *testing.T) []decodeRule {
	t.Helper()
	var rules []decodeRule
	for _, block := range strings.Split(string(readVector(t, "decode_rules.txt")), "\n\n") {
		var r decodeRule
		for _, l := range strings.Split(block, "\n") {
			key, val, _ := strings.Cut(l, ": ")
			switch {
			case key == "case":
				r.name = val
			case key == "in":
				r.in = []byte(val)
			case strings.HasPrefix(l, "in_hex:"):
				r.in = decHex(t, strings.TrimSpace(strings.TrimPrefix(l, "in_hex:")))
			case key == "out" || key == "out_hex":
				status, rest, _ := strings.Cut(val, " ")
				r.ok = status == "OK"
				if r.ok && key == "out_hex" {
					r.out = decHex(t, rest)
				} else if r.ok {
					r.out = []byte(rest)
				}
			}
		}
		if r.name != "" {
			rules = append(rules, r)
		}
	}
	return rules
}

func decHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex in vector: %v", err)
	}
	return b
}

// mustUnmarshal decodes a vector document that must decode.
func mustUnmarshal(t *testing.T, what string, data []byte) LoopEvent {
	t.Helper()
	ev, err := UnmarshalEvent(data)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return ev
}

// TestUnmarshalEventFollowsTheDecodeRulesVector runs the 57 cases of
// decode_rules.txt: every ERR case fails with ErrDecode; every OK case
// decodes to the value the reference builder makes of its expected direct
// form, which the legacy encoder writes back byte for byte.
func TestUnmarshalEventFollowsTheDecodeRulesVector(t *testing.T) {
	rules := decodeRules(t)
	var nOK, nErr int
	for _, r := range rules {
		ev, err := UnmarshalEvent(r.in)
		if !r.ok {
			nErr++
			if !errors.Is(err, ErrDecode) || ev != nil {
				t.Errorf("%s: got %v, %v; want an ErrDecode failure", r.name, ev, err)
			}
			continue
		}
		nOK++
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		if want := buildEvent(t, string(r.out)); !sameValue(ev, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", r.name, ev, want)
		}
		if got, err := legacyEncoder.MarshalEvent(ev); err != nil || !bytes.Equal(got, r.out) {
			t.Errorf("%s: re-encoded %s, %v\nwant %s", r.name, got, err, r.out)
		}
	}
	if nOK != 37 || nErr != 20 {
		t.Errorf("decode_rules.txt: %d OK and %d ERR cases, want 37 and 20", nOK, nErr)
	}
}

// TestDecodeLedgerRowClassifiesTheLegacyRowsVector runs the 80 rows of
// legacy_rows.jsonl: v0/v1 rows give their version and the event the
// reference builder makes of their direct form, which the legacy encoder
// writes back byte for byte; the others fail with their sentinel only.
func TestDecodeLedgerRowClassifiesTheLegacyRowsVector(t *testing.T) {
	sentinels := map[string]error{
		"unknown_version":     ErrUnknownSchemaVersion,
		"unversioned_refused": ErrUnversionedEvent,
		"not_tool_loop":       ErrNotToolLoopRow,
		"invalid":             ErrDecode,
	}
	counts := map[string]int{}
	for _, r := range legacyRows(t) {
		counts[r.Expect]++
		got, err := DecodeLedgerRow([]byte(r.Row))
		switch r.Expect {
		case "v0", "v1":
			if err != nil {
				t.Errorf("%s: %v", r.Case, err)
				continue
			}
			want := DecodedEvent{Version: uint16(r.Expect[1] - '0'), Event: buildEvent(t, r.Event)}
			if !sameValue(got, want) {
				t.Errorf("%s:\n got %#v\nwant %#v", r.Case, got, want)
			}
			if b, err := legacyEncoder.MarshalEvent(got.Event); err != nil || string(b) != r.Event {
				t.Errorf("%s: re-encoded %s, %v\nwant %s", r.Case, b, err, r.Event)
			}
		default:
			want, ok := sentinels[r.Expect]
			if !ok {
				t.Fatalf("%s: unknown expectation %q", r.Case, r.Expect)
			}
			if !errors.Is(err, want) || got != (DecodedEvent{}) {
				t.Errorf("%s: got %v, %v; want %v", r.Case, got, err, want)
			}
			if wrapsOtherThan(err, want) {
				t.Errorf("%s: %v wraps another sentinel besides %v", r.Case, err, want)
			}
		}
	}
	want := map[string]int{"v0": 24, "v1": 28, "unversioned_refused": 24, "unknown_version": 1, "not_tool_loop": 2, "invalid": 1}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("legacy_rows.jsonl expectations %v, want %v", counts, want)
	}
}

// TestDirectAndLedgerVectorsDecodeToTheSameEvents decodes the 24 direct
// lines (tags as listed in events.chain.tsv, values as the reference
// builder makes them, written back byte for byte by the legacy encoder) and
// the 24 ledger rows (version 1, the same values).
func TestDirectAndLedgerVectorsDecodeToTheSameEvents(t *testing.T) {
	direct := vectorLines(t, "events.direct.jsonl", false)
	ledger := vectorLines(t, "events.ledger.jsonl", false)
	chain := vectorLines(t, "events.chain.tsv", true)
	if len(direct) != 24 || len(ledger) != 24 || len(chain) != 24 {
		t.Fatalf("got %d direct, %d ledger and %d chain lines, want 24 each", len(direct), len(ledger), len(chain))
	}
	for i, line := range direct {
		ev := mustUnmarshal(t, "direct line", []byte(line))
		if name := strings.Split(chain[i], "\t")[1]; ev.EventName() != name {
			t.Errorf("line %d: decoded %s, chain lists %s", i+1, ev.EventName(), name)
		}
		if want := buildEvent(t, line); !sameValue(ev, want) {
			t.Errorf("line %d:\n got %#v\nwant %#v", i+1, ev, want)
		}
		if b, err := legacyEncoder.MarshalEvent(ev); err != nil || string(b) != line {
			t.Errorf("line %d: re-encoded %s, %v", i+1, b, err)
		}
		got, err := DecodeLedgerRow([]byte(ledger[i]))
		if err != nil {
			t.Errorf("ledger line %d: %v", i+1, err)
			continue
		}
		if want := (DecodedEvent{Version: 1, Event: ev}); !reflect.DeepEqual(got, want) {
			t.Errorf("ledger line %d:\n got %#v\nwant %#v", i+1, got, want)
		}
	}
}

// TestDecodersNeitherMutateNorRetainTheirInput decodes every vector
// document, then overwrites the input: the input is unchanged by decoding,
// and the decoded values are unchanged by the overwrite (no string or Value
// aliases the input).
func TestDecodersNeitherMutateNorRetainTheirInput(t *testing.T) {
	docs := vectorLines(t, "events.direct.jsonl", false)
	rows := vectorLines(t, "events.ledger.jsonl", false)
	for _, r := range legacyRows(t) {
		rows = append(rows, r.Row)
	}
	decoders := map[string]func([]byte) (any, error){
		"UnmarshalEvent": func(b []byte) (any, error) { return UnmarshalEvent(b) },
		"DecodeLedgerRow": func(b []byte) (any, error) {
			return DecodeLedgerRow(b)
		},
	}
	for name, decode := range decoders {
		inputs := docs
		if name == "DecodeLedgerRow" {
			inputs = rows
		}
		for i, doc := range inputs {
			in := []byte(doc)
			first, err := decode(in)
			if !bytes.Equal(in, []byte(doc)) {
				t.Fatalf("%s modified input %d", name, i)
			}
			if err != nil {
				continue
			}
			again, _ := decode([]byte(doc))
			for j := range in {
				in[j] = 'x'
			}
			if !reflect.DeepEqual(first, again) {
				t.Errorf("%s: the result of input %d aliases the input", name, i)
			}
		}
	}
}

// TestDecodingErrorsNeverEchoTheInput plants a marker in every kind of
// place a failure can be detected (member values, unknown member names,
// tags, enum values, variant names, map keys, Values, row members) and
// checks that no error text contains it.
func TestDecodingErrorsNeverEchoTheInput(t *testing.T) {
	const m = "SECRET-MARKER"
	events := []string{
		`{"event":"SECRET-MARKER"}`,
		`{"SECRET-MARKER":1e400,"event":"candidate_restored","checkpoint_id":"x"}`,
		`{"event":"candidate_restored","checkpoint_id":"SECRET-MARKER","SECRET-MARKER":[}`,
		`{"event":"candidate_restored","checkpoint_id":"SECRET-MARKER` + "\x01" + `"}`,
		`{"event":"candidate_restored","checkpoint_id":SECRET-MARKER}`,
		`{"event":"effect_denied","call_id":"c","reason":"r","class":"SECRET-MARKER"}`,
		`{"event":"turn_observed","turn":1,"output":{"SECRET-MARKER":"x"}}`,
		`{"event":"turn_observed","turn":1,"output":"SECRET-MARKER"}`,
		`{"event":"gate_decision_recorded","node_id":"n","generation":0,"decision":{"kind":"SECRET-MARKER"}}`,
		`{"event":"tool_call_observed","call":{"call_id":"c","name":"n","arguments":{"SECRET-MARKER":"\ud800"}}}`,
		`{"event":"proposal_observed","call_id":"c","proposal":{"command":{"form":"program","env":{"SECRET-MARKER":1}}}}`,
		`{"event":"decision_bound_refused","node_id":"n","generation":0,"bound":99999999999999999999999,"decisions_used":0}`,
		`{"event":"candidate_restored","checkpoint_id":"x"} SECRET-MARKER`,
	}
	for _, in := range events {
		if _, err := UnmarshalEvent([]byte(in)); err == nil || strings.Contains(err.Error(), m) {
			t.Errorf("UnmarshalEvent(%s): error %v", in, err)
		}
	}
	rows := []string{
		`{"event":"SECRET-MARKER"}`,
		`{"event":"custom","kind":"SECRET-MARKER","payload":{}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"schema_version":"SECRET-MARKER","body":{}}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"schema_version":1,"body":{"event":"SECRET-MARKER"}}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"event":"search_closed","forest_id":"SECRET-MARKER","usage":{}}}`,
		`{"event":"custom","kind":"tool_loop","payload":{"event":"branch_not_selected","forest_id":"SECRET-MARKER","branch_id":"b"}}`,
	}
	for _, in := range rows {
		if _, err := DecodeLedgerRow([]byte(in)); err == nil || strings.Contains(err.Error(), m) {
			t.Errorf("DecodeLedgerRow(%s): error %v", in, err)
		}
	}
}

// sameValue is reflect.DeepEqual up to what the contract leaves open: an
// empty sequence or map may decode as nil.
func sameValue(a, b any) bool {
	return reflect.DeepEqual(nilEmpties(reflect.ValueOf(a)).Interface(), nilEmpties(reflect.ValueOf(b)).Interface())
}

// nilEmpties returns a deep copy of v with every empty slice and map
// replaced by nil.
func nilEmpties(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			return reflect.Zero(v.Type())
		}
		if v.Kind() == reflect.Map {
			out := reflect.MakeMapWithSize(v.Type(), v.Len())
			for it := v.MapRange(); it.Next(); {
				out.SetMapIndex(it.Key(), nilEmpties(it.Value()))
			}
			return out
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(nilEmpties(v.Index(i)))
		}
		return out
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v
		}
		if v.Kind() == reflect.Pointer {
			p := reflect.New(v.Type().Elem())
			p.Elem().Set(nilEmpties(v.Elem()))
			return p
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(nilEmpties(v.Elem()))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := range v.NumField() {
			if out.Field(i).CanSet() {
				out.Field(i).Set(nilEmpties(v.Field(i)))
			}
		}
		return out
	}
	return v
}

// TestDecodedValuesEqualParseValue checks that a Value read inside an
// event is the Value ParseValue makes of the same text, for arguments in
// the normalized form (which the decoder recognizes in one loop) and for
// each flaw that leaves them to the general normalization, at their start
// and at their end.
func TestDecodedValuesEqualParseValue(t *testing.T) {
	head := `{"a":[1,-2,0.5,"é😀\n\u001f",true,false,null,{},[]],"b":{"c":{"d":[[{"e":""}]]}}`
	args := []string{head + `}`, `{}`, `[[],{},[{}]]`, `[` + head + `},` + head + `}]`,
		strings.Repeat(`{"a":[`, 16) + strings.Repeat(`]}`, 16), strings.Repeat(`{"a":[`, 17) + strings.Repeat(`]}`, 17)}
	for _, flaw := range []string{`,"b":1`, `,"a":1`, `,"B":1`, ` ,"z":1`, `,"z" :1`, `,"z":1 `, `,"\u007a":1`,
		`,"z\n":1`, `,"z":-0`, `,"z":1.0`, `,"z":1e5`, `,"z":12345678901234567890`, `,"z":"\u00e9"`, `,"z":"\/"`} {
		args = append(args, head+flaw+`}`, `{`+strings.TrimLeft(flaw, " ,")+`}`)
	}
	for _, a := range args {
		want, err := ParseValue([]byte(a))
		if err != nil {
			t.Fatalf("ParseValue(%q): %v", a, err)
		}
		ev, err := UnmarshalEvent([]byte(`{"event":"tool_call_observed","call":{"call_id":"c","name":"n","arguments":` + a + `}}`))
		if err != nil {
			t.Fatalf("arguments %q: %v", a, err)
		}
		if got := ev.(ToolCallObservedEvent).Call.Arguments; got != want {
			t.Errorf("arguments %q decode to %s, ParseValue gives %s", a, got, want)
		}
	}
}
