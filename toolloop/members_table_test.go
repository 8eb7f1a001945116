package toolloop

import (
	"fmt"
	"strings"
)

// This file transcribes the member markers of the specification's tables
// (of the 43 events, of the structs, of the variants of the enums with
// data) into a table that members_test.go checks the decoder against.
// It is written from the specification's tables, not from decode_*.go, so a
// marker changed in a reader makes the generated test fail.
//
// Each entry lists the members in declaration order, separated by "; ",
// each written as in the specification: "name", "name: Type" or either one
// followed by a marker (D, DS, O, OS; unmarked = required) and, for a D
// member with a stated default, that default ("class: ResidualClass D
// capability_denied"). The type is string when omitted. Members the
// specification groups ("authority_ok, contract_ok, …: bool", "same ten
// members as SearchLimits") are written out one by one.

// specEventMembers holds the members of the 43 LoopEvent variants,
// keyed by event tag.
var specEventMembers = map[string]string{
	"conversation_seeded":          "seed: ConversationSeeded",
	"conversation_delta":           "record: ConversationDeltaRecord",
	"turn_observed":                "turn: uint32; actor D; output: TurnOutput",
	"tool_call_observed":           "call: ProviderToolCall",
	"proposal_observed":            "call_id; proposal: EffectProposal",
	"proposal_checked":             "call_id; proposal: EffectProposal; witness: FullAdmissibilityWitness",
	"effect_applied":               "call_id; mutated: bool; output",
	"tool_batch_conflict":          "call_id; conflicts_with; resources: []string",
	"effect_denied":                "call_id; reason; class: ResidualClass D capability_denied",
	"candidate_measured":           "node_id; generation: uint32; candidate_id D; energy: float64; hard_pass: bool; residuals: []ResidualEvent",
	"gate_decision_recorded":       "node_id; generation: uint32; candidate_id D; decision: GateDecision; observed_energy: *float64 O; best_accepted_before: *float64 O",
	"decision_bound_refused":       "node_id; generation: uint32; bound: uint64; decisions_used: uint64",
	"candidate_restored":           "checkpoint_id",
	"effect_boundary_measured":     "call_id; node_id; generation: uint32; energy: float64; hard_pass: bool; residuals: []ResidualEvent",
	"context_checkpoint_created":   "checkpoint: ContextCheckpoint",
	"durable_candidate_checkpoint": "candidate_id D; state_root; control: ControlFrame; conversation: Conversation; birth_deps: []StateDependency D; canonical_scope: []string; files: []DurableSeedFile",
	"recovery_control_granted":     "failure: FailureKind; level: CascadeLevel; forced_escalation: bool; model: ModelID",
	"route_failover":               "from_model: ModelID; to_model: ModelID; cause",
	"recovery_contained":           "reason; restored_checkpoint_id",
	"search_opened":                "forest_id; node_id; generation: uint32; accepted_root; limits: SearchLimits; resumed_from: *string OS",
	"search_usage_snapshot":        "forest_id; epoch: uint64; usage: SearchUsage",
	"branch_forked":                "forest_id; branch_id; parent_branch: *string O; seed_checkpoint; seed_witness: WitnessRef",
	"branch_strategy_selected":     "forest_id; branch_id; strategy_id",
	"branch_observation":           "forest_id; branch_id; observation",
	"branch_candidate_measured":    "forest_id; branch_id; candidate_id; measurement: BranchMeasurement",
	"partial_checkpointed":         "forest_id; branch_id; checkpoint: PartialCheckpointRef",
	"frontier_epoch_started":       "forest_id; epoch: uint64; forest_digest",
	"frontier_entry_served":        "forest_id; branch_id; epoch: uint64",
	"branch_ineligible":            "forest_id; branch_id; reason",
	"branch_not_selected":          "forest_id; branch_id",
	"branch_abandoned":             "forest_id; branch_id; reason",
	"branch_selected":              "forest_id; branch_id; candidate_id",
	"branch_committed":             "forest_id; branch_id; candidate_id; decision: GateDecision",
	"no_good_recorded":             "forest_id; branch_id; key; evidence_hash; support_kind D",
	"search_closed":                "forest_id; usage: SearchUsage",
	"context_working_set":          "forest_id D; branch_id D; turn: uint32; page_ids: []string",
	"context_pages_selected":       "forest_id D; branch_id D; turn: uint32; resident_digest; page_ids: []string",
	"context_miss":                 "forest_id D; branch_id D; turn: uint32; key",
	"context_page_recalled":        "forest_id D; branch_id D; turn: uint32; page_id",
	"context_infeasible":           "forest_id D; branch_id D; turn: uint32; required: uint64; allowance: uint64",
	"context_compacted":            "forest_id D; branch_id D; summary_page; source_pages: []string",
	"prompt_program_compiled":      "turn: uint32; program: CompiledPromptProgram",
	"prompt_program_invoked":       "turn: uint32; invocation_digest; platform_digest; domain_digest; tool_spec_hash; resident_context_digest D",
}

// specStructMembers holds the members of the 29 structs and of the struct
// variant path_blob of StateDependency, keyed by Go type.
var specStructMembers = map[string]string{
	"ModelID":                  "provider; model",
	"ProviderToolCall":         "call_id; name; arguments: Value",
	"Conversation":             "messages: []Message",
	"ConversationSeeded":       "event_schema_version: uint32; conversation: Conversation; digest",
	"ConversationDeltaRecord":  "event_schema_version: uint32; prior_digest; delta: ConversationDelta; digest",
	"ResidualEvent":            "residual_id; node_id; generation: uint32; component: EnergyComponent; class: ResidualClass; severity: ResidualSeverity; score: float64; sensor: SensorRef; evidence: EvidencePayload; affected_paths: []string; affected_symbols: []SymbolRef; correction_directions: []CorrectionDirection",
	"SensorRef":                "id; route: IndependenceRoute; fingerprint DS",
	"SymbolRef":                "name; container: *string O",
	"EvidencePayload":          "summary; raw: *string O; structured: *Value O",
	"CorrectionDirection":      "direction_id; addresses: ResidualClass; instruction; target_paths: []string; target_symbols: []SymbolRef; rationale",
	"EffectProposal":           "proposal_id; actor: ActorID; node_id; generation: uint32; effect: EffectKind; path: *string O; additional_paths: []string D; command: CommandInvocation O; network_target: *string O; risk: RiskClass; risk_cost: float64; idempotency_key; preconditions: []StateWitness",
	"StateWitness":             "resource; content_hash",
	"FullAdmissibilityWitness": "base: AdmissibilityWitness; contract: *ContractWitness O; barrier: *BarrierWitness O; profile: AdmissibilityProfile",
	"AdmissibilityWitness":     "proposal_id; actor: ActorID; capability_id: *string O; authority_ok: bool; contract_ok: bool; effect_ok: bool; barrier_increment_ok: bool; risk_budget_ok: bool; decision: AdmissibilityDecision; recovery_class: *RecoveryClass O",
	"ContractWitness":          "ok: bool; policy_version; evidence_refs: []string",
	"BarrierWitness":           "h_before: float64; expected_h_after_upper: float64; certified_increment: float64; unsafe_threshold: float64; evidence_refs: []string",
	"ContextCheckpoint":        "parent: *string O; covered_from: uint64; covered_to: uint64; covered_event_root; control: ControlFrame; artifact_refs: []string; narrative_observation: *string O",
	"ControlFrame":             "projection_digest D; event_schema_version: uint32 D; prompt_invocation_digest D; prompt_manifest_digest D; resident_context_digest D; node_id D; goal; node_generation: uint32; accepted_state_root; graph_revision; capability_ids: []string; authority_epoch: uint64; remaining_rejection_budget: uint32; remaining_turns: uint32; active_model: ModelID; remaining_fallback_models: []ModelID; activated_tools: []string; unresolved_call_ids: []string; residual_summary: []ResidualSummaryEntry",
	"DurableSeedFile":          "path; content_artifact: *string O; source_preimage_artifact: *string O",
	"SearchLimits":             "actions: uint32; model_turns: uint32; tool_calls: uint32; mutations: uint32; verifier_runs: uint32; tokens: uint64; elapsed_secs: uint64; result_bytes: uint64; workspace_files: uint64; workspace_bytes: uint64",
	"SearchUsage":              "actions: uint32; model_turns: uint32; tool_calls: uint32; mutations: uint32; verifier_runs: uint32; tokens: uint64; elapsed_secs: uint64 D; result_bytes: uint64; workspace_files: uint64; workspace_bytes: uint64; closed: bool",
	"WitnessRef":               "accepted_root; chain: []string",
	"PartialCheckpointRef":     "state_root; accepted_ancestor; parent_witness: WitnessRef; correction: *CorrectionPacketRef OS; remaining_obligations: []ObligationRef DS; evidence_digest",
	"BranchMeasurement":        "branch_id; candidate_id; energy: float64; hard_pass: bool; residuals: []ResidualEvent; sensor_profile; cost: float64",
	"CompiledPromptProgram":    "route: PromptRoute; stage: PromptStage; dialect: DialectRef; messages: []CompiledPromptMessage; dropped_sections: []PromptSectionID; tool_spec_hash; program_digest",
	"PromptRoute":              "adapter; family: ModelFamily; exact_model: *string O",
	"DialectRef":               "id; version: uint32",
	"CompiledPromptMessage":    "role: PromptMessageRole; content; sections: []SectionProvenance; rendered_hash",
	"SectionProvenance":        "id: PromptSectionID; version: PromptSectionVersion; content_hash; origin: OverrideOrigin",
	"StateDependencyPathBlob":  "path; blob_hash",
}

// specTagKeys holds the tag member of each internally tagged enum.
var specTagKeys = map[string]string{
	"Message":               "role",
	"ConversationDelta":     "delta",
	"CommandInvocation":     "form",
	"AdmissibilityDecision": "decision",
	"AdmissibilityProfile":  "profile",
	"GateDecision":          "kind",
}

// specVariantMembers holds the members of the variants of the internally
// tagged enums, keyed "Enum/tag"; unit variants have none.
var specVariantMembers = map[string]string{
	"Message/system":                          "content",
	"Message/user":                            "content",
	"Message/assistant":                       "content",
	"Message/assistant_tool_calls":            "calls: []ProviderToolCall",
	"Message/tool_response":                   "call_id; content",
	"ConversationDelta/message":               "message: Message",
	"ConversationDelta/tool_activated":        "name",
	"ConversationDelta/compacted":             "control",
	"CommandInvocation/program":               "program; args: []string; cwd; env: map[string]string",
	"CommandInvocation/shell":                 "script; cwd; declared_reads: []string; declared_writes: []string",
	"AdmissibilityDecision/allow":             "",
	"AdmissibilityDecision/deny":              "reason: DenyReason",
	"AdmissibilityDecision/needs_approval":    "",
	"AdmissibilityProfile/srbn_certified":     "",
	"AdmissibilityProfile/confinement_only":   "missing: []ClauseID",
	"AdmissibilityProfile/human_approved":     "missing: []ClauseID",
	"GateDecision/hard_pass":                  "",
	"GateDecision/accepted_by_descent":        "delta_v: float64",
	"GateDecision/rejected_non_descending":    "delta_v: float64",
	"GateDecision/stopped_at_declared_floor":  "",
	"GateDecision/exhausted_with_certificate": "certificate_id",
}

// specExternalVariants holds, for each externally tagged enum, the
// type of the value of each one-member object form; unit variants (bare
// strings) hold no members and are not listed.
var specExternalVariants = map[string]map[string]string{
	"TurnOutput":      {"ToolCalls": "[]ProviderToolCall", "Text": "string"},
	"ModelFamily":     {"other": "string"},
	"OverrideOrigin":  {"family": "string", "exact_model": "string"},
	"StateDependency": {"accepted_root": "string", "partial_checkpoint_root": "string", "path_blob": "StateDependencyPathBlob"},
}

// marker is a member marker of the specification.
type marker uint8

const (
	markRequired marker = iota // unmarked: present, not null (a Value may be null)
	markD                      // absent → default; null → error; always written
	markDS                     // like D, omitted on write when empty
	markO                      // absent or null → nil; nil written as null
	markOS                     // like O, nil omitted on write
	markTag                    // the tag of an internally tagged enum: present, a string
)

func (m marker) String() string {
	return [...]string{"required", "D", "DS", "O", "OS", "tag"}[m]
}

// specMember is one parsed member of the table.
type specMember struct {
	name string
	typ  string // Go type as written in the specification
	mark marker
	def  string // the stated default of a D member, or ""
}

// parseSpecMembers parses one entry of the tables above.
func parseSpecMembers(entry string) ([]specMember, error) {
	if entry == "" {
		return nil, nil
	}
	var out []specMember
	for _, item := range strings.Split(entry, "; ") {
		name, rest, typed := strings.Cut(item, ": ")
		var words []string
		if typed {
			words = strings.Fields(rest)
		} else {
			words = strings.Fields(name)
			name, words = words[0], append([]string{"string"}, words[1:]...)
		}
		m := specMember{name: name, typ: words[0]}
		if len(words) > 1 {
			switch words[1] {
			case "D":
				m.mark = markD
			case "DS":
				m.mark = markDS
			case "O":
				m.mark = markO
			case "OS":
				m.mark = markOS
			default:
				return nil, fmt.Errorf("member %q: unknown marker %q", name, words[1])
			}
		}
		if len(words) > 2 {
			if m.mark != markD || len(words) > 3 {
				return nil, fmt.Errorf("member %q: only a D member may state a default", name)
			}
			m.def = words[2]
		}
		out = append(out, m)
	}
	return out, nil
}
