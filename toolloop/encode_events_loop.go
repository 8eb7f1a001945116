package toolloop

// This file writes the 19 legacy events (§3 #1–19 of the specification).
// Member 0 of every table is the "event" tag.

var (
	conversationSeededEventFields = newEvent(tagConversationSeeded, "seed")
	conversationDeltaEventFields  = newEvent(tagConversationDelta, "record")
	turnObservedFields            = newEvent(tagTurnObserved, "turn", "actor", "output")
	toolCallObservedFields        = newEvent(tagToolCallObserved, "call")
	proposalObservedFields        = newEvent(tagProposalObserved, "call_id", "proposal")
	proposalCheckedFields         = newEvent(tagProposalChecked, "call_id", "proposal", "witness")
	effectAppliedFields           = newEvent(tagEffectApplied, "call_id", "mutated", "output")
	toolBatchConflictFields       = newEvent(tagToolBatchConflict, "call_id", "conflicts_with", "resources")
	effectDeniedFields            = newEvent(tagEffectDenied, "call_id", "reason", "class")
	candidateMeasuredFields       = newEvent(tagCandidateMeasured,
		"node_id", "generation", "candidate_id", "energy", "hard_pass", "residuals")
	gateDecisionRecordedFields = newEvent(tagGateDecisionRecorded,
		"node_id", "generation", "candidate_id", "decision", "observed_energy", "best_accepted_before")
	decisionBoundRefusedFields = newEvent(tagDecisionBoundRefused,
		"node_id", "generation", "bound", "decisions_used")
	candidateRestoredFields      = newEvent(tagCandidateRestored, "checkpoint_id")
	effectBoundaryMeasuredFields = newEvent(tagEffectBoundaryMeasured,
		"call_id", "node_id", "generation", "energy", "hard_pass", "residuals")
	contextCheckpointCreatedFields   = newEvent(tagContextCheckpointCreated, "checkpoint")
	durableCandidateCheckpointFields = newEvent(tagDurableCandidateCheckpoint,
		"candidate_id", "state_root", "control", "conversation", "birth_deps", "canonical_scope", "files")
	recoveryControlGrantedFields = newEvent(tagRecoveryControlGranted,
		"failure", "level", "forced_escalation", "model")
	routeFailoverFields     = newEvent(tagRouteFailover, "from_model", "to_model", "cause")
	recoveryContainedFields = newEvent(tagRecoveryContained, "reason", "restored_checkpoint_id")
)

func (e *encoder) evConversationSeeded(v *ConversationSeededEvent) *pathError {
	return e.object(conversationSeededEventFields, 0, func(int) *pathError {
		return e.conversationSeeded(&v.Seed)
	})
}

func (e *encoder) evConversationDelta(v *ConversationDeltaEvent) *pathError {
	return e.object(conversationDeltaEventFields, 0, func(int) *pathError {
		return e.conversationDeltaRecord(&v.Record)
	})
}

func (e *encoder) evTurnObserved(v *TurnObservedEvent) *pathError {
	return e.object(turnObservedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			e.uint(uint64(v.Turn))
		case 2:
			return e.str(v.Actor)
		default:
			return e.turnOutput(v.Output)
		}
		return nil
	})
}

func (e *encoder) evToolCallObserved(v *ToolCallObservedEvent) *pathError {
	return e.object(toolCallObservedFields, 0, func(int) *pathError {
		return e.providerToolCall(&v.Call)
	})
}

func (e *encoder) evProposalObserved(v *ProposalObservedEvent) *pathError {
	return e.object(proposalObservedFields, 0, func(i int) *pathError {
		if i == 1 {
			return e.str(v.CallID)
		}
		return e.effectProposal(&v.Proposal)
	})
}

func (e *encoder) evProposalChecked(v *ProposalCheckedEvent) *pathError {
	return e.object(proposalCheckedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CallID)
		case 2:
			return e.effectProposal(&v.Proposal)
		}
		return e.fullAdmissibilityWitness(&v.Witness)
	})
}

func (e *encoder) evEffectApplied(v *EffectAppliedEvent) *pathError {
	return e.object(effectAppliedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CallID)
		case 2:
			e.boolean(v.Mutated)
			return nil
		}
		return e.str(v.Output)
	})
}

func (e *encoder) evToolBatchConflict(v *ToolBatchConflictEvent) *pathError {
	return e.object(toolBatchConflictFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CallID)
		case 2:
			return e.str(v.ConflictsWith)
		}
		return writeStrings(e, v.Resources)
	})
}

func (e *encoder) evEffectDenied(v *EffectDeniedEvent) *pathError {
	return e.object(effectDeniedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CallID)
		case 2:
			return e.str(v.Reason)
		}
		return writeEnum(e, v.Class)
	})
}

func (e *encoder) evCandidateMeasured(v *CandidateMeasuredEvent) *pathError {
	return e.object(candidateMeasuredFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.NodeID)
		case 2:
			e.uint(uint64(v.Generation))
		case 3:
			return e.str(v.CandidateID)
		case 4:
			e.float(v.Energy)
		case 5:
			e.boolean(v.HardPass)
		default:
			return e.array(len(v.Residuals), func(j int) *pathError { return e.residual(&v.Residuals[j]) })
		}
		return nil
	})
}

func (e *encoder) evGateDecisionRecorded(v *GateDecisionRecordedEvent) *pathError {
	return e.object(gateDecisionRecordedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.NodeID)
		case 2:
			e.uint(uint64(v.Generation))
		case 3:
			return e.str(v.CandidateID)
		case 4:
			return e.gateDecision(v.Decision)
		case 5:
			e.optFloat(v.ObservedEnergy)
		default:
			e.optFloat(v.BestAcceptedBefore)
		}
		return nil
	})
}

func (e *encoder) evDecisionBoundRefused(v *DecisionBoundRefusedEvent) *pathError {
	return e.object(decisionBoundRefusedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.NodeID)
		case 2:
			e.uint(uint64(v.Generation))
		case 3:
			e.uint(v.Bound)
		default:
			e.uint(v.DecisionsUsed)
		}
		return nil
	})
}

func (e *encoder) evEffectBoundaryMeasured(v *EffectBoundaryMeasuredEvent) *pathError {
	return e.object(effectBoundaryMeasuredFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CallID)
		case 2:
			return e.str(v.NodeID)
		case 3:
			e.uint(uint64(v.Generation))
		case 4:
			e.float(v.Energy)
		case 5:
			e.boolean(v.HardPass)
		default:
			return e.array(len(v.Residuals), func(j int) *pathError { return e.residual(&v.Residuals[j]) })
		}
		return nil
	})
}

func (e *encoder) evContextCheckpointCreated(v *ContextCheckpointCreatedEvent) *pathError {
	return e.object(contextCheckpointCreatedFields, 0, func(int) *pathError {
		return e.contextCheckpoint(&v.Checkpoint)
	})
}

func (e *encoder) evDurableCandidateCheckpoint(v *DurableCandidateCheckpointEvent) *pathError {
	return e.object(durableCandidateCheckpointFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.CandidateID)
		case 2:
			return e.str(v.StateRoot)
		case 3:
			return e.controlFrame(&v.Control)
		case 4:
			return e.conversation(&v.Conversation)
		case 5:
			return e.array(len(v.BirthDeps), func(j int) *pathError { return e.stateDependency(v.BirthDeps[j]) })
		case 6:
			return writeStrings(e, v.CanonicalScope)
		}
		return e.array(len(v.Files), func(j int) *pathError { return e.durableSeedFile(&v.Files[j]) })
	})
}

func (e *encoder) evRecoveryControlGranted(v *RecoveryControlGrantedEvent) *pathError {
	return e.object(recoveryControlGrantedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return writeEnum(e, v.Failure)
		case 2:
			return writeEnum(e, v.Level)
		case 3:
			e.boolean(v.ForcedEscalation)
			return nil
		}
		return e.modelID(&v.Model)
	})
}

func (e *encoder) evRouteFailover(v *RouteFailoverEvent) *pathError {
	return e.object(routeFailoverFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.modelID(&v.FromModel)
		case 2:
			return e.modelID(&v.ToModel)
		}
		return e.str(v.Cause)
	})
}
