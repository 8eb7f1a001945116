package toolloop

// CorrectionPacketRef references a recorded correction packet
// (perspt_sdk's CorrectionPacketRef, a newtype). JSON: a bare string.
type CorrectionPacketRef string

// ObligationRef references an open obligation (a newtype). JSON: a bare
// string.
type ObligationRef string

// SearchLimits are a search forest's budgets. JSON: an object with the ten
// members below in this order.
type SearchLimits struct {
	// Actions bounds the actions (required).
	Actions uint32 `json:"actions"`
	// ModelTurns bounds the model turns (required).
	ModelTurns uint32 `json:"model_turns"`
	// ToolCalls bounds the tool calls (required).
	ToolCalls uint32 `json:"tool_calls"`
	// Mutations bounds the mutations (required).
	Mutations uint32 `json:"mutations"`
	// VerifierRuns bounds the verifier runs (required).
	VerifierRuns uint32 `json:"verifier_runs"`
	// Tokens bounds the tokens (required).
	Tokens uint64 `json:"tokens"`
	// ElapsedSecs bounds the elapsed seconds (required).
	ElapsedSecs uint64 `json:"elapsed_secs"`
	// ResultBytes bounds the result bytes (required).
	ResultBytes uint64 `json:"result_bytes"`
	// WorkspaceFiles bounds the workspace files (required).
	WorkspaceFiles uint64 `json:"workspace_files"`
	// WorkspaceBytes bounds the workspace bytes (required).
	WorkspaceBytes uint64 `json:"workspace_bytes"`
}

// SearchUsage is a search forest's consumption. JSON: the members of
// SearchLimits in the same order (ElapsedSecs defaulted), then "closed".
type SearchUsage struct {
	// Actions counts the actions (required).
	Actions uint32 `json:"actions"`
	// ModelTurns counts the model turns (required).
	ModelTurns uint32 `json:"model_turns"`
	// ToolCalls counts the tool calls (required).
	ToolCalls uint32 `json:"tool_calls"`
	// Mutations counts the mutations (required).
	Mutations uint32 `json:"mutations"`
	// VerifierRuns counts the verifier runs (required).
	VerifierRuns uint32 `json:"verifier_runs"`
	// Tokens counts the tokens (required).
	Tokens uint64 `json:"tokens"`
	// ElapsedSecs counts the elapsed seconds (D: absent reads as 0).
	ElapsedSecs uint64 `json:"elapsed_secs"`
	// ResultBytes counts the result bytes (required).
	ResultBytes uint64 `json:"result_bytes"`
	// WorkspaceFiles counts the workspace files (required).
	WorkspaceFiles uint64 `json:"workspace_files"`
	// WorkspaceBytes counts the workspace bytes (required).
	WorkspaceBytes uint64 `json:"workspace_bytes"`
	// Closed reports whether the forest is closed (required; private in
	// perspt, always on the wire).
	Closed bool `json:"closed"`
}

// WitnessRef is a witness chain from a seed to an accepted root. JSON:
// {"accepted_root":…,"chain":[…]}.
type WitnessRef struct {
	// AcceptedRoot is the accepted state root (required).
	AcceptedRoot string `json:"accepted_root"`
	// Chain is the witness chain, seed first, root last (required).
	Chain []string `json:"chain"`
}

// PartialCheckpointRef references a partial (branch-local) checkpoint.
// JSON: an object with the members below in this order; "correction" and
// "remaining_obligations" are omitted when nil or empty.
type PartialCheckpointRef struct {
	// StateRoot is the checkpoint's state root (required).
	StateRoot string `json:"state_root"`
	// AcceptedAncestor is the accepted ancestor root (required).
	AcceptedAncestor string `json:"accepted_ancestor"`
	// ParentWitness links the checkpoint to its parent (required).
	ParentWitness WitnessRef `json:"parent_witness"`
	// Correction references the correction packet applied (OS: nil is
	// omitted on write; absent or null reads as nil).
	Correction *CorrectionPacketRef `json:"correction,omitempty"`
	// RemainingObligations are the obligations still open (DS: omitted on
	// write when empty; absent reads as empty, null is an error).
	RemainingObligations []ObligationRef `json:"remaining_obligations,omitempty"`
	// EvidenceDigest digests the checkpoint's evidence (required).
	EvidenceDigest string `json:"evidence_digest"`
}

// BranchMeasurement is the measurement of a branch candidate. JSON: an
// object with the members below in this order.
type BranchMeasurement struct {
	// BranchID is the measured branch (required).
	BranchID string `json:"branch_id"`
	// CandidateID is the measured candidate (required).
	CandidateID string `json:"candidate_id"`
	// Energy is the candidate's energy (required).
	Energy float64 `json:"energy"`
	// HardPass reports whether every hard check passed (required).
	HardPass bool `json:"hard_pass"`
	// Residuals are the measured residuals (required).
	Residuals []ResidualEvent `json:"residuals"`
	// SensorProfile names the sensor profile used (required).
	SensorProfile string `json:"sensor_profile"`
	// Cost is the measurement's cost (required).
	Cost float64 `json:"cost"`
}
