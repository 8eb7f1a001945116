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
	switch string(tag) {
	case tagConversationSeeded:
		return readConversationSeededEvent(d, k)
	case tagConversationDelta:
		return readConversationDeltaEvent(d, k)
	case tagTurnObserved:
		return readTurnObservedEvent(d, k)
	case tagToolCallObserved:
		return readToolCallObservedEvent(d, k)
	case tagProposalObserved:
		return readProposalObservedEvent(d, k)
	case tagProposalChecked:
		return readProposalCheckedEvent(d, k)
	case tagEffectApplied:
		return readEffectAppliedEvent(d, k)
	case tagToolBatchConflict:
		return readToolBatchConflictEvent(d, k)
	case tagEffectDenied:
		return readEffectDeniedEvent(d, k)
	case tagCandidateMeasured:
		return readCandidateMeasuredEvent(d, k)
	case tagGateDecisionRecorded:
		return readGateDecisionRecordedEvent(d, k)
	case tagDecisionBoundRefused:
		return readDecisionBoundRefusedEvent(d, k)
	case tagCandidateRestored:
		return readCandidateRestoredEvent(d, k)
	case tagEffectBoundaryMeasured:
		return readEffectBoundaryMeasuredEvent(d, k)
	case tagContextCheckpointCreated:
		return readContextCheckpointCreatedEvent(d, k)
	case tagDurableCandidateCheckpoint:
		return readDurableCandidateCheckpointEvent(d, k)
	case tagRecoveryControlGranted:
		return readRecoveryControlGrantedEvent(d, k)
	case tagRouteFailover:
		return readRouteFailoverEvent(d, k)
	case tagRecoveryContained:
		return readRecoveryContainedEvent(d, k)
	}
	return d.envelopeOnlyEvent(k, tag)
}

func readConversationSeededEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ConversationSeededEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"seed", &v.Seed, false},
	}))
}

func readConversationDeltaEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ConversationDeltaEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"record", &v.Record, false},
	}))
}

func readTurnObservedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v TurnObservedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"actor", &v.Actor, absentOK},
		{"output", &v.Output, false},
	}))
}

func readToolCallObservedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ToolCallObservedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call", &v.Call, false},
	}))
}

func readProposalObservedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ProposalObservedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"proposal", &v.Proposal, false},
	}))
}

func readProposalCheckedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ProposalCheckedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"proposal", &v.Proposal, false},
		{"witness", &v.Witness, false},
	}))
}

func readEffectAppliedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v EffectAppliedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"mutated", &v.Mutated, false},
		{"output", &v.Output, false},
	}))
}

func readToolBatchConflictEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ToolBatchConflictEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"conflicts_with", &v.ConflictsWith, false},
		{"resources", &v.Resources, false},
	}))
}

// readEffectDeniedEvent reads effect_denied, whose absent class defaults to
// capability_denied (§4.1).
func readEffectDeniedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	v := EffectDeniedEvent{Class: ResidualClassCapabilityDenied}
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"reason", &v.Reason, false},
		{"class", &v.Class, absentOK},
	}))
}

func readCandidateMeasuredEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v CandidateMeasuredEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"candidate_id", &v.CandidateID, absentOK},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", &v.Residuals, false},
	}))
}

func readGateDecisionRecordedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v GateDecisionRecordedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"candidate_id", &v.CandidateID, absentOK},
		{"decision", &v.Decision, false},
		{"observed_energy", &v.ObservedEnergy, absentOK},
		{"best_accepted_before", &v.BestAcceptedBefore, absentOK},
	}))
}

func readDecisionBoundRefusedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v DecisionBoundRefusedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"bound", &v.Bound, false},
		{"decisions_used", &v.DecisionsUsed, false},
	}))
}

func readCandidateRestoredEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v CandidateRestoredEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"checkpoint_id", &v.CheckpointID, false},
	}))
}

func readEffectBoundaryMeasuredEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v EffectBoundaryMeasuredEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"call_id", &v.CallID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", &v.Residuals, false},
	}))
}

func readContextCheckpointCreatedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextCheckpointCreatedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"checkpoint", &v.Checkpoint, false},
	}))
}

func readDurableCandidateCheckpointEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v DurableCandidateCheckpointEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"candidate_id", &v.CandidateID, absentOK},
		{"state_root", &v.StateRoot, false},
		{"control", &v.Control, false},
		{"conversation", &v.Conversation, false},
		{"birth_deps", &v.BirthDeps, absentOK},
		{"canonical_scope", &v.CanonicalScope, false},
		{"files", &v.Files, false},
	}))
}

func readRecoveryControlGrantedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v RecoveryControlGrantedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"failure", &v.Failure, false},
		{"level", &v.Level, false},
		{"forced_escalation", &v.ForcedEscalation, false},
		{"model", &v.Model, false},
	}))
}

func readRouteFailoverEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v RouteFailoverEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"from_model", &v.FromModel, false},
		{"to_model", &v.ToModel, false},
		{"cause", &v.Cause, false},
	}))
}

func readRecoveryContainedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v RecoveryContainedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"reason", &v.Reason, false},
		{"restored_checkpoint_id", &v.RestoredCheckpointID, false},
	}))
}
