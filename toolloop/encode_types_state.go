package toolloop

// This file writes the structs of the checkpoint, search and prompt planes
// (§4.1 of the specification), members in declaration order (direct form)
// or bytewise key order (ledger form).

var (
	contextCheckpointFields = newStruct("parent", "covered_from", "covered_to", "covered_event_root", "control",
		"artifact_refs", "narrative_observation")
	controlFrameFields = newStruct("projection_digest", "event_schema_version", "prompt_invocation_digest",
		"prompt_manifest_digest", "resident_context_digest", "node_id", "goal", "node_generation",
		"accepted_state_root", "graph_revision", "capability_ids", "authority_epoch",
		"remaining_rejection_budget", "remaining_turns", "active_model", "remaining_fallback_models",
		"activated_tools", "unresolved_call_ids", "residual_summary")
	durableSeedFileFields = newStruct("path", "content_artifact", "source_preimage_artifact")
	searchLimitsFields    = newStruct("actions", "model_turns", "tool_calls", "mutations", "verifier_runs",
		"tokens", "elapsed_secs", "result_bytes", "workspace_files", "workspace_bytes")
	searchUsageFields = newStruct("actions", "model_turns", "tool_calls", "mutations", "verifier_runs",
		"tokens", "elapsed_secs", "result_bytes", "workspace_files", "workspace_bytes", "closed")
	witnessRefFields           = newStruct("accepted_root", "chain")
	partialCheckpointRefFields = newStruct("state_root", "accepted_ancestor", "parent_witness", "correction",
		"remaining_obligations", "evidence_digest")
	branchMeasurementFields = newStruct("branch_id", "candidate_id", "energy", "hard_pass", "residuals",
		"sensor_profile", "cost")
	compiledPromptProgramFields = newStruct("route", "stage", "dialect", "messages", "dropped_sections",
		"tool_spec_hash", "program_digest")
	promptRouteFields           = newStruct("adapter", "family", "exact_model")
	dialectRefFields            = newStruct("id", "version")
	compiledPromptMessageFields = newStruct("role", "content", "sections", "rendered_hash")
	sectionProvenanceFields     = newStruct("id", "version", "content_hash", "origin")
)

// residualSummaryEntry writes the (label, energy) tuple as a two-element
// array.
func (e *encoder) residualSummaryEntry(dst []byte, v *ResidualSummaryEntry) ([]byte, *pathError) {
	dst = append(dst, '[')
	dst, err := e.str(dst, v.Label)
	if err != nil {
		return dst, err.at(0)
	}
	dst = e.float(append(dst, ','), v.Energy)
	return append(dst, ']'), nil
}

// counters writes SearchLimits or SearchUsage: ten integers, then, for
// SearchUsage's table, the closed flag.
func (e *encoder) counters(dst []byte, f *fields, c *[10]uint64, closed bool) ([]byte, *pathError) {
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		if int(i) < len(c) {
			dst = e.uint(dst, c[i])
		} else {
			dst = e.boolean(dst, closed)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) searchLimits(dst []byte, v *SearchLimits) ([]byte, *pathError) {
	c := [10]uint64{uint64(v.Actions), uint64(v.ModelTurns), uint64(v.ToolCalls), uint64(v.Mutations),
		uint64(v.VerifierRuns), v.Tokens, v.ElapsedSecs, v.ResultBytes, v.WorkspaceFiles, v.WorkspaceBytes}
	return e.counters(dst, searchLimitsFields, &c, false)
}

func (e *encoder) searchUsage(dst []byte, v *SearchUsage) ([]byte, *pathError) {
	c := [10]uint64{uint64(v.Actions), uint64(v.ModelTurns), uint64(v.ToolCalls), uint64(v.Mutations),
		uint64(v.VerifierRuns), v.Tokens, v.ElapsedSecs, v.ResultBytes, v.WorkspaceFiles, v.WorkspaceBytes}
	return e.counters(dst, searchUsageFields, &c, v.Closed)
}

func (e *encoder) contextCheckpoint(dst []byte, v *ContextCheckpoint) ([]byte, *pathError) {
	f := contextCheckpointFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.optStr(dst, v.Parent)
		case 1:
			dst = e.uint(dst, v.CoveredFrom)
		case 2:
			dst = e.uint(dst, v.CoveredTo)
		case 3:
			dst, err = e.str(dst, v.CoveredEventRoot)
		case 4:
			dst, err = e.controlFrame(dst, &v.Control)
		case 5:
			dst, err = writeStrings(e, dst, v.ArtifactRefs)
		case 6:
			dst, err = e.optStr(dst, v.NarrativeObservation)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) controlFrame(dst []byte, v *ControlFrame) ([]byte, *pathError) {
	f := controlFrameFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.ProjectionDigest)
		case 1:
			dst = e.uint(dst, uint64(v.EventSchemaVersion))
		case 2:
			dst, err = e.str(dst, v.PromptInvocationDigest)
		case 3:
			dst, err = e.str(dst, v.PromptManifestDigest)
		case 4:
			dst, err = e.str(dst, v.ResidentContextDigest)
		case 5:
			dst, err = e.str(dst, v.NodeID)
		case 6:
			dst, err = e.str(dst, v.Goal)
		case 7:
			dst = e.uint(dst, uint64(v.NodeGeneration))
		case 8:
			dst, err = e.str(dst, v.AcceptedStateRoot)
		case 9:
			dst, err = e.str(dst, v.GraphRevision)
		case 10:
			dst, err = writeStrings(e, dst, v.CapabilityIDs)
		case 11:
			dst = e.uint(dst, v.AuthorityEpoch)
		case 12:
			dst = e.uint(dst, uint64(v.RemainingRejectionBudget))
		case 13:
			dst = e.uint(dst, uint64(v.RemainingTurns))
		case 14:
			dst, err = e.modelID(dst, &v.ActiveModel)
		case 15:
			dst, err = e.list(dst, v.RemainingFallbackModels, len(v.RemainingFallbackModels))
		case 16:
			dst, err = writeStrings(e, dst, v.ActivatedTools)
		case 17:
			dst, err = writeStrings(e, dst, v.UnresolvedCallIDs)
		case 18:
			dst, err = e.list(dst, v.ResidualSummary, len(v.ResidualSummary))
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) durableSeedFile(dst []byte, v *DurableSeedFile) ([]byte, *pathError) {
	f := durableSeedFileFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.Path)
		case 1:
			dst, err = e.optStr(dst, v.ContentArtifact)
		case 2:
			dst, err = e.optStr(dst, v.SourcePreimageArtifact)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) witnessRef(dst []byte, v *WitnessRef) ([]byte, *pathError) {
	f := witnessRefFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.AcceptedRoot)
		case 1:
			dst, err = writeStrings(e, dst, v.Chain)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) partialCheckpointRef(dst []byte, v *PartialCheckpointRef) ([]byte, *pathError) {
	f := partialCheckpointRefFields
	omit := bit(v.Correction == nil, 3) | bit(len(v.RemainingObligations) == 0, 4) // OS, DS
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
			dst, err = e.str(dst, v.StateRoot)
		case 1:
			dst, err = e.str(dst, v.AcceptedAncestor)
		case 2:
			dst, err = e.witnessRef(dst, &v.ParentWitness)
		case 3:
			dst, err = e.str(dst, string(*v.Correction))
		case 4:
			dst, err = writeStrings(e, dst, v.RemainingObligations)
		case 5:
			dst, err = e.str(dst, v.EvidenceDigest)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) branchMeasurement(dst []byte, v *BranchMeasurement) ([]byte, *pathError) {
	f := branchMeasurementFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.BranchID)
		case 1:
			dst, err = e.str(dst, v.CandidateID)
		case 2:
			dst = e.float(dst, v.Energy)
		case 3:
			dst = e.boolean(dst, v.HardPass)
		case 4:
			dst, err = e.residuals(dst, v.Residuals)
		case 5:
			dst, err = e.str(dst, v.SensorProfile)
		case 6:
			dst = e.float(dst, v.Cost)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) compiledPromptProgram(dst []byte, v *CompiledPromptProgram) ([]byte, *pathError) {
	f := compiledPromptProgramFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.promptRoute(dst, &v.Route)
		case 1:
			dst, err = writeEnum(dst, v.Stage)
		case 2:
			dst, err = e.flatObject(dst, dialectRefFields, mstr(v.Dialect.ID), muint(uint64(v.Dialect.Version)))
		case 3:
			dst, err = e.list1(dst, v.Messages, len(v.Messages))
		case 4:
			dst, err = writeStrings(e, dst, v.DroppedSections)
		case 5:
			dst, err = e.str(dst, v.ToolSpecHash)
		case 6:
			dst, err = e.str(dst, v.ProgramDigest)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) promptRoute(dst []byte, v *PromptRoute) ([]byte, *pathError) {
	f := promptRouteFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, v.Adapter)
		case 1:
			dst, err = e.modelFamily(dst, v.Family)
		case 2:
			dst, err = e.optStr(dst, v.ExactModel)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) compiledPromptMessage(dst []byte, v *CompiledPromptMessage) ([]byte, *pathError) {
	f := compiledPromptMessageFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = writeEnum(dst, v.Role)
		case 1:
			dst, err = e.str(dst, v.Content)
		case 2:
			dst, err = e.list(dst, v.Sections, len(v.Sections))
		case 3:
			dst, err = e.str(dst, v.RenderedHash)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) sectionProvenance(dst []byte, v *SectionProvenance) ([]byte, *pathError) {
	f := sectionProvenanceFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 0:
			dst, err = e.str(dst, string(v.ID))
		case 1:
			dst = e.uint(dst, uint64(v.Version))
		case 2:
			dst, err = e.str(dst, v.ContentHash)
		case 3:
			dst, err = e.overrideOrigin(dst, v.Origin)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}
