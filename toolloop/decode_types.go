package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file holds the readers of the structs of §4.1 of the specification,
// one per type, each listing the type's members in declaration order with
// their markers (members without absentOK are required).

func readModelID(d *decoder, k canon.Kind, v *ModelID) error {
	return d.object(k, "", []decMember{
		{"provider", &v.Provider, false},
		{"model", &v.Model, false},
	})
}

func readProviderToolCall(d *decoder, k canon.Kind, v *ProviderToolCall) error {
	return d.object(k, "", []decMember{
		{"call_id", &v.CallID, false},
		{"name", &v.Name, false},
		{"arguments", &v.Arguments, false},
	})
}

func readConversation(d *decoder, k canon.Kind, v *Conversation) error {
	return d.object(k, "", []decMember{
		{"messages", listOf(&v.Messages, readMessage), false},
	})
}

func readConversationSeeded(d *decoder, k canon.Kind, v *ConversationSeeded) error {
	return d.object(k, "", []decMember{
		{"event_schema_version", &v.EventSchemaVersion, false},
		{"conversation", via(&v.Conversation, readConversation), false},
		{"digest", &v.Digest, false},
	})
}

func readConversationDeltaRecord(d *decoder, k canon.Kind, v *ConversationDeltaRecord) error {
	return d.object(k, "", []decMember{
		{"event_schema_version", &v.EventSchemaVersion, false},
		{"prior_digest", &v.PriorDigest, false},
		{"delta", via(&v.Delta, readConversationDelta), false},
		{"digest", &v.Digest, false},
	})
}

func readResidualEvent(d *decoder, k canon.Kind, v *ResidualEvent) error {
	return d.object(k, "", []decMember{
		{"residual_id", &v.ResidualID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"component", via(&v.Component, readEnum[EnergyComponent]), false},
		{"class", via(&v.Class, readEnum[ResidualClass]), false},
		{"severity", via(&v.Severity, readEnum[ResidualSeverity]), false},
		{"score", &v.Score, false},
		{"sensor", via(&v.Sensor, readSensorRef), false},
		{"evidence", via(&v.Evidence, readEvidencePayload), false},
		{"affected_paths", &v.AffectedPaths, false},
		{"affected_symbols", listOf(&v.AffectedSymbols, readSymbolRef), false},
		{"correction_directions", listOf(&v.CorrectionDirections, readCorrectionDirection), false},
	})
}

func readSensorRef(d *decoder, k canon.Kind, v *SensorRef) error {
	return d.object(k, "", []decMember{
		{"id", &v.ID, false},
		{"route", via(&v.Route, readEnum[IndependenceRoute]), false},
		{"fingerprint", &v.Fingerprint, absentOK},
	})
}

func readSymbolRef(d *decoder, k canon.Kind, v *SymbolRef) error {
	return d.object(k, "", []decMember{
		{"name", &v.Name, false},
		{"container", &v.Container, absentOK},
	})
}

func readEvidencePayload(d *decoder, k canon.Kind, v *EvidencePayload) error {
	return d.object(k, "", []decMember{
		{"summary", &v.Summary, false},
		{"raw", &v.Raw, absentOK},
		{"structured", &v.Structured, absentOK},
	})
}

func readCorrectionDirection(d *decoder, k canon.Kind, v *CorrectionDirection) error {
	return d.object(k, "", []decMember{
		{"direction_id", &v.DirectionID, false},
		{"addresses", via(&v.Addresses, readEnum[ResidualClass]), false},
		{"instruction", &v.Instruction, false},
		{"target_paths", &v.TargetPaths, false},
		{"target_symbols", listOf(&v.TargetSymbols, readSymbolRef), false},
		{"rationale", &v.Rationale, false},
	})
}

func readEffectProposal(d *decoder, k canon.Kind, v *EffectProposal) error {
	return d.object(k, "", []decMember{
		{"proposal_id", &v.ProposalID, false},
		{"actor", via(&v.Actor, readString[ActorID]), false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"effect", via(&v.Effect, readEnum[EffectKind]), false},
		{"path", &v.Path, absentOK},
		{"additional_paths", &v.AdditionalPaths, absentOK},
		{"command", via(&v.Command, readOptionalCommand), absentOK},
		{"network_target", &v.NetworkTarget, absentOK},
		{"risk", via(&v.Risk, readEnum[RiskClass]), false},
		{"risk_cost", &v.RiskCost, false},
		{"idempotency_key", &v.IdempotencyKey, false},
		{"preconditions", listOf(&v.Preconditions, readStateWitness), false},
	})
}

func readStateWitness(d *decoder, k canon.Kind, v *StateWitness) error {
	return d.object(k, "", []decMember{
		{"resource", &v.Resource, false},
		{"content_hash", &v.ContentHash, false},
	})
}

func readFullAdmissibilityWitness(d *decoder, k canon.Kind, v *FullAdmissibilityWitness) error {
	return d.object(k, "", []decMember{
		{"base", via(&v.Base, readAdmissibilityWitness), false},
		{"contract", optionOf(&v.Contract, readContractWitness), absentOK},
		{"barrier", optionOf(&v.Barrier, readBarrierWitness), absentOK},
		{"profile", via(&v.Profile, readAdmissibilityProfile), false},
	})
}

func readAdmissibilityWitness(d *decoder, k canon.Kind, v *AdmissibilityWitness) error {
	return d.object(k, "", []decMember{
		{"proposal_id", &v.ProposalID, false},
		{"actor", via(&v.Actor, readString[ActorID]), false},
		{"capability_id", &v.CapabilityID, absentOK},
		{"authority_ok", &v.AuthorityOK, false},
		{"contract_ok", &v.ContractOK, false},
		{"effect_ok", &v.EffectOK, false},
		{"barrier_increment_ok", &v.BarrierIncrementOK, false},
		{"risk_budget_ok", &v.RiskBudgetOK, false},
		{"decision", via(&v.Decision, readAdmissibilityDecision), false},
		{"recovery_class", optionOf(&v.RecoveryClass, readEnum[RecoveryClass]), absentOK},
	})
}

func readContractWitness(d *decoder, k canon.Kind, v *ContractWitness) error {
	return d.object(k, "", []decMember{
		{"ok", &v.OK, false},
		{"policy_version", &v.PolicyVersion, false},
		{"evidence_refs", &v.EvidenceRefs, false},
	})
}

func readBarrierWitness(d *decoder, k canon.Kind, v *BarrierWitness) error {
	return d.object(k, "", []decMember{
		{"h_before", &v.HBefore, false},
		{"expected_h_after_upper", &v.ExpectedHAfterUpper, false},
		{"certified_increment", &v.CertifiedIncrement, false},
		{"unsafe_threshold", &v.UnsafeThreshold, false},
		{"evidence_refs", &v.EvidenceRefs, false},
	})
}

func readContextCheckpoint(d *decoder, k canon.Kind, v *ContextCheckpoint) error {
	return d.object(k, "", []decMember{
		{"parent", &v.Parent, absentOK},
		{"covered_from", &v.CoveredFrom, false},
		{"covered_to", &v.CoveredTo, false},
		{"covered_event_root", &v.CoveredEventRoot, false},
		{"control", via(&v.Control, readControlFrame), false},
		{"artifact_refs", &v.ArtifactRefs, false},
		{"narrative_observation", &v.NarrativeObservation, absentOK},
	})
}

func readControlFrame(d *decoder, k canon.Kind, v *ControlFrame) error {
	return d.object(k, "", []decMember{
		{"projection_digest", &v.ProjectionDigest, absentOK},
		{"event_schema_version", &v.EventSchemaVersion, absentOK},
		{"prompt_invocation_digest", &v.PromptInvocationDigest, absentOK},
		{"prompt_manifest_digest", &v.PromptManifestDigest, absentOK},
		{"resident_context_digest", &v.ResidentContextDigest, absentOK},
		{"node_id", &v.NodeID, absentOK},
		{"goal", &v.Goal, false},
		{"node_generation", &v.NodeGeneration, false},
		{"accepted_state_root", &v.AcceptedStateRoot, false},
		{"graph_revision", &v.GraphRevision, false},
		{"capability_ids", &v.CapabilityIDs, false},
		{"authority_epoch", &v.AuthorityEpoch, false},
		{"remaining_rejection_budget", &v.RemainingRejectionBudget, false},
		{"remaining_turns", &v.RemainingTurns, false},
		{"active_model", via(&v.ActiveModel, readModelID), false},
		{"remaining_fallback_models", listOf(&v.RemainingFallbackModels, readModelID), false},
		{"activated_tools", &v.ActivatedTools, false},
		{"unresolved_call_ids", &v.UnresolvedCallIDs, false},
		{"residual_summary", listOf(&v.ResidualSummary, readSummaryEntry), false},
	})
}

func readDurableSeedFile(d *decoder, k canon.Kind, v *DurableSeedFile) error {
	return d.object(k, "", []decMember{
		{"path", &v.Path, false},
		{"content_artifact", &v.ContentArtifact, absentOK},
		{"source_preimage_artifact", &v.SourcePreimageArtifact, absentOK},
	})
}

func readSearchLimits(d *decoder, k canon.Kind, v *SearchLimits) error {
	m := searchMembers(&v.Actions, &v.ModelTurns, &v.ToolCalls, &v.Mutations, &v.VerifierRuns,
		&v.Tokens, &v.ElapsedSecs, &v.ResultBytes, &v.WorkspaceFiles, &v.WorkspaceBytes, nil)
	return d.object(k, "", m[:10])
}

func readSearchUsage(d *decoder, k canon.Kind, v *SearchUsage) error {
	m := searchMembers(&v.Actions, &v.ModelTurns, &v.ToolCalls, &v.Mutations, &v.VerifierRuns,
		&v.Tokens, &v.ElapsedSecs, &v.ResultBytes, &v.WorkspaceFiles, &v.WorkspaceBytes, &v.Closed)
	return d.object(k, "", m[:])
}

// searchMembers lists the members of SearchLimits (the first ten, all
// required) or, when closed is not nil, of SearchUsage (the same ten with
// elapsed_secs defaulted, then the required closed).
func searchMembers(actions, modelTurns, toolCalls, mutations, verifierRuns *uint32,
	tokens, elapsedSecs, resultBytes, workspaceFiles, workspaceBytes *uint64, closed *bool) [11]decMember {
	return [11]decMember{
		{"actions", actions, false},
		{"model_turns", modelTurns, false},
		{"tool_calls", toolCalls, false},
		{"mutations", mutations, false},
		{"verifier_runs", verifierRuns, false},
		{"tokens", tokens, false},
		{"elapsed_secs", elapsedSecs, closed != nil},
		{"result_bytes", resultBytes, false},
		{"workspace_files", workspaceFiles, false},
		{"workspace_bytes", workspaceBytes, false},
		{"closed", closed, false},
	}
}

func readWitnessRef(d *decoder, k canon.Kind, v *WitnessRef) error {
	return d.object(k, "", []decMember{
		{"accepted_root", &v.AcceptedRoot, false},
		{"chain", &v.Chain, false},
	})
}

func readPartialCheckpointRef(d *decoder, k canon.Kind, v *PartialCheckpointRef) error {
	return d.object(k, "", []decMember{
		{"state_root", &v.StateRoot, false},
		{"accepted_ancestor", &v.AcceptedAncestor, false},
		{"parent_witness", via(&v.ParentWitness, readWitnessRef), false},
		{"correction", optionOf(&v.Correction, readString[CorrectionPacketRef]), absentOK},
		{"remaining_obligations", listOf(&v.RemainingObligations, readString[ObligationRef]), absentOK},
		{"evidence_digest", &v.EvidenceDigest, false},
	})
}

func readBranchMeasurement(d *decoder, k canon.Kind, v *BranchMeasurement) error {
	return d.object(k, "", []decMember{
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", listOf(&v.Residuals, readResidualEvent), false},
		{"sensor_profile", &v.SensorProfile, false},
		{"cost", &v.Cost, false},
	})
}

func readCompiledPromptProgram(d *decoder, k canon.Kind, v *CompiledPromptProgram) error {
	return d.object(k, "", []decMember{
		{"route", via(&v.Route, readPromptRoute), false},
		{"stage", via(&v.Stage, readEnum[PromptStage]), false},
		{"dialect", via(&v.Dialect, readDialectRef), false},
		{"messages", listOf(&v.Messages, readCompiledPromptMessage), false},
		{"dropped_sections", listOf(&v.DroppedSections, readString[PromptSectionID]), false},
		{"tool_spec_hash", &v.ToolSpecHash, false},
		{"program_digest", &v.ProgramDigest, false},
	})
}

func readPromptRoute(d *decoder, k canon.Kind, v *PromptRoute) error {
	return d.object(k, "", []decMember{
		{"adapter", &v.Adapter, false},
		{"family", via(&v.Family, readModelFamily), false},
		{"exact_model", &v.ExactModel, absentOK},
	})
}

func readDialectRef(d *decoder, k canon.Kind, v *DialectRef) error {
	return d.object(k, "", []decMember{
		{"id", &v.ID, false},
		{"version", &v.Version, false},
	})
}

func readCompiledPromptMessage(d *decoder, k canon.Kind, v *CompiledPromptMessage) error {
	return d.object(k, "", []decMember{
		{"role", via(&v.Role, readEnum[PromptMessageRole]), false},
		{"content", &v.Content, false},
		{"sections", listOf(&v.Sections, readSectionProvenance), false},
		{"rendered_hash", &v.RenderedHash, false},
	})
}

func readSectionProvenance(d *decoder, k canon.Kind, v *SectionProvenance) error {
	return d.object(k, "", []decMember{
		{"id", via(&v.ID, readString[PromptSectionID]), false},
		{"version", via(&v.Version, readUint[PromptSectionVersion]), false},
		{"content_hash", &v.ContentHash, false},
		{"origin", via(&v.Origin, readOverrideOrigin), false},
	})
}
