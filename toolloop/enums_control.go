package toolloop

import "slices"

// This file holds the unit-only enums of the recovery and prompt planes
// (§4.2 of the specification), declared like those of enums.go.

// FailureKind classifies the failure that triggered a recovery control
// (perspt's FailureKind). Its zero value "" is not valid.
type FailureKind string

// The FailureKind values, in declaration order.
const (
	// FailureKindGateRejection is "gate_rejection": a gate rejection.
	FailureKindGateRejection FailureKind = "gate_rejection"
	// FailureKindToolFailure is "tool_failure": a tool failure.
	FailureKindToolFailure FailureKind = "tool_failure"
	// FailureKindProviderTransport is "provider_transport": a provider transport failure.
	FailureKindProviderTransport FailureKind = "provider_transport"
	// FailureKindProviderRateLimit is "provider_rate_limit": a provider rate limit.
	FailureKindProviderRateLimit FailureKind = "provider_rate_limit"
	// FailureKindCapabilityMismatch is "capability_mismatch": a capability mismatch.
	FailureKindCapabilityMismatch FailureKind = "capability_mismatch"
	// FailureKindMeasuredPlateau is "measured_plateau": a measured energy plateau.
	FailureKindMeasuredPlateau FailureKind = "measured_plateau"
	// FailureKindScopeTooBroad is "scope_too_broad": a scope that is too broad.
	FailureKindScopeTooBroad FailureKind = "scope_too_broad"
	// FailureKindNeedsApproval is "needs_approval": a required human approval.
	FailureKindNeedsApproval FailureKind = "needs_approval"
	// FailureKindNeedsCapability is "needs_capability": a required capability.
	FailureKindNeedsCapability FailureKind = "needs_capability"
	// FailureKindUnknown is "unknown": an unclassified failure.
	FailureKindUnknown FailureKind = "unknown"
)

// Valid reports whether c is one of the 10 FailureKind values.
func (c FailureKind) Valid() bool {
	switch c {
	case FailureKindGateRejection, FailureKindToolFailure, FailureKindProviderTransport,
		FailureKindProviderRateLimit, FailureKindCapabilityMismatch,
		FailureKindMeasuredPlateau, FailureKindScopeTooBroad, FailureKindNeedsApproval,
		FailureKindNeedsCapability, FailureKindUnknown:
		return true
	}
	return false
}

// failureKindValues lists the FailureKind values in declaration order:
// decoding returns these constants (see readEnum) instead of allocating the
// strings it reads.
var failureKindValues = []FailureKind{
	FailureKindGateRejection, FailureKindToolFailure, FailureKindProviderTransport,
	FailureKindProviderRateLimit, FailureKindCapabilityMismatch, FailureKindMeasuredPlateau,
	FailureKindScopeTooBroad, FailureKindNeedsApproval, FailureKindNeedsCapability, FailureKindUnknown,
}

// CascadeLevel is a level of the recovery cascade (perspt_sdk::CascadeLevel).
// The levels are ordered from retry to contain; Rank gives the position. Its
// zero value "" is not valid.
type CascadeLevel string

// The CascadeLevel values, in declaration order.
const (
	// CascadeLevelRetry is "retry": retries (rank 0).
	CascadeLevelRetry CascadeLevel = "retry"
	// CascadeLevelFallback is "fallback": falls back to another model (rank 1).
	CascadeLevelFallback CascadeLevel = "fallback"
	// CascadeLevelRefine is "refine": refines the task (rank 2).
	CascadeLevelRefine CascadeLevel = "refine"
	// CascadeLevelEscalate is "escalate": escalates (rank 3).
	CascadeLevelEscalate CascadeLevel = "escalate"
	// CascadeLevelContain is "contain": contains the failure (rank 4).
	CascadeLevelContain CascadeLevel = "contain"
)

// Valid reports whether c is one of the 5 CascadeLevel values.
func (c CascadeLevel) Valid() bool {
	switch c {
	case CascadeLevelRetry, CascadeLevelFallback, CascadeLevelRefine, CascadeLevelEscalate,
		CascadeLevelContain:
		return true
	}
	return false
}

// cascadeLevelValues lists the CascadeLevel values in declaration order:
// decoding returns these constants (see readEnum) instead of allocating the
// strings it reads.
var cascadeLevelValues = []CascadeLevel{
	CascadeLevelRetry, CascadeLevelFallback, CascadeLevelRefine, CascadeLevelEscalate, CascadeLevelContain,
}

// Rank returns the position of c in the cascade, 0 (retry) to 4 (contain),
// or -1 when c is not a valid CascadeLevel.
func (c CascadeLevel) Rank() int {
	return slices.Index(cascadeLevelValues, c)
}

// PromptStage is the stage of the agent a prompt program is compiled for
// (perspt_sdk::prompt::PromptStage). Its zero value "" is not valid.
type PromptStage string

// The PromptStage values, in declaration order.
const (
	// PromptStageSessionBootstrap is "session_bootstrap": the session bootstrap stage.
	PromptStageSessionBootstrap PromptStage = "session_bootstrap"
	// PromptStageGraphPlan is "graph_plan": the graph planning stage.
	PromptStageGraphPlan PromptStage = "graph_plan"
	// PromptStageToolDiscovery is "tool_discovery": the tool discovery stage.
	PromptStageToolDiscovery PromptStage = "tool_discovery"
	// PromptStageConversationCompact is "conversation_compact": the conversation compaction stage.
	PromptStageConversationCompact PromptStage = "conversation_compact"
	// PromptStageExternalReconcile is "external_reconcile": the external reconciliation stage.
	PromptStageExternalReconcile PromptStage = "external_reconcile"
	// PromptStageRepositoryExplore is "repository_explore": the repository exploration stage.
	PromptStageRepositoryExplore PromptStage = "repository_explore"
	// PromptStageBranchStrategy is "branch_strategy": the branch strategy stage.
	PromptStageBranchStrategy PromptStage = "branch_strategy"
	// PromptStageBranchPropose is "branch_propose": the branch proposal stage.
	PromptStageBranchPropose PromptStage = "branch_propose"
	// PromptStageBranchCorrect is "branch_correct": the branch correction stage.
	PromptStageBranchCorrect PromptStage = "branch_correct"
	// PromptStageBranchReview is "branch_review": the branch review stage.
	PromptStageBranchReview PromptStage = "branch_review"
	// PromptStageAdjudicate is "adjudicate": the adjudication stage.
	PromptStageAdjudicate PromptStage = "adjudicate"
	// PromptStageEvidenceSummarize is "evidence_summarize": the evidence summarization stage.
	PromptStageEvidenceSummarize PromptStage = "evidence_summarize"
)

// Valid reports whether c is one of the 12 PromptStage values.
func (c PromptStage) Valid() bool {
	switch c {
	case PromptStageSessionBootstrap, PromptStageGraphPlan, PromptStageToolDiscovery,
		PromptStageConversationCompact, PromptStageExternalReconcile,
		PromptStageRepositoryExplore, PromptStageBranchStrategy, PromptStageBranchPropose,
		PromptStageBranchCorrect, PromptStageBranchReview, PromptStageAdjudicate,
		PromptStageEvidenceSummarize:
		return true
	}
	return false
}

// promptStageValues lists the PromptStage values in declaration order:
// decoding returns these constants (see readEnum) instead of allocating the
// strings it reads.
var promptStageValues = []PromptStage{
	PromptStageSessionBootstrap, PromptStageGraphPlan, PromptStageToolDiscovery, PromptStageConversationCompact,
	PromptStageExternalReconcile, PromptStageRepositoryExplore, PromptStageBranchStrategy,
	PromptStageBranchPropose, PromptStageBranchCorrect, PromptStageBranchReview, PromptStageAdjudicate,
	PromptStageEvidenceSummarize,
}

// PromptMessageRole is the role of a compiled prompt message
// (perspt_sdk::prompt::PromptMessageRole). Its zero value "" is not valid.
type PromptMessageRole string

// The PromptMessageRole values, in declaration order.
const (
	// PromptMessageRoleSystem is "system": a system message.
	PromptMessageRoleSystem PromptMessageRole = "system"
	// PromptMessageRoleUser is "user": a user message.
	PromptMessageRoleUser PromptMessageRole = "user"
)

// Valid reports whether c is one of the 2 PromptMessageRole values.
func (c PromptMessageRole) Valid() bool {
	switch c {
	case PromptMessageRoleSystem, PromptMessageRoleUser:
		return true
	}
	return false
}

// promptMessageRoleValues lists the PromptMessageRole values in declaration
// order: decoding returns these constants (see readEnum) instead of
// allocating the strings it reads.
var promptMessageRoleValues = []PromptMessageRole{
	PromptMessageRoleSystem, PromptMessageRoleUser,
}
