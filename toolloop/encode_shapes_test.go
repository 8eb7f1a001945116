package toolloop

import (
	"bytes"
	"reflect"
	"testing"
)

// pointerize replaces, in place, every non-nil value held by an interface
// reachable from v (which must be settable) by a pointer to a copy of it.
func pointerize(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() || v.Elem().Kind() == reflect.Pointer {
			return
		}
		p := reflect.New(v.Elem().Type())
		p.Elem().Set(v.Elem())
		pointerize(p.Elem())
		v.Set(p)
	case reflect.Pointer:
		if !v.IsNil() {
			pointerize(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				pointerize(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			pointerize(v.Index(i))
		}
	}
}

// TestPointerVariantsEncodeLikeValues writes every sample with the event and
// every variant inside it given as pointers: the bytes are the same in both
// forms.
func TestPointerVariantsEncodeLikeValues(t *testing.T) {
	for i, ev := range append(allEventSamples(), variantEventSamples()...) {
		want, err := MarshalEvent(ev)
		if err != nil {
			t.Fatal(err)
		}
		wantRow, _ := MarshalLedgerRow(ev)
		holder := []LoopEvent{ev}
		pointerize(reflect.ValueOf(holder).Index(0))
		p := holder[0]
		if reflect.TypeOf(p).Kind() != reflect.Pointer {
			t.Fatalf("sample %d was not turned into a pointer", i)
		}
		if got, err := MarshalEvent(p); err != nil || !bytes.Equal(got, want) {
			t.Errorf("sample %d (%s) through pointers: %v\n got %s\nwant %s", i, ev.EventName(), err, got, want)
		}
		if got, err := MarshalLedgerRow(p); err != nil || !bytes.Equal(got, wantRow) {
			t.Errorf("sample %d (%s) through pointers: ledger row %v", i, ev.EventName(), err)
		}
	}
}

// TestCommandNoneIsWrittenNull pins the only Option over an enum with data:
// a nil interface and typed nil pointers are None.
func TestCommandNoneIsWrittenNull(t *testing.T) {
	for _, c := range []CommandInvocation{nil, (*CommandInvocationProgram)(nil), (*CommandInvocationShell)(nil)} {
		ev := ProposalObservedEvent{CallID: "c", Proposal: EffectProposal{Effect: EffectKindReadFile, Risk: RiskClassNone, Command: c}}
		got, err := MarshalEvent(ev)
		if err != nil || !bytes.Contains(got, []byte(`"additional_paths":[],"command":null,"network_target":null,`)) {
			t.Errorf("command %#v: %v %s", c, err, got)
		}
	}
}

// TestEncodeWritesExactBytes pins small events member by member in both
// forms, including the omitted OS/DS members (also when the omitted member
// would come first in sorted order), nil slices and maps, and unit variants.
func TestEncodeWritesExactBytes(t *testing.T) {
	sensor := func(fp string) LoopEvent {
		return CandidateMeasuredEvent{NodeID: "n", Energy: 1, Residuals: []ResidualEvent{{
			ResidualID: "r", Component: EnergyComponentSheaf, Class: ResidualClassFormat, Severity: ResidualSeverityBlocking,
			Sensor: SensorRef{ID: "s", Route: IndependenceRouteCompiler, Fingerprint: fp}}}}
	}
	residualDirect := func(sensor string) string {
		return `{"event":"candidate_measured","node_id":"n","generation":0,"candidate_id":"","energy":1.0,"hard_pass":false,` +
			`"residuals":[{"residual_id":"r","node_id":"","generation":0,"component":"sheaf","class":"format",` +
			`"severity":"blocking","score":0.0,"sensor":` + sensor + `,"evidence":{"summary":"","raw":null,` +
			`"structured":null},"affected_paths":[],"affected_symbols":[],"correction_directions":[]}]}`
	}
	residualBody := func(sensor string) string {
		return `{"candidate_id":"","energy":1.0,"event":"candidate_measured","generation":0,"hard_pass":false,` +
			`"node_id":"n","residuals":[{"affected_paths":[],"affected_symbols":[],"class":"format","component":"sheaf",` +
			`"correction_directions":[],"evidence":{"raw":null,"structured":null,"summary":""},"generation":0,` +
			`"node_id":"","residual_id":"r","score":0.0,"sensor":` + sensor + `,"severity":"blocking"}]}`
	}
	for _, c := range []struct {
		name         string
		ev           LoopEvent
		direct, body string
	}{
		{"effect denied (the documented example)", EffectDeniedEvent{CallID: "c3", Reason: "no capability", Class: ResidualClassCapabilityDenied},
			`{"event":"effect_denied","call_id":"c3","reason":"no capability","class":"capability_denied"}`,
			`{"call_id":"c3","class":"capability_denied","event":"effect_denied","reason":"no capability"}`},
		{"fingerprint omitted, first in sorted order", sensor(""),
			residualDirect(`{"id":"s","route":"compiler"}`), residualBody(`{"id":"s","route":"compiler"}`)},
		{"fingerprint written", sensor("fp"),
			residualDirect(`{"id":"s","route":"compiler","fingerprint":"fp"}`),
			residualBody(`{"fingerprint":"fp","id":"s","route":"compiler"}`)},
		{"resumed_from omitted", SearchOpenedEvent{ForestID: "f"},
			`{"event":"search_opened","forest_id":"f","node_id":"","generation":0,"accepted_root":"","limits":{"actions":0,` +
				`"model_turns":0,"tool_calls":0,"mutations":0,"verifier_runs":0,"tokens":0,"elapsed_secs":0,"result_bytes":0,` +
				`"workspace_files":0,"workspace_bytes":0}}`,
			`{"accepted_root":"","event":"search_opened","forest_id":"f","generation":0,"limits":{"actions":0,` +
				`"elapsed_secs":0,"model_turns":0,"mutations":0,"result_bytes":0,"tokens":0,"tool_calls":0,` +
				`"verifier_runs":0,"workspace_bytes":0,"workspace_files":0},"node_id":""}`},
		{"correction and obligations omitted", PartialCheckpointedEvent{ForestID: "f", BranchID: "b",
			Checkpoint: PartialCheckpointRef{StateRoot: "s", RemainingObligations: []ObligationRef{}}},
			`{"event":"partial_checkpointed","forest_id":"f","branch_id":"b","checkpoint":{"state_root":"s",` +
				`"accepted_ancestor":"","parent_witness":{"accepted_root":"","chain":[]},"evidence_digest":""}}`,
			`{"branch_id":"b","checkpoint":{"accepted_ancestor":"","evidence_digest":"","parent_witness":` +
				`{"accepted_root":"","chain":[]},"state_root":"s"},"event":"partial_checkpointed","forest_id":"f"}`},
		{"correction written", PartialCheckpointedEvent{Checkpoint: PartialCheckpointRef{Correction: ptr(CorrectionPacketRef("k")),
			RemainingObligations: []ObligationRef{"o"}}},
			`{"event":"partial_checkpointed","forest_id":"","branch_id":"","checkpoint":{"state_root":"",` +
				`"accepted_ancestor":"","parent_witness":{"accepted_root":"","chain":[]},"correction":"k",` +
				`"remaining_obligations":["o"],"evidence_digest":""}}`,
			`{"branch_id":"","checkpoint":{"accepted_ancestor":"","correction":"k","evidence_digest":"",` +
				`"parent_witness":{"accepted_root":"","chain":[]},"remaining_obligations":["o"],"state_root":""},` +
				`"event":"partial_checkpointed","forest_id":""}`},
		{"nil env and args", ProposalObservedEvent{Proposal: EffectProposal{Effect: EffectKindRunBuild, Risk: RiskClassCritical,
			Command: CommandInvocationProgram{Program: "p"}}},
			`{"event":"proposal_observed","call_id":"","proposal":{"proposal_id":"","actor":"","node_id":"","generation":0,` +
				`"effect":"run_build","path":null,"additional_paths":[],"command":{"form":"program","program":"p","args":[],` +
				`"cwd":"","env":{}},"network_target":null,"risk":"critical","risk_cost":0.0,"idempotency_key":"",` +
				`"preconditions":[]}}`,
			`{"call_id":"","event":"proposal_observed","proposal":{"actor":"","additional_paths":[],"command":{"args":[],` +
				`"cwd":"","env":{},"form":"program","program":"p"},"effect":"run_build","generation":0,` +
				`"idempotency_key":"","network_target":null,"node_id":"","path":null,"preconditions":[],` +
				`"proposal_id":"","risk":"critical","risk_cost":0.0}}`},
		{"env keys sorted bytewise", ProposalObservedEvent{Proposal: EffectProposal{Effect: EffectKindRunBuild,
			Risk: RiskClassLow, Command: CommandInvocationProgram{Env: map[string]string{"é": "1", "aa": "2", "a": "3", "_": "4",
				"A": "5", "b": ""}}}},
			`"env":{"A":"5","_":"4","a":"3","aa":"2","b":"","é":"1"}`, `"env":{"A":"5","_":"4","a":"3","aa":"2","b":"","é":"1"}`},
		{"unit variants and nil options", GateDecisionRecordedEvent{Decision: GateDecisionStoppedAtDeclaredFloor{}},
			`{"event":"gate_decision_recorded","node_id":"","generation":0,"candidate_id":"",` +
				`"decision":{"kind":"stopped_at_declared_floor"},"observed_energy":null,"best_accepted_before":null}`,
			`{"best_accepted_before":null,"candidate_id":"","decision":{"kind":"stopped_at_declared_floor"},` +
				`"event":"gate_decision_recorded","generation":0,"node_id":"","observed_energy":null}`},
		{"external variants", DurableCandidateCheckpointEvent{BirthDeps: []StateDependency{StateDependencySessionInvariant{},
			StateDependencyPathBlob{Path: "p", BlobHash: "h"}}},
			`"birth_deps":["session_invariant",{"path_blob":{"path":"p","blob_hash":"h"}}],"canonical_scope":[],"files":[]}`,
			`"birth_deps":["session_invariant",{"path_blob":{"blob_hash":"h","path":"p"}}],"candidate_id":"",`},
		{"empty tool calls", TurnObservedEvent{Output: TurnOutputToolCalls(nil)},
			`{"event":"turn_observed","turn":0,"actor":"","output":{"ToolCalls":[]}}`,
			`{"actor":"","event":"turn_observed","output":{"ToolCalls":[]},"turn":0}`},
	} {
		direct, err := MarshalEvent(c.ev)
		if err != nil || !bytes.Contains(direct, []byte(c.direct)) {
			t.Errorf("%s: direct form %v\n got %s\nwant %s", c.name, err, direct, c.direct)
		}
		env, err := MarshalEnvelope(c.ev)
		if err != nil || !bytes.Contains(env, []byte(c.body)) || !bytes.HasPrefix(env, []byte(`{"body":{`)) {
			t.Errorf("%s: ledger form %v\n got %s\nwant %s", c.name, err, env, c.body)
		}
	}
}
