package toolloop

// This file writes the structs of the conversation, residual and effect
// planes (§4.1 of the specification), members in declaration order (direct
// form) or bytewise key order (ledger form).

var (
	modelIDFields                 = newStruct("provider", "model")
	providerToolCallFields        = newStruct("call_id", "name", "arguments")
	conversationFields            = newStruct("messages")
	conversationSeededFields      = newStruct("event_schema_version", "conversation", "digest")
	conversationDeltaRecordFields = newStruct("event_schema_version", "prior_digest", "delta", "digest")
	residualFields                = newStruct("residual_id", "node_id", "generation", "component", "class",
		"severity", "score", "sensor", "evidence", "affected_paths", "affected_symbols", "correction_directions")
	sensorRefFields           = newStruct("id", "route", "fingerprint")
	symbolRefFields           = newStruct("name", "container")
	evidencePayloadFields     = newStruct("summary", "raw", "structured")
	correctionDirectionFields = newStruct("direction_id", "addresses", "instruction", "target_paths",
		"target_symbols", "rationale")
	effectProposalFields = newStruct("proposal_id", "actor", "node_id", "generation", "effect", "path",
		"additional_paths", "command", "network_target", "risk", "risk_cost", "idempotency_key", "preconditions")
	stateWitnessFields             = newStruct("resource", "content_hash")
	fullAdmissibilityWitnessFields = newStruct("base", "contract", "barrier", "profile")
	admissibilityWitnessFields     = newStruct("proposal_id", "actor", "capability_id", "authority_ok",
		"contract_ok", "effect_ok", "barrier_increment_ok", "risk_budget_ok", "decision", "recovery_class")
	contractWitnessFields = newStruct("ok", "policy_version", "evidence_refs")
	barrierWitnessFields  = newStruct("h_before", "expected_h_after_upper", "certified_increment",
		"unsafe_threshold", "evidence_refs")
)

func (e *encoder) modelID(dst []byte, v *ModelID) ([]byte, *pathError) {
	return e.flatObject(dst, modelIDFields, mstr(v.Provider), mstr(v.Model))
}

// optContractWitness writes an Option<ContractWitness>: null for nil.
func (e *encoder) optContractWitness(dst []byte, v *ContractWitness) ([]byte, *pathError) {
	if v == nil {
		return append(dst, "null"...), nil
	}
	return e.contractWitness(dst, v)
}

// optBarrierWitness writes an Option<BarrierWitness>: null for nil.
func (e *encoder) optBarrierWitness(dst []byte, v *BarrierWitness) ([]byte, *pathError) {
	if v == nil {
		return append(dst, "null"...), nil
	}
	return e.barrierWitness(dst, v)
}

// optRecoveryClass writes an Option<RecoveryClass>: null for nil.
func (e *encoder) optRecoveryClass(dst []byte, p *RecoveryClass) ([]byte, *pathError) {
	if p == nil {
		return append(dst, "null"...), nil
	}
	return writeEnum(dst, *p)
}

func (e *encoder) providerToolCall(dst []byte, v *ProviderToolCall) ([]byte, *pathError) {
	f := providerToolCallFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.CallID)
		case 1:
			dst, err = e.str(dst, v.Name)
		case 2:
			dst = e.value(dst, v.Arguments)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) conversation(dst []byte, v *Conversation) ([]byte, *pathError) {
	f := conversationFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.list1(dst, v.Messages, len(v.Messages))
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) conversationSeeded(dst []byte, v *ConversationSeeded) ([]byte, *pathError) {
	f := conversationSeededFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst = e.uint(dst, uint64(v.EventSchemaVersion))
		case 1:
			dst, err = e.conversation(dst, &v.Conversation)
		case 2:
			dst, err = e.str(dst, v.Digest)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) conversationDeltaRecord(dst []byte, v *ConversationDeltaRecord) ([]byte, *pathError) {
	f := conversationDeltaRecordFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst = e.uint(dst, uint64(v.EventSchemaVersion))
		case 1:
			dst, err = e.str(dst, v.PriorDigest)
		case 2:
			dst, err = e.conversationDelta(dst, v.Delta)
		case 3:
			dst, err = e.str(dst, v.Digest)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) residual(dst []byte, v *ResidualEvent) ([]byte, *pathError) {
	f := residualFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.ResidualID)
		case 1:
			dst, err = e.str(dst, v.NodeID)
		case 2:
			dst = e.uint(dst, uint64(v.Generation))
		case 3:
			dst, err = writeEnum(dst, v.Component)
		case 4:
			dst, err = writeEnum(dst, v.Class)
		case 5:
			dst, err = writeEnum(dst, v.Severity)
		case 6:
			dst = e.float(dst, v.Score)
		case 7:
			dst, err = e.sensorRef(dst, &v.Sensor)
		case 8:
			dst, err = e.evidencePayload(dst, &v.Evidence)
		case 9:
			dst, err = writeStrings(e, dst, v.AffectedPaths)
		case 10:
			dst, err = e.list(dst, v.AffectedSymbols, len(v.AffectedSymbols))
		case 11:
			dst, err = e.list1(dst, v.CorrectionDirections, len(v.CorrectionDirections))
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) sensorRef(dst []byte, v *SensorRef) ([]byte, *pathError) {
	f := sensorRefFields
	omit := bit(v.Fingerprint == "", 2) // DS
	k := 0
	for _, i := range e.order(f) {
		if omit>>i&1 != 0 {
			continue
		}
		dst = e.key(dst, f, i, k)
		k++
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.ID)
		case 1:
			dst, err = writeEnum(dst, v.Route)
		case 2:
			dst, err = e.str(dst, v.Fingerprint)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) symbolRef(dst []byte, v *SymbolRef) ([]byte, *pathError) {
	f := symbolRefFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.Name)
		case 1:
			dst, err = e.optStr(dst, v.Container)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evidencePayload(dst []byte, v *EvidencePayload) ([]byte, *pathError) {
	f := evidencePayloadFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.Summary)
		case 1:
			dst, err = e.optStr(dst, v.Raw)
		case 2:
			dst = e.optValue(dst, v.Structured)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) correctionDirection(dst []byte, v *CorrectionDirection) ([]byte, *pathError) {
	f := correctionDirectionFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.DirectionID)
		case 1:
			dst, err = writeEnum(dst, v.Addresses)
		case 2:
			dst, err = e.str(dst, v.Instruction)
		case 3:
			dst, err = writeStrings(e, dst, v.TargetPaths)
		case 4:
			dst, err = e.list(dst, v.TargetSymbols, len(v.TargetSymbols))
		case 5:
			dst, err = e.str(dst, v.Rationale)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) effectProposal(dst []byte, v *EffectProposal) ([]byte, *pathError) {
	f := effectProposalFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.ProposalID)
		case 1:
			dst, err = e.str(dst, string(v.Actor))
		case 2:
			dst, err = e.str(dst, v.NodeID)
		case 3:
			dst = e.uint(dst, uint64(v.Generation))
		case 4:
			dst, err = writeEnum(dst, v.Effect)
		case 5:
			dst, err = e.optStr(dst, v.Path)
		case 6:
			dst, err = writeStrings(e, dst, v.AdditionalPaths)
		case 7:
			dst, err = e.commandInvocation(dst, v.Command)
		case 8:
			dst, err = e.optStr(dst, v.NetworkTarget)
		case 9:
			dst, err = writeEnum(dst, v.Risk)
		case 10:
			dst = e.float(dst, v.RiskCost)
		case 11:
			dst, err = e.str(dst, v.IdempotencyKey)
		case 12:
			dst, err = e.list(dst, v.Preconditions, len(v.Preconditions))
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) fullAdmissibilityWitness(dst []byte, v *FullAdmissibilityWitness) ([]byte, *pathError) {
	f := fullAdmissibilityWitnessFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.admissibilityWitness(dst, &v.Base)
		case 1:
			dst, err = e.optContractWitness(dst, v.Contract)
		case 2:
			dst, err = e.optBarrierWitness(dst, v.Barrier)
		case 3:
			dst, err = e.admissibilityProfile(dst, v.Profile)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) admissibilityWitness(dst []byte, v *AdmissibilityWitness) ([]byte, *pathError) {
	f := admissibilityWitnessFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.ProposalID)
		case 1:
			dst, err = e.str(dst, string(v.Actor))
		case 2:
			dst, err = e.optStr(dst, v.CapabilityID)
		case 3:
			dst = e.boolean(dst, v.AuthorityOK)
		case 4:
			dst = e.boolean(dst, v.ContractOK)
		case 5:
			dst = e.boolean(dst, v.EffectOK)
		case 6:
			dst = e.boolean(dst, v.BarrierIncrementOK)
		case 7:
			dst = e.boolean(dst, v.RiskBudgetOK)
		case 8:
			dst, err = e.admissibilityDecision(dst, v.Decision)
		case 9:
			dst, err = e.optRecoveryClass(dst, v.RecoveryClass)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) contractWitness(dst []byte, v *ContractWitness) ([]byte, *pathError) {
	f := contractWitnessFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst = e.boolean(dst, v.OK)
		case 1:
			dst, err = e.str(dst, v.PolicyVersion)
		case 2:
			dst, err = writeStrings(e, dst, v.EvidenceRefs)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) barrierWitness(dst []byte, v *BarrierWitness) ([]byte, *pathError) {
	f := barrierWitnessFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst = e.float(dst, v.HBefore)
		case 1:
			dst = e.float(dst, v.ExpectedHAfterUpper)
		case 2:
			dst = e.float(dst, v.CertifiedIncrement)
		case 3:
			dst = e.float(dst, v.UnsafeThreshold)
		case 4:
			dst, err = writeStrings(e, dst, v.EvidenceRefs)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}
