package toolloop

// This file writes the structs of the checkpoint, search and prompt planes
// (§4.1 of the specification), members in declaration order (direct form)
// or bytewise key order (ledger form).

var (
	contextCheckpointFields = newFields("parent", "covered_from", "covered_to", "covered_event_root", "control",
		"artifact_refs", "narrative_observation")
	controlFrameFields = newFields("projection_digest", "event_schema_version", "prompt_invocation_digest",
		"prompt_manifest_digest", "resident_context_digest", "node_id", "goal", "node_generation",
		"accepted_state_root", "graph_revision", "capability_ids", "authority_epoch",
		"remaining_rejection_budget", "remaining_turns", "active_model", "remaining_fallback_models",
		"activated_tools", "unresolved_call_ids", "residual_summary")
	durableSeedFileFields = newFields("path", "content_artifact", "source_preimage_artifact")
	searchLimitsFields    = newFields("actions", "model_turns", "tool_calls", "mutations", "verifier_runs",
		"tokens", "elapsed_secs", "result_bytes", "workspace_files", "workspace_bytes")
	searchUsageFields = newFields("actions", "model_turns", "tool_calls", "mutations", "verifier_runs",
		"tokens", "elapsed_secs", "result_bytes", "workspace_files", "workspace_bytes", "closed")
	witnessRefFields           = newFields("accepted_root", "chain")
	partialCheckpointRefFields = newFields("state_root", "accepted_ancestor", "parent_witness", "correction",
		"remaining_obligations", "evidence_digest")
	branchMeasurementFields = newFields("branch_id", "candidate_id", "energy", "hard_pass", "residuals",
		"sensor_profile", "cost")
	compiledPromptProgramFields = newFields("route", "stage", "dialect", "messages", "dropped_sections",
		"tool_spec_hash", "program_digest")
	promptRouteFields           = newFields("adapter", "family", "exact_model")
	dialectRefFields            = newFields("id", "version")
	compiledPromptMessageFields = newFields("role", "content", "sections", "rendered_hash")
	sectionProvenanceFields     = newFields("id", "version", "content_hash", "origin")
)

func (e *encoder) contextCheckpoint(v *ContextCheckpoint) *pathError {
	return e.object(contextCheckpointFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.optStr(v.Parent)
		case 1:
			e.uint(v.CoveredFrom)
		case 2:
			e.uint(v.CoveredTo)
		case 3:
			return e.str(v.CoveredEventRoot)
		case 4:
			return e.controlFrame(&v.Control)
		case 5:
			return writeStrings(e, v.ArtifactRefs)
		default:
			return e.optStr(v.NarrativeObservation)
		}
		return nil
	})
}

func (e *encoder) controlFrame(v *ControlFrame) *pathError {
	return e.object(controlFrameFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.ProjectionDigest)
		case 1:
			e.uint(uint64(v.EventSchemaVersion))
		case 2:
			return e.str(v.PromptInvocationDigest)
		case 3:
			return e.str(v.PromptManifestDigest)
		case 4:
			return e.str(v.ResidentContextDigest)
		case 5:
			return e.str(v.NodeID)
		case 6:
			return e.str(v.Goal)
		case 7:
			e.uint(uint64(v.NodeGeneration))
		case 8:
			return e.str(v.AcceptedStateRoot)
		case 9:
			return e.str(v.GraphRevision)
		case 10:
			return writeStrings(e, v.CapabilityIDs)
		case 11:
			e.uint(v.AuthorityEpoch)
		case 12:
			e.uint(uint64(v.RemainingRejectionBudget))
		case 13:
			e.uint(uint64(v.RemainingTurns))
		case 14:
			return e.modelID(&v.ActiveModel)
		case 15:
			return e.array(len(v.RemainingFallbackModels), func(j int) *pathError { return e.modelID(&v.RemainingFallbackModels[j]) })
		case 16:
			return writeStrings(e, v.ActivatedTools)
		case 17:
			return writeStrings(e, v.UnresolvedCallIDs)
		default:
			return e.array(len(v.ResidualSummary), func(j int) *pathError { return e.residualSummaryEntry(&v.ResidualSummary[j]) })
		}
		return nil
	})
}

// residualSummaryEntry writes the (label, energy) tuple as a two-element
// array.
func (e *encoder) residualSummaryEntry(v *ResidualSummaryEntry) *pathError {
	e.byte('[')
	if err := e.str(v.Label); err != nil {
		return err.at(0)
	}
	e.byte(',')
	e.float(v.Energy)
	e.byte(']')
	return nil
}

func (e *encoder) durableSeedFile(v *DurableSeedFile) *pathError {
	return e.object(durableSeedFileFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.Path)
		case 1:
			return e.optStr(v.ContentArtifact)
		}
		return e.optStr(v.SourcePreimageArtifact)
	})
}

// counters writes SearchLimits or SearchUsage: ten integers, then, for
// SearchUsage's table, the closed flag.
func (e *encoder) counters(f *fields, c *[10]uint64, closed bool) *pathError {
	return e.object(f, 0, func(i int) *pathError {
		if i < len(c) {
			e.uint(c[i])
		} else {
			e.boolean(closed)
		}
		return nil
	})
}

func (e *encoder) searchLimits(v *SearchLimits) *pathError {
	c := [10]uint64{uint64(v.Actions), uint64(v.ModelTurns), uint64(v.ToolCalls), uint64(v.Mutations),
		uint64(v.VerifierRuns), v.Tokens, v.ElapsedSecs, v.ResultBytes, v.WorkspaceFiles, v.WorkspaceBytes}
	return e.counters(searchLimitsFields, &c, false)
}

func (e *encoder) searchUsage(v *SearchUsage) *pathError {
	c := [10]uint64{uint64(v.Actions), uint64(v.ModelTurns), uint64(v.ToolCalls), uint64(v.Mutations),
		uint64(v.VerifierRuns), v.Tokens, v.ElapsedSecs, v.ResultBytes, v.WorkspaceFiles, v.WorkspaceBytes}
	return e.counters(searchUsageFields, &c, v.Closed)
}

func (e *encoder) witnessRef(v *WitnessRef) *pathError {
	return e.object(witnessRefFields, 0, func(i int) *pathError {
		if i == 0 {
			return e.str(v.AcceptedRoot)
		}
		return writeStrings(e, v.Chain)
	})
}

func (e *encoder) partialCheckpointRef(v *PartialCheckpointRef) *pathError {
	var omit uint32
	if v.Correction == nil { // OS
		omit |= 1 << 3
	}
	if len(v.RemainingObligations) == 0 { // DS
		omit |= 1 << 4
	}
	return e.object(partialCheckpointRefFields, omit, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.StateRoot)
		case 1:
			return e.str(v.AcceptedAncestor)
		case 2:
			return e.witnessRef(&v.ParentWitness)
		case 3:
			return e.str(string(*v.Correction))
		case 4:
			return writeStrings(e, v.RemainingObligations)
		}
		return e.str(v.EvidenceDigest)
	})
}

func (e *encoder) branchMeasurement(v *BranchMeasurement) *pathError {
	return e.object(branchMeasurementFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.BranchID)
		case 1:
			return e.str(v.CandidateID)
		case 2:
			e.float(v.Energy)
		case 3:
			e.boolean(v.HardPass)
		case 4:
			return e.array(len(v.Residuals), func(j int) *pathError { return e.residual(&v.Residuals[j]) })
		case 5:
			return e.str(v.SensorProfile)
		default:
			e.float(v.Cost)
		}
		return nil
	})
}

func (e *encoder) compiledPromptProgram(v *CompiledPromptProgram) *pathError {
	return e.object(compiledPromptProgramFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.promptRoute(&v.Route)
		case 1:
			return writeEnum(e, v.Stage)
		case 2:
			return e.dialectRef(&v.Dialect)
		case 3:
			return e.array(len(v.Messages), func(j int) *pathError { return e.compiledPromptMessage(&v.Messages[j]) })
		case 4:
			return writeStrings(e, v.DroppedSections)
		case 5:
			return e.str(v.ToolSpecHash)
		}
		return e.str(v.ProgramDigest)
	})
}

func (e *encoder) promptRoute(v *PromptRoute) *pathError {
	return e.object(promptRouteFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(v.Adapter)
		case 1:
			return e.modelFamily(v.Family)
		}
		return e.optStr(v.ExactModel)
	})
}

func (e *encoder) dialectRef(v *DialectRef) *pathError {
	return e.object(dialectRefFields, 0, func(i int) *pathError {
		if i == 0 {
			return e.str(v.ID)
		}
		e.uint(uint64(v.Version))
		return nil
	})
}

func (e *encoder) compiledPromptMessage(v *CompiledPromptMessage) *pathError {
	return e.object(compiledPromptMessageFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return writeEnum(e, v.Role)
		case 1:
			return e.str(v.Content)
		case 2:
			return e.array(len(v.Sections), func(j int) *pathError { return e.sectionProvenance(&v.Sections[j]) })
		}
		return e.str(v.RenderedHash)
	})
}

func (e *encoder) sectionProvenance(v *SectionProvenance) *pathError {
	return e.object(sectionProvenanceFields, 0, func(i int) *pathError {
		switch i {
		case 0:
			return e.str(string(v.ID))
		case 1:
			e.uint(uint64(v.Version))
			return nil
		case 2:
			return e.str(v.ContentHash)
		}
		return e.overrideOrigin(v.Origin)
	})
}
