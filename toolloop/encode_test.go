package toolloop

import (
	"bytes"
	"encoding/hex"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// TestMarshalEventReproducesTheVectorEvents writes every event of
// events.direct.jsonl with the legacy encoder and compares the bytes with
// the line; AppendEvent appends the same bytes after existing content, and
// the default encoder differs only by the '+' of non-negative exponents.
func TestMarshalEventReproducesTheVectorEvents(t *testing.T) {
	sources, lines := vectorSources(t)
	for src, evs := range sources {
		t.Run(src, func(t *testing.T) { checkDirectForms(t, evs, lines) })
	}
}

func checkDirectForms(t *testing.T, evs []LoopEvent, lines []string) {
	for i, ev := range evs {
		got, err := legacyEncoder.MarshalEvent(ev)
		if err != nil || string(got) != lines[i] {
			t.Errorf("event %d: MarshalEvent = %v\n got %s\nwant %s", i+1, err, got, lines[i])
		}
		prefix := []byte("prefix e+1 ")
		app, err := legacyEncoder.AppendEvent(prefix, ev)
		if err != nil || string(app) != string(prefix)+lines[i] {
			t.Errorf("event %d: AppendEvent after a prefix = %v, %.80s", i+1, err, app)
		}
		cur, err := MarshalEvent(ev)
		if err != nil || string(canon.AppendSerdeLegacy(nil, cur)) != lines[i] {
			t.Errorf("event %d: current layout %v\n got %s", i+1, err, cur)
		}
		if strings.Contains(lines[i], "1e16") != strings.Contains(string(cur), "1e+16") {
			t.Errorf("event %d: the current layout does not write 1e+16 where the legacy one writes 1e16", i+1)
		}
	}
}

// TestMarshalLedgerRowReproducesTheVectorRows compares the ledger form of
// every vector event with events.ledger.jsonl, and MarshalEnvelope with the
// row's payload; decoding a ledger line gives back the direct line.
func TestMarshalLedgerRowReproducesTheVectorRows(t *testing.T) {
	sources, lines := vectorSources(t)
	ledger := vectorLines(t, "events.ledger.jsonl", false)
	for src, evs := range sources {
		t.Run(src, func(t *testing.T) { checkLedgerForms(t, evs, ledger) })
	}
	for i, l := range ledger {
		d, err := DecodeLedgerRow([]byte(l))
		if err != nil || d.Version != EnvelopeSchemaVersion {
			t.Fatalf("event %d: DecodeLedgerRow = %+v, %v", i+1, d, err)
		}
		if got, err := legacyEncoder.MarshalEvent(d.Event); err != nil || string(got) != lines[i] {
			t.Errorf("event %d: direct form of the decoded row = %v\n got %s\nwant %s", i+1, err, got, lines[i])
		}
	}
}

func checkLedgerForms(t *testing.T, evs []LoopEvent, ledger []string) {
	for i, ev := range evs {
		row, err := legacyEncoder.MarshalLedgerRow(ev)
		if err != nil || string(row) != ledger[i] {
			t.Errorf("event %d: MarshalLedgerRow = %v\n got %s\nwant %s", i+1, err, row, ledger[i])
		}
		app, err := legacyEncoder.AppendLedgerRow([]byte("x"), ev)
		if err != nil || string(app) != "x"+ledger[i] {
			t.Errorf("event %d: AppendLedgerRow = %v, %.80s", i+1, err, app)
		}
		payload, ok := strings.CutPrefix(ledger[i], `{"event":"custom","kind":"tool_loop","payload":`)
		payload, ok2 := strings.CutSuffix(payload, "}")
		if !ok || !ok2 {
			t.Fatalf("event %d: malformed ledger line", i+1)
		}
		env, err := legacyEncoder.MarshalEnvelope(ev)
		if err != nil || string(env) != payload {
			t.Errorf("event %d: MarshalEnvelope = %v\n got %s\nwant %s", i+1, err, env, payload)
		}
	}
}

// TestLedgerFormIsTheSortedDirectForm is the property of the ledger form on every
// sample, in both layouts: the envelope's body is the direct form with
// every object's keys sorted at every depth (reference sorter), and the row
// wraps it in exactly the fixed bytes.
func TestLedgerFormIsTheSortedDirectForm(t *testing.T) {
	forEachSampleForm(t, func(enc Encoder, ev LoopEvent, direct, row []byte) {
		want := `{"event":"custom","kind":"tool_loop","payload":{"body":` + string(sortedJSON(t, direct)) +
			`,"schema_version":` + strconv.Itoa(EnvelopeSchemaVersion) + `}}`
		if string(row) != want {
			t.Errorf("%s (layout %d): ledger row\n got %s\nwant %s", ev.EventName(), enc.Floats, row, want)
		}
	})
}

// forEachSampleForm calls check with the direct form and the ledger row of
// every sample (one of each event and of each variant) in both layouts.
func forEachSampleForm(t *testing.T, check func(enc Encoder, ev LoopEvent, direct, row []byte)) {
	t.Helper()
	for _, enc := range []Encoder{{}, legacyEncoder} {
		for _, ev := range append(allEventSamples(), variantEventSamples()...) {
			direct, err := enc.MarshalEvent(ev)
			if err != nil {
				t.Fatalf("%s: MarshalEvent: %v", ev.EventName(), err)
			}
			row, err := enc.MarshalLedgerRow(ev)
			if err != nil {
				t.Fatalf("%s: MarshalLedgerRow: %v", ev.EventName(), err)
			}
			check(enc, ev, direct, row)
		}
	}
}

// TestEncoderOutputFollowsTheGoTypes checks the direct form of every sample
// against the Go types with the shape checker of events_test.go: member
// names and order are those of the json tags, at every depth and for every
// variant the samples use.
func TestEncoderOutputFollowsTheGoTypes(t *testing.T) {
	sc := shapeChecker{t: t, variants: map[reflect.Type]bool{}}
	for _, ev := range append(allEventSamples(), variantEventSamples()...) {
		b, err := MarshalEvent(ev)
		if err != nil {
			t.Fatalf("%s: %v", ev.EventName(), err)
		}
		n := parseOrdered(t, b)
		if n.keys[0] != "event" || n.vals[0].str != ev.EventName() {
			t.Errorf("%s: tag not first", ev.EventName())
		}
		sc.structMembers(ev.EventName(), n, reflect.TypeOf(ev), 1)
	}
	for _, e := range dataEnums {
		for tag, vt := range e.variants {
			if !sc.variants[vt] {
				t.Errorf("variant %s (%s) not written by any sample", vt, tag)
			}
		}
	}
}

// checkFloatRows writes the f64 rows of a scalars file with enc as a
// required float, an Option float and a float inside a Value-free nested
// enum, in the direct and ledger forms.
func checkFloatRows(t *testing.T, name string, enc Encoder, want int) {
	for _, r := range f64Rows(t, name, want) {
		f := r.Value
		got, err := enc.MarshalEvent(CandidateMeasuredEvent{Energy: f})
		wantDirect := `{"event":"candidate_measured","node_id":"","generation":0,"candidate_id":"","energy":` + r.Literal +
			`,"hard_pass":false,"residuals":[]}`
		if err != nil || string(got) != wantDirect {
			t.Errorf("%s %s: MarshalEvent = %v %s, want %s", name, r.Bits, err, got, wantDirect)
		}
		// Reading the literal back gives the same bits (NaN and the
		// infinities are written as null, which a required f64 rejects).
		back, err := UnmarshalEvent([]byte(wantDirect))
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			if err == nil {
				t.Errorf("%s %s: %s decodes as a required f64", name, r.Bits, r.Literal)
			}
		case err != nil:
			t.Errorf("%s %s: UnmarshalEvent(%s) = %v", name, r.Bits, r.Literal, err)
		case math.Float64bits(back.(CandidateMeasuredEvent).Energy) != math.Float64bits(f):
			t.Errorf("%s %s: %s reads back as %#x", name, r.Bits, r.Literal, math.Float64bits(back.(CandidateMeasuredEvent).Energy))
		}
		ev := GateDecisionRecordedEvent{Decision: GateDecisionAcceptedByDescent{DeltaV: f}, ObservedEnergy: &f}
		row, err := enc.MarshalLedgerRow(ev)
		if err != nil || !bytes.Contains(row, []byte(`{"delta_v":`+r.Literal+`,"kind":"accepted_by_descent"}`)) ||
			!bytes.Contains(row, []byte(`"observed_energy":`+r.Literal+`}`)) {
			t.Errorf("%s %s: ledger row = %v %s", name, r.Bits, err, row)
		}
	}
}

func TestFloatsFollowScalarsTSVInTheLegacyLayout(t *testing.T) {
	checkFloatRows(t, "scalars.tsv", legacyEncoder, 32)
}

func TestFloatsFollowScalarsZmijTSVInTheCurrentLayout(t *testing.T) {
	checkFloatRows(t, "scalars_zmij.tsv", Encoder{}, 32)
	// The package-level function is the zero Encoder's method.
	for _, r := range f64Rows(t, "scalars_zmij.tsv", 32) {
		ev := GateDecisionRecordedEvent{Decision: GateDecisionHardPass{}, BestAcceptedBefore: ptr(r.Value)}
		got, err := MarshalEvent(ev)
		if err != nil || !bytes.HasSuffix(got, []byte(`"best_accepted_before":`+r.Literal+`}`)) {
			t.Errorf("MarshalEvent(%s) = %v %s", r.Bits, err, got)
		}
	}
}

func TestIntegersFollowScalarsTSV(t *testing.T) {
	n := 0
	for _, r := range vectorRows(t, "scalars.tsv", 38, 4) {
		if r[0] != "u64" {
			continue
		}
		n++
		u, err := strconv.ParseUint(r[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MarshalEvent(DecisionBoundRefusedEvent{NodeID: "n", Bound: u, DecisionsUsed: u})
		want := `{"event":"decision_bound_refused","node_id":"n","generation":0,"bound":` + r[2] +
			`,"decisions_used":` + r[2] + `}`
		if err != nil || string(got) != want {
			t.Errorf("u64 %s: %v %s, want %s", r[1], err, got, want)
		}
		if back, err := UnmarshalEvent([]byte(want)); err != nil || back.(DecisionBoundRefusedEvent).Bound != u {
			t.Errorf("u64 %s: reads back as %v, %v", r[1], back, err)
		}
	}
	if n != 6 {
		t.Errorf("%d u64 rows, want 6", n)
	}
	got, _ := MarshalEvent(ContextWorkingSetEvent{Turn: math.MaxUint32})
	if !bytes.Contains(got, []byte(`"turn":4294967295,`)) {
		t.Errorf("u32 max: %s", got)
	}
}

// TestStringsFollowStringsTSV writes every row of strings.tsv as a member
// string, a map key and value and an array element, in both layouts.
func TestStringsFollowStringsTSV(t *testing.T) {
	for _, c := range vectorRows(t, "strings.tsv", 10, 3) {
		s := string(decHex(t, c[0]))
		for _, enc := range []Encoder{{}, legacyEncoder} {
			got, err := enc.MarshalEvent(CandidateRestoredEvent{CheckpointID: s})
			want := `{"event":"candidate_restored","checkpoint_id":` + c[1] + `}`
			if err != nil || string(got) != want {
				t.Errorf("%s: %v %s, want %s", c[2], err, got, want)
			}
			// Reading the output back gives the input (every row is valid
			// UTF-8, as a Rust String is).
			back, err := UnmarshalEvent([]byte(want))
			if !utf8.ValidString(s) || err != nil || back.(CandidateRestoredEvent).CheckpointID != s {
				t.Errorf("%s: %s reads back as %v, %v", c[2], c[1], back, err)
			}
			got, err = enc.MarshalEvent(ProposalObservedEvent{Proposal: EffectProposal{Effect: EffectKindRunBuild,
				Risk: RiskClassLow, Command: CommandInvocationProgram{Args: []string{s}, Env: map[string]string{s: s}}}})
			if err != nil || !bytes.Contains(got, []byte(`"args":[`+c[1]+`],"cwd":"","env":{`+c[1]+`:`+c[1]+`}`)) {
				t.Errorf("%s: in a command: %v %s", c[2], err, got)
			}
		}
	}
}

// TestAppendValueFollowsValueNormalization runs value_normalization.tsv
// through AppendValue: the legacy layout writes serde_json 1.0.87's text,
// the current layout the Value's own text.
func TestAppendValueFollowsValueNormalization(t *testing.T) {
	n := 0
	for _, c := range vectorRows(t, "value_normalization.tsv", 18, 3) {
		if c[1] == "ERR" {
			continue
		}
		n++
		v, err := ParseValue(decHex(t, c[0]))
		if err != nil {
			t.Fatalf("%s: %v", c[2], err)
		}
		if got := legacyEncoder.AppendValue(nil, v); string(got) != c[1] {
			t.Errorf("%s: legacy AppendValue = %s, want %s", c[2], got, c[1])
		}
		if got := (Encoder{}).AppendValue([]byte("e+"), v); string(got) != "e+"+v.String() {
			t.Errorf("%s: current AppendValue = %s, want e+%s", c[2], got, v)
		}
	}
	if n != 16 {
		t.Errorf("%d rows, want 16", n)
	}
}

// TestAppendValueLegacyDropsOnlyExponentPlusSigns pins the documented example
// and the in-place rewrite: content before the Value is never touched.
func TestAppendValueLegacyDropsOnlyExponentPlusSigns(t *testing.T) {
	v := MustParseValue(`{"k":"1e+5","n":1e16,"m":[-1.5e-7,2.5e300],"e+":"x"}`)
	prefix := `{"s":"1e+5","n":1e+16}`
	got := legacyEncoder.AppendValue([]byte(prefix), v)
	if want := prefix + `{"e+":"x","k":"1e+5","m":[-1.5e-7,2.5e300],"n":1e16}`; string(got) != want {
		t.Errorf("legacy AppendValue = %s, want %s", got, want)
	}
	if got := (Encoder{}).AppendValue(nil, v); string(got) != v.String() ||
		v.String() != `{"e+":"x","k":"1e+5","m":[-1.5e-7,2.5e+300],"n":1e+16}` {
		t.Errorf("current AppendValue = %s (Value %s)", got, v)
	}
	if got := legacyEncoder.AppendValue(nil, Value{}); string(got) != "null" {
		t.Errorf("legacy AppendValue of the zero Value = %s", got)
	}
	// The legacy layout reaches Values inside events too.
	ev := ToolCallObservedEvent{Call: ProviderToolCall{CallID: "c", Name: "n", Arguments: v}}
	b, err := legacyEncoder.MarshalEvent(ev)
	if err != nil || !bytes.Contains(b, []byte(`"arguments":{"e+":"x","k":"1e+5","m":[-1.5e-7,2.5e300],"n":1e16}`)) {
		t.Errorf("legacy event: %v %s", err, b)
	}
}

// vectorDirectForms returns every other direct-form event of the vectors:
// the decoded events of legacy_rows.jsonl (all 43 variants) and the OK
// outputs of decode_rules.txt.
func vectorDirectForms(t *testing.T) []string {
	var docs []string
	for _, r := range legacyRows(t) {
		if r.Event != "" {
			docs = append(docs, r.Event)
		}
	}
	for _, block := range strings.Split(string(readVector(t, "decode_rules.txt")), "\n\n") {
		for _, l := range strings.Split(block, "\n") {
			if s, ok := strings.CutPrefix(l, "out: OK "); ok {
				docs = append(docs, s)
			} else if s, ok := strings.CutPrefix(l, "out_hex: OK "); ok {
				b, err := hex.DecodeString(s)
				if err != nil {
					t.Fatal(err)
				}
				docs = append(docs, string(b))
			}
		}
	}
	return docs
}

// TestMarshalEventReproducesEveryVectorDirectForm re-writes the direct
// forms of legacy_rows.jsonl and decode_rules.txt, from the reference
// builder and from UnmarshalEvent, and checks their ledger form against
// the reference sorter.
func TestMarshalEventReproducesEveryVectorDirectForm(t *testing.T) {
	docs := vectorDirectForms(t)
	tags := map[string]bool{}
	for i, doc := range docs {
		built := buildEvent(t, doc)
		tags[built.EventName()] = true
		decoded, err := UnmarshalEvent([]byte(doc))
		if err != nil {
			t.Errorf("doc %d: UnmarshalEvent: %v", i, err)
			continue
		}
		for _, ev := range []LoopEvent{built, decoded} {
			if got, err := legacyEncoder.MarshalEvent(ev); err != nil || string(got) != doc {
				t.Errorf("doc %d: MarshalEvent = %v\n got %s\nwant %s", i, err, got, doc)
			}
			env, err := legacyEncoder.MarshalEnvelope(ev)
			if want := `{"body":` + string(sortedJSON(t, []byte(doc))) + `,"schema_version":1}`; err != nil || string(env) != want {
				t.Errorf("doc %d: MarshalEnvelope = %v\n got %s\nwant %s", i, err, env, want)
			}
		}
	}
	if len(tags) != 43 || len(docs) < 80 {
		t.Errorf("%d documents cover %d variants, want all 43", len(docs), len(tags))
	}
}

// TestSamplesRoundTripThroughTheDecoder encodes every sample in both
// layouts and forms and decodes it back to an equal value.
func TestSamplesRoundTripThroughTheDecoder(t *testing.T) {
	forEachSampleForm(t, func(_ Encoder, ev LoopEvent, direct, row []byte) {
		back, err := UnmarshalEvent(direct)
		if err != nil || !reflect.DeepEqual(back, ev) {
			t.Errorf("%s: decoding the direct form gives %+v, %v", ev.EventName(), back, err)
		}
		d, err := DecodeLedgerRow(row)
		if err != nil || d.Version != EnvelopeSchemaVersion || !reflect.DeepEqual(d.Event, ev) {
			t.Errorf("%s: decoding the ledger row gives %+v, %v", ev.EventName(), d, err)
		}
	})
}
