package toolloop

import "slices"

// LoopEvent is one recorded tool-loop event (perspt's LoopEvent): a sealed
// interface implemented by exactly the 43 <Variant>Event structs of §3 of the
// specification. JSON: an object internally tagged by "event" (the tag is
// EventName), followed by the event's members.
//
// Every event struct implements LoopEvent with value receivers, so both the
// value and a pointer to it are LoopEvents; encoders accept either (a nil
// LoopEvent or a nil pointer fails with ErrEncode) and decoders return
// values. Calling EventName through a nil pointer panics, like any value
// method: check for nil first.
type LoopEvent interface {
	// EventName returns the event's tag, the value of its "event" member.
	EventName() string
	isLoopEvent()
}

// EnvelopeSchemaVersion is the schema_version of the only envelope this
// package writes and authoritatively reads.
const EnvelopeSchemaVersion = 1

// LedgerKindToolLoop is the kind member of a custom ledger row that holds a
// tool-loop event payload.
const LedgerKindToolLoop = "tool_loop"

// EnvelopeV1 is the versioned runtime-event envelope (perspt's
// LoopEventEnvelopeV1) that every post-cutover tool_loop ledger payload
// wraps its event in. Direct key order: schema_version, body; the ledger
// form sorts them (body first). Writers always emit EnvelopeSchemaVersion.
type EnvelopeV1 struct {
	// SchemaVersion is the envelope version, exactly 1; required.
	SchemaVersion uint16 `json:"schema_version"`
	// Body is the wrapped event; required.
	Body LoopEvent `json:"body"`
}

// DecodedEvent is an event decoded from a tool_loop payload or ledger row,
// with the envelope version it came in: 0 for a legacy (unversioned) row,
// which holds one of the 19 legacy events, or 1 for an EnvelopeV1 payload.
type DecodedEvent struct {
	// Version is 0 for a legacy row, EnvelopeSchemaVersion for an envelope.
	Version uint16
	// Event is the decoded event, a value (never a pointer).
	Event LoopEvent
}

// The event tags (the "event" member), in §3 order.
const (
	tagConversationSeeded         = "conversation_seeded"
	tagConversationDelta          = "conversation_delta"
	tagTurnObserved               = "turn_observed"
	tagToolCallObserved           = "tool_call_observed"
	tagProposalObserved           = "proposal_observed"
	tagProposalChecked            = "proposal_checked"
	tagEffectApplied              = "effect_applied"
	tagToolBatchConflict          = "tool_batch_conflict"
	tagEffectDenied               = "effect_denied"
	tagCandidateMeasured          = "candidate_measured"
	tagGateDecisionRecorded       = "gate_decision_recorded"
	tagDecisionBoundRefused       = "decision_bound_refused"
	tagCandidateRestored          = "candidate_restored"
	tagEffectBoundaryMeasured     = "effect_boundary_measured"
	tagContextCheckpointCreated   = "context_checkpoint_created"
	tagDurableCandidateCheckpoint = "durable_candidate_checkpoint"
	tagRecoveryControlGranted     = "recovery_control_granted"
	tagRouteFailover              = "route_failover"
	tagRecoveryContained          = "recovery_contained"
	tagSearchOpened               = "search_opened"
	tagSearchUsageSnapshot        = "search_usage_snapshot"
	tagBranchForked               = "branch_forked"
	tagBranchStrategySelected     = "branch_strategy_selected"
	tagBranchObservation          = "branch_observation"
	tagBranchCandidateMeasured    = "branch_candidate_measured"
	tagPartialCheckpointed        = "partial_checkpointed"
	tagFrontierEpochStarted       = "frontier_epoch_started"
	tagFrontierEntryServed        = "frontier_entry_served"
	tagBranchIneligible           = "branch_ineligible"
	tagBranchNotSelected          = "branch_not_selected"
	tagBranchAbandoned            = "branch_abandoned"
	tagBranchSelected             = "branch_selected"
	tagBranchCommitted            = "branch_committed"
	tagNoGoodRecorded             = "no_good_recorded"
	tagSearchClosed               = "search_closed"
	tagContextWorkingSet          = "context_working_set"
	tagContextPagesSelected       = "context_pages_selected"
	tagContextMiss                = "context_miss"
	tagContextPageRecalled        = "context_page_recalled"
	tagContextInfeasible          = "context_infeasible"
	tagContextCompacted           = "context_compacted"
	tagPromptProgramCompiled      = "prompt_program_compiled"
	tagPromptProgramInvoked       = "prompt_program_invoked"
)

// eventNames holds the 43 event tags in §3 order, the 19 legacy ones
// (§7.3) first.
var eventNames = [...]string{
	// The legacy events.
	tagConversationSeeded, tagConversationDelta, tagTurnObserved, tagToolCallObserved,
	tagProposalObserved, tagProposalChecked, tagEffectApplied, tagToolBatchConflict, tagEffectDenied,
	tagCandidateMeasured, tagGateDecisionRecorded, tagDecisionBoundRefused, tagCandidateRestored,
	tagEffectBoundaryMeasured, tagContextCheckpointCreated, tagDurableCandidateCheckpoint,
	tagRecoveryControlGranted, tagRouteFailover, tagRecoveryContained,
	// The envelope-only events.
	tagSearchOpened, tagSearchUsageSnapshot, tagBranchForked, tagBranchStrategySelected,
	tagBranchObservation, tagBranchCandidateMeasured, tagPartialCheckpointed, tagFrontierEpochStarted,
	tagFrontierEntryServed, tagBranchIneligible, tagBranchNotSelected, tagBranchAbandoned,
	tagBranchSelected, tagBranchCommitted, tagNoGoodRecorded, tagSearchClosed, tagContextWorkingSet,
	tagContextPagesSelected, tagContextMiss, tagContextPageRecalled, tagContextInfeasible,
	tagContextCompacted, tagPromptProgramCompiled, tagPromptProgramInvoked,
}

// legacyEvents is the number of legacy events, which come first in
// eventNames.
const legacyEvents = 19

// EventNames returns the 43 event tags in the order of §3 of the specification
// (the declaration order of perspt's LoopEvent): the 19 legacy tags first.
// Each call returns a new slice.
func EventNames() []string {
	return slices.Clone(eventNames[:])
}

// IsLegacyEvent reports whether name is the tag of one of the 19 legacy
// events (§7.3), the only ones accepted in an unversioned ledger row. It is
// false for the 24 envelope-only tags and for any other string; the
// comparison is exact and case-sensitive.
func IsLegacyEvent(name string) bool {
	return slices.Contains(eventNames[:legacyEvents], name)
}
