package toolloop

// This file holds the 19 legacy events (§3 #1–19 of the specification), the
// vocabulary of the loop itself; they are accepted in unversioned ledger rows.

// ConversationSeededEvent is the LoopEvent "conversation_seeded" (#1, legacy:
// accepted in unversioned rows): it records the fold base of the model
// context. Old ledgers without seeds still replay.
type ConversationSeededEvent struct {
	// Seed is the seeded conversation and its digest; required.
	Seed ConversationSeeded `json:"seed"`
}

// EventName returns the event tag "conversation_seeded".
func (ConversationSeededEvent) EventName() string { return tagConversationSeeded }

func (ConversationSeededEvent) isLoopEvent() {}

// ConversationDeltaEvent is the LoopEvent "conversation_delta" (#2, legacy:
// accepted in unversioned rows): it records one digest-chained model-context
// change, before it is applied to the live projection.
type ConversationDeltaEvent struct {
	// Record is the change and its chained digest; required.
	Record ConversationDeltaRecord `json:"record"`
}

// EventName returns the event tag "conversation_delta".
func (ConversationDeltaEvent) EventName() string { return tagConversationDelta }

func (ConversationDeltaEvent) isLoopEvent() {}

// TurnObservedEvent is the LoopEvent "turn_observed" (#3, legacy: accepted in
// unversioned rows): it records one model turn's output, before any parse.
type TurnObservedEvent struct {
	// Turn is the turn number; required.
	Turn uint32 `json:"turn"`
	// Actor is the actor that observed the output (empty on older rows);
	// D: absent reads as the zero value; always written.
	Actor string `json:"actor"`
	// Output is what the turn produced (a nil Output cannot be encoded);
	// required.
	Output TurnOutput `json:"output"`
}

// EventName returns the event tag "turn_observed".
func (TurnObservedEvent) EventName() string { return tagTurnObserved }

func (TurnObservedEvent) isLoopEvent() {}

// ToolCallObservedEvent is the LoopEvent "tool_call_observed" (#4, legacy:
// accepted in unversioned rows): it records one tool call as the provider
// returned it.
type ToolCallObservedEvent struct {
	// Call is the observed call; required.
	Call ProviderToolCall `json:"call"`
}

// EventName returns the event tag "tool_call_observed".
func (ToolCallObservedEvent) EventName() string { return tagToolCallObserved }

func (ToolCallObservedEvent) isLoopEvent() {}

// ProposalObservedEvent is the LoopEvent "proposal_observed" (#5, legacy:
// accepted in unversioned rows): it records the effect proposal parsed from a
// call.
type ProposalObservedEvent struct {
	// CallID is the call; required.
	CallID string `json:"call_id"`
	// Proposal is the proposal; required.
	Proposal EffectProposal `json:"proposal"`
}

// EventName returns the event tag "proposal_observed".
func (ProposalObservedEvent) EventName() string { return tagProposalObserved }

func (ProposalObservedEvent) isLoopEvent() {}

// ProposalCheckedEvent is the LoopEvent "proposal_checked" (#6, legacy:
// accepted in unversioned rows): it records a proposal with the admissibility
// kernel's verdict.
type ProposalCheckedEvent struct {
	// CallID is the call; required.
	CallID string `json:"call_id"`
	// Proposal is the proposal; required.
	Proposal EffectProposal `json:"proposal"`
	// Witness is the kernel's verdict; required.
	Witness FullAdmissibilityWitness `json:"witness"`
}

// EventName returns the event tag "proposal_checked".
func (ProposalCheckedEvent) EventName() string { return tagProposalChecked }

func (ProposalCheckedEvent) isLoopEvent() {}

// EffectAppliedEvent is the LoopEvent "effect_applied" (#7, legacy: accepted
// in unversioned rows): it records an admitted call applied to the candidate
// overlay.
type EffectAppliedEvent struct {
	// CallID is the call; required.
	CallID string `json:"call_id"`
	// Mutated is whether the overlay was mutated; required.
	Mutated bool `json:"mutated"`
	// Output is the tool output returned to the model; required.
	Output string `json:"output"`
}

// EventName returns the event tag "effect_applied".
func (EffectAppliedEvent) EventName() string { return tagEffectApplied }

func (EffectAppliedEvent) isLoopEvent() {}

// ToolBatchConflictEvent is the LoopEvent "tool_batch_conflict" (#8, legacy:
// accepted in unversioned rows): it records a same-turn footprint collision:
// the call was returned to the model as an observation, never given an
// invented order.
type ToolBatchConflictEvent struct {
	// CallID is the returned call; required.
	CallID string `json:"call_id"`
	// ConflictsWith is the call it collided with; required.
	ConflictsWith string `json:"conflicts_with"`
	// Resources is the contested resources; required.
	Resources []string `json:"resources"`
}

// EventName returns the event tag "tool_batch_conflict".
func (ToolBatchConflictEvent) EventName() string { return tagToolBatchConflict }

func (ToolBatchConflictEvent) isLoopEvent() {}

// EffectDeniedEvent is the LoopEvent "effect_denied" (#9, legacy: accepted in
// unversioned rows): it records a call the kernel or a budget refused.
type EffectDeniedEvent struct {
	// CallID is the refused call; required.
	CallID string `json:"call_id"`
	// Reason is why it was refused; required.
	Reason string `json:"reason"`
	// Class is the typed admissibility residual:
	// ResidualClassCapabilityDenied for kernel denials,
	// ResidualClassBudgetExhausted for budget boundaries; D: absent reads
	// as ResidualClassCapabilityDenied; always written.
	Class ResidualClass `json:"class"`
}

// EventName returns the event tag "effect_denied".
func (EffectDeniedEvent) EventName() string { return tagEffectDenied }

func (EffectDeniedEvent) isLoopEvent() {}

// CandidateMeasuredEvent is the LoopEvent "candidate_measured" (#10, legacy:
// accepted in unversioned rows): it records one measurement of the realized
// candidate.
type CandidateMeasuredEvent struct {
	// NodeID is the task-graph node; required.
	NodeID string `json:"node_id"`
	// Generation is the node generation; required.
	Generation uint32 `json:"generation"`
	// CandidateID is the candidate identity "{node}/{generation}/c{seq}"
	// (empty on older rows); D: absent reads as the zero value; always
	// written.
	CandidateID string `json:"candidate_id"`
	// Energy is the measured energy; required.
	Energy float64 `json:"energy"`
	// HardPass is whether every hard check passed; required.
	HardPass bool `json:"hard_pass"`
	// Residuals is the measured residuals; required.
	Residuals []ResidualEvent `json:"residuals"`
}

// EventName returns the event tag "candidate_measured".
func (CandidateMeasuredEvent) EventName() string { return tagCandidateMeasured }

func (CandidateMeasuredEvent) isLoopEvent() {}

// GateDecisionRecordedEvent is the LoopEvent "gate_decision_recorded" (#11,
// legacy: accepted in unversioned rows): it records the acceptance gate's
// decision on a measured candidate.
type GateDecisionRecordedEvent struct {
	// NodeID is the task-graph node; required.
	NodeID string `json:"node_id"`
	// Generation is the node generation; required.
	Generation uint32 `json:"generation"`
	// CandidateID is the measured candidate (empty on older rows); D:
	// absent reads as the zero value; always written.
	CandidateID string `json:"candidate_id"`
	// Decision is the gate's decision (a nil Decision cannot be encoded);
	// required.
	Decision GateDecision `json:"decision"`
	// ObservedEnergy is the candidate's energy (nil on older rows); O: nil
	// is written null; absent or null reads as nil.
	ObservedEnergy *float64 `json:"observed_energy"`
	// BestAcceptedBefore is the best accepted energy before the decision;
	// O: nil is written null; absent or null reads as nil.
	BestAcceptedBefore *float64 `json:"best_accepted_before"`
}

// EventName returns the event tag "gate_decision_recorded".
func (GateDecisionRecordedEvent) EventName() string { return tagGateDecisionRecorded }

func (GateDecisionRecordedEvent) isLoopEvent() {}

// DecisionBoundRefusedEvent is the LoopEvent "decision_bound_refused" (#12,
// legacy: accepted in unversioned rows): it records the loop's refusal to
// submit a candidate past the finite-decision bound; the refusal appends no
// gate decision.
type DecisionBoundRefusedEvent struct {
	// NodeID is the task-graph node; required.
	NodeID string `json:"node_id"`
	// Generation is the node generation; required.
	Generation uint32 `json:"generation"`
	// Bound is the decision bound; required.
	Bound uint64 `json:"bound"`
	// DecisionsUsed is the decisions already used; required.
	DecisionsUsed uint64 `json:"decisions_used"`
}

// EventName returns the event tag "decision_bound_refused".
func (DecisionBoundRefusedEvent) EventName() string { return tagDecisionBoundRefused }

func (DecisionBoundRefusedEvent) isLoopEvent() {}

// CandidateRestoredEvent is the LoopEvent "candidate_restored" (#13, legacy:
// accepted in unversioned rows): it records the restoration of an earlier
// candidate checkpoint.
type CandidateRestoredEvent struct {
	// CheckpointID is the restored checkpoint; required.
	CheckpointID string `json:"checkpoint_id"`
}

// EventName returns the event tag "candidate_restored".
func (CandidateRestoredEvent) EventName() string { return tagCandidateRestored }

func (CandidateRestoredEvent) isLoopEvent() {}

// EffectBoundaryMeasuredEvent is the LoopEvent "effect_boundary_measured"
// (#14, legacy: accepted in unversioned rows): it records the measurement
// taken right after one mutating effect.
type EffectBoundaryMeasuredEvent struct {
	// CallID is the effect's call; required.
	CallID string `json:"call_id"`
	// NodeID is the task-graph node; required.
	NodeID string `json:"node_id"`
	// Generation is the node generation; required.
	Generation uint32 `json:"generation"`
	// Energy is the measured energy; required.
	Energy float64 `json:"energy"`
	// HardPass is whether every hard check passed; required.
	HardPass bool `json:"hard_pass"`
	// Residuals is the measured residuals; required.
	Residuals []ResidualEvent `json:"residuals"`
}

// EventName returns the event tag "effect_boundary_measured".
func (EffectBoundaryMeasuredEvent) EventName() string { return tagEffectBoundaryMeasured }

func (EffectBoundaryMeasuredEvent) isLoopEvent() {}

// ContextCheckpointCreatedEvent is the LoopEvent "context_checkpoint_created"
// (#15, legacy: accepted in unversioned rows): it records a model-context
// checkpoint.
type ContextCheckpointCreatedEvent struct {
	// Checkpoint is the checkpoint; required.
	Checkpoint ContextCheckpoint `json:"checkpoint"`
}

// EventName returns the event tag "context_checkpoint_created".
func (ContextCheckpointCreatedEvent) EventName() string { return tagContextCheckpointCreated }

func (ContextCheckpointCreatedEvent) isLoopEvent() {}

// DurableCandidateCheckpointEvent is the LoopEvent
// "durable_candidate_checkpoint" (#16, legacy: accepted in unversioned rows):
// it records a gate acceptance made durable: the control frame plus every
// mutated path's artifact handle, enough to rebuild the accepted candidate
// after a crash.
type DurableCandidateCheckpointEvent struct {
	// CandidateID is the accepted candidate (empty on older rows); D:
	// absent reads as the zero value; always written.
	CandidateID string `json:"candidate_id"`
	// StateRoot is the accepted state root; required.
	StateRoot string `json:"state_root"`
	// Control is the control frame; required.
	Control ControlFrame `json:"control"`
	// Conversation is the projection selected for the next model turn;
	// required.
	Conversation Conversation `json:"conversation"`
	// BirthDeps is each message's birth dependency, parallel to
	// Conversation.Messages (lengths not checked; absent on older rows,
	// read as empty, written []); D: absent reads as the zero value;
	// always written.
	BirthDeps []StateDependency `json:"birth_deps"`
	// CanonicalScope is the exact scope StateRoot was computed over;
	// required.
	CanonicalScope []string `json:"canonical_scope"`
	// Files is the mutated paths' artifact handles; required.
	Files []DurableSeedFile `json:"files"`
}

// EventName returns the event tag "durable_candidate_checkpoint".
func (DurableCandidateCheckpointEvent) EventName() string { return tagDurableCandidateCheckpoint }

func (DurableCandidateCheckpointEvent) isLoopEvent() {}

// RecoveryControlGrantedEvent is the LoopEvent "recovery_control_granted"
// (#17, legacy: accepted in unversioned rows): it records a control granted
// from the recovery cascade.
type RecoveryControlGrantedEvent struct {
	// Failure is the failure that triggered it; required.
	Failure FailureKind `json:"failure"`
	// Level is the cascade level granted; required.
	Level CascadeLevel `json:"level"`
	// ForcedEscalation is whether escalation was forced; required.
	ForcedEscalation bool `json:"forced_escalation"`
	// Model is the model in use; required.
	Model ModelID `json:"model"`
}

// EventName returns the event tag "recovery_control_granted".
func (RecoveryControlGrantedEvent) EventName() string { return tagRecoveryControlGranted }

func (RecoveryControlGrantedEvent) isLoopEvent() {}

// RouteFailoverEvent is the LoopEvent "route_failover" (#18, legacy: accepted
// in unversioned rows): it records a failover from one model to another.
type RouteFailoverEvent struct {
	// FromModel is the failed model; required.
	FromModel ModelID `json:"from_model"`
	// ToModel is the model failed over to; required.
	ToModel ModelID `json:"to_model"`
	// Cause is why; required.
	Cause string `json:"cause"`
}

// EventName returns the event tag "route_failover".
func (RouteFailoverEvent) EventName() string { return tagRouteFailover }

func (RouteFailoverEvent) isLoopEvent() {}

// RecoveryContainedEvent is the LoopEvent "recovery_contained" (#19, legacy:
// accepted in unversioned rows): it records the containment of a failure.
type RecoveryContainedEvent struct {
	// Reason is why the failure was contained; required.
	Reason string `json:"reason"`
	// RestoredCheckpointID is the checkpoint restored; required.
	RestoredCheckpointID string `json:"restored_checkpoint_id"`
}

// EventName returns the event tag "recovery_contained".
func (RecoveryContainedEvent) EventName() string { return tagRecoveryContained }

func (RecoveryContainedEvent) isLoopEvent() {}
