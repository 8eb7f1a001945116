package toolloop

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// Builders of small events for the rule table: each returns the JSON of an
// event with one slot filled in, and the Go value it must decode to.

func restoredJSON(extra string) string {
	return `{"event":"candidate_restored","checkpoint_id":"x"` + extra + `}`
}

var restored = CandidateRestoredEvent{CheckpointID: "x"}

func energyJSON(lit string) string {
	return `{"event":"candidate_measured","node_id":"n","generation":0,"energy":` + lit + `,"hard_pass":false,"residuals":[]}`
}

func energy(f float64) CandidateMeasuredEvent { return CandidateMeasuredEvent{NodeID: "n", Energy: f} }

func boundJSON(generation, bound string) string {
	return `{"event":"decision_bound_refused","node_id":"n","generation":` + generation + `,"bound":` + bound + `,"decisions_used":0}`
}

func bound(g uint32, b uint64) DecisionBoundRefusedEvent {
	return DecisionBoundRefusedEvent{NodeID: "n", Generation: g, Bound: b}
}

func gateJSON(decision, extra string) string {
	return `{"event":"gate_decision_recorded","node_id":"n","generation":0,"decision":` + decision + extra + `}`
}

func gate(d GateDecision) GateDecisionRecordedEvent {
	return GateDecisionRecordedEvent{NodeID: "n", Decision: d}
}

func deniedJSON(extra string) string {
	return `{"event":"effect_denied","call_id":"c","reason":"r"` + extra + `}`
}

func denied(c ResidualClass) EffectDeniedEvent {
	return EffectDeniedEvent{CallID: "c", Reason: "r", Class: c}
}

func argumentsJSON(v string) string {
	return `{"event":"tool_call_observed","call":{"call_id":"c","name":"n","arguments":` + v + `}}`
}

func arguments(v string) ToolCallObservedEvent {
	return ToolCallObservedEvent{Call: ProviderToolCall{CallID: "c", Name: "n", Arguments: MustParseValue(v)}}
}

func commandJSON(cmd string) string {
	return `{"event":"proposal_observed","call_id":"c","proposal":{"proposal_id":"p","actor":"w","node_id":"n","generation":0,"effect":"run_build","path":null,"command":` +
		cmd + `,"network_target":null,"risk":"low","risk_cost":0,"idempotency_key":"k","preconditions":[]}}`
}

func command(c CommandInvocation) ProposalObservedEvent {
	return ProposalObservedEvent{CallID: "c", Proposal: EffectProposal{ProposalID: "p", Actor: "w", NodeID: "n",
		Effect: EffectKindRunBuild, Command: c, Risk: RiskClassLow, IdempotencyKey: "k"}}
}

func partialJSON(extra string) string {
	return `{"event":"partial_checkpointed","forest_id":"f","branch_id":"b","checkpoint":{"state_root":"s","accepted_ancestor":"a","parent_witness":{"accepted_root":"a","chain":[]},"evidence_digest":"e"` + extra + `}}`
}

func partial(c *CorrectionPacketRef, obligations ...ObligationRef) PartialCheckpointedEvent {
	return PartialCheckpointedEvent{ForestID: "f", BranchID: "b", Checkpoint: PartialCheckpointRef{StateRoot: "s",
		AcceptedAncestor: "a", ParentWitness: WitnessRef{AcceptedRoot: "a"}, Correction: c,
		RemainingObligations: obligations, EvidenceDigest: "e"}}
}

func residualJSON(sensorExtra, evidence string) string {
	return `{"event":"candidate_measured","node_id":"n","generation":0,"energy":1,"hard_pass":false,"residuals":[{"residual_id":"r","node_id":"n","generation":0,"component":"syn","class":"build","severity":"error","score":1,"sensor":{"id":"s","route":"lsp"` +
		sensorExtra + `},"evidence":` + evidence + `,"affected_paths":[],"affected_symbols":[],"correction_directions":[]}]}`
}

func residual(fingerprint string, evidence EvidencePayload) CandidateMeasuredEvent {
	return CandidateMeasuredEvent{NodeID: "n", Energy: 1, Residuals: []ResidualEvent{{ResidualID: "r", NodeID: "n",
		Component: EnergyComponentSyn, Class: ResidualClassBuild, Severity: ResidualSeverityError, Score: 1,
		Sensor: SensorRef{ID: "s", Route: IndependenceRouteLSP, Fingerprint: fingerprint}, Evidence: evidence}}}
}

func summaryJSON(entries string) string {
	return `{"event":"context_checkpoint_created","checkpoint":{"covered_from":0,"covered_to":0,"covered_event_root":"r","control":{"goal":"g","node_generation":0,"accepted_state_root":"a","graph_revision":"v","capability_ids":[],"authority_epoch":0,"remaining_rejection_budget":0,"remaining_turns":0,"active_model":{"provider":"p","model":"m"},"remaining_fallback_models":[],"activated_tools":[],"unresolved_call_ids":[],"residual_summary":[` +
		entries + `]},"artifact_refs":[]}}`
}

func summary(entries ...ResidualSummaryEntry) ContextCheckpointCreatedEvent {
	return ContextCheckpointCreatedEvent{Checkpoint: ContextCheckpoint{CoveredEventRoot: "r", Control: ControlFrame{
		Goal: "g", AcceptedStateRoot: "a", GraphRevision: "v", ActiveModel: ModelID{Provider: "p", Model: "m"},
		ResidualSummary: entries}}}
}

func programJSON(family, origin string) string {
	return `{"event":"prompt_program_compiled","turn":1,"program":{"route":{"adapter":"a","family":` + family +
		`,"exact_model":null},"stage":"adjudicate","dialect":{"id":"d","version":1},"messages":[{"role":"user","content":"c","sections":[{"id":"s","version":1,"content_hash":"h","origin":` +
		origin + `}],"rendered_hash":"r"}],"dropped_sections":[],"tool_spec_hash":"t","program_digest":"p"}}`
}

func program(f ModelFamily, o OverrideOrigin) PromptProgramCompiledEvent {
	return PromptProgramCompiledEvent{Turn: 1, Program: CompiledPromptProgram{
		Route: PromptRoute{Adapter: "a", Family: f}, Stage: PromptStageAdjudicate, Dialect: DialectRef{ID: "d", Version: 1},
		Messages: []CompiledPromptMessage{{Role: PromptMessageRoleUser, Content: "c", RenderedHash: "r",
			Sections: []SectionProvenance{{ID: "s", Version: 1, ContentHash: "h", Origin: o}}}},
		ToolSpecHash: "t", ProgramDigest: "p"}}
}

func outputJSON(output string) string {
	return `{"event":"turn_observed","turn":1,"output":` + output + `}`
}

func nest(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// correctlyRounded is strconv's correctly rounded reading of lit.
func correctlyRounded(t *testing.T, lit string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// errWith is an expected failure: the sentinel it wraps and a text its
// message contains (for rules another rule would otherwise hide).
type errWith struct {
	err    error
	reason string
}

// TestUnmarshalEventAppliesEachDecodingRule has one row per reading rule,
// named after it; removing or weakening the rule in the decoder makes its
// row fail. want is the decoded event or the
// sentinel the failure wraps.
func TestUnmarshalEventAppliesEachDecodingRule(t *testing.T) {
	type row struct {
		rule string
		in   string
		want any
	}
	rows := []row{
		// Syntax.
		{"surrounding white space is allowed", " \t\r\n" + restoredJSON("") + " \n", restored},
		{"a UTF-8 BOM is rejected", "\xef\xbb\xbf" + restoredJSON(""), ErrDecode},
		{"trailing data is rejected", restoredJSON("") + "x", ErrDecode},
		{"a second value is trailing data", restoredJSON("") + restoredJSON(""), ErrDecode},
		{"empty input is rejected", "", ErrDecode},
		{"white space alone is rejected", " \n", ErrDecode},
		{"nesting of 127 levels is accepted", restoredJSON(`,"junk":` + nest(126)), restored},
		{"nesting of 128 levels is rejected", restoredJSON(`,"junk":` + nest(127)), ErrDecode},
		{"nesting is counted through a Value too", argumentsJSON(nest(125)), arguments(nest(125))},
		{"nesting of 128 levels through a Value is rejected", argumentsJSON(nest(126)), ErrDecode},
		{"a raw control character in a string is rejected", `{"event":"candidate_restored","checkpoint_id":"a` + "\x01" + `"}`, ErrDecode},
		{"a raw control character in an ignored string is rejected", restoredJSON(`,"junk":"` + "\x1f" + `"`), ErrDecode},
		{"raw DEL, U+2028 and U+2029 are allowed", `{"event":"candidate_restored","checkpoint_id":"a` + "\x7f\u2028\u2029" + `"}`,
			CandidateRestoredEvent{CheckpointID: "a\x7f\u2028\u2029"}},
		{"every escape decodes", `{"event":"candidate_restored","checkpoint_id":"\"\\\/\b\f\n\r\t\u00e9\u00E9\ud83d\ude00"}`,
			CandidateRestoredEvent{CheckpointID: "\"\\/\b\f\n\r\téé😀"}},
		{"an unknown escape is rejected", `{"event":"candidate_restored","checkpoint_id":"\x41"}`, ErrDecode},
		{"a short \\u escape is rejected", `{"event":"candidate_restored","checkpoint_id":"\u12"}`, ErrDecode},
		{"a lone high surrogate is rejected", `{"event":"candidate_restored","checkpoint_id":"\ud800"}`, ErrDecode},
		{"a high surrogate before a non-surrogate is rejected", `{"event":"candidate_restored","checkpoint_id":"\ud800\u0041"}`, ErrDecode},
		{"a lone low surrogate is rejected", `{"event":"candidate_restored","checkpoint_id":"\udc00"}`, ErrDecode},
		{"reversed surrogates are rejected", `{"event":"candidate_restored","checkpoint_id":"\udc00\ud800"}`, ErrDecode},
		{"a lone surrogate in an ignored member is rejected", restoredJSON(`,"junk":"\ud800"`), ErrDecode},
		{"invalid UTF-8 is rejected", `{"event":"candidate_restored","checkpoint_id":"` + "\xff" + `"}`, ErrDecode},
		{"an overlong UTF-8 sequence is rejected", `{"event":"candidate_restored","checkpoint_id":"` + "\xc0\xaf" + `"}`, ErrDecode},
		{"a UTF-8 encoded surrogate is rejected", `{"event":"candidate_restored","checkpoint_id":"` + "\xed\xa0\x80" + `"}`, ErrDecode},
		{"member names are compared after unescaping", `{"ev\u0065nt":"candidate_restored","checkpoint\u005fid":"x"}`, restored},
		{"tag values are compared after unescaping", `{"event":"candidate\u005frestored","checkpoint_id":"x"}`, restored},
		{"a + prefix is rejected", energyJSON("+1"), ErrDecode},
		{"a leading zero is rejected", energyJSON("01"), ErrDecode},
		{"a fraction without integer digits is rejected", energyJSON(".5"), ErrDecode},
		{"a fraction without digits is rejected", energyJSON("5."), ErrDecode},
		{"an exponent without digits is rejected", energyJSON("1e"), ErrDecode},
		{"NaN is rejected", energyJSON("NaN"), ErrDecode},
		{"Infinity is rejected", energyJSON("-Infinity"), ErrDecode},
		{"a literal rounding to infinity is rejected", energyJSON("1e400"), ErrDecode},
		{"a literal rounding to -infinity is rejected", energyJSON("-1e400"), ErrDecode},
		{"a literal rounding to infinity is rejected even when ignored", restoredJSON(`,"junk":[1e400]`), ErrDecode},
		{"an ignored member is still syntax-checked", restoredJSON(`,"junk":[1,]`), ErrDecode},

		// Numbers into typed fields.
		{"u32 accepts its maximum", boundJSON("4294967295", "0"), bound(math.MaxUint32, 0)},
		{"u32 rejects a fraction", boundJSON("0.0", "0"), ErrDecode},
		{"u32 rejects 1.5", boundJSON("1.5", "0"), ErrDecode},
		{"u32 rejects an exponent", boundJSON("1e0", "0"), ErrDecode},
		{"u32 rejects a negative", boundJSON("-1", "0"), ErrDecode},
		{"u32 rejects -0", boundJSON("-0", "0"), ErrDecode},
		{"u32 rejects 2^32", boundJSON("4294967296", "0"), ErrDecode},
		{"u64 reads its maximum exactly", boundJSON("0", "18446744073709551615"), bound(0, math.MaxUint64)},
		{"u64 reads 2^53+1 exactly", boundJSON("0", "9007199254740993"), bound(0, 1<<53+1)},
		{"u64 rejects 2^64", boundJSON("0", "18446744073709551616"), ErrDecode},
		{"u64 rejects a long overflow", boundJSON("0", "184467440737095516150"), ErrDecode},
		{"u64 rejects an exponent", boundJSON("0", "1e19"), ErrDecode},
		{"u64 rejects -0", boundJSON("0", "-0"), ErrDecode},
		{"f64 accepts an integer literal", energyJSON("2"), energy(2)},
		{"f64 accepts an exponent", energyJSON("1e2"), energy(100)},
		{"f64 accepts E+ exponents", energyJSON("2.5E+20"), energy(2.5e20)},
		{"f64 reads -0 as negative zero", energyJSON("-0"), energy(math.Copysign(0, -1))},
		{"f64 underflows 1e-400 to zero", energyJSON("1e-400"), energy(0)},
		{"f64 keeps subnormals", energyJSON("5e-324"), energy(5e-324)},
		{"f64 rounds an integer literal beyond 2^53 to even", energyJSON("9007199254740993"), energy(9007199254740992)},
		{"f64 is correctly rounded", energyJSON("0.13645670000000001"), energy(correctlyRounded(t, "0.13645670000000001"))},
		{"f64 reads a fraction beyond 2^64", energyJSON("18446744073709551616.5"), energy(18446744073709551616)},
		{"f64 reads the largest double", energyJSON("1.7976931348623157e308"), energy(math.MaxFloat64)},

		// Structure.
		{"members may come in any order", `{"checkpoint_id":"x","event":"candidate_restored"}`, restored},
		{"unknown members are ignored", restoredJSON(`,"junk":{"deep":[1,{"x":null}]}`), restored},
		{"a repeated unknown member is ignored", restoredJSON(`,"junk":1,"junk":[2]`), restored},
		{"repeated keys inside an ignored member are accepted", restoredJSON(`,"junk":{"a":1,"a":2}`), restored},
		{"a duplicate known member is rejected", restoredJSON(`,"checkpoint_id":"y"`), ErrDecode},
		{"a duplicate known member is found after unescaping", restoredJSON(`,"checkpoint\u005fid":"y"`), ErrDecode},
		{"a duplicate tag is rejected", restoredJSON(`,"event":"candidate_restored"`), ErrDecode},
		{"a required member must be present", `{"event":"candidate_restored"}`, ErrDecode},
		{"null is no value for a required member", `{"event":"candidate_restored","checkpoint_id":null}`, ErrDecode},
		{"an absent D member takes the zero value", energyJSON("1"), energy(1)},
		{"an absent effect_denied class defaults to capability_denied", deniedJSON(""), denied(ResidualClassCapabilityDenied)},
		{"a present effect_denied class is kept", deniedJSON(`,"class":"budget_exhausted"`), denied(ResidualClassBudgetExhausted)},
		{"null for a D member is rejected", deniedJSON(`,"class":null`), ErrDecode},
		{"null for a D string is rejected", `{"event":"turn_observed","turn":1,"actor":null,"output":{"Text":"t"}}`, ErrDecode},
		{"an absent O member is nil", gateJSON(`{"kind":"hard_pass"}`, ""), gate(GateDecisionHardPass{})},
		{"null for an O member is nil", gateJSON(`{"kind":"hard_pass"}`, `,"observed_energy":null,"best_accepted_before":null`), gate(GateDecisionHardPass{})},
		{"an O member holds its value", gateJSON(`{"kind":"hard_pass"}`, `,"observed_energy":0.5`),
			GateDecisionRecordedEvent{NodeID: "n", Decision: GateDecisionHardPass{}, ObservedEnergy: ptr(0.5)}},
		{"an absent OS member is nil and an absent DS member empty", partialJSON(""), partial(nil)},
		{"null for an OS member is nil", partialJSON(`,"correction":null`), partial(nil)},
		{"OS and DS members hold their values", partialJSON(`,"correction":"c","remaining_obligations":["o"]`), partial(ptr(CorrectionPacketRef("c")), "o")},
		{"null for a DS member is rejected", partialJSON(`,"remaining_obligations":null`), ErrDecode},
		{"null for a DS string is rejected", residualJSON(`,"fingerprint":null`, `{"summary":"s"}`), ErrDecode},
		{"an absent DS string is empty", residualJSON("", `{"summary":"s"}`), residual("", EvidencePayload{Summary: "s"})},
		{"structured null decodes to nil", residualJSON("", `{"summary":"s","raw":null,"structured":null}`), residual("", EvidencePayload{Summary: "s"})},
		{"a string is no number", boundJSON(`"0"`, "0"), ErrDecode},
		{"a number is no boolean", `{"event":"effect_applied","call_id":"c","mutated":0,"output":"o"}`, ErrDecode},
		{"an object is no array", `{"event":"tool_batch_conflict","call_id":"c","conflicts_with":"d","resources":{}}`, ErrDecode},
		{"an array is no string", `{"event":"candidate_restored","checkpoint_id":["x"]}`, ErrDecode},
		{"arguments null is a valid Value", argumentsJSON("null"), arguments("null")},
		{"arguments must be present", `{"event":"tool_call_observed","call":{"call_id":"c","name":"n"}}`, ErrDecode},
		{"a Value keeps the last of repeated keys", argumentsJSON(`{"a":1,"b":{"c":1,"c":[2]},"a":3}`), arguments(`{"a":3,"b":{"c":[2]}}`)},
		{"an env map keeps the last of repeated keys", commandJSON(`{"form":"program","program":"p","args":[],"cwd":"/","env":{"A":"1","B":"2","A":"3"}}`),
			command(CommandInvocationProgram{Program: "p", Cwd: "/", Env: map[string]string{"A": "3", "B": "2"}})},
		{"env values must be strings", commandJSON(`{"form":"program","program":"p","args":[],"cwd":"/","env":{"A":1}}`), ErrDecode},
		{"a null command is None", commandJSON("null"), command(nil)},
		{"the tag may stand anywhere", gateJSON(`{"delta_v":0.5,"kind":"accepted_by_descent"}`, ""), gate(GateDecisionAcceptedByDescent{DeltaV: 0.5})},
		{"the event tag may stand last", `{"checkpoint_id":"x","junk":{"event":1},"event":"candidate_restored"}`, restored},
		{"a missing tag is rejected", `{"checkpoint_id":"x"}`, ErrDecode},
		{"a non-string tag is rejected", `{"event":1,"checkpoint_id":"x"}`, errWith{ErrDecode, "expected a string tag"}},
		{"a null tag is rejected", gateJSON(`{"kind":null}`, ""), errWith{ErrDecode, "expected a string tag"}},
		{"an unknown tag is rejected", `{"event":"candidate_restoredx","checkpoint_id":"x"}`, ErrDecode},
		{"a differently-cased tag is rejected", `{"event":"Candidate_Restored","checkpoint_id":"x"}`, ErrDecode},
		{"a differently-cased nested tag is rejected", gateJSON(`{"kind":"Hard_Pass"}`, ""), ErrDecode},
		{"a unit variant ignores other members", gateJSON(`{"kind":"hard_pass","delta_v":1,"x":[{}]}`, ""), gate(GateDecisionHardPass{})},
		{"a unit variant still rejects a duplicate tag", gateJSON(`{"kind":"hard_pass","kind":"hard_pass"}`, ""), ErrDecode},
		{"a unit enum is matched case-sensitively", deniedJSON(`,"class":"Build"`), ErrDecode},
		{"an unknown unit enum value is rejected", deniedJSON(`,"class":"builds"`), ErrDecode},
		{"a tuple is an array of exactly 2", summaryJSON(`["build",1],["lint",0.5]`), summary(ResidualSummaryEntry{"build", 1}, ResidualSummaryEntry{"lint", 0.5})},
		{"a tuple of 1 is rejected", summaryJSON(`["build"]`), ErrDecode},
		{"a tuple of 3 is rejected", summaryJSON(`["build",1,2]`), ErrDecode},
		{"a tuple of 0 is rejected", summaryJSON(`[]`), ErrDecode},
		{"a tuple is a string then a number", summaryJSON(`[1,"build"]`), ErrDecode},
		{"an external unit variant is a bare string", programJSON(`"qwen"`, `"base"`), program(ModelFamilyQwen, OverrideOriginBase{})},
		{"an external data variant is a one-member object", programJSON(`{"other":"phi"}`, `{"exact_model":"m"}`), program(ModelFamilyOther("phi"), OverrideOriginExactModel("m"))},
		{"a bare other is rejected", programJSON(`"other"`, `"base"`), ErrDecode},
		{"a bare family origin is rejected", programJSON(`"qwen"`, `"family"`), ErrDecode},
		{"an external object of two members is rejected", programJSON(`{"other":"phi","other2":"x"}`, `"base"`), ErrDecode},
		{"an external object of zero members is rejected", programJSON(`{}`, `"base"`), ErrDecode},
		{"an unknown external variant is rejected", programJSON(`{"others":"phi"}`, `"base"`), ErrDecode},
		{"TurnOutput names are PascalCase", outputJSON(`{"text":"hi"}`), ErrDecode},
		{"TurnOutput Text", outputJSON(`{"Text":"hi"}`), TurnObservedEvent{Turn: 1, Output: TurnOutputText("hi")}},
		{"TurnOutput has no unit variant", outputJSON(`"Text"`), ErrDecode},

		// serde behaviours deliberately not reproduced.
		{"a positional array for an event is rejected", `["candidate_restored","x"]`, ErrDecode},
		{"a positional array for a struct is rejected", `{"event":"route_failover","from_model":["a","b"],"to_model":{"provider":"p","model":"m"},"cause":"c"}`, ErrDecode},
		{"a positional array for a tagged enum is rejected", gateJSON(`["hard_pass"]`, ""), ErrDecode},
		{"an object for a unit enum value is rejected", deniedJSON(`,"class":{"build":null}`), ErrDecode},
		{"an empty-object payload for a unit enum value is rejected", deniedJSON(`,"class":{"build":{}}`), ErrDecode},
		{"an object for an external unit variant is rejected", programJSON(`{"qwen":null}`, `"base"`), ErrDecode},
		{"an object for the base origin is rejected", programJSON(`"qwen"`, `{"base":null}`), ErrDecode},
		{"a numeric nested tag is rejected", gateJSON(`{"kind":0}`, ""), errWith{ErrDecode, "decision.kind: expected a string tag"}},
	}
	for _, r := range rows {
		got, err := UnmarshalEvent([]byte(r.in))
		if want, ok := r.want.(errWith); ok {
			if !errors.Is(err, want.err) || err == nil || !strings.Contains(err.Error(), want.reason) {
				t.Errorf("%s: got %v; want %v saying %q", r.rule, err, want.err, want.reason)
			}
			continue
		}
		if want, ok := r.want.(error); ok {
			if !errors.Is(err, want) || got != nil {
				t.Errorf("%s: got %#v, %v; want %v", r.rule, got, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", r.rule, err)
			continue
		}
		if !reflect.DeepEqual(got, r.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", r.rule, got, r.want)
		}
		if w, ok := r.want.(CandidateMeasuredEvent); ok && math.Float64bits(got.(CandidateMeasuredEvent).Energy) != math.Float64bits(w.Energy) {
			t.Errorf("%s: energy bits %x, want %x", r.rule, math.Float64bits(got.(CandidateMeasuredEvent).Energy), math.Float64bits(w.Energy))
		}
	}
}

// TestIntegerFieldsFollowTheirWidth reads integer literals into every
// width the decoder supports (u16 is used by the envelope's
// schema_version): the maximum is exact, one more is rejected, and so are
// fractions, exponents and signs.
func TestIntegerFieldsFollowTheirWidth(t *testing.T) {
	read := func(lit string, into func(*decoder, canon.Kind) error) error {
		var d decoder
		k, err := d.start([]byte(lit))
		if err != nil {
			return err
		}
		return into(&d, k)
	}
	var u16 uint16
	var u32 uint32
	var u64 uint64
	widths := []struct {
		max, over string
		into      func(*decoder, canon.Kind) error
		got       func() uint64
	}{
		{"65535", "65536", func(d *decoder, k canon.Kind) error { return readUint(d, k, &u16) }, func() uint64 { return uint64(u16) }},
		{"4294967295", "4294967296", func(d *decoder, k canon.Kind) error { return readUint(d, k, &u32) }, func() uint64 { return uint64(u32) }},
		{"18446744073709551615", "18446744073709551616", func(d *decoder, k canon.Kind) error { return readUint(d, k, &u64) }, func() uint64 { return u64 }},
	}
	for _, w := range widths {
		if err := read(w.max, w.into); err != nil || strconv.FormatUint(w.got(), 10) != w.max {
			t.Errorf("max %s: got %d, %v", w.max, w.got(), err)
		}
		if err := read("0", w.into); err != nil || w.got() != 0 {
			t.Errorf("0: got %d, %v", w.got(), err)
		}
		for _, bad := range []string{w.over, w.over + "0", "1.0", "1e0", "1E+1", "-1", "-0", `"1"`, "true", "null"} {
			if err := read(bad, w.into); !errors.Is(err, ErrDecode) {
				t.Errorf("%s into the width of %s: got %v, want ErrDecode", bad, w.max, err)
			}
		}
	}
}

// TestDecodingErrorsNameTheMemberPath checks that failures carry the path
// of the failing member (names and indexes only).
func TestDecodingErrorsNameTheMemberPath(t *testing.T) {
	cases := map[string]string{
		residualJSON(`,"fingerprint":null`, `{"summary":"s"}`): "residuals[0].sensor.fingerprint: ",
		summaryJSON(`["build",1],[1,"x"]`):                     "checkpoint.control.residual_summary[1][0]: ",
		programJSON(`"qwen"`, `{"family":1}`):                  "program.messages[0].sections[0].origin.family: ",
		restoredJSON(`,"checkpoint_id":"y"`):                   "checkpoint_id: duplicate member",
		`{"event":"candidate_restored"}`:                       "checkpoint_id: missing member",
		energyJSON("1e400"):                                    "energy: invalid JSON at offset",
	}
	for in, want := range cases {
		_, err := UnmarshalEvent([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to contain %q", in, err, want)
		}
		if want := "toolloop: cannot decode: "; err != nil && !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %v does not start with %q", in, err, want)
		}
	}
	_, err := UnmarshalEvent([]byte(energyJSON("1e400")))
	if !errors.Is(err, canon.ErrSyntax) {
		t.Errorf("a syntax failure does not wrap the canon syntax error: %v", err)
	}
}
