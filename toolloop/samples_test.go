package toolloop

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"
)

// This file builds sample events for round-trip tests: allEventSamples has
// one fully populated value of each of the 43 events, variantEventSamples
// adds events so that, together, the samples use every variant of every
// enum with data and every value of every unit-only enum. Every sample is a
// value (never a pointer), every Option is set, every slice and map is
// non-empty, every string non-empty, every Value non-null, and no float is
// NaN or infinite, so decoding a sample's encoding gives back a value
// reflect.DeepEqual to it. Builders return fresh values: samples share no
// memory.

func ptr[T any](v T) *T { return &v }

func sampleModel(n int) ModelID {
	return ModelID{Provider: "anthropic", Model: fmt.Sprintf("claude-%d", n)}
}

func sampleCall(id string) ProviderToolCall {
	return ProviderToolCall{CallID: id, Name: "edit_file",
		Arguments: MustParseValue(`{"path":"src/lib.rs","old":"1","new":"2","n":1e16,"q":"<&>\u2028"}`)}
}

func sampleSymbol(n string) SymbolRef {
	return SymbolRef{Name: n, Container: ptr("mod " + n)}
}

func sampleResidual(i int, comp EnergyComponent, class ResidualClass, sev ResidualSeverity, route IndependenceRoute) ResidualEvent {
	return ResidualEvent{
		ResidualID: fmt.Sprintf("r%d", i), NodeID: "n1", Generation: 2,
		Component: comp, Class: class, Severity: sev, Score: 0.25 + float64(i),
		Sensor: SensorRef{ID: "cargo-check", Route: route, Fingerprint: "rustc 1.80"},
		Evidence: EvidencePayload{Summary: "expected `u32`", Raw: ptr("error[E0308]: mismatched types\n"),
			Structured: ptr(MustParseValue(`{"code":"E0308","line":12,"ratio":1.5e-7}`))},
		AffectedPaths:   []string{"src/lib.rs"},
		AffectedSymbols: []SymbolRef{sampleSymbol("parse")},
		CorrectionDirections: []CorrectionDirection{{
			DirectionID: fmt.Sprintf("d%d", i), Addresses: class, Instruction: "cast the value",
			TargetPaths: []string{"src/lib.rs"}, TargetSymbols: []SymbolRef{sampleSymbol("parse")},
			Rationale: "the signature wants u32"}},
	}
}

func sampleResiduals() []ResidualEvent {
	return []ResidualEvent{sampleResidual(1, EnergyComponentSyn, ResidualClassType, ResidualSeverityError, IndependenceRouteCompiler)}
}

func sampleControlFrame() ControlFrame {
	return ControlFrame{
		ProjectionDigest: "pd", EventSchemaVersion: 1, PromptInvocationDigest: "pid", PromptManifestDigest: "pmd",
		ResidentContextDigest: "rcd", NodeID: "n1", Goal: "fix the build", NodeGeneration: 2,
		AcceptedStateRoot: "root-a", GraphRevision: "g7", CapabilityIDs: []string{"cap-fs"}, AuthorityEpoch: 3,
		RemainingRejectionBudget: 4, RemainingTurns: 9, ActiveModel: sampleModel(1),
		RemainingFallbackModels: []ModelID{sampleModel(2)}, ActivatedTools: []string{"edit_file"},
		UnresolvedCallIDs: []string{"c9"}, ResidualSummary: []ResidualSummaryEntry{{Label: "build", Energy: 1.0}},
	}
}

func sampleMessages() []Message {
	return []Message{
		MessageSystem{Content: "You are a governed coding agent."},
		MessageUser{Content: "fix <answer> & \"quote\"\n"},
		MessageAssistant{Content: "Looking."},
		MessageAssistantToolCalls{Calls: []ProviderToolCall{sampleCall("c1")}},
		MessageToolResponse{CallID: "c1", Content: "ok"},
	}
}

func sampleProposal(effect EffectKind, risk RiskClass, cmd CommandInvocation) EffectProposal {
	return EffectProposal{
		ProposalID: "p1", Actor: "worker", NodeID: "n1", Generation: 2, Effect: effect,
		Path: ptr("src/lib.rs"), AdditionalPaths: []string{"Cargo.toml"}, Command: cmd,
		NetworkTarget: ptr("https://example.invalid/"), Risk: risk, RiskCost: 0.5, IdempotencyKey: "idem-1",
		Preconditions: []StateWitness{{Resource: "src/lib.rs", ContentHash: "h1"}},
	}
}

func sampleProgram() CommandInvocation {
	return CommandInvocationProgram{Program: "cargo", Args: []string{"build"}, Cwd: "/w",
		Env: map[string]string{"B": "3", "A": "2"}}
}

func sampleShell() CommandInvocation {
	return CommandInvocationShell{Script: "make test", Cwd: "/w",
		DeclaredReads: []string{"src"}, DeclaredWrites: []string{"target"}}
}

func sampleWitness(d AdmissibilityDecision, rc RecoveryClass, p AdmissibilityProfile) FullAdmissibilityWitness {
	return FullAdmissibilityWitness{
		Base: AdmissibilityWitness{ProposalID: "p1", Actor: "worker", CapabilityID: ptr("cap-fs"),
			AuthorityOK: true, ContractOK: true, EffectOK: true, BarrierIncrementOK: false, RiskBudgetOK: true,
			Decision: d, RecoveryClass: ptr(rc)},
		Contract: &ContractWitness{OK: true, PolicyVersion: "v3", EvidenceRefs: []string{"ev-1"}},
		Barrier: &BarrierWitness{HBefore: 1.0, ExpectedHAfterUpper: 0.75, CertifiedIncrement: -0.25,
			UnsafeThreshold: 0.0, EvidenceRefs: []string{"ev-2"}},
		Profile: p,
	}
}

func sampleLimits() SearchLimits {
	return SearchLimits{Actions: 64, ModelTurns: 32, ToolCalls: 128, Mutations: 16, VerifierRuns: 8,
		Tokens: 1 << 20, ElapsedSecs: 600, ResultBytes: 1 << 24, WorkspaceFiles: 1000, WorkspaceBytes: 1 << 30}
}

func sampleUsage() SearchUsage {
	return SearchUsage{Actions: 2, ModelTurns: 1, ToolCalls: 3, Mutations: 1, VerifierRuns: 1,
		Tokens: 4096, ElapsedSecs: 7, ResultBytes: 512, WorkspaceFiles: 3, WorkspaceBytes: 2048, Closed: true}
}

func sampleWitnessRef() WitnessRef {
	return WitnessRef{AcceptedRoot: "root-a", Chain: []string{"seed", "root-a"}}
}

func sampleCompiledProgram(stage PromptStage, family ModelFamily) CompiledPromptProgram {
	return CompiledPromptProgram{
		Route: PromptRoute{Adapter: "genai", Family: family, ExactModel: ptr("phi-4")}, Stage: stage,
		Dialect: DialectRef{ID: "genai_single_slot_v1", Version: 1},
		Messages: []CompiledPromptMessage{
			{Role: PromptMessageRoleSystem, Content: "platform", RenderedHash: "rh1", Sections: []SectionProvenance{
				{ID: "core", Version: 1, ContentHash: "ch1", Origin: OverrideOriginBase{}},
				{ID: "tone", Version: 2, ContentHash: "ch2", Origin: OverrideOriginFamily("phi")},
			}},
			{Role: PromptMessageRoleUser, Content: "task", RenderedHash: "rh2", Sections: []SectionProvenance{
				{ID: "task", Version: 3, ContentHash: "ch3", Origin: OverrideOriginExactModel("phi-4")},
			}},
		},
		DroppedSections: []PromptSectionID{"history"}, ToolSpecHash: "tsh", ProgramDigest: "sha256:aa",
	}
}

// allEventSamples returns one fully populated value of each of the 43
// events, in the order of EventNames.
func allEventSamples() []LoopEvent {
	return []LoopEvent{
		ConversationSeededEvent{Seed: ConversationSeeded{EventSchemaVersion: 1,
			Conversation: Conversation{Messages: sampleMessages()}, Digest: "dg0"}},
		ConversationDeltaEvent{Record: ConversationDeltaRecord{EventSchemaVersion: 1, PriorDigest: "dg0",
			Delta:  ConversationDeltaMessage{Message: MessageAssistantToolCalls{Calls: []ProviderToolCall{sampleCall("c2")}}},
			Digest: "dg1"}},
		TurnObservedEvent{Turn: 1, Actor: "worker", Output: TurnOutputToolCalls{sampleCall("c1")}},
		ToolCallObservedEvent{Call: sampleCall("c1")},
		ProposalObservedEvent{CallID: "c1", Proposal: sampleProposal(EffectKindRunBuild, RiskClassLow, sampleProgram())},
		ProposalCheckedEvent{CallID: "c1", Proposal: sampleProposal(EffectKindRunShell, RiskClassHigh, sampleShell()),
			Witness: sampleWitness(AdmissibilityDecisionDeny{Reason: DenyReasonShellNotPermitted}, RecoveryClassNeedsApproval,
				AdmissibilityProfileConfinementOnly{Missing: []ClauseID{ClauseIDBarrierIncrement}})},
		EffectAppliedEvent{CallID: "c1", Mutated: true, Output: "patched 1 file"},
		ToolBatchConflictEvent{CallID: "c2", ConflictsWith: "c1", Resources: []string{"file:src/lib.rs"}},
		EffectDeniedEvent{CallID: "c3", Reason: "no capability", Class: ResidualClassBudgetExhausted},
		CandidateMeasuredEvent{NodeID: "n1", Generation: 2, CandidateID: "n1/2/c1", Energy: 1.5, HardPass: true,
			Residuals: sampleResiduals()},
		GateDecisionRecordedEvent{NodeID: "n1", Generation: 2, CandidateID: "n1/2/c1",
			Decision: GateDecisionAcceptedByDescent{DeltaV: -0.5}, ObservedEnergy: ptr(1.5), BestAcceptedBefore: ptr(2.0)},
		DecisionBoundRefusedEvent{NodeID: "n1", Generation: 2, Bound: 18446744073709551615, DecisionsUsed: 7},
		CandidateRestoredEvent{CheckpointID: "cp-1"},
		EffectBoundaryMeasuredEvent{CallID: "c1", NodeID: "n1", Generation: 2, Energy: 0.125, HardPass: true,
			Residuals: sampleResiduals()},
		ContextCheckpointCreatedEvent{Checkpoint: ContextCheckpoint{Parent: ptr("ctx-0"), CoveredFrom: 1, CoveredTo: 9,
			CoveredEventRoot: "er", Control: sampleControlFrame(), ArtifactRefs: []string{"art-1"},
			NarrativeObservation: ptr("the build is green")}},
		DurableCandidateCheckpointEvent{CandidateID: "n1/2/c1", StateRoot: "root-b", Control: sampleControlFrame(),
			Conversation: Conversation{Messages: sampleMessages()},
			BirthDeps: []StateDependency{StateDependencySessionInvariant{}, StateDependencyAcceptedRoot("root-a"),
				StateDependencyPartialCheckpointRoot("root-p"), StateDependencyPathBlob{Path: "src/lib.rs", BlobHash: "bh"},
				StateDependencyAcceptedRoot("root-b")},
			CanonicalScope: []string{"src"},
			Files:          []DurableSeedFile{{Path: "src/lib.rs", ContentArtifact: ptr("a1"), SourcePreimageArtifact: ptr("a0")}}},
		RecoveryControlGrantedEvent{Failure: FailureKindProviderRateLimit, Level: CascadeLevelFallback,
			ForcedEscalation: true, Model: sampleModel(1)},
		RouteFailoverEvent{FromModel: sampleModel(1), ToModel: sampleModel(2), Cause: "rate limited"},
		RecoveryContainedEvent{Reason: "budget", RestoredCheckpointID: "cp-1"},

		SearchOpenedEvent{ForestID: "f1", NodeID: "n1", Generation: 2, AcceptedRoot: "root-a", Limits: sampleLimits(),
			ResumedFrom: ptr("f0")},
		SearchUsageSnapshotEvent{ForestID: "f1", Epoch: 3, Usage: sampleUsage()},
		BranchForkedEvent{ForestID: "f1", BranchID: "b2", ParentBranch: ptr("b1"), SeedCheckpoint: "root-a",
			SeedWitness: sampleWitnessRef()},
		BranchStrategySelectedEvent{ForestID: "f1", BranchID: "b1", StrategyID: "narrow-fix"},
		BranchObservationEvent{ForestID: "f1", BranchID: "b1", Observation: "tests pass"},
		BranchCandidateMeasuredEvent{ForestID: "f1", BranchID: "b1", CandidateID: "n1/2/c2",
			Measurement: BranchMeasurement{BranchID: "b1", CandidateID: "n1/2/c2", Energy: 0.5, HardPass: true,
				Residuals: sampleResiduals(), SensorProfile: "full", Cost: 2.5}},
		PartialCheckpointedEvent{ForestID: "f1", BranchID: "b1", Checkpoint: PartialCheckpointRef{StateRoot: "root-p",
			AcceptedAncestor: "root-a", ParentWitness: sampleWitnessRef(), Correction: ptr(CorrectionPacketRef("pkt-1")),
			RemainingObligations: []ObligationRef{"ob-1", "ob-2"}, EvidenceDigest: "ed"}},
		FrontierEpochStartedEvent{ForestID: "f1", Epoch: 2, ForestDigest: "fd"},
		FrontierEntryServedEvent{ForestID: "f1", BranchID: "b1", Epoch: 2},
		BranchIneligibleEvent{ForestID: "f1", BranchID: "b2", Reason: "no descent"},
		BranchNotSelectedEvent{ForestID: "f1", BranchID: "b2"},
		BranchAbandonedEvent{ForestID: "f1", BranchID: "b3", Reason: "budget"},
		BranchSelectedEvent{ForestID: "f1", BranchID: "b1", CandidateID: "n1/2/c2"},
		BranchCommittedEvent{ForestID: "f1", BranchID: "b1", CandidateID: "n1/2/c2",
			Decision: GateDecisionExhaustedWithCertificate{CertificateID: "cert-1"}},
		NoGoodRecordedEvent{ForestID: "f1", BranchID: "b1", Key: "k", EvidenceHash: "e", SupportKind: "failed-test"},
		SearchClosedEvent{ForestID: "f1", Usage: sampleUsage()},

		ContextWorkingSetEvent{ForestID: "f1", BranchID: "b1", Turn: 3, PageIDs: []string{"pg-1", "pg-2"}},
		ContextPagesSelectedEvent{ForestID: "f1", BranchID: "b1", Turn: 3, ResidentDigest: "rd", PageIDs: []string{"pg-1"}},
		ContextMissEvent{ForestID: "f1", BranchID: "b1", Turn: 3, Key: "src/main.rs"},
		ContextPageRecalledEvent{ForestID: "f1", BranchID: "b1", Turn: 4, PageID: "pg-3"},
		ContextInfeasibleEvent{ForestID: "f1", BranchID: "b1", Turn: 4, Required: 70000, Allowance: 65536},
		ContextCompactedEvent{ForestID: "f1", BranchID: "b1", SummaryPage: "pg-9", SourcePages: []string{"pg-1", "pg-2"}},
		PromptProgramCompiledEvent{Turn: 5, Program: sampleCompiledProgram(PromptStageBranchPropose, ModelFamilyOther("phi"))},
		PromptProgramInvokedEvent{Turn: 5, InvocationDigest: "sha256:ee", PlatformDigest: "sha256:aa",
			DomainDigest: "sha256:ff", ToolSpecHash: "tsh", ResidentContextDigest: "rcd"},
	}
}

// variantEventSamples returns fully populated events that, with
// allEventSamples, use every variant of every enum with data and every value
// of every unit-only enum.
func variantEventSamples() []LoopEvent {
	var out []LoopEvent
	// Data-enum variants not used by allEventSamples.
	for _, d := range []ConversationDelta{ConversationDeltaToolActivated{Name: "lookup"},
		ConversationDeltaCompacted{Control: "ctl"}, ConversationDeltaMessage{Message: MessageUser{Content: "hello"}}} {
		out = append(out, ConversationDeltaEvent{Record: ConversationDeltaRecord{EventSchemaVersion: 1,
			PriorDigest: "dg1", Delta: d, Digest: "dg2"}})
	}
	out = append(out, TurnObservedEvent{Turn: 2, Actor: "reviewer", Output: TurnOutputText("done\u2029")})
	for _, w := range []FullAdmissibilityWitness{
		sampleWitness(AdmissibilityDecisionAllow{}, RecoveryClassRetryable, AdmissibilityProfileSrbnCertified{}),
		sampleWitness(AdmissibilityDecisionNeedsApproval{}, RecoveryClassNeedsApproval,
			AdmissibilityProfileHumanApproved{Missing: []ClauseID{ClauseIDContract}}),
	} {
		out = append(out, ProposalCheckedEvent{CallID: "c4", Proposal: sampleProposal(EffectKindApplyPatch,
			RiskClassMedium, sampleProgram()), Witness: w})
	}
	for _, d := range []GateDecision{GateDecisionHardPass{}, GateDecisionRejectedNonDescending{DeltaV: 0.25},
		GateDecisionStoppedAtDeclaredFloor{}} {
		out = append(out, GateDecisionRecordedEvent{NodeID: "n1", Generation: 3, CandidateID: "n1/3/c1",
			Decision: d, ObservedEnergy: ptr(1e16), BestAcceptedBefore: ptr(math.Copysign(0, -1))})
	}

	// Unit-enum values, programmatically from the tables of enums_test.go.
	values := func(name string) []string {
		for _, c := range allEnums() {
			if c.name() == name {
				return c.values
			}
		}
		panic("no enum " + name)
	}
	at := func(vs []string, i int) string { return vs[i%len(vs)] }
	comps, classes, sevs, routes := values("EnergyComponent"), values("ResidualClass"), values("ResidualSeverity"),
		values("IndependenceRoute")
	var residuals []ResidualEvent
	for i := range classes {
		residuals = append(residuals, sampleResidual(i, EnergyComponent(at(comps, i)), ResidualClass(classes[i]),
			ResidualSeverity(at(sevs, i)), IndependenceRoute(at(routes, i))))
	}
	out = append(out, CandidateMeasuredEvent{NodeID: "n1", Generation: 3, CandidateID: "n1/3/c2", Energy: 3.75,
		HardPass: false, Residuals: residuals})
	risks := values("RiskClass")
	for i, e := range values("EffectKind") {
		out = append(out, ProposalObservedEvent{CallID: fmt.Sprintf("e%d", i),
			Proposal: sampleProposal(EffectKind(e), RiskClass(at(risks, i)), sampleShell())})
	}
	recov := values("RecoveryClass")
	clauses := make([]ClauseID, 0, 5)
	for _, c := range values("ClauseID") {
		clauses = append(clauses, ClauseID(c))
	}
	for i, r := range values("DenyReason") {
		out = append(out, ProposalCheckedEvent{CallID: fmt.Sprintf("d%d", i),
			Proposal: sampleProposal(EffectKindWriteArtifact, RiskClassLow, sampleProgram()),
			Witness: sampleWitness(AdmissibilityDecisionDeny{Reason: DenyReason(r)}, RecoveryClass(at(recov, i)),
				AdmissibilityProfileConfinementOnly{Missing: append([]ClauseID(nil), clauses...)})})
	}
	levels := values("CascadeLevel")
	for i, f := range values("FailureKind") {
		out = append(out, RecoveryControlGrantedEvent{Failure: FailureKind(f), Level: CascadeLevel(at(levels, i)),
			ForcedEscalation: i%2 == 0, Model: sampleModel(i)})
	}
	families := values("ModelFamilyKnown")
	for i, s := range values("PromptStage") {
		out = append(out, PromptProgramCompiledEvent{Turn: uint32(6 + i),
			Program: sampleCompiledProgram(PromptStage(s), ModelFamilyKnown(at(families, i)))})
	}
	return out
}

// sampleWalker visits every value reachable from a sample.
type sampleWalker struct {
	t        *testing.T
	variants map[reflect.Type]bool            // dynamic types of enum interfaces
	enums    map[reflect.Type]map[string]bool // string enum values
}

func (w sampleWalker) walk(path string, v reflect.Value) {
	t := w.t
	typ := v.Type()
	if typ == typeOf[Value]() {
		if v.Interface().(Value).IsNull() {
			t.Errorf("%s: null Value", path)
		}
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			t.Errorf("%s: nil %s", path, typ)
			return
		}
		w.walk(path, v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			t.Errorf("%s: nil %s", path, typ)
			return
		}
		if v.Elem().Kind() == reflect.Pointer {
			t.Errorf("%s: %s holds a pointer; samples hold values", path, typ)
		}
		w.variants[v.Elem().Type()] = true
		w.walk(path, v.Elem())
	case reflect.Struct:
		for i := range typ.NumField() {
			w.walk(path+"."+typ.Field(i).Name, v.Field(i))
		}
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			t.Errorf("%s: empty %s", path, typ)
		}
		if v.Kind() == reflect.Slice {
			for i := range v.Len() {
				w.walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
		} else {
			for _, k := range v.MapKeys() {
				w.walk(path+"["+k.String()+"]", v.MapIndex(k))
			}
		}
	case reflect.String:
		if v.Len() == 0 {
			t.Errorf("%s: empty string", path)
		}
		if c, ok := enumCaseOf(typ); ok {
			if !c.valid(v.String()) {
				t.Errorf("%s: invalid %s %q", path, typ, v.String())
			}
			if w.enums[typ] == nil {
				w.enums[typ] = map[string]bool{}
			}
			w.enums[typ][v.String()] = true
		}
	case reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			t.Errorf("%s: non-finite float", path)
		}
	}
}

// TestEventSamplesAreFullyPopulatedAndUseEveryVariantAndEnumValue walks
// every sample: no member is empty, nil or non-finite, every enum value is
// valid, and the samples together use every variant and every enum value.
func TestEventSamplesAreFullyPopulatedAndUseEveryVariantAndEnumValue(t *testing.T) {
	w := sampleWalker{t: t, variants: map[reflect.Type]bool{}, enums: map[reflect.Type]map[string]bool{}}
	for _, ev := range append(allEventSamples(), variantEventSamples()...) {
		w.walk(ev.EventName(), reflect.ValueOf(ev))
	}
	for _, e := range dataEnums {
		for tag, vt := range e.variants {
			if !w.variants[vt] {
				t.Errorf("no sample uses %s (%s)", vt, tag)
			}
		}
	}
	for _, c := range append(slices.Clip(unitEnums), otherEnums[0]) { // ModelFamilyKnown too
		for _, v := range c.values {
			if !w.enums[c.typ][v] {
				t.Errorf("no sample uses %s %q", c.name(), v)
			}
		}
	}
}

// TestEventSamplesShareNoMemory guards the builders: two calls return
// values whose slices do not alias, so a round-trip test may mutate one.
func TestEventSamplesShareNoMemory(t *testing.T) {
	a, b := allEventSamples(), allEventSamples()
	if !reflect.DeepEqual(a, b) {
		t.Fatal("allEventSamples is not deterministic")
	}
	a[0].(ConversationSeededEvent).Seed.Conversation.Messages[0] = MessageUser{Content: "changed"}
	if reflect.DeepEqual(a, b) {
		t.Error("two calls of allEventSamples share a message slice")
	}
}
