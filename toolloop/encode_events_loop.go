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

func (e *encoder) evConversationSeeded(dst []byte, v *ConversationSeededEvent) ([]byte, *pathError) {
	f := conversationSeededEventFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.conversationSeeded(dst, &v.Seed)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evConversationDelta(dst []byte, v *ConversationDeltaEvent) ([]byte, *pathError) {
	f := conversationDeltaEventFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.conversationDeltaRecord(dst, &v.Record)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evTurnObserved(dst []byte, v *TurnObservedEvent) ([]byte, *pathError) {
	f := turnObservedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst = e.uint(dst, uint64(v.Turn))
		case 2:
			dst, err = e.str(dst, v.Actor)
		case 3:
			dst, err = e.turnOutput(dst, v.Output)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evToolCallObserved(dst []byte, v *ToolCallObservedEvent) ([]byte, *pathError) {
	f := toolCallObservedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.providerToolCall(dst, &v.Call)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evProposalObserved(dst []byte, v *ProposalObservedEvent) ([]byte, *pathError) {
	f := proposalObservedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.CallID)
		case 2:
			dst, err = e.effectProposal(dst, &v.Proposal)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evProposalChecked(dst []byte, v *ProposalCheckedEvent) ([]byte, *pathError) {
	f := proposalCheckedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.CallID)
		case 2:
			dst, err = e.effectProposal(dst, &v.Proposal)
		case 3:
			dst, err = e.fullAdmissibilityWitness(dst, &v.Witness)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evToolBatchConflict(dst []byte, v *ToolBatchConflictEvent) ([]byte, *pathError) {
	f := toolBatchConflictFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.CallID)
		case 2:
			dst, err = e.str(dst, v.ConflictsWith)
		case 3:
			dst, err = writeStrings(e, dst, v.Resources)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evCandidateMeasured(dst []byte, v *CandidateMeasuredEvent) ([]byte, *pathError) {
	f := candidateMeasuredFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.NodeID)
		case 2:
			dst = e.uint(dst, uint64(v.Generation))
		case 3:
			dst, err = e.str(dst, v.CandidateID)
		case 4:
			dst = e.float(dst, v.Energy)
		case 5:
			dst = e.boolean(dst, v.HardPass)
		case 6:
			dst, err = e.residuals(dst, v.Residuals)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evGateDecisionRecorded(dst []byte, v *GateDecisionRecordedEvent) ([]byte, *pathError) {
	f := gateDecisionRecordedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.NodeID)
		case 2:
			dst = e.uint(dst, uint64(v.Generation))
		case 3:
			dst, err = e.str(dst, v.CandidateID)
		case 4:
			dst, err = e.gateDecision(dst, v.Decision)
		case 5:
			dst = e.optFloat(dst, v.ObservedEnergy)
		case 6:
			dst = e.optFloat(dst, v.BestAcceptedBefore)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evEffectBoundaryMeasured(dst []byte, v *EffectBoundaryMeasuredEvent) ([]byte, *pathError) {
	f := effectBoundaryMeasuredFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.CallID)
		case 2:
			dst, err = e.str(dst, v.NodeID)
		case 3:
			dst = e.uint(dst, uint64(v.Generation))
		case 4:
			dst = e.float(dst, v.Energy)
		case 5:
			dst = e.boolean(dst, v.HardPass)
		case 6:
			dst, err = e.residuals(dst, v.Residuals)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evContextCheckpointCreated(dst []byte, v *ContextCheckpointCreatedEvent) ([]byte, *pathError) {
	f := contextCheckpointCreatedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.contextCheckpoint(dst, &v.Checkpoint)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evDurableCandidateCheckpoint(dst []byte, v *DurableCandidateCheckpointEvent) ([]byte, *pathError) {
	f := durableCandidateCheckpointFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.CandidateID)
		case 2:
			dst, err = e.str(dst, v.StateRoot)
		case 3:
			dst, err = e.controlFrame(dst, &v.Control)
		case 4:
			dst, err = e.conversation(dst, &v.Conversation)
		case 5:
			dst, err = e.list(dst, v.BirthDeps, len(v.BirthDeps))
		case 6:
			dst, err = writeStrings(e, dst, v.CanonicalScope)
		case 7:
			dst, err = e.list(dst, v.Files, len(v.Files))
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evRecoveryControlGranted(dst []byte, v *RecoveryControlGrantedEvent) ([]byte, *pathError) {
	f := recoveryControlGrantedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = writeEnum(dst, v.Failure)
		case 2:
			dst, err = writeEnum(dst, v.Level)
		case 3:
			dst = e.boolean(dst, v.ForcedEscalation)
		case 4:
			dst, err = e.modelID(dst, &v.Model)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evRouteFailover(dst []byte, v *RouteFailoverEvent) ([]byte, *pathError) {
	f := routeFailoverFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.modelID(dst, &v.FromModel)
		case 2:
			dst, err = e.modelID(dst, &v.ToModel)
		case 3:
			dst, err = e.str(dst, v.Cause)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}
