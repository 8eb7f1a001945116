package toolloop

// This file writes the structs of the conversation, residual and effect
// planes (§4.1 of the specification), members in declaration order (direct
// form) or bytewise key order (ledger form).

var (
	modelIDFields                 = newFields("provider", "model")
	providerToolCallFields        = newFields("call_id", "name", "arguments")
	conversationFields            = newFields("messages")
	conversationSeededFields      = newFields("event_schema_version", "conversation", "digest")
	conversationDeltaRecordFields = newFields("event_schema_version", "prior_digest", "delta", "digest")
	residualFields                = newFields("residual_id", "node_id", "generation", "component", "class",
		"severity", "score", "sensor", "evidence", "affected_paths", "affected_symbols", "correction_directions")
	sensorRefFields           = newFields("id", "route", "fingerprint")
	symbolRefFields           = newFields("name", "container")
	evidencePayloadFields     = newFields("summary", "raw", "structured")
	correctionDirectionFields = newFields("direction_id", "addresses", "instruction", "target_paths",
		"target_symbols", "rationale")
	effectProposalFields = newFields("proposal_id", "actor", "node_id", "generation", "effect", "path",
		"additional_paths", "command", "network_target", "risk", "risk_cost", "idempotency_key", "preconditions")
	stateWitnessFields             = newFields("resource", "content_hash")
	fullAdmissibilityWitnessFields = newFields("base", "contract", "barrier", "profile")
	admissibilityWitnessFields     = newFields("proposal_id", "actor", "capability_id", "authority_ok",
		"contract_ok", "effect_ok", "barrier_increment_ok", "risk_budget_ok", "decision", "recovery_class")
	contractWitnessFields = newFields("ok", "policy_version", "evidence_refs")
	barrierWitnessFields  = newFields("h_before", "expected_h_after_upper", "certified_increment",
		"unsafe_threshold", "evidence_refs")
)

func (e *encoder) modelID(v *ModelID) *pathError {
	return e.stringObject(modelIDFields, v.Provider, v.Model)
}

func (e *encoder) providerToolCall(v *ProviderToolCall) *pathError {
	return e.object(providerToolCallFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.CallID)
		case 1:
			return e.str(v.Name)
		}
		e.value(v.Arguments)
		return nil
	})
}

func (e *encoder) conversation(v *Conversation) *pathError {
	return e.object(conversationFields, 0, func(int) *pathError {
		return e.array(len(v.Messages), func(j int) *pathError { return e.message(v.Messages[j]) })
	})
}

func (e *encoder) conversationSeeded(v *ConversationSeeded) *pathError {
	return e.object(conversationSeededFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			e.uint(uint64(v.EventSchemaVersion))
			return nil
		case 1:
			return e.conversation(&v.Conversation)
		}
		return e.str(v.Digest)
	})
}

func (e *encoder) conversationDeltaRecord(v *ConversationDeltaRecord) *pathError {
	return e.object(conversationDeltaRecordFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			e.uint(uint64(v.EventSchemaVersion))
			return nil
		case 1:
			return e.str(v.PriorDigest)
		case 2:
			return e.conversationDelta(v.Delta)
		}
		return e.str(v.Digest)
	})
}

func (e *encoder) residual(v *ResidualEvent) *pathError {
	return e.object(residualFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.ResidualID)
		case 1:
			return e.str(v.NodeID)
		case 2:
			e.uint(uint64(v.Generation))
		case 3:
			return writeEnum(e, v.Component)
		case 4:
			return writeEnum(e, v.Class)
		case 5:
			return writeEnum(e, v.Severity)
		case 6:
			e.float(v.Score)
		case 7:
			return e.sensorRef(&v.Sensor)
		case 8:
			return e.evidencePayload(&v.Evidence)
		case 9:
			return writeStrings(e, v.AffectedPaths)
		case 10:
			return e.array(len(v.AffectedSymbols), func(j int) *pathError { return e.symbolRef(&v.AffectedSymbols[j]) })
		default:
			return e.array(len(v.CorrectionDirections), func(j int) *pathError { return e.correctionDirection(&v.CorrectionDirections[j]) })
		}
		return nil
	})
}

func (e *encoder) sensorRef(v *SensorRef) *pathError {
	var omit uint32
	if v.Fingerprint == "" { // DS
		omit = 1 << 2
	}
	return e.object(sensorRefFields, omit, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.ID)
		case 1:
			return writeEnum(e, v.Route)
		}
		return e.str(v.Fingerprint)
	})
}

func (e *encoder) symbolRef(v *SymbolRef) *pathError {
	return e.object(symbolRefFields, 0, func(i int) *pathError {
		if i == 0 {
			return e.str(v.Name)
		}
		return e.optStr(v.Container)
	})
}

func (e *encoder) evidencePayload(v *EvidencePayload) *pathError {
	return e.object(evidencePayloadFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.Summary)
		case 1:
			return e.optStr(v.Raw)
		}
		e.optValue(v.Structured)
		return nil
	})
}

func (e *encoder) correctionDirection(v *CorrectionDirection) *pathError {
	return e.object(correctionDirectionFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.DirectionID)
		case 1:
			return writeEnum(e, v.Addresses)
		case 2:
			return e.str(v.Instruction)
		case 3:
			return writeStrings(e, v.TargetPaths)
		case 4:
			return e.array(len(v.TargetSymbols), func(j int) *pathError { return e.symbolRef(&v.TargetSymbols[j]) })
		}
		return e.str(v.Rationale)
	})
}

func (e *encoder) effectProposal(v *EffectProposal) *pathError {
	return e.object(effectProposalFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.ProposalID)
		case 1:
			return e.str(string(v.Actor))
		case 2:
			return e.str(v.NodeID)
		case 3:
			e.uint(uint64(v.Generation))
		case 4:
			return writeEnum(e, v.Effect)
		case 5:
			return e.optStr(v.Path)
		case 6:
			return writeStrings(e, v.AdditionalPaths)
		case 7:
			return e.commandInvocation(v.Command)
		case 8:
			return e.optStr(v.NetworkTarget)
		case 9:
			return writeEnum(e, v.Risk)
		case 10:
			e.float(v.RiskCost)
		case 11:
			return e.str(v.IdempotencyKey)
		default:
			return e.array(len(v.Preconditions), func(j int) *pathError { return e.stateWitness(&v.Preconditions[j]) })
		}
		return nil
	})
}

func (e *encoder) stateWitness(v *StateWitness) *pathError {
	return e.stringObject(stateWitnessFields, v.Resource, v.ContentHash)
}

func (e *encoder) fullAdmissibilityWitness(v *FullAdmissibilityWitness) *pathError {
	return e.object(fullAdmissibilityWitnessFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.admissibilityWitness(&v.Base)
		case 1:
			if v.Contract == nil {
				e.lit("null")
				return nil
			}
			return e.contractWitness(v.Contract)
		case 2:
			if v.Barrier == nil {
				e.lit("null")
				return nil
			}
			return e.barrierWitness(v.Barrier)
		}
		return e.admissibilityProfile(v.Profile)
	})
}

func (e *encoder) admissibilityWitness(v *AdmissibilityWitness) *pathError {
	return e.object(admissibilityWitnessFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.ProposalID)
		case 1:
			return e.str(string(v.Actor))
		case 2:
			return e.optStr(v.CapabilityID)
		case 3:
			e.boolean(v.AuthorityOK)
		case 4:
			e.boolean(v.ContractOK)
		case 5:
			e.boolean(v.EffectOK)
		case 6:
			e.boolean(v.BarrierIncrementOK)
		case 7:
			e.boolean(v.RiskBudgetOK)
		case 8:
			return e.admissibilityDecision(v.Decision)
		default:
			if v.RecoveryClass == nil {
				e.lit("null")
				return nil
			}
			return writeEnum(e, *v.RecoveryClass)
		}
		return nil
	})
}

func (e *encoder) contractWitness(v *ContractWitness) *pathError {
	return e.object(contractWitnessFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			e.boolean(v.OK)
			return nil
		case 1:
			return e.str(v.PolicyVersion)
		}
		return writeStrings(e, v.EvidenceRefs)
	})
}

func (e *encoder) barrierWitness(v *BarrierWitness) *pathError {
	return e.object(barrierWitnessFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			e.float(v.HBefore)
		case 1:
			e.float(v.ExpectedHAfterUpper)
		case 2:
			e.float(v.CertifiedIncrement)
		case 3:
			e.float(v.UnsafeThreshold)
		default:
			return writeStrings(e, v.EvidenceRefs)
		}
		return nil
	})
}
