package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file holds the readers of the 24 envelope-only events (§3 #20–43 of
// the specification): the search-forest, resident-context and
// prompt-program events.

// envelopeOnlyEvent decodes the object whose first token is k as the
// envelope-only event tagged tag (read by findTag); any other tag is an
// unknown variant.
func (d *decoder) envelopeOnlyEvent(k canon.Kind, tag []byte) (LoopEvent, error) {
	var ev LoopEvent
	var err error
	switch string(tag) {
	case tagSearchOpened:
		err = decInto(d, k, &ev, readSearchOpenedEvent)
	case tagSearchUsageSnapshot:
		err = decInto(d, k, &ev, readSearchUsageSnapshotEvent)
	case tagBranchForked:
		err = decInto(d, k, &ev, readBranchForkedEvent)
	case tagBranchStrategySelected:
		err = decInto(d, k, &ev, readBranchStrategySelectedEvent)
	case tagBranchObservation:
		err = decInto(d, k, &ev, readBranchObservationEvent)
	case tagBranchCandidateMeasured:
		err = decInto(d, k, &ev, readBranchCandidateMeasuredEvent)
	case tagPartialCheckpointed:
		err = decInto(d, k, &ev, readPartialCheckpointedEvent)
	case tagFrontierEpochStarted:
		err = decInto(d, k, &ev, readFrontierEpochStartedEvent)
	case tagFrontierEntryServed:
		err = decInto(d, k, &ev, readFrontierEntryServedEvent)
	case tagBranchIneligible:
		err = decInto(d, k, &ev, readBranchIneligibleEvent)
	case tagBranchNotSelected:
		err = decInto(d, k, &ev, readBranchNotSelectedEvent)
	case tagBranchAbandoned:
		err = decInto(d, k, &ev, func(d *decoder, k canon.Kind, v *BranchAbandonedEvent) error {
			return readBranchIneligibleEvent(d, k, (*BranchIneligibleEvent)(v))
		})
	case tagBranchSelected:
		err = decInto(d, k, &ev, readBranchSelectedEvent)
	case tagBranchCommitted:
		err = decInto(d, k, &ev, readBranchCommittedEvent)
	case tagNoGoodRecorded:
		err = decInto(d, k, &ev, readNoGoodRecordedEvent)
	case tagSearchClosed:
		err = decInto(d, k, &ev, readSearchClosedEvent)
	case tagContextWorkingSet:
		err = decInto(d, k, &ev, readContextWorkingSetEvent)
	case tagContextPagesSelected:
		err = decInto(d, k, &ev, readContextPagesSelectedEvent)
	case tagContextMiss:
		err = decInto(d, k, &ev, readContextMissEvent)
	case tagContextPageRecalled:
		err = decInto(d, k, &ev, readContextPageRecalledEvent)
	case tagContextInfeasible:
		err = decInto(d, k, &ev, readContextInfeasibleEvent)
	case tagContextCompacted:
		err = decInto(d, k, &ev, readContextCompactedEvent)
	case tagPromptProgramCompiled:
		err = decInto(d, k, &ev, readPromptProgramCompiledEvent)
	case tagPromptProgramInvoked:
		err = decInto(d, k, &ev, readPromptProgramInvokedEvent)
	default:
		return nil, decAt(eventTag, decodeFail(errUnknownVariant))
	}
	if err != nil {
		return nil, err
	}
	return ev, nil
}

func readSearchOpenedEvent(d *decoder, k canon.Kind, v *SearchOpenedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"accepted_root", &v.AcceptedRoot, false},
		{"limits", via(&v.Limits, readSearchLimits), false},
		{"resumed_from", &v.ResumedFrom, absentOK},
	})
}

func readSearchUsageSnapshotEvent(d *decoder, k canon.Kind, v *SearchUsageSnapshotEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"epoch", &v.Epoch, false},
		{"usage", via(&v.Usage, readSearchUsage), false},
	})
}

func readBranchForkedEvent(d *decoder, k canon.Kind, v *BranchForkedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"parent_branch", &v.ParentBranch, absentOK},
		{"seed_checkpoint", &v.SeedCheckpoint, false},
		{"seed_witness", via(&v.SeedWitness, readWitnessRef), false},
	})
}

func readBranchStrategySelectedEvent(d *decoder, k canon.Kind, v *BranchStrategySelectedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"strategy_id", &v.StrategyID, false},
	})
}

func readBranchObservationEvent(d *decoder, k canon.Kind, v *BranchObservationEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"observation", &v.Observation, false},
	})
}

func readBranchCandidateMeasuredEvent(d *decoder, k canon.Kind, v *BranchCandidateMeasuredEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"measurement", via(&v.Measurement, readBranchMeasurement), false},
	})
}

func readPartialCheckpointedEvent(d *decoder, k canon.Kind, v *PartialCheckpointedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"checkpoint", via(&v.Checkpoint, readPartialCheckpointRef), false},
	})
}

func readFrontierEpochStartedEvent(d *decoder, k canon.Kind, v *FrontierEpochStartedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"epoch", &v.Epoch, false},
		{"forest_digest", &v.ForestDigest, false},
	})
}

func readFrontierEntryServedEvent(d *decoder, k canon.Kind, v *FrontierEntryServedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"epoch", &v.Epoch, false},
	})
}

// readBranchIneligibleEvent reads branch_ineligible; branch_abandoned has
// the same members and Go shape.
func readBranchIneligibleEvent(d *decoder, k canon.Kind, v *BranchIneligibleEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"reason", &v.Reason, false},
	})
}

func readBranchNotSelectedEvent(d *decoder, k canon.Kind, v *BranchNotSelectedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
	})
}

func readBranchSelectedEvent(d *decoder, k canon.Kind, v *BranchSelectedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
	})
}

func readBranchCommittedEvent(d *decoder, k canon.Kind, v *BranchCommittedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"decision", via(&v.Decision, readGateDecision), false},
	})
}

func readNoGoodRecordedEvent(d *decoder, k canon.Kind, v *NoGoodRecordedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"key", &v.Key, false},
		{"evidence_hash", &v.EvidenceHash, false},
		{"support_kind", &v.SupportKind, absentOK},
	})
}

func readSearchClosedEvent(d *decoder, k canon.Kind, v *SearchClosedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"usage", via(&v.Usage, readSearchUsage), false},
	})
}

func readContextWorkingSetEvent(d *decoder, k canon.Kind, v *ContextWorkingSetEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"page_ids", &v.PageIDs, false},
	})
}

func readContextPagesSelectedEvent(d *decoder, k canon.Kind, v *ContextPagesSelectedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"resident_digest", &v.ResidentDigest, false},
		{"page_ids", &v.PageIDs, false},
	})
}

func readContextMissEvent(d *decoder, k canon.Kind, v *ContextMissEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"key", &v.Key, false},
	})
}

func readContextPageRecalledEvent(d *decoder, k canon.Kind, v *ContextPageRecalledEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"page_id", &v.PageID, false},
	})
}

func readContextInfeasibleEvent(d *decoder, k canon.Kind, v *ContextInfeasibleEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"required", &v.Required, false},
		{"allowance", &v.Allowance, false},
	})
}

func readContextCompactedEvent(d *decoder, k canon.Kind, v *ContextCompactedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"summary_page", &v.SummaryPage, false},
		{"source_pages", &v.SourcePages, false},
	})
}

func readPromptProgramCompiledEvent(d *decoder, k canon.Kind, v *PromptProgramCompiledEvent) error {
	return d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"program", via(&v.Program, readCompiledPromptProgram), false},
	})
}

func readPromptProgramInvokedEvent(d *decoder, k canon.Kind, v *PromptProgramInvokedEvent) error {
	return d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"invocation_digest", &v.InvocationDigest, false},
		{"platform_digest", &v.PlatformDigest, false},
		{"domain_digest", &v.DomainDigest, false},
		{"tool_spec_hash", &v.ToolSpecHash, false},
		{"resident_context_digest", &v.ResidentContextDigest, absentOK},
	})
}
