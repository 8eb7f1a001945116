package toolloop

// ActorID names the actor that proposed an effect (perspt_sdk::ActorId, a
// newtype). JSON: a bare string.
type ActorID string

// EffectProposal is the typed effect a tool call proposes, as checked by
// the admissibility kernel. JSON: an object with the members below in this
// order.
type EffectProposal struct {
	// ProposalID identifies the proposal (required).
	ProposalID string `json:"proposal_id"`
	// Actor is the proposing actor (required).
	Actor ActorID `json:"actor"`
	// NodeID is the task-graph node (required).
	NodeID string `json:"node_id"`
	// Generation is the node generation (required).
	Generation uint32 `json:"generation"`
	// Effect is the kind of effect (required).
	Effect EffectKind `json:"effect"`
	// Path is the primary path affected (O).
	Path *string `json:"path"`
	// AdditionalPaths are further paths affected (D: absent reads as
	// empty; always written).
	AdditionalPaths []string `json:"additional_paths"`
	// Command is the command to run (O: a nil interface or a typed nil
	// pointer is None, written null; absent or null reads as nil). It is
	// the only Option over an enum with data.
	Command CommandInvocation `json:"command"`
	// NetworkTarget is the network target (O).
	NetworkTarget *string `json:"network_target"`
	// Risk is the declared risk (required).
	Risk RiskClass `json:"risk"`
	// RiskCost is the risk budget the effect consumes (required).
	RiskCost float64 `json:"risk_cost"`
	// IdempotencyKey makes the effect idempotent (required).
	IdempotencyKey string `json:"idempotency_key"`
	// Preconditions are the state witnesses the effect requires (required).
	Preconditions []StateWitness `json:"preconditions"`
}

// StateWitness pins the content hash of one resource. JSON:
// {"resource":…,"content_hash":…}.
type StateWitness struct {
	// Resource names the resource (required).
	Resource string `json:"resource"`
	// ContentHash is the resource's expected content hash (required).
	ContentHash string `json:"content_hash"`
}

// FullAdmissibilityWitness is the kernel's complete verdict on a proposal.
// JSON: {"base":…,"contract":…,"barrier":…,"profile":…}.
type FullAdmissibilityWitness struct {
	// Base is the clause-by-clause verdict (required).
	Base AdmissibilityWitness `json:"base"`
	// Contract is the contract check's witness (O).
	Contract *ContractWitness `json:"contract"`
	// Barrier is the barrier check's witness (O).
	Barrier *BarrierWitness `json:"barrier"`
	// Profile is the certification profile reached (required).
	Profile AdmissibilityProfile `json:"profile"`
}

// AdmissibilityWitness is the clause-by-clause admissibility verdict. JSON:
// an object with the members below in this order.
type AdmissibilityWitness struct {
	// ProposalID is the judged proposal (required).
	ProposalID string `json:"proposal_id"`
	// Actor is the proposing actor (required).
	Actor ActorID `json:"actor"`
	// CapabilityID is the capability that granted the effect (O).
	CapabilityID *string `json:"capability_id"`
	// AuthorityOK reports the authority clause (required).
	AuthorityOK bool `json:"authority_ok"`
	// ContractOK reports the contract clause (required).
	ContractOK bool `json:"contract_ok"`
	// EffectOK reports the effect clause (required).
	EffectOK bool `json:"effect_ok"`
	// BarrierIncrementOK reports the barrier-increment clause (required).
	BarrierIncrementOK bool `json:"barrier_increment_ok"`
	// RiskBudgetOK reports the risk-budget clause (required).
	RiskBudgetOK bool `json:"risk_budget_ok"`
	// Decision is the kernel's decision (required).
	Decision AdmissibilityDecision `json:"decision"`
	// RecoveryClass is how a denial may be recovered from (O).
	RecoveryClass *RecoveryClass `json:"recovery_class"`
}

// ContractWitness is the witness of the contract check. JSON:
// {"ok":…,"policy_version":…,"evidence_refs":…}.
type ContractWitness struct {
	// OK reports whether the contract holds (required).
	OK bool `json:"ok"`
	// PolicyVersion is the policy version checked (required).
	PolicyVersion string `json:"policy_version"`
	// EvidenceRefs reference the evidence (required).
	EvidenceRefs []string `json:"evidence_refs"`
}

// BarrierWitness is the witness of the barrier (safety certificate) check.
// JSON: an object with the members below in this order.
type BarrierWitness struct {
	// HBefore is the barrier value before the effect (required).
	HBefore float64 `json:"h_before"`
	// ExpectedHAfterUpper bounds the barrier value after it (required).
	ExpectedHAfterUpper float64 `json:"expected_h_after_upper"`
	// CertifiedIncrement is the certified increment (required).
	CertifiedIncrement float64 `json:"certified_increment"`
	// UnsafeThreshold is the unsafe threshold (required).
	UnsafeThreshold float64 `json:"unsafe_threshold"`
	// EvidenceRefs reference the evidence (required).
	EvidenceRefs []string `json:"evidence_refs"`
}
