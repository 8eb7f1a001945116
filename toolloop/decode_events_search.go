package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file holds the readers of the 24 envelope-only events (§3 #20–43 of
// the specification): the search-forest, resident-context and
// prompt-program events.

// envelopeOnlyEvent decodes the object whose first token is k as the
// envelope-only event tagged tag (read by findTag); any other tag is an
// unknown variant.
func (d *decoder) envelopeOnlyEvent(k canon.Kind, tag []byte) (LoopEvent, error) {
	switch string(tag) {
	case tagSearchOpened:
		return readSearchOpenedEvent(d, k)
	case tagSearchUsageSnapshot:
		return readSearchUsageSnapshotEvent(d, k)
	case tagBranchForked:
		return readBranchForkedEvent(d, k)
	case tagBranchStrategySelected:
		return readBranchStrategySelectedEvent(d, k)
	case tagBranchObservation:
		return readBranchObservationEvent(d, k)
	case tagBranchCandidateMeasured:
		return readBranchCandidateMeasuredEvent(d, k)
	case tagPartialCheckpointed:
		return readPartialCheckpointedEvent(d, k)
	case tagFrontierEpochStarted:
		return readFrontierEpochStartedEvent(d, k)
	case tagFrontierEntryServed:
		return readFrontierEntryServedEvent(d, k)
	case tagBranchIneligible:
		return readBranchIneligibleEvent(d, k)
	case tagBranchNotSelected:
		return readBranchNotSelectedEvent(d, k)
	case tagBranchAbandoned:
		return readBranchAbandonedEvent(d, k)
	case tagBranchSelected:
		return readBranchSelectedEvent(d, k)
	case tagBranchCommitted:
		return readBranchCommittedEvent(d, k)
	case tagNoGoodRecorded:
		return readNoGoodRecordedEvent(d, k)
	case tagSearchClosed:
		return readSearchClosedEvent(d, k)
	case tagContextWorkingSet:
		return readContextWorkingSetEvent(d, k)
	case tagContextPagesSelected:
		return readContextPagesSelectedEvent(d, k)
	case tagContextMiss:
		return readContextMissEvent(d, k)
	case tagContextPageRecalled:
		return readContextPageRecalledEvent(d, k)
	case tagContextInfeasible:
		return readContextInfeasibleEvent(d, k)
	case tagContextCompacted:
		return readContextCompactedEvent(d, k)
	case tagPromptProgramCompiled:
		return readPromptProgramCompiledEvent(d, k)
	case tagPromptProgramInvoked:
		return readPromptProgramInvokedEvent(d, k)
	}
	return nil, decAt(eventTag, decodeFail(errUnknownVariant))
}

func readSearchOpenedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v SearchOpenedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"node_id", &v.NodeID, false},
		{"generation", &v.Generation, false},
		{"accepted_root", &v.AcceptedRoot, false},
		{"limits", &v.Limits, false},
		{"resumed_from", &v.ResumedFrom, absentOK},
	}))
}

func readSearchUsageSnapshotEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v SearchUsageSnapshotEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"epoch", &v.Epoch, false},
		{"usage", &v.Usage, false},
	}))
}

func readBranchForkedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchForkedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"parent_branch", &v.ParentBranch, absentOK},
		{"seed_checkpoint", &v.SeedCheckpoint, false},
		{"seed_witness", &v.SeedWitness, false},
	}))
}

func readBranchStrategySelectedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchStrategySelectedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"strategy_id", &v.StrategyID, false},
	}))
}

func readBranchObservationEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchObservationEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"observation", &v.Observation, false},
	}))
}

func readBranchCandidateMeasuredEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchCandidateMeasuredEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"measurement", &v.Measurement, false},
	}))
}

func readPartialCheckpointedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v PartialCheckpointedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"checkpoint", &v.Checkpoint, false},
	}))
}

func readFrontierEpochStartedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v FrontierEpochStartedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"epoch", &v.Epoch, false},
		{"forest_digest", &v.ForestDigest, false},
	}))
}

func readFrontierEntryServedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v FrontierEntryServedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"epoch", &v.Epoch, false},
	}))
}

func readBranchIneligibleEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchIneligibleEvent
	return result(&v, readBranchReason(d, k, &v))
}

func readBranchAbandonedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchAbandonedEvent
	return result(&v, readBranchReason(d, k, (*BranchIneligibleEvent)(&v)))
}

// readBranchReason reads the members of branch_ineligible and of
// branch_abandoned, which has the same members and Go shape.
func readBranchReason(d *decoder, k canon.Kind, v *BranchIneligibleEvent) error {
	return d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"reason", &v.Reason, false},
	})
}

func readBranchNotSelectedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchNotSelectedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
	}))
}

func readBranchSelectedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchSelectedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
	}))
}

func readBranchCommittedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v BranchCommittedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"candidate_id", &v.CandidateID, false},
		{"decision", &v.Decision, false},
	}))
}

func readNoGoodRecordedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v NoGoodRecordedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"branch_id", &v.BranchID, false},
		{"key", &v.Key, false},
		{"evidence_hash", &v.EvidenceHash, false},
		{"support_kind", &v.SupportKind, absentOK},
	}))
}

func readSearchClosedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v SearchClosedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, false},
		{"usage", &v.Usage, false},
	}))
}

func readContextWorkingSetEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextWorkingSetEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"page_ids", &v.PageIDs, false},
	}))
}

func readContextPagesSelectedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextPagesSelectedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"resident_digest", &v.ResidentDigest, false},
		{"page_ids", &v.PageIDs, false},
	}))
}

func readContextMissEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextMissEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"key", &v.Key, false},
	}))
}

func readContextPageRecalledEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextPageRecalledEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"page_id", &v.PageID, false},
	}))
}

func readContextInfeasibleEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextInfeasibleEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"turn", &v.Turn, false},
		{"required", &v.Required, false},
		{"allowance", &v.Allowance, false},
	}))
}

func readContextCompactedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v ContextCompactedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"forest_id", &v.ForestID, absentOK},
		{"branch_id", &v.BranchID, absentOK},
		{"summary_page", &v.SummaryPage, false},
		{"source_pages", &v.SourcePages, false},
	}))
}

func readPromptProgramCompiledEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v PromptProgramCompiledEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"program", &v.Program, false},
	}))
}

func readPromptProgramInvokedEvent(d *decoder, k canon.Kind) (LoopEvent, error) {
	var v PromptProgramInvokedEvent
	return result(&v, d.object(k, eventTag, []decMember{
		{"turn", &v.Turn, false},
		{"invocation_digest", &v.InvocationDigest, false},
		{"platform_digest", &v.PlatformDigest, false},
		{"domain_digest", &v.DomainDigest, false},
		{"tool_spec_hash", &v.ToolSpecHash, false},
		{"resident_context_digest", &v.ResidentContextDigest, absentOK},
	}))
}
