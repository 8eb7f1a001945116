package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// member decodes the value whose first token is k into dst, a pointer to a
// field, sequence element or Option target of one of the wire types. Every
// destination type is a case of one type switch calling its reader
// directly, so member tables hold plain pointers (no boxing) and nothing a
// reader is given escapes through an indirect call.
func (d *decoder) member(dst any, k canon.Kind) error {
	switch p := dst.(type) {
	// Scalars, newtypes and Values.
	case *string:
		return readString(d, k, p)
	case *ActorID:
		return readString(d, k, p)
	case *PromptSectionID:
		return readString(d, k, p)
	case *CorrectionPacketRef:
		return readString(d, k, p)
	case *ObligationRef:
		return readString(d, k, p)
	case *TurnOutputText:
		return readString(d, k, p)
	case *ModelFamilyOther:
		return readString(d, k, p)
	case *OverrideOriginFamily:
		return readString(d, k, p)
	case *OverrideOriginExactModel:
		return readString(d, k, p)
	case *StateDependencyAcceptedRoot:
		return readString(d, k, p)
	case *StateDependencyPartialCheckpointRoot:
		return readString(d, k, p)
	case *StateDependencyPathBlob:
		return readPathBlob(d, k, p)
	case *uint32:
		return readUint(d, k, p)
	case *uint64:
		return readUint(d, k, p)
	case *PromptSectionVersion:
		return readUint(d, k, p)
	case *float64:
		return readFloat(d, k, p)
	case *bool:
		return readBool(d, k, p)
	case *Value:
		return readValue(d, k, p)
	case *map[string]string:
		return readStringMap(d, k, p)
	case *ResidualSummaryEntry:
		return readSummaryEntry(d, k, p)

	// Options.
	case **string:
		return readOption(d, k, p)
	case **float64:
		return readOption(d, k, p)
	case **Value:
		return readOption(d, k, p)
	case **CorrectionPacketRef:
		return readOption(d, k, p)
	case **RecoveryClass:
		return readOption(d, k, p)
	case **ContractWitness:
		return readOption(d, k, p)
	case **BarrierWitness:
		return readOption(d, k, p)

	// Unit-only enums.
	case *EnergyComponent:
		return readEnum(d, k, p, energyComponentValues)
	case *ResidualClass:
		return readEnum(d, k, p, residualClassValues)
	case *ResidualSeverity:
		return readEnum(d, k, p, residualSeverityValues)
	case *IndependenceRoute:
		return readEnum(d, k, p, independenceRouteValues)
	case *EffectKind:
		return readEnum(d, k, p, effectKindValues)
	case *RiskClass:
		return readEnum(d, k, p, riskClassValues)
	case *DenyReason:
		return readEnum(d, k, p, denyReasonValues)
	case *RecoveryClass:
		return readEnum(d, k, p, recoveryClassValues)
	case *ClauseID:
		return readEnum(d, k, p, clauseIDValues)
	case *FailureKind:
		return readEnum(d, k, p, failureKindValues)
	case *CascadeLevel:
		return readEnum(d, k, p, cascadeLevelValues)
	case *PromptStage:
		return readEnum(d, k, p, promptStageValues)
	case *PromptMessageRole:
		return readEnum(d, k, p, promptMessageRoleValues)

	// Enums with data.
	case *Message:
		return readMessage(d, k, p)
	case *ConversationDelta:
		return readConversationDelta(d, k, p)
	case *CommandInvocation:
		return readOptionalCommand(d, k, p)
	case *AdmissibilityDecision:
		return readAdmissibilityDecision(d, k, p)
	case *AdmissibilityProfile:
		return readAdmissibilityProfile(d, k, p)
	case *GateDecision:
		return readGateDecision(d, k, p)
	case *TurnOutput:
		return readTurnOutput(d, k, p)
	case *ModelFamily:
		return readModelFamily(d, k, p)
	case *OverrideOrigin:
		return readOverrideOrigin(d, k, p)
	case *StateDependency:
		return readStateDependency(d, k, p)

	// Structs.
	case *ModelID:
		return readModelID(d, k, p)
	case *ProviderToolCall:
		return readProviderToolCall(d, k, p)
	case *Conversation:
		return readConversation(d, k, p)
	case *ConversationSeeded:
		return readConversationSeeded(d, k, p)
	case *ConversationDeltaRecord:
		return readConversationDeltaRecord(d, k, p)
	case *ResidualEvent:
		return readResidualEvent(d, k, p)
	case *SensorRef:
		return readSensorRef(d, k, p)
	case *SymbolRef:
		return readSymbolRef(d, k, p)
	case *EvidencePayload:
		return readEvidencePayload(d, k, p)
	case *CorrectionDirection:
		return readCorrectionDirection(d, k, p)
	case *EffectProposal:
		return readEffectProposal(d, k, p)
	case *StateWitness:
		return readStateWitness(d, k, p)
	case *FullAdmissibilityWitness:
		return readFullAdmissibilityWitness(d, k, p)
	case *AdmissibilityWitness:
		return readAdmissibilityWitness(d, k, p)
	case *ContractWitness:
		return readContractWitness(d, k, p)
	case *BarrierWitness:
		return readBarrierWitness(d, k, p)
	case *ContextCheckpoint:
		return readContextCheckpoint(d, k, p)
	case *ControlFrame:
		return readControlFrame(d, k, p)
	case *DurableSeedFile:
		return readDurableSeedFile(d, k, p)
	case *SearchLimits:
		return readSearchLimits(d, k, p)
	case *SearchUsage:
		return readSearchUsage(d, k, p)
	case *WitnessRef:
		return readWitnessRef(d, k, p)
	case *PartialCheckpointRef:
		return readPartialCheckpointRef(d, k, p)
	case *BranchMeasurement:
		return readBranchMeasurement(d, k, p)
	case *CompiledPromptProgram:
		return readCompiledPromptProgram(d, k, p)
	case *PromptRoute:
		return readPromptRoute(d, k, p)
	case *DialectRef:
		return readDialectRef(d, k, p)
	case *CompiledPromptMessage:
		return readCompiledPromptMessage(d, k, p)
	case *SectionProvenance:
		return readSectionProvenance(d, k, p)
	}
	return d.sequence(dst, k)
}

// sequence decodes the array whose first token is k into dst, a pointer to
// a slice of one of the element types member knows.
func (d *decoder) sequence(dst any, k canon.Kind) error {
	switch p := dst.(type) {
	case *[]string:
		return readArray(d, k, p)
	case *[]ObligationRef:
		return readArray(d, k, p)
	case *[]PromptSectionID:
		return readArray(d, k, p)
	case *[]ClauseID:
		return readArray(d, k, p)
	case *[]ModelID:
		return readArray(d, k, p)
	case *[]ProviderToolCall:
		return readArray(d, k, p)
	case *[]Message:
		return readArray(d, k, p)
	case *[]ResidualEvent:
		return readArray(d, k, p)
	case *[]SymbolRef:
		return readArray(d, k, p)
	case *[]CorrectionDirection:
		return readArray(d, k, p)
	case *[]StateWitness:
		return readArray(d, k, p)
	case *[]ResidualSummaryEntry:
		return readArray(d, k, p)
	case *[]StateDependency:
		return readArray(d, k, p)
	case *[]DurableSeedFile:
		return readArray(d, k, p)
	case *[]CompiledPromptMessage:
		return readArray(d, k, p)
	case *[]SectionProvenance:
		return readArray(d, k, p)
	case *TurnOutputToolCalls:
		return readArray(d, k, (*[]ProviderToolCall)(p))
	}
	return decodeFail("no reader for this member type")
}
