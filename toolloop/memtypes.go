package toolloop

import "math"

// This file holds the in-memory types of the loop's ports and terminal
// report (§9.2 of the specification). They are never serialized by this
// package and carry no JSON tags.

// SeedFile is one exported file of an accepted candidate. Resume must keep
// both contents so a later promotion cannot overwrite user edits made while
// the session slept.
type SeedFile struct {
	// Path is the file's workspace path.
	Path string
	// Content is the accepted overlay state: nil means the file is deleted,
	// a non-nil empty slice an empty file.
	Content []byte
	// SourcePreimage is the workspace state the first mutation derived
	// from; nil means absent.
	SourcePreimage []byte
}

// EffectOutcome is what applying one admitted call did to the candidate
// overlay.
type EffectOutcome struct {
	// Output is the tool output returned to the model as the tool response.
	Output string
	// Mutated reports whether the overlay was mutated.
	Mutated bool
	// Completed reports whether the executor observed a definitive
	// completion; false deliberately leaves a durable effect's write-ahead
	// bracket open for reconciliation.
	Completed bool
}

// CandidateCheckpoint is an opaque executor checkpoint plus its measured
// state witness.
type CandidateCheckpoint struct {
	// ID identifies the checkpoint to the executor.
	ID string
	// Witness is the state measured at the checkpoint.
	Witness CandidateStateWitness
}

// CandidateStateWitness is the measured state of the candidate overlay.
type CandidateStateWitness struct {
	// StateRoot is the state root over CanonicalScope.
	StateRoot string
	// GraphRevision is the task-graph revision.
	GraphRevision string
	// NodeID is the task-graph node.
	NodeID string
	// NodeGeneration is the node generation.
	NodeGeneration uint32
	// CanonicalScope is the exact scope StateRoot was computed over.
	CanonicalScope []string
	// BarrierChannels are the barrier values by channel name.
	BarrierChannels map[string]float64
}

// Measured is one measured evaluation of the realized candidate.
type Measured struct {
	// HardPass reports whether every hard check passed.
	HardPass bool
	// Energy is the candidate's energy.
	Energy float64
	// Residuals are the measured residuals.
	Residuals []ResidualEvent
	// Correction is the domain's directed correction for the dominant
	// residual; nil when there is none.
	Correction *CorrectionDirection
	// Packet is the typed correction packet folded from all residuals; nil
	// on domains that have not opted in.
	Packet *CorrectionPacket
}

// CorrectionPacket is the typed correction folded from a measurement's
// residuals. An empty packet (IsEmpty) never causes a blind retry.
type CorrectionPacket struct {
	// DominantCluster is the dominant residual cluster.
	DominantCluster ResidualClusterRef
	// Diagnostics are the structured diagnostics behind the cluster.
	Diagnostics []StructuredDiagnosticRef
	// Affected is what the correction affects.
	Affected AffectedSet
	// Operators are the correction operators to apply.
	Operators []CorrectionOperator
	// ExpectedFootprint is the resources the correction is expected to
	// touch.
	ExpectedFootprint FootprintSpec
	// FollowUpStages are the stages to run after the correction.
	FollowUpStages []string
	// NoGoods are the no-goods the correction must avoid.
	NoGoods []NoGoodRef
	// Uncertainty declares the sensors that were missing.
	Uncertainty []MissingSensorDecl
}

// IsEmpty reports whether p has no operators and no diagnostics.
func (p CorrectionPacket) IsEmpty() bool {
	return len(p.Operators) == 0 && len(p.Diagnostics) == 0
}

// ResidualClusterRef summarizes a cluster of related residuals.
type ResidualClusterRef struct {
	// ClusterID identifies the cluster.
	ClusterID string
	// Class is the cluster's residual class.
	Class ResidualClass
	// RootCause describes the common root cause.
	RootCause string
	// MemberCount is the number of residuals in the cluster.
	MemberCount uint32
	// Magnitude is the cluster's energy magnitude.
	Magnitude float64
}

// StructuredDiagnosticRef is one structured diagnostic.
type StructuredDiagnosticRef struct {
	// Code is the diagnostic code, if any.
	Code *string
	// Message is the diagnostic message.
	Message string
	// Path is the file the diagnostic is about, if any.
	Path *string
	// Line is the 1-based line, if known.
	Line *uint32
	// Column is the 1-based column, if known.
	Column *uint32
}

// AffectedSet is what a correction affects.
type AffectedSet struct {
	// Paths are the affected paths.
	Paths []string
	// Symbols are the affected symbols.
	Symbols []SymbolRef
	// Spans are the affected source spans.
	Spans []string
	// Tests are the affected tests.
	Tests []string
	// GraphEdges are the affected task-graph edges.
	GraphEdges []string
}

// CorrectionOperator is one operator of a correction packet.
type CorrectionOperator struct {
	// OperatorID identifies the operator.
	OperatorID string
	// Instruction tells the model what to do.
	Instruction string
	// Addresses is the residual class the operator corrects.
	Addresses ResidualClass
	// Rationale explains the operator.
	Rationale string
}

// NoGoodRef references a recorded no-good.
type NoGoodRef struct {
	// Key is the exact no-good key.
	Key string
	// EvidenceHash is the hash of the support evidence.
	EvidenceHash string
}

// MissingSensorDecl declares a sensor that could not run.
type MissingSensorDecl struct {
	// Sensor names the sensor.
	Sensor string
	// Reason says why it was missing.
	Reason string
}

// LoopOutcome is the loop's terminal report.
type LoopOutcome struct {
	// Outcome is how the node terminated.
	Outcome NodeTerminalOutcome
	// Trajectory is the accepted trajectory.
	Trajectory AcceptedTrajectory
	// Events are the events retained by the loop's event log.
	Events []LoopEvent
	// Projection counts the projection mismatches observed.
	Projection ProjectionMismatch
	// TurnsUsed is the number of model turns used.
	TurnsUsed uint32
	// RecoverySpent is the number of horizontal controls consumed from the
	// shared recovery pool.
	RecoverySpent uint32
	// ContainedByTransport reports containment caused by exhausted
	// provider-transport recovery: an infrastructure outcome, not a
	// governance anomaly.
	ContainedByTransport bool
}

// AcceptedTrajectory is the sequence of gate decisions of one node.
type AcceptedTrajectory struct {
	// NodeID is the task-graph node.
	NodeID string
	// Generation is the node generation.
	Generation uint32
	// BaselineEnergy is the energy before the first candidate.
	BaselineEnergy float64
	// BestAcceptedEnergy is the best accepted energy.
	BestAcceptedEnergy float64
	// RhoGate is the gate's required descent.
	RhoGate float64
	// RejectionBudget is the number of rejections allowed.
	RejectionBudget uint32
	// RejectionsUsed is the number of rejections used.
	RejectionsUsed uint32
	// GateDecisions are the decisions in order.
	GateDecisions []GateDecisionRef
}

// GateDecisionRef is one gate decision with the energies it compared.
type GateDecisionRef struct {
	// Decision is the gate's decision.
	Decision GateDecision
	// ObservedEnergy is the candidate's energy.
	ObservedEnergy float64
	// BestAcceptedBefore is the best accepted energy before the decision.
	BestAcceptedBefore float64
}

// ProjectionMismatch counts the ways the projected effects differed from
// what the model proposed.
type ProjectionMismatch struct {
	// DeniedProposals counts denied proposals.
	DeniedProposals uint32
	// StaleWitnesses counts stale state witnesses.
	StaleWitnesses uint32
	// AmbiguousEdits counts ambiguous edits.
	AmbiguousEdits uint32
	// FormatterRewrites counts formatter rewrites.
	FormatterRewrites uint32
	// PartialApplications counts partially applied effects.
	PartialApplications uint32
}

// Total returns the sum of the five counters, saturated at math.MaxUint32
// (it never wraps around).
func (m ProjectionMismatch) Total() uint32 {
	t := uint64(m.DeniedProposals) + uint64(m.StaleWitnesses) + uint64(m.AmbiguousEdits) +
		uint64(m.FormatterRewrites) + uint64(m.PartialApplications)
	if t > math.MaxUint32 {
		return math.MaxUint32
	}
	return uint32(t)
}

// NodeTerminalOutcome is how a node's loop terminated:
// NodeTerminalOutcomeHardPass or NodeTerminalOutcomeEscalated.
type NodeTerminalOutcome interface {
	isNodeTerminalOutcome()
}

// NodeTerminalOutcomeHardPass is the NodeTerminalOutcome unit variant: the
// node passed every hard check.
type NodeTerminalOutcomeHardPass struct{}

// NodeTerminalOutcomeEscalated is the NodeTerminalOutcome variant for an
// escalated node.
type NodeTerminalOutcomeEscalated struct {
	// CertificateID names the escalation certificate.
	CertificateID string
}

func (NodeTerminalOutcomeHardPass) isNodeTerminalOutcome()  {}
func (NodeTerminalOutcomeEscalated) isNodeTerminalOutcome() {}
