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

func (e *encoder) evSearchOpened(dst []byte, v *SearchOpenedEvent) ([]byte, *pathError) {
	f := searchOpenedFields
	omit := bit(v.ResumedFrom == nil, 6) // OS
	k := 0
	for _, i := range e.order(f) {
		if omit>>i&1 != 0 {
			continue
		}
		dst = e.key(dst, f, i, k)
		k++
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.NodeID)
		case 3:
			dst = e.uint(dst, uint64(v.Generation))
		case 4:
			dst, err = e.str(dst, v.AcceptedRoot)
		case 5:
			dst, err = e.searchLimits(dst, &v.Limits)
		case 6:
			dst, err = e.str(dst, *v.ResumedFrom)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evSearchUsageSnapshot(dst []byte, v *SearchUsageSnapshotEvent) ([]byte, *pathError) {
	f := searchUsageSnapshotFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst = e.uint(dst, v.Epoch)
		case 3:
			dst, err = e.searchUsage(dst, &v.Usage)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evBranchForked(dst []byte, v *BranchForkedEvent) ([]byte, *pathError) {
	f := branchForkedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst, err = e.optStr(dst, v.ParentBranch)
		case 4:
			dst, err = e.str(dst, v.SeedCheckpoint)
		case 5:
			dst, err = e.witnessRef(dst, &v.SeedWitness)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evBranchCandidateMeasured(dst []byte, v *BranchCandidateMeasuredEvent) ([]byte, *pathError) {
	f := branchCandidateMeasuredFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst, err = e.str(dst, v.CandidateID)
		case 4:
			dst, err = e.branchMeasurement(dst, &v.Measurement)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evPartialCheckpointed(dst []byte, v *PartialCheckpointedEvent) ([]byte, *pathError) {
	f := partialCheckpointedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst, err = e.partialCheckpointRef(dst, &v.Checkpoint)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evBranchCommitted(dst []byte, v *BranchCommittedEvent) ([]byte, *pathError) {
	f := branchCommittedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst, err = e.str(dst, v.CandidateID)
		case 4:
			dst, err = e.gateDecision(dst, v.Decision)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evSearchClosed(dst []byte, v *SearchClosedEvent) ([]byte, *pathError) {
	f := searchClosedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.searchUsage(dst, &v.Usage)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}
