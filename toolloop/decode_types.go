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
		{"messages", &v.Messages, false},
	})
}

func readConversationSeeded(d *decoder, k canon.Kind, v *ConversationSeeded) error {
	return d.object(k, "", []decMember{
		{"event_schema_version", &v.EventSchemaVersion, false},
		{"conversation", &v.Conversation, false},
		{"digest", &v.Digest, false},
	})
}

func readConversationDeltaRecord(d *decoder, k canon.Kind, v *ConversationDeltaRecord) error {
	return d.object(k, "", []decMember{
		{"event_schema_version", &v.EventSchemaVersion, false},
		{"prior_digest", &v.PriorDigest, false},
		{"delta", &v.Delta, false},
		{"digest", &v.Digest, false},
	})
}

func readResidualEvent(d *decoder, k canon.Kind, v *ResidualEvent) error {
	return d.object(k, "", []decMember{
		{"residual_id", &v.ResidualID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"component", &v.Component, false},
		{"class", &v.Class, false},
		{"severity", &v.Severity, false},
		{"score", &v.Score, false},
		{"sensor", &v.Sensor, false},
		{"evidence", &v.Evidence, false},
		{"affected_paths", &v.AffectedPaths, false},
		{"affected_symbols", &v.AffectedSymbols, false},
		{"correction_directions", &v.CorrectionDirections, false},
	})
}

func readSensorRef(d *decoder, k canon.Kind, v *SensorRef) error {
	return d.object(k, "", []decMember{
		{"id", &v.ID, false},
		{"route", &v.Route, false},
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
		{"addresses", &v.Addresses, false},
		{"instruction", &v.Instruction, false},
		{"target_paths", &v.TargetPaths, false},
		{"target_symbols", &v.TargetSymbols, false},
		{"rationale", &v.Rationale, false},
	})
}

func readEffectProposal(d *decoder, k canon.Kind, v *EffectProposal) error {
	return d.object(k, "", []decMember{
		{"proposal_id", &v.ProposalID, false},
		{"actor", &v.Actor, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"effect", &v.Effect, false},
		{"path", &v.Path, absentOK},
		{"additional_paths", &v.AdditionalPaths, absentOK},
		{"command", &v.Command, absentOK},
		{"network_target", &v.NetworkTarget, absentOK},
		{"risk", &v.Risk, false},
		{"risk_cost", &v.RiskCost, false},
		{"idempotency_key", &v.IdempotencyKey, false},
		{"preconditions", &v.Preconditions, false},
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
		{"base", &v.Base, false},
		{"contract", &v.Contract, absentOK},
		{"barrier", &v.Barrier, absentOK},
		{"profile", &v.Profile, false},
	})
}

func readAdmissibilityWitness(d *decoder, k canon.Kind, v *AdmissibilityWitness) error {
	return d.object(k, "", []decMember{
		{"proposal_id", &v.ProposalID, false},
		{"actor", &v.Actor, false},
		{"capability_id", &v.CapabilityID, absentOK},
		{"authority_ok", &v.AuthorityOK, false},
		{"contract_ok", &v.ContractOK, false},
		{"effect_ok", &v.EffectOK, false},
		{"barrier_increment_ok", &v.BarrierIncrementOK, false},
		{"risk_budget_ok", &v.RiskBudgetOK, false},
		{"decision", &v.Decision, false},
		{"recovery_class", &v.RecoveryClass, absentOK},
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
		{"control", &v.Control, false},
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
		{"active_model", &v.ActiveModel, false},
		{"remaining_fallback_models", &v.RemainingFallbackModels, false},
		{"activated_tools", &v.ActivatedTools, false},
		{"unresolved_call_ids", &v.UnresolvedCallIDs, false},
		{"residual_summary", &v.ResidualSummary, false},
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
		{"parent_witness", &v.ParentWitness, false},
		{"correction", &v.Correction, absentOK},
		{"remaining_obligations", &v.RemainingObligations, absentOK},
		{"evidence_digest", &v.EvidenceDigest, false},
	})
}

func readBranchMeasurement(d *decoder, k canon.Kind, v *BranchMeasurement) error {
	return d.object(k, "", []decMember{
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"energy", &v.Energy, false},
		{"hard_pass", &v.HardPass, false},
		{"residuals", &v.Residuals, false},
		{"sensor_profile", &v.SensorProfile, false},
		{"cost", &v.Cost, false},
	})
}

func readCompiledPromptProgram(d *decoder, k canon.Kind, v *CompiledPromptProgram) error {
	return d.object(k, "", []decMember{
		{"route", &v.Route, false},
		{"stage", &v.Stage, false},
		{"dialect", &v.Dialect, false},
		{"messages", &v.Messages, false},
		{"dropped_sections", &v.DroppedSections, false},
		{"tool_spec_hash", &v.ToolSpecHash, false},
		{"program_digest", &v.ProgramDigest, false},
	})
}

func readPromptRoute(d *decoder, k canon.Kind, v *PromptRoute) error {
	return d.object(k, "", []decMember{
		{"adapter", &v.Adapter, false},
		{"family", &v.Family, false},
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
		{"role", &v.Role, false},
		{"content", &v.Content, false},
		{"sections", &v.Sections, false},
		{"rendered_hash", &v.RenderedHash, false},
	})
}

func readSectionProvenance(d *decoder, k canon.Kind, v *SectionProvenance) error {
	return d.object(k, "", []decMember{
		{"id", &v.ID, false},
		{"version", &v.Version, false},
		{"content_hash", &v.ContentHash, false},
		{"origin", &v.Origin, false},
	})
}
