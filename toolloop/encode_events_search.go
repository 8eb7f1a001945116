package toolloop

// This file writes the 16 search-forest events (§3 #20–35 of the
// specification). Member 0 of every table is the "event" tag.

var (
	searchOpenedFields = newEvent(tagSearchOpened,
		"forest_id", "node_id", "generation", "accepted_root", "limits", "resumed_from")
	searchUsageSnapshotFields     = newEvent(tagSearchUsageSnapshot, "forest_id", "epoch", "usage")
	branchForkedFields            = newEvent(tagBranchForked, "forest_id", "branch_id", "parent_branch", "seed_checkpoint", "seed_witness")
	branchStrategySelectedFields  = newEvent(tagBranchStrategySelected, "forest_id", "branch_id", "strategy_id")
	branchObservationFields       = newEvent(tagBranchObservation, "forest_id", "branch_id", "observation")
	branchCandidateMeasuredFields = newEvent(tagBranchCandidateMeasured,
		"forest_id", "branch_id", "candidate_id", "measurement")
	partialCheckpointedFields  = newEvent(tagPartialCheckpointed, "forest_id", "branch_id", "checkpoint")
	frontierEpochStartedFields = newEvent(tagFrontierEpochStarted, "forest_id", "epoch", "forest_digest")
	frontierEntryServedFields  = newEvent(tagFrontierEntryServed, "forest_id", "branch_id", "epoch")
	branchIneligibleFields     = newEvent(tagBranchIneligible, "forest_id", "branch_id", "reason")
	branchNotSelectedFields    = newEvent(tagBranchNotSelected, "forest_id", "branch_id")
	branchAbandonedFields      = newEvent(tagBranchAbandoned, "forest_id", "branch_id", "reason")
	branchSelectedFields       = newEvent(tagBranchSelected, "forest_id", "branch_id", "candidate_id")
	branchCommittedFields      = newEvent(tagBranchCommitted, "forest_id", "branch_id", "candidate_id", "decision")
	noGoodRecordedFields       = newEvent(tagNoGoodRecorded,
		"forest_id", "branch_id", "key", "evidence_hash", "support_kind")
	searchClosedFields = newEvent(tagSearchClosed, "forest_id", "usage")
)

func (e *encoder) evSearchOpened(v *SearchOpenedEvent) *pathError {
	var omit uint32
	if v.ResumedFrom == nil { // OS
		omit = 1 << 6
	}
	return e.object(searchOpenedFields, omit, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.NodeID)
		case 3:
			e.uint(uint64(v.Generation))
		case 4:
			return e.str(v.AcceptedRoot)
		case 5:
			return e.searchLimits(&v.Limits)
		default:
			return e.str(*v.ResumedFrom)
		}
		return nil
	})
}

func (e *encoder) evSearchUsageSnapshot(v *SearchUsageSnapshotEvent) *pathError {
	return e.object(searchUsageSnapshotFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			e.uint(v.Epoch)
			return nil
		}
		return e.searchUsage(&v.Usage)
	})
}

func (e *encoder) evBranchForked(v *BranchForkedEvent) *pathError {
	return e.object(branchForkedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		case 3:
			return e.optStr(v.ParentBranch)
		case 4:
			return e.str(v.SeedCheckpoint)
		}
		return e.witnessRef(&v.SeedWitness)
	})
}

func (e *encoder) evBranchCandidateMeasured(v *BranchCandidateMeasuredEvent) *pathError {
	return e.object(branchCandidateMeasuredFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		case 3:
			return e.str(v.CandidateID)
		}
		return e.branchMeasurement(&v.Measurement)
	})
}

func (e *encoder) evPartialCheckpointed(v *PartialCheckpointedEvent) *pathError {
	return e.object(partialCheckpointedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		}
		return e.partialCheckpointRef(&v.Checkpoint)
	})
}

func (e *encoder) evFrontierEpochStarted(v *FrontierEpochStartedEvent) *pathError {
	return e.object(frontierEpochStartedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			e.uint(v.Epoch)
			return nil
		}
		return e.str(v.ForestDigest)
	})
}

func (e *encoder) evFrontierEntryServed(v *FrontierEntryServedEvent) *pathError {
	return e.object(frontierEntryServedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		}
		e.uint(v.Epoch)
		return nil
	})
}

func (e *encoder) evBranchCommitted(v *BranchCommittedEvent) *pathError {
	return e.object(branchCommittedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		case 3:
			return e.str(v.CandidateID)
		}
		return e.gateDecision(v.Decision)
	})
}

func (e *encoder) evSearchClosed(v *SearchClosedEvent) *pathError {
	return e.object(searchClosedFields, 0, func(i int) *pathError {
		if i == 1 {
			return e.str(v.ForestID)
		}
		return e.searchUsage(&v.Usage)
	})
}
