package toolloop

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
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
// decodes to the same value as its expected direct form, and that value
// matches the expected direct form member by member.
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
		want := mustUnmarshal(t, r.name+" (expected form)", r.out)
		if !reflect.DeepEqual(ev, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", r.name, ev, want)
		}
		matchEvent(t, r.name, parseOrdered(t, r.out), ev)
	}
	if nOK != 37 || nErr != 20 {
		t.Errorf("decode_rules.txt: %d OK and %d ERR cases, want 37 and 20", nOK, nErr)
	}
}

// TestDecodeLedgerRowClassifiesTheLegacyRowsVector runs the 80 rows of
// legacy_rows.jsonl: v0/v1 rows give their version and the event of their
// direct form; the others fail with their sentinel.
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
			want := DecodedEvent{Version: uint16(r.Expect[1] - '0'), Event: mustUnmarshal(t, r.Case, []byte(r.Event))}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\n got %#v\nwant %#v", r.Case, got, want)
			}
			matchEvent(t, r.Case, parseOrdered(t, []byte(r.Event)), got.Event)
		default:
			want, ok := sentinels[r.Expect]
			if !ok {
				t.Fatalf("%s: unknown expectation %q", r.Case, r.Expect)
			}
			if !errors.Is(err, want) || got != (DecodedEvent{}) {
				t.Errorf("%s: got %v, %v; want %v", r.Case, got, err, want)
			}
			for _, other := range sentinels {
				if other != want && errors.Is(err, other) {
					t.Errorf("%s: %v also wraps %v", r.Case, err, other)
				}
			}
		}
	}
	want := map[string]int{"v0": 24, "v1": 28, "unversioned_refused": 24, "unknown_version": 1, "not_tool_loop": 2, "invalid": 1}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("legacy_rows.jsonl expectations %v, want %v", counts, want)
	}
}

// TestDirectAndLedgerVectorsDecodeToTheSameEvents decodes the 24 direct
// lines (tags as listed in events.chain.tsv, values matching the JSON) and
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
		matchEvent(t, ev.EventName(), parseOrdered(t, []byte(line)), ev)
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

// matchEvent checks a decoded event against the JSON object it was decoded
// from (see matchJSON): the tag and every member.
func matchEvent(t *testing.T, path string, n *jnode, ev LoopEvent) {
	t.Helper()
	if len(n.keys) == 0 || n.keys[0] != "event" || n.vals[0].str != ev.EventName() {
		t.Errorf("%s: decoded %s from JSON tagged otherwise", path, ev.EventName())
	}
	matchStruct(t, path, n, reflect.ValueOf(ev), "event")
}

// matchJSON checks a decoded Go value against the JSON it was decoded
// from, as read by the reference reader: every member of n lands in the
// field its json tag names, with the same string, number, boolean or
// structure; variants have the Go type their tag names.
func matchJSON(t *testing.T, path string, n *jnode, v reflect.Value) {
	t.Helper()
	typ := v.Type()
	switch {
	case typ == typeOf[Value]():
		want, err := ParseValue([]byte(jnodeText(n)))
		if err != nil || v.Interface().(Value) != want {
			t.Errorf("%s: Value %s, JSON %s", path, v.Interface(), jnodeText(n))
		}
		return
	case typ == typeOf[ResidualSummaryEntry]():
		e := v.Interface().(ResidualSummaryEntry)
		if n.kind != '[' || len(n.vals) != 2 || n.vals[0].str != e.Label || jnodeFloat(t, n.vals[1]) != e.Energy {
			t.Errorf("%s: tuple %v, JSON %s", path, e, jnodeText(n))
		}
		return
	}
	switch typ.Kind() {
	case reflect.Interface, reflect.Pointer:
		if n.kind == '0' || v.IsNil() {
			if n.kind != '0' || !v.IsNil() {
				t.Errorf("%s: null and nil differ (JSON %s)", path, jnodeText(n))
			}
			return
		}
		if typ.Kind() == reflect.Interface {
			matchVariant(t, path, n, v.Elem(), typ)
			return
		}
		matchJSON(t, path, n, v.Elem())
	case reflect.Struct:
		matchStruct(t, path, n, v, "")
	case reflect.Slice:
		if n.kind != '[' || len(n.vals) != v.Len() {
			t.Errorf("%s: %d elements, JSON %s", path, v.Len(), jnodeText(n))
			return
		}
		for i, e := range n.vals {
			matchJSON(t, path+"[]", e, v.Index(i))
		}
	case reflect.Map:
		if n.kind != '{' || len(n.keys) != v.Len() {
			t.Errorf("%s: %d entries, JSON %s", path, v.Len(), jnodeText(n))
			return
		}
		for i, key := range n.keys {
			if e := v.MapIndex(reflect.ValueOf(key)); !e.IsValid() || e.String() != n.vals[i].str {
				t.Errorf("%s: entry %q differs", path, key)
			}
		}
	case reflect.String:
		if n.kind != 's' || n.str != v.String() {
			t.Errorf("%s: %q, JSON %s", path, v.String(), jnodeText(n))
		}
	case reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.kind != 'n' || n.str != strconv.FormatUint(v.Uint(), 10) {
			t.Errorf("%s: %d, JSON %s", path, v.Uint(), jnodeText(n))
		}
	case reflect.Float64:
		if f := jnodeFloat(t, n); f != v.Float() {
			t.Errorf("%s: %v, JSON %s", path, v.Float(), jnodeText(n))
		}
	case reflect.Bool:
		if n.kind != 'b' || n.truth != v.Bool() {
			t.Errorf("%s: %v, JSON %s", path, v.Bool(), jnodeText(n))
		}
	default:
		t.Errorf("%s: unexpected Go type %s", path, typ)
	}
}

// matchStruct checks object n against struct v: each member goes to the
// field its json tag names; members of v absent from n must be zero
// (omitted members); the member skip (a tag) is not a field.
func matchStruct(t *testing.T, path string, n *jnode, v reflect.Value, skip string) {
	t.Helper()
	if n.kind != '{' {
		t.Errorf("%s: JSON %s is not an object", path, jnodeText(n))
		return
	}
	byKey := map[string]*jnode{}
	for i, k := range n.keys {
		if k != skip {
			byKey[k] = n.vals[i]
		}
	}
	typ := v.Type()
	for i := range typ.NumField() {
		key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if c, ok := byKey[key]; ok {
			matchJSON(t, path+"."+key, c, v.Field(i))
			delete(byKey, key)
		} else if !v.Field(i).IsZero() {
			t.Errorf("%s.%s: absent from the JSON but not zero", path, key)
		}
	}
	for k := range byKey {
		t.Errorf("%s: member %q has no field", path, k)
	}
}

// matchVariant checks n against the variant value v of the enum iface.
func matchVariant(t *testing.T, path string, n *jnode, v reflect.Value, iface reflect.Type) {
	t.Helper()
	e, _ := dataEnumOf(iface)
	name, content := "", n
	switch {
	case e.tagKey != "":
		for i, k := range n.keys {
			if k == e.tagKey {
				name = n.vals[i].str
			}
		}
	case n.kind == 's':
		name = n.str
	case n.kind == '{' && len(n.keys) == 1:
		name, content = n.keys[0], n.vals[0]
	}
	if vt, ok := e.variants[name]; !ok || vt != v.Type() {
		t.Errorf("%s: decoded %s for variant %q", path, v.Type(), name)
		return
	}
	switch {
	case e.tagKey != "":
		matchStruct(t, path+"<"+name+">", n, v, e.tagKey)
	case v.Kind() == reflect.Struct && v.NumField() == 0, v.Type() == typeOf[ModelFamilyKnown]():
		if n.kind != 's' || v.Kind() == reflect.String && v.String() != name {
			t.Errorf("%s: unit variant %q differs", path, name)
		}
	default:
		matchJSON(t, path+"<"+name+">", content, v)
	}
}

// jnodeText writes n back as JSON text (members in document order).
func jnodeText(n *jnode) string {
	switch n.kind {
	case '{', '[':
		var b strings.Builder
		b.WriteByte(n.kind)
		for i, c := range n.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			if n.kind == '{' {
				k, _ := json.Marshal(n.keys[i])
				b.Write(k)
				b.WriteByte(':')
			}
			b.WriteString(jnodeText(c))
		}
		b.WriteByte(n.kind + 2) // '{'+2 == '}', '['+2 == ']'
		return b.String()
	case 's':
		s, _ := json.Marshal(n.str)
		return string(s)
	case 'n':
		return n.str
	case 'b':
		return strconv.FormatBool(n.truth)
	}
	return "null"
}

// jnodeFloat returns the correctly rounded value of number n.
func jnodeFloat(t *testing.T, n *jnode) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(n.str, 64)
	if n.kind != 'n' || err != nil {
		t.Errorf("JSON %s is not a finite number", jnodeText(n))
	}
	return f
}
