package toolloop

// This file dispatches a LoopEvent to its writer. Each event accepts a value
// or a non-nil pointer; the writers themselves live in
// encode_events_loop.go, encode_events_search.go and
// encode_events_context.go.

// errNilEvent is the reason given for a nil LoopEvent or nil event pointer.
const errNilEvent = "nil event"

// event writes ev, internally tagged by "event", in the encoder's form. A
// failure inside the event is named after it by its table (see newEvent).
func (e *encoder) event(ev LoopEvent) *pathError {
	if ev == nil {
		return failure(errNilEvent)
	}
	return e.dispatchEvent(ev)
}

// stringObject writes an object of f whose members after the tag (or all of
// whose members, untagged) are the strings s, in declaration order.
func (e *encoder) stringObject(f *fields, s ...string) *pathError {
	base := 0
	if f.tag != "" {
		base = 1
	}
	return e.object(f, 0, func(i int) *pathError { return e.str(s[i-base]) })
}

// dispatchEvent calls the writer of ev's dynamic type; a nil pointer fails
// before EventName could be called on it.
func (e *encoder) dispatchEvent(ev LoopEvent) *pathError {
	switch v := ev.(type) {
	case ConversationSeededEvent:
		return e.evConversationSeeded(&v)
	case *ConversationSeededEvent:
		if v != nil {
			return e.evConversationSeeded(v)
		}
	case ConversationDeltaEvent:
		return e.evConversationDelta(&v)
	case *ConversationDeltaEvent:
		if v != nil {
			return e.evConversationDelta(v)
		}
	case TurnObservedEvent:
		return e.evTurnObserved(&v)
	case *TurnObservedEvent:
		if v != nil {
			return e.evTurnObserved(v)
		}
	case ToolCallObservedEvent:
		return e.evToolCallObserved(&v)
	case *ToolCallObservedEvent:
		if v != nil {
			return e.evToolCallObserved(v)
		}
	case ProposalObservedEvent:
		return e.evProposalObserved(&v)
	case *ProposalObservedEvent:
		if v != nil {
			return e.evProposalObserved(v)
		}
	case ProposalCheckedEvent:
		return e.evProposalChecked(&v)
	case *ProposalCheckedEvent:
		if v != nil {
			return e.evProposalChecked(v)
		}
	case EffectAppliedEvent:
		return e.evEffectApplied(&v)
	case *EffectAppliedEvent:
		if v != nil {
			return e.evEffectApplied(v)
		}
	case ToolBatchConflictEvent:
		return e.evToolBatchConflict(&v)
	case *ToolBatchConflictEvent:
		if v != nil {
			return e.evToolBatchConflict(v)
		}
	case EffectDeniedEvent:
		return e.evEffectDenied(&v)
	case *EffectDeniedEvent:
		if v != nil {
			return e.evEffectDenied(v)
		}
	case CandidateMeasuredEvent:
		return e.evCandidateMeasured(&v)
	case *CandidateMeasuredEvent:
		if v != nil {
			return e.evCandidateMeasured(v)
		}
	case GateDecisionRecordedEvent:
		return e.evGateDecisionRecorded(&v)
	case *GateDecisionRecordedEvent:
		if v != nil {
			return e.evGateDecisionRecorded(v)
		}
	case DecisionBoundRefusedEvent:
		return e.evDecisionBoundRefused(&v)
	case *DecisionBoundRefusedEvent:
		if v != nil {
			return e.evDecisionBoundRefused(v)
		}
	case CandidateRestoredEvent:
		return e.stringObject(candidateRestoredFields, v.CheckpointID)
	case *CandidateRestoredEvent:
		if v != nil {
			return e.stringObject(candidateRestoredFields, v.CheckpointID)
		}
	case EffectBoundaryMeasuredEvent:
		return e.evEffectBoundaryMeasured(&v)
	case *EffectBoundaryMeasuredEvent:
		if v != nil {
			return e.evEffectBoundaryMeasured(v)
		}
	case ContextCheckpointCreatedEvent:
		return e.evContextCheckpointCreated(&v)
	case *ContextCheckpointCreatedEvent:
		if v != nil {
			return e.evContextCheckpointCreated(v)
		}
	case DurableCandidateCheckpointEvent:
		return e.evDurableCandidateCheckpoint(&v)
	case *DurableCandidateCheckpointEvent:
		if v != nil {
			return e.evDurableCandidateCheckpoint(v)
		}
	case RecoveryControlGrantedEvent:
		return e.evRecoveryControlGranted(&v)
	case *RecoveryControlGrantedEvent:
		if v != nil {
			return e.evRecoveryControlGranted(v)
		}
	case RouteFailoverEvent:
		return e.evRouteFailover(&v)
	case *RouteFailoverEvent:
		if v != nil {
			return e.evRouteFailover(v)
		}
	case RecoveryContainedEvent:
		return e.stringObject(recoveryContainedFields, v.Reason, v.RestoredCheckpointID)
	case *RecoveryContainedEvent:
		if v != nil {
			return e.stringObject(recoveryContainedFields, v.Reason, v.RestoredCheckpointID)
		}
	default:
		return e.dispatchSearchEvent(ev)
	}
	return failure(errNilEvent)
}

// dispatchSearchEvent is dispatchEvent for the 16 search-forest events.
func (e *encoder) dispatchSearchEvent(ev LoopEvent) *pathError {
	switch v := ev.(type) {
	case SearchOpenedEvent:
		return e.evSearchOpened(&v)
	case *SearchOpenedEvent:
		if v != nil {
			return e.evSearchOpened(v)
		}
	case SearchUsageSnapshotEvent:
		return e.evSearchUsageSnapshot(&v)
	case *SearchUsageSnapshotEvent:
		if v != nil {
			return e.evSearchUsageSnapshot(v)
		}
	case BranchForkedEvent:
		return e.evBranchForked(&v)
	case *BranchForkedEvent:
		if v != nil {
			return e.evBranchForked(v)
		}
	case BranchStrategySelectedEvent:
		return e.stringObject(branchStrategySelectedFields, v.ForestID, v.BranchID, v.StrategyID)
	case *BranchStrategySelectedEvent:
		if v != nil {
			return e.stringObject(branchStrategySelectedFields, v.ForestID, v.BranchID, v.StrategyID)
		}
	case BranchObservationEvent:
		return e.stringObject(branchObservationFields, v.ForestID, v.BranchID, v.Observation)
	case *BranchObservationEvent:
		if v != nil {
			return e.stringObject(branchObservationFields, v.ForestID, v.BranchID, v.Observation)
		}
	case BranchCandidateMeasuredEvent:
		return e.evBranchCandidateMeasured(&v)
	case *BranchCandidateMeasuredEvent:
		if v != nil {
			return e.evBranchCandidateMeasured(v)
		}
	case PartialCheckpointedEvent:
		return e.evPartialCheckpointed(&v)
	case *PartialCheckpointedEvent:
		if v != nil {
			return e.evPartialCheckpointed(v)
		}
	case FrontierEpochStartedEvent:
		return e.evFrontierEpochStarted(&v)
	case *FrontierEpochStartedEvent:
		if v != nil {
			return e.evFrontierEpochStarted(v)
		}
	case FrontierEntryServedEvent:
		return e.evFrontierEntryServed(&v)
	case *FrontierEntryServedEvent:
		if v != nil {
			return e.evFrontierEntryServed(v)
		}
	case BranchIneligibleEvent:
		return e.stringObject(branchIneligibleFields, v.ForestID, v.BranchID, v.Reason)
	case *BranchIneligibleEvent:
		if v != nil {
			return e.stringObject(branchIneligibleFields, v.ForestID, v.BranchID, v.Reason)
		}
	case BranchNotSelectedEvent:
		return e.stringObject(branchNotSelectedFields, v.ForestID, v.BranchID)
	case *BranchNotSelectedEvent:
		if v != nil {
			return e.stringObject(branchNotSelectedFields, v.ForestID, v.BranchID)
		}
	case BranchAbandonedEvent:
		return e.stringObject(branchAbandonedFields, v.ForestID, v.BranchID, v.Reason)
	case *BranchAbandonedEvent:
		if v != nil {
			return e.stringObject(branchAbandonedFields, v.ForestID, v.BranchID, v.Reason)
		}
	case BranchSelectedEvent:
		return e.stringObject(branchSelectedFields, v.ForestID, v.BranchID, v.CandidateID)
	case *BranchSelectedEvent:
		if v != nil {
			return e.stringObject(branchSelectedFields, v.ForestID, v.BranchID, v.CandidateID)
		}
	case BranchCommittedEvent:
		return e.evBranchCommitted(&v)
	case *BranchCommittedEvent:
		if v != nil {
			return e.evBranchCommitted(v)
		}
	case NoGoodRecordedEvent:
		return e.stringObject(noGoodRecordedFields, v.ForestID, v.BranchID, v.Key, v.EvidenceHash, v.SupportKind)
	case *NoGoodRecordedEvent:
		if v != nil {
			return e.stringObject(noGoodRecordedFields, v.ForestID, v.BranchID, v.Key, v.EvidenceHash, v.SupportKind)
		}
	case SearchClosedEvent:
		return e.evSearchClosed(&v)
	case *SearchClosedEvent:
		if v != nil {
			return e.evSearchClosed(v)
		}
	default:
		return e.dispatchContextEvent(ev)
	}
	return failure(errNilEvent)
}

// dispatchContextEvent is dispatchEvent for the 6 resident-context and the 2
// prompt-program events.
func (e *encoder) dispatchContextEvent(ev LoopEvent) *pathError {
	switch v := ev.(type) {
	case ContextWorkingSetEvent:
		return e.evContextWorkingSet(&v)
	case *ContextWorkingSetEvent:
		if v != nil {
			return e.evContextWorkingSet(v)
		}
	case ContextPagesSelectedEvent:
		return e.evContextPagesSelected(&v)
	case *ContextPagesSelectedEvent:
		if v != nil {
			return e.evContextPagesSelected(v)
		}
	case ContextMissEvent:
		return e.evContextMiss(&v)
	case *ContextMissEvent:
		if v != nil {
			return e.evContextMiss(v)
		}
	case ContextPageRecalledEvent:
		return e.evContextPageRecalled(&v)
	case *ContextPageRecalledEvent:
		if v != nil {
			return e.evContextPageRecalled(v)
		}
	case ContextInfeasibleEvent:
		return e.evContextInfeasible(&v)
	case *ContextInfeasibleEvent:
		if v != nil {
			return e.evContextInfeasible(v)
		}
	case ContextCompactedEvent:
		return e.evContextCompacted(&v)
	case *ContextCompactedEvent:
		if v != nil {
			return e.evContextCompacted(v)
		}
	case PromptProgramCompiledEvent:
		return e.evPromptProgramCompiled(&v)
	case *PromptProgramCompiledEvent:
		if v != nil {
			return e.evPromptProgramCompiled(v)
		}
	case PromptProgramInvokedEvent:
		return e.evPromptProgramInvoked(&v)
	case *PromptProgramInvokedEvent:
		if v != nil {
			return e.evPromptProgramInvoked(v)
		}
	}
	// A nil pointer, or (impossible: LoopEvent is sealed) an unknown type.
	return failure(errNilEvent)
}
