package toolloop

// This file dispatches a LoopEvent to its writer: a flat object (see
// flatObject) for the events whose members are all strings, integers,
// booleans or unit-enum values, else the event's writer in
// encode_events_loop.go, encode_events_search.go or
// encode_events_context.go. An event given as a non-nil pointer is written as
// the value it points to, by the dispatcher calling itself (see the note on
// recursion in encode_arrays.go).

// errNilEvent is the reason given for a nil LoopEvent or nil event pointer.
const errNilEvent = "nil event"

// event writes ev, internally tagged by "event", in the encoder's form. A
// failure inside the event is named after it by its table (see newEvent).
// Go compiles a type switch over concrete types into a jump table on the
// type's hash, so one switch over all 86 cases costs what a small one does.
func (e *encoder) event(dst []byte, ev LoopEvent) ([]byte, *pathError) {
	switch v := ev.(type) {
	case ConversationSeededEvent:
		return e.evConversationSeeded(dst, &v)
	case ConversationDeltaEvent:
		return e.evConversationDelta(dst, &v)
	case TurnObservedEvent:
		return e.evTurnObserved(dst, &v)
	case ToolCallObservedEvent:
		return e.evToolCallObserved(dst, &v)
	case ProposalObservedEvent:
		return e.evProposalObserved(dst, &v)
	case ProposalCheckedEvent:
		return e.evProposalChecked(dst, &v)
	case EffectAppliedEvent:
		return e.flatObject(dst, effectAppliedFields, mstr(v.CallID), mbool(v.Mutated), mstr(v.Output))
	case ToolBatchConflictEvent:
		return e.evToolBatchConflict(dst, &v)
	case EffectDeniedEvent:
		return e.flatObject(dst, effectDeniedFields, mstr(v.CallID), mstr(v.Reason), menum(v.Class))
	case CandidateMeasuredEvent:
		return e.evCandidateMeasured(dst, &v)
	case GateDecisionRecordedEvent:
		return e.evGateDecisionRecorded(dst, &v)
	case DecisionBoundRefusedEvent:
		return e.flatObject(dst, decisionBoundRefusedFields, mstr(v.NodeID), muint(uint64(v.Generation)), muint(v.Bound), muint(v.DecisionsUsed))
	case CandidateRestoredEvent:
		return e.flatObject(dst, candidateRestoredFields, mstr(v.CheckpointID))
	case EffectBoundaryMeasuredEvent:
		return e.evEffectBoundaryMeasured(dst, &v)
	case ContextCheckpointCreatedEvent:
		return e.evContextCheckpointCreated(dst, &v)
	case DurableCandidateCheckpointEvent:
		return e.evDurableCandidateCheckpoint(dst, &v)
	case RecoveryControlGrantedEvent:
		return e.evRecoveryControlGranted(dst, &v)
	case RouteFailoverEvent:
		return e.evRouteFailover(dst, &v)
	case RecoveryContainedEvent:
		return e.flatObject(dst, recoveryContainedFields, mstr(v.Reason), mstr(v.RestoredCheckpointID))
	case SearchOpenedEvent:
		return e.evSearchOpened(dst, &v)
	case SearchUsageSnapshotEvent:
		return e.evSearchUsageSnapshot(dst, &v)
	case BranchForkedEvent:
		return e.evBranchForked(dst, &v)
	case BranchStrategySelectedEvent:
		return e.flatObject(dst, branchStrategySelectedFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.StrategyID))
	case BranchObservationEvent:
		return e.flatObject(dst, branchObservationFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.Observation))
	case BranchCandidateMeasuredEvent:
		return e.evBranchCandidateMeasured(dst, &v)
	case PartialCheckpointedEvent:
		return e.evPartialCheckpointed(dst, &v)
	case FrontierEpochStartedEvent:
		return e.flatObject(dst, frontierEpochStartedFields, mstr(v.ForestID), muint(v.Epoch), mstr(v.ForestDigest))
	case FrontierEntryServedEvent:
		return e.flatObject(dst, frontierEntryServedFields, mstr(v.ForestID), mstr(v.BranchID), muint(v.Epoch))
	case BranchIneligibleEvent:
		return e.flatObject(dst, branchIneligibleFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.Reason))
	case BranchNotSelectedEvent:
		return e.flatObject(dst, branchNotSelectedFields, mstr(v.ForestID), mstr(v.BranchID))
	case BranchAbandonedEvent:
		return e.flatObject(dst, branchAbandonedFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.Reason))
	case BranchSelectedEvent:
		return e.flatObject(dst, branchSelectedFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.CandidateID))
	case BranchCommittedEvent:
		return e.evBranchCommitted(dst, &v)
	case NoGoodRecordedEvent:
		return e.flatObject(dst, noGoodRecordedFields, mstr(v.ForestID), mstr(v.BranchID), mstr(v.Key), mstr(v.EvidenceHash), mstr(v.SupportKind))
	case SearchClosedEvent:
		return e.evSearchClosed(dst, &v)
	case ContextWorkingSetEvent:
		return e.evContextWorkingSet(dst, &v)
	case ContextPagesSelectedEvent:
		return e.evContextPagesSelected(dst, &v)
	case ContextMissEvent:
		return e.flatObject(dst, contextMissFields, mstr(v.ForestID), mstr(v.BranchID), muint(uint64(v.Turn)), mstr(v.Key))
	case ContextPageRecalledEvent:
		return e.flatObject(dst, contextPageRecalledFields, mstr(v.ForestID), mstr(v.BranchID), muint(uint64(v.Turn)), mstr(v.PageID))
	case ContextInfeasibleEvent:
		return e.flatObject(dst, contextInfeasibleFields, mstr(v.ForestID), mstr(v.BranchID), muint(uint64(v.Turn)), muint(v.Required), muint(v.Allowance))
	case ContextCompactedEvent:
		return e.evContextCompacted(dst, &v)
	case PromptProgramCompiledEvent:
		return e.evPromptProgramCompiled(dst, &v)
	case PromptProgramInvokedEvent:
		return e.flatObject(dst, promptProgramInvokedFields, muint(uint64(v.Turn)), mstr(v.InvocationDigest), mstr(v.PlatformDigest), mstr(v.DomainDigest), mstr(v.ToolSpecHash), mstr(v.ResidentContextDigest))
	case *ConversationSeededEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ConversationDeltaEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *TurnObservedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ToolCallObservedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ProposalObservedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ProposalCheckedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *EffectAppliedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ToolBatchConflictEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *EffectDeniedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *CandidateMeasuredEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *GateDecisionRecordedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *DecisionBoundRefusedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *CandidateRestoredEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *EffectBoundaryMeasuredEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextCheckpointCreatedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *DurableCandidateCheckpointEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *RecoveryControlGrantedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *RouteFailoverEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *RecoveryContainedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *SearchOpenedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *SearchUsageSnapshotEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchForkedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchStrategySelectedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchObservationEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchCandidateMeasuredEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *PartialCheckpointedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *FrontierEpochStartedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *FrontierEntryServedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchIneligibleEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchNotSelectedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchAbandonedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchSelectedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *BranchCommittedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *NoGoodRecordedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *SearchClosedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextWorkingSetEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextPagesSelectedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextMissEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextPageRecalledEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextInfeasibleEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *ContextCompactedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *PromptProgramCompiledEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	case *PromptProgramInvokedEvent:
		if v != nil {
			return e.event(dst, *v)
		}
	default:
		if ev != nil {
			return dst, foreignVariant("LoopEvent")
		}
	}
	return dst, encodeFail(errNilEvent)
}
