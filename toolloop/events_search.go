package toolloop

// This file holds the 16 search-forest events (§3 #20–35 of the
// specification); they are envelope-only.

// SearchOpenedEvent is the LoopEvent "search_opened" (#20, envelope-only:
// refused in unversioned rows): it records the opening of a search forest.
type SearchOpenedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// NodeID is the task-graph node; required.
	NodeID string `json:"node_id"`
	// Generation is the node generation; required.
	Generation uint32 `json:"generation"`
	// AcceptedRoot is the accepted root the search starts from; required.
	AcceptedRoot string `json:"accepted_root"`
	// Limits is the forest's budgets; required.
	Limits SearchLimits `json:"limits"`
	// ResumedFrom is the interrupted forest this one re-runs, when
	// resuming; OS: nil is omitted on write; absent or null reads as nil.
	ResumedFrom *string `json:"resumed_from,omitempty"`
}

// EventName returns the event tag "search_opened".
func (SearchOpenedEvent) EventName() string { return tagSearchOpened }

func (SearchOpenedEvent) isLoopEvent() {}

// SearchUsageSnapshotEvent is the LoopEvent "search_usage_snapshot" (#21,
// envelope-only: refused in unversioned rows): it records a forest's
// consumption at an epoch boundary, so an interrupted run's usage can be
// rebuilt from the ledger.
type SearchUsageSnapshotEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// Epoch is the epoch; required.
	Epoch uint64 `json:"epoch"`
	// Usage is the consumption so far; required.
	Usage SearchUsage `json:"usage"`
}

// EventName returns the event tag "search_usage_snapshot".
func (SearchUsageSnapshotEvent) EventName() string { return tagSearchUsageSnapshot }

func (SearchUsageSnapshotEvent) isLoopEvent() {}

// BranchForkedEvent is the LoopEvent "branch_forked" (#22, envelope-only:
// refused in unversioned rows): it records a new branch of a search forest.
type BranchForkedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the new branch; required.
	BranchID string `json:"branch_id"`
	// ParentBranch is the branch it forked from; O: nil is written null;
	// absent or null reads as nil.
	ParentBranch *string `json:"parent_branch"`
	// SeedCheckpoint is the checkpoint it starts from; required.
	SeedCheckpoint string `json:"seed_checkpoint"`
	// SeedWitness is the witness chain of the seed; required.
	SeedWitness WitnessRef `json:"seed_witness"`
}

// EventName returns the event tag "branch_forked".
func (BranchForkedEvent) EventName() string { return tagBranchForked }

func (BranchForkedEvent) isLoopEvent() {}

// BranchStrategySelectedEvent is the LoopEvent "branch_strategy_selected"
// (#23, envelope-only: refused in unversioned rows): it records the strategy
// chosen for a branch.
type BranchStrategySelectedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// StrategyID is the strategy; required.
	StrategyID string `json:"strategy_id"`
}

// EventName returns the event tag "branch_strategy_selected".
func (BranchStrategySelectedEvent) EventName() string { return tagBranchStrategySelected }

func (BranchStrategySelectedEvent) isLoopEvent() {}

// BranchObservationEvent is the LoopEvent "branch_observation" (#24, envelope-
// only: refused in unversioned rows): it records an observation made on a
// branch.
type BranchObservationEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// Observation is the observation; required.
	Observation string `json:"observation"`
}

// EventName returns the event tag "branch_observation".
func (BranchObservationEvent) EventName() string { return tagBranchObservation }

func (BranchObservationEvent) isLoopEvent() {}

// BranchCandidateMeasuredEvent is the LoopEvent "branch_candidate_measured"
// (#25, envelope-only: refused in unversioned rows): it records the
// measurement of a branch candidate.
type BranchCandidateMeasuredEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// CandidateID is the candidate; required.
	CandidateID string `json:"candidate_id"`
	// Measurement is the measurement; required.
	Measurement BranchMeasurement `json:"measurement"`
}

// EventName returns the event tag "branch_candidate_measured".
func (BranchCandidateMeasuredEvent) EventName() string { return tagBranchCandidateMeasured }

func (BranchCandidateMeasuredEvent) isLoopEvent() {}

// PartialCheckpointedEvent is the LoopEvent "partial_checkpointed" (#26,
// envelope-only: refused in unversioned rows): it records a partial checkpoint
// of a branch.
type PartialCheckpointedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// Checkpoint is the checkpoint; required.
	Checkpoint PartialCheckpointRef `json:"checkpoint"`
}

// EventName returns the event tag "partial_checkpointed".
func (PartialCheckpointedEvent) EventName() string { return tagPartialCheckpointed }

func (PartialCheckpointedEvent) isLoopEvent() {}

// FrontierEpochStartedEvent is the LoopEvent "frontier_epoch_started" (#27,
// envelope-only: refused in unversioned rows): it records the start of a
// frontier epoch.
type FrontierEpochStartedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// Epoch is the epoch; required.
	Epoch uint64 `json:"epoch"`
	// ForestDigest is the digest of the folded forest state, recomputed
	// and compared by strict resume; required.
	ForestDigest string `json:"forest_digest"`
}

// EventName returns the event tag "frontier_epoch_started".
func (FrontierEpochStartedEvent) EventName() string { return tagFrontierEpochStarted }

func (FrontierEpochStartedEvent) isLoopEvent() {}

// FrontierEntryServedEvent is the LoopEvent "frontier_entry_served" (#28,
// envelope-only: refused in unversioned rows): it records a frontier entry
// served in an epoch.
type FrontierEntryServedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the served branch; required.
	BranchID string `json:"branch_id"`
	// Epoch is the epoch; required.
	Epoch uint64 `json:"epoch"`
}

// EventName returns the event tag "frontier_entry_served".
func (FrontierEntryServedEvent) EventName() string { return tagFrontierEntryServed }

func (FrontierEntryServedEvent) isLoopEvent() {}

// BranchIneligibleEvent is the LoopEvent "branch_ineligible" (#29, envelope-
// only: refused in unversioned rows): it records a branch found ineligible.
type BranchIneligibleEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// Reason is why; required.
	Reason string `json:"reason"`
}

// EventName returns the event tag "branch_ineligible".
func (BranchIneligibleEvent) EventName() string { return tagBranchIneligible }

func (BranchIneligibleEvent) isLoopEvent() {}

// BranchNotSelectedEvent is the LoopEvent "branch_not_selected" (#30,
// envelope-only: refused in unversioned rows): it records a branch not
// selected.
type BranchNotSelectedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
}

// EventName returns the event tag "branch_not_selected".
func (BranchNotSelectedEvent) EventName() string { return tagBranchNotSelected }

func (BranchNotSelectedEvent) isLoopEvent() {}

// BranchAbandonedEvent is the LoopEvent "branch_abandoned" (#31, envelope-
// only: refused in unversioned rows): it records an abandoned branch.
type BranchAbandonedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// Reason is why; required.
	Reason string `json:"reason"`
}

// EventName returns the event tag "branch_abandoned".
func (BranchAbandonedEvent) EventName() string { return tagBranchAbandoned }

func (BranchAbandonedEvent) isLoopEvent() {}

// BranchSelectedEvent is the LoopEvent "branch_selected" (#32, envelope-only:
// refused in unversioned rows): it records the selection of a branch's
// candidate.
type BranchSelectedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// CandidateID is the selected candidate; required.
	CandidateID string `json:"candidate_id"`
}

// EventName returns the event tag "branch_selected".
func (BranchSelectedEvent) EventName() string { return tagBranchSelected }

func (BranchSelectedEvent) isLoopEvent() {}

// BranchCommittedEvent is the LoopEvent "branch_committed" (#33, envelope-
// only: refused in unversioned rows): it records a branch's candidate
// committed through the gate.
type BranchCommittedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// CandidateID is the committed candidate; required.
	CandidateID string `json:"candidate_id"`
	// Decision is the gate's decision (a nil Decision cannot be encoded);
	// required.
	Decision GateDecision `json:"decision"`
}

// EventName returns the event tag "branch_committed".
func (BranchCommittedEvent) EventName() string { return tagBranchCommitted }

func (BranchCommittedEvent) isLoopEvent() {}

// NoGoodRecordedEvent is the LoopEvent "no_good_recorded" (#34, envelope-only:
// refused in unversioned rows): it records a no-good: a key whose support
// evidence rules a region out.
type NoGoodRecordedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// BranchID is the branch; required.
	BranchID string `json:"branch_id"`
	// Key is the exact no-good key; required.
	Key string `json:"key"`
	// EvidenceHash is the hash of the support evidence; required.
	EvidenceHash string `json:"evidence_hash"`
	// SupportKind is the support class of the evidence, a free string such
	// as compiler-code or failed-test (empty on older rows); D: absent
	// reads as the zero value; always written.
	SupportKind string `json:"support_kind"`
}

// EventName returns the event tag "no_good_recorded".
func (NoGoodRecordedEvent) EventName() string { return tagNoGoodRecorded }

func (NoGoodRecordedEvent) isLoopEvent() {}

// SearchClosedEvent is the LoopEvent "search_closed" (#35, envelope-only:
// refused in unversioned rows): it records the closing of a search forest.
type SearchClosedEvent struct {
	// ForestID is the forest; required.
	ForestID string `json:"forest_id"`
	// Usage is the final consumption; required.
	Usage SearchUsage `json:"usage"`
}

// EventName returns the event tag "search_closed".
func (SearchClosedEvent) EventName() string { return tagSearchClosed }

func (SearchClosedEvent) isLoopEvent() {}
