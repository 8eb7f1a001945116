package toolloop

import (
	"errors"
	"strings"
	"testing"
)

// secret marks input text that must never appear in an error message.
const secret = "SECRET"

// badUTF8 is a string that is not valid UTF-8 and holds the secret.
const badUTF8 = secret + "\xff"

// Types of another package would embed a variant or an event struct like
// these: the sealing method is promoted, so they implement the sealed
// interface without being one of its types. Encoders refuse them, also
// where a nil interface is None, and never call them nil.
type (
	foreignEvent    struct{ CandidateRestoredEvent }
	foreignMessage  struct{ MessageUser }
	foreignDelta    struct{ ConversationDeltaCompacted }
	foreignCommand  struct{ CommandInvocationShell }
	foreignDecision struct{ AdmissibilityDecisionAllow }
	foreignProfile  struct {
		AdmissibilityProfileSrbnCertified
	}
	foreignGateDecision struct{ GateDecisionHardPass }
	foreignOutput       struct{ TurnOutputText }
	foreignFamily       struct{ ModelFamilyKnown }
	foreignOrigin       struct{ OverrideOriginBase }
	foreignDependency   struct {
		StateDependencySessionInvariant
	}
)

// encodeFailures are events the encoder must refuse, with the text the
// error must contain (a member path and reason).
func encodeFailures() []struct {
	name string
	ev   LoopEvent
	want string
} {
	withCommand := func(c CommandInvocation) LoopEvent {
		return ProposalObservedEvent{CallID: "c", Proposal: EffectProposal{Effect: EffectKindRunShell, Risk: RiskClassLow,
			Command: c}}
	}
	withWitness := func(w FullAdmissibilityWitness) LoopEvent {
		return ProposalCheckedEvent{Proposal: EffectProposal{Effect: EffectKindRunShell, Risk: RiskClassLow}, Witness: w}
	}
	okBase := AdmissibilityWitness{Decision: AdmissibilityDecisionAllow{}}
	residual := func(mut func(*ResidualEvent)) LoopEvent {
		r := sampleResidual(0, EnergyComponentLog, ResidualClassLint, ResidualSeverityHint, IndependenceRouteLSP)
		mut(&r)
		return CandidateMeasuredEvent{Residuals: []ResidualEvent{r, r}}
	}
	program := func(mut func(*CompiledPromptProgram)) LoopEvent {
		p := sampleCompiledProgram(PromptStageAdjudicate, ModelFamilyQwen)
		mut(&p)
		return PromptProgramCompiledEvent{Program: p}
	}
	return []struct {
		name string
		ev   LoopEvent
		want string
	}{
		{"nil event", nil, "cannot encode: nil event"},
		{"nil event pointer", (*EffectDeniedEvent)(nil), "cannot encode: nil event"},
		{"nil search event pointer", (*SearchClosedEvent)(nil), "cannot encode: nil event"},
		{"nil context event pointer", (*PromptProgramInvokedEvent)(nil), "cannot encode: nil event"},
		{"nil output", TurnObservedEvent{}, "event turn_observed: output: nil TurnOutput"},
		{"nil output pointer", TurnObservedEvent{Output: (*TurnOutputText)(nil)}, "output: nil TurnOutput"},
		{"text not UTF-8", &TurnObservedEvent{Output: TurnOutputText(badUTF8)}, "output.Text: string is not valid UTF-8"},
		{"nil decision", GateDecisionRecordedEvent{}, "event gate_decision_recorded: decision: nil GateDecision"},
		{"nil decision pointer", BranchCommittedEvent{Decision: (*GateDecisionHardPass)(nil)},
			"event branch_committed: decision: nil GateDecision"},
		{"nil message", ConversationSeededEvent{Seed: ConversationSeeded{Conversation: Conversation{
			Messages: []Message{MessageUser{Content: "hi"}, nil}}}}, "seed.conversation.messages[1]: nil Message"},
		{"nil delta", ConversationDeltaEvent{}, "event conversation_delta: record.delta: nil ConversationDelta"},
		{"nil delta message", ConversationDeltaEvent{Record: ConversationDeltaRecord{Delta: ConversationDeltaMessage{}}},
			"record.delta.message: nil Message"},
		{"class outside its list", EffectDeniedEvent{Class: "Capability_Denied_" + secret},
			"event effect_denied: class: toolloop.ResidualClass value outside its list"},
		{"arg not UTF-8", withCommand(CommandInvocationProgram{Args: []string{"a", "b", badUTF8}}),
			"event proposal_observed: proposal.command.args[2]: string is not valid UTF-8"},
		{"env key not UTF-8", withCommand(&CommandInvocationProgram{Env: map[string]string{badUTF8: "v"}}),
			"proposal.command.env: a key is not valid UTF-8"},
		{"env value not UTF-8", withCommand(CommandInvocationProgram{Env: map[string]string{"k": badUTF8}}),
			"proposal.command.env: a value is not valid UTF-8"},
		{"shell write not UTF-8", withCommand(CommandInvocationShell{DeclaredWrites: []string{badUTF8}}),
			"proposal.command.declared_writes[0]"},
		{"effect outside its list", ProposalObservedEvent{Proposal: EffectProposal{Effect: "rm_rf", Risk: RiskClassLow}},
			"proposal.effect: toolloop.EffectKind value outside its list"},
		{"nil profile", withWitness(FullAdmissibilityWitness{Base: okBase}), "witness.profile: nil AdmissibilityProfile"},
		{"nil admissibility decision", withWitness(FullAdmissibilityWitness{Profile: AdmissibilityProfileSrbnCertified{}}),
			"witness.base.decision: nil AdmissibilityDecision"},
		{"deny reason outside its list", withWitness(FullAdmissibilityWitness{
			Base:    AdmissibilityWitness{Decision: &AdmissibilityDecisionDeny{Reason: secret}},
			Profile: AdmissibilityProfileSrbnCertified{}}), "witness.base.decision.reason: toolloop.DenyReason"},
		{"recovery class outside its list", withWitness(FullAdmissibilityWitness{
			Base:    AdmissibilityWitness{Decision: AdmissibilityDecisionAllow{}, RecoveryClass: ptr(RecoveryClass(secret))},
			Profile: AdmissibilityProfileSrbnCertified{}}), "witness.base.recovery_class: toolloop.RecoveryClass"},
		{"clause outside its list", withWitness(FullAdmissibilityWitness{Base: okBase,
			Profile: AdmissibilityProfileHumanApproved{Missing: []ClauseID{ClauseIDContract, secret}}}),
			"witness.profile.missing[1]: toolloop.ClauseID value outside its list"},
		{"barrier evidence not UTF-8", withWitness(FullAdmissibilityWitness{Base: okBase,
			Barrier: &BarrierWitness{EvidenceRefs: []string{badUTF8}}, Profile: AdmissibilityProfileSrbnCertified{}}),
			"witness.barrier.evidence_refs[0]"},
		{"severity outside its list", residual(func(r *ResidualEvent) { r.Severity = secret }),
			"event candidate_measured: residuals[0].severity: toolloop.ResidualSeverity value outside its list"},
		{"sensor route outside its list", residual(func(r *ResidualEvent) { r.Sensor.Route = "" }),
			"residuals[0].sensor.route"},
		{"fingerprint not UTF-8", residual(func(r *ResidualEvent) { r.Sensor.Fingerprint = badUTF8 }),
			"residuals[0].sensor.fingerprint: string is not valid UTF-8"},
		{"symbol container not UTF-8", residual(func(r *ResidualEvent) {
			r.CorrectionDirections[0].TargetSymbols[0].Container = ptr(badUTF8)
		}), "residuals[0].correction_directions[0].target_symbols[0].container"},
		{"summary label not UTF-8", ContextCheckpointCreatedEvent{Checkpoint: ContextCheckpoint{Control: ControlFrame{
			ResidualSummary: []ResidualSummaryEntry{{Label: "ok"}, {Label: badUTF8}}}}},
			"checkpoint.control.residual_summary[1][0]: string is not valid UTF-8"},
		{"nil birth dependency", DurableCandidateCheckpointEvent{BirthDeps: []StateDependency{nil}},
			"birth_deps[0]: nil StateDependency"},
		{"path blob not UTF-8", DurableCandidateCheckpointEvent{BirthDeps: []StateDependency{
			StateDependencySessionInvariant{}, &StateDependencyPathBlob{Path: badUTF8}}},
			"birth_deps[1].path_blob.path: string is not valid UTF-8"},
		{"level outside its list", RecoveryControlGrantedEvent{Failure: FailureKindUnknown, Level: "Retry"},
			"event recovery_control_granted: level: toolloop.CascadeLevel"},
		{"nil family", program(func(p *CompiledPromptProgram) { p.Route.Family = nil }),
			"program.route.family: nil ModelFamily"},
		{"unlisted family", program(func(p *CompiledPromptProgram) { p.Route.Family = ModelFamilyKnown("gpt" + secret) }),
			"program.route.family: toolloop.ModelFamilyKnown value outside its list"},
		{"other family not UTF-8", program(func(p *CompiledPromptProgram) { p.Route.Family = ModelFamilyOther(badUTF8) }),
			"program.route.family.other"},
		{"nil origin", program(func(p *CompiledPromptProgram) { p.Messages[1].Sections[0].Origin = nil }),
			"program.messages[1].sections[0].origin: nil OverrideOrigin"},
		{"stage outside its list", program(func(p *CompiledPromptProgram) { p.Stage = "" }),
			"program.stage: toolloop.PromptStage"},
		{"role outside its list", program(func(p *CompiledPromptProgram) { p.Messages[0].Role = "assistant" }),
			"program.messages[0].role: toolloop.PromptMessageRole"},
		{"resumed_from not UTF-8", SearchOpenedEvent{ResumedFrom: ptr(badUTF8)}, "event search_opened: resumed_from"},
		{"obligation not UTF-8", PartialCheckpointedEvent{Checkpoint: PartialCheckpointRef{
			RemainingObligations: []ObligationRef{badUTF8}}}, "checkpoint.remaining_obligations[0]"},
		{"page id not UTF-8", ContextWorkingSetEvent{PageIDs: []string{"a", badUTF8}}, "page_ids[1]"},
		{"digest not UTF-8", PromptProgramInvokedEvent{ResidentContextDigest: badUTF8}, "resident_context_digest"},
		{"tool call not UTF-8", ToolCallObservedEvent{Call: ProviderToolCall{Name: badUTF8}}, "call.name"},
		{"foreign event", foreignEvent{CandidateRestoredEvent{CheckpointID: secret}},
			"cannot encode: LoopEvent of a type that is none of its variants"},
		{"foreign event pointer", &foreignEvent{}, "cannot encode: LoopEvent of a type that is none of its variants"},
		{"foreign message", ConversationSeededEvent{Seed: ConversationSeeded{Conversation: Conversation{
			Messages: []Message{foreignMessage{MessageUser{Content: secret}}}}}},
			"seed.conversation.messages[0]: Message of a type that is none of its variants"},
		{"foreign delta", ConversationDeltaEvent{Record: ConversationDeltaRecord{Delta: &foreignDelta{}}},
			"record.delta: ConversationDelta of a type that is none of its variants"},
		{"foreign command is not None", withCommand(foreignCommand{CommandInvocationShell{Script: secret}}),
			"proposal.command: CommandInvocation of a type that is none of its variants"},
		{"foreign admissibility decision", withWitness(FullAdmissibilityWitness{Base: AdmissibilityWitness{
			Decision: foreignDecision{}}, Profile: AdmissibilityProfileSrbnCertified{}}),
			"witness.base.decision: AdmissibilityDecision of a type that is none of its variants"},
		{"foreign profile", withWitness(FullAdmissibilityWitness{Base: okBase, Profile: foreignProfile{}}),
			"witness.profile: AdmissibilityProfile of a type that is none of its variants"},
		{"foreign gate decision", BranchCommittedEvent{Decision: foreignGateDecision{}},
			"decision: GateDecision of a type that is none of its variants"},
		{"foreign output", TurnObservedEvent{Output: foreignOutput{TurnOutputText(secret)}},
			"output: TurnOutput of a type that is none of its variants"},
		{"foreign family", program(func(p *CompiledPromptProgram) { p.Route.Family = foreignFamily{ModelFamilyQwen} }),
			"program.route.family: ModelFamily of a type that is none of its variants"},
		{"foreign origin", program(func(p *CompiledPromptProgram) { p.Messages[1].Sections[0].Origin = foreignOrigin{} }),
			"program.messages[1].sections[0].origin: OverrideOrigin of a type that is none of its variants"},
		{"foreign birth dependency", DurableCandidateCheckpointEvent{BirthDeps: []StateDependency{foreignDependency{}}},
			"birth_deps[0]: StateDependency of a type that is none of its variants"},
	}
}

// TestEncodersRefuseWhatCannotBeWritten runs every failure case through
// every writing function in both layouts: the error wraps ErrEncode only,
// names the path, never echoes the input, and nothing is written.
func TestEncodersRefuseWhatCannotBeWritten(t *testing.T) {
	for _, c := range encodeFailures() {
		for _, enc := range []Encoder{{}, legacyEncoder} {
			check := func(fn string, err error) {
				t.Helper()
				if !errors.Is(err, ErrEncode) {
					t.Errorf("%s: %s: error %v does not wrap ErrEncode", c.name, fn, err)
					return
				}
				for _, other := range []error{ErrDecode, ErrLedgerChain, ErrConversationRecord, ErrNotToolLoopRow} {
					if errors.Is(err, other) {
						t.Errorf("%s: %s: error also wraps %v", c.name, fn, other)
					}
				}
				if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, secret) {
					t.Errorf("%s: %s: error %q, want it to contain %q and no input text", c.name, fn, msg, c.want)
				}
			}
			b, err := enc.MarshalEvent(c.ev)
			check("MarshalEvent", err)
			if b != nil {
				t.Errorf("%s: MarshalEvent returned %q with its error", c.name, b)
			}
			b, err = enc.MarshalEnvelope(c.ev)
			check("MarshalEnvelope", err)
			if b != nil {
				t.Errorf("%s: MarshalEnvelope returned %q with its error", c.name, b)
			}
			b, err = enc.MarshalLedgerRow(c.ev)
			check("MarshalLedgerRow", err)
			if b != nil {
				t.Errorf("%s: MarshalLedgerRow returned %q with its error", c.name, b)
			}
			dst := append(make([]byte, 0, 1<<16), "keep"...)
			for fn, app := range map[string]func([]byte, LoopEvent) ([]byte, error){
				"AppendEvent": enc.AppendEvent, "AppendLedgerRow": enc.AppendLedgerRow} {
				got, err := app(dst, c.ev)
				check(fn, err)
				if len(got) != 4 || &got[0] != &dst[0] || string(got) != "keep" {
					t.Errorf("%s: %s changed dst to %q", c.name, fn, got)
				}
			}
			h, err := enc.EventHash(c.ev)
			check("EventHash", err)
			if h != "" {
				t.Errorf("%s: EventHash returned %q with its error", c.name, h)
			}
		}
	}
}

// TestEncodeFailureMessageNamesTheEventAndPath pins one complete message.
func TestEncodeFailureMessageNamesTheEventAndPath(t *testing.T) {
	ev := ProposalObservedEvent{Proposal: EffectProposal{Effect: EffectKindRunBuild, Risk: RiskClassLow,
		Command: CommandInvocationProgram{Args: []string{"a", "b", badUTF8}}}}
	_, err := MarshalEvent(ev)
	want := "toolloop: cannot encode: event proposal_observed: proposal.command.args[2]: string is not valid UTF-8"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

// TestInvalidFloatLayoutFailsEverywhere checks that every Encoder method
// refuses a layout outside the two constants, and that such a log's Push
// fails without changing it.
func TestInvalidFloatLayoutFailsEverywhere(t *testing.T) {
	if !FloatLayoutCurrent.Valid() || !FloatLayoutLegacy.Valid() || FloatLayout(2).Valid() {
		t.Error("FloatLayout.Valid does not accept exactly the two constants")
	}
	ev := EffectDeniedEvent{CallID: "c", Reason: "r", Class: ResidualClassPolicy}
	c := Conversation{Messages: []Message{MessageUser{Content: "hi"}}}
	d := ConversationDeltaToolActivated{Name: "t"}
	for _, l := range []FloatLayout{2, 3, 255} {
		enc := Encoder{Floats: l}
		var errs []error
		collect := func(_ any, err error) { errs = append(errs, err) }
		collect(enc.MarshalEvent(ev))
		collect(enc.MarshalEnvelope(ev))
		collect(enc.MarshalLedgerRow(ev))
		collect(enc.EventHash(ev))
		collect(enc.MarshalConversation(c))
		collect(enc.MarshalConversationDelta(d))
		collect(enc.SeedDigest(c))
		collect(enc.NewConversationSeeded(c))
		collect(enc.DeltaDigest("p", d))
		collect(enc.NewConversationDeltaRecord("p", d))
		dst := []byte("keep")
		for _, app := range []func([]byte, LoopEvent) ([]byte, error){enc.AppendEvent, enc.AppendLedgerRow} {
			got, err := app(dst, ev)
			collect(nil, err)
			if string(got) != "keep" || len(got) != 4 {
				t.Errorf("layout %d: Append changed dst to %q", l, got)
			}
		}
		log := NewEventLogWith(enc, true)
		collect(nil, log.Push(ev))
		if log.Count() != 0 || log.ChainRoot() != "" || log.Events() != nil {
			t.Errorf("layout %d: a failed Push changed the log", l)
		}
		for i, err := range errs {
			if !errors.Is(err, ErrEncode) || !strings.Contains(err.Error(), "float layout") {
				t.Errorf("layout %d: call %d: error %v", l, i, err)
			}
		}
		if got := enc.AppendValue(dst, MustParseValue("1e16")); string(got) != "keep" || len(got) != 4 {
			t.Errorf("layout %d: AppendValue changed dst to %q", l, got)
		}
	}
}
