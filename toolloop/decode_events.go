package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file dispatches a LoopEvent object to the reader of its tag and
// holds the readers of the 19 legacy events (§3 #1–19 of the
// specification); decode_events_search.go holds the other 24.

// eventTag is the member holding a LoopEvent's tag.
const eventTag = "event"

// event decodes the LoopEvent object whose first token is k: its tag may
// stand anywhere in it (§6.3).
func (d *decoder) event(k canon.Kind) (LoopEvent, error) {
	tag, err := d.findTag(k, eventTag)
	if err != nil {
		return nil, err
	}
	var ev LoopEvent
	switch string(tag) {
	case tagConversationSeeded:
		err = decInto(d, k, &ev, readConversationSeededEvent)
	case tagConversationDelta:
		err = decInto(d, k, &ev, readConversationDeltaEvent)
	case tagTurnObserved:
		err = decInto(d, k, &ev, readTurnObservedEvent)
	case tagToolCallObserved:
		err = decInto(d, k, &ev, readToolCallObservedEvent)
	case tagProposalObserved:
		err = decInto(d, k, &ev, readProposalObservedEvent)
	case tagProposalChecked:
		err = decInto(d, k, &ev, readProposalCheckedEvent)
	case tagEffectApplied:
		err = decInto(d, k, &ev, readEffectAppliedEvent)
	case tagToolBatchConflict:
		err = decInto(d, k, &ev, readToolBatchConflictEvent)
	case tagEffectDenied:
		err = decInto(d, k, &ev, readEffectDeniedEvent)
	case tagCandidateMeasured:
		err = decInto(d, k, &ev, readCandidateMeasuredEvent)
	case tagGateDecisionRecorded:
		err = decInto(d, k, &ev, readGateDecisionRecordedEvent)
	case tagDecisionBoundRefused:
		err = decInto(d, k, &ev, readDecisionBoundRefusedEvent)
	case tagCandidateRestored:
		err = decInto(d, k, &ev, readCandidateRestoredEvent)
	case tagEffectBoundaryMeasured:
		err = decInto(d, k, &ev, readEffectBoundaryMeasuredEvent)
	case tagContextCheckpointCreated:
		err = decInto(d, k, &ev, readContextCheckpointCreatedEvent)
	case tagDurableCandidateCheckpoint:
		err = decInto(d, k, &ev, readDurableCandidateCheckpointEvent)
	case tagRecoveryControlGranted:
		err = decInto(d, k, &ev, readRecoveryControlGrantedEvent)
	case tagRouteFailover:
		err = decInto(d, k, &ev, readRouteFailoverEvent)
	case tagRecoveryContained:
		err = decInto(d, k, &ev, readRecoveryContainedEvent)
	default:
		return d.envelopeOnlyEvent(k, tag)
	}
	if err != nil {
		return nil, err
	}
	return ev, nil
}

func readConversationSeededEvent(d *decoder, k canon.Kind, v *ConversationSeededEvent) error {
	return d.object(k, eventTag, []decMember{
		{"seed", via(&v.Seed, readConversationSeeded), false},
	})
}

func readConversationDeltaEvent(d *decoder, k canon.Kind, v *ConversationDeltaEvent) error {
	return d.object(k, eventTag, []decMember{
		{"record", via(&v.Record, readConversationDeltaRecord), false},
	})
}

func readTurnObservedEvent(d *decoder, k canon.Kind, v *TurnObservedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"actor", &v.Actor, absentOK},
		{"output", via(&v.Output, readTurnOutput), false},
	})
}

func readToolCallObservedEvent(d *decoder, k canon.Kind, v *ToolCallObservedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call", via(&v.Call, readProviderToolCall), false},
	})
}

func readProposalObservedEvent(d *decoder, k canon.Kind, v *ProposalObservedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"proposal", via(&v.Proposal, readEffectProposal), false},
	})
}

func readProposalCheckedEvent(d *decoder, k canon.Kind, v *ProposalCheckedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"proposal", via(&v.Proposal, readEffectProposal), false},
		{"witness", via(&v.Witness, readFullAdmissibilityWitness), false},
	})
}

func readEffectAppliedEvent(d *decoder, k canon.Kind, v *EffectAppliedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"mutated", &v.Mutated, false},
		{"output", &v.Output, false},
	})
}

func readToolBatchConflictEvent(d *decoder, k canon.Kind, v *ToolBatchConflictEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"conflicts_with", &v.ConflictsWith, false},
		{"resources", &v.Resources, false},
	})
}

// readEffectDeniedEvent reads effect_denied, whose absent class defaults to
// capability_denied (§4.1).
func readEffectDeniedEvent(d *decoder, k canon.Kind, v *EffectDeniedEvent) error {
	v.Class = ResidualClassCapabilityDenied
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"reason", &v.Reason, false},
		{"class", via(&v.Class, readEnum[ResidualClass]), absentOK},
	})
}

func readCandidateMeasuredEvent(d *decoder, k canon.Kind, v *CandidateMeasuredEvent) error {
	return d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"candidate_id", &v.CandidateID, absentOK},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", listOf(&v.Residuals, readResidualEvent), false},
	})
}

func readGateDecisionRecordedEvent(d *decoder, k canon.Kind, v *GateDecisionRecordedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"candidate_id", &v.CandidateID, absentOK},
		{"decision", via(&v.Decision, readGateDecision), false},
		{"observed_energy", &v.ObservedEnergy, absentOK},
		{"best_accepted_before", &v.BestAcceptedBefore, absentOK},
	})
}

func readDecisionBoundRefusedEvent(d *decoder, k canon.Kind, v *DecisionBoundRefusedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"bound", &v.Bound, false},
		{"decisions_used", &v.DecisionsUsed, false},
	})
}

func readCandidateRestoredEvent(d *decoder, k canon.Kind, v *CandidateRestoredEvent) error {
	return d.object(k, eventTag, []decMember{
		{"checkpoint_id", &v.CheckpointID, false},
	})
}

func readEffectBoundaryMeasuredEvent(d *decoder, k canon.Kind, v *EffectBoundaryMeasuredEvent) error {
	return d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", listOf(&v.Residuals, readResidualEvent), false},
	})
}

func readContextCheckpointCreatedEvent(d *decoder, k canon.Kind, v *ContextCheckpointCreatedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"checkpoint", via(&v.Checkpoint, readContextCheckpoint), false},
	})
}

func readDurableCandidateCheckpointEvent(d *decoder, k canon.Kind, v *DurableCandidateCheckpointEvent) error {
	return d.object(k, eventTag, []decMember{
		{"candidate_id", &v.CandidateID, absentOK},
		{"state_root", &v.StateRoot, false},
		{"control", via(&v.Control, readControlFrame), false},
		{"conversation", via(&v.Conversation, readConversation), false},
		{"birth_deps", listOf(&v.BirthDeps, readStateDependency), absentOK},
		{"canonical_scope", &v.CanonicalScope, false},
		{"files", listOf(&v.Files, readDurableSeedFile), false},
	})
}

func readRecoveryControlGrantedEvent(d *decoder, k canon.Kind, v *RecoveryControlGrantedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"failure", via(&v.Failure, readEnum[FailureKind]), false},
		{"level", via(&v.Level, readEnum[CascadeLevel]), false},
		{"forced_escalation", &v.ForcedEscalation, false},
		{"model", via(&v.Model, readModelID), false},
	})
}

func readRouteFailoverEvent(d *decoder, k canon.Kind, v *RouteFailoverEvent) error {
	return d.object(k, eventTag, []decMember{
		{"from_model", via(&v.FromModel, readModelID), false},
		{"to_model", via(&v.ToModel, readModelID), false},
		{"cause", &v.Cause, false},
	})
}

func readRecoveryContainedEvent(d *decoder, k canon.Kind, v *RecoveryContainedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"reason", &v.Reason, false},
		{"restored_checkpoint_id", &v.RestoredCheckpointID, false},
	})
}
