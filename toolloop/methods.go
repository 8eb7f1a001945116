package toolloop

import (
	"math"

	"github.com/agentkernel/agentkernel/internal/nilness"
)

// This file holds the methods of the generated types that compute
// something beyond what the contract description says.

// IsAccepted reports whether d accepts the candidate: true for
// GateDecisionHardPass and GateDecisionAcceptedByDescent (as values or
// non-nil pointers), false for every other variant, a nil interface and a
// nil pointer.
func IsAccepted(d GateDecision) bool {
	switch d.(type) {
	case GateDecisionHardPass, GateDecisionAcceptedByDescent:
		return true
	case *GateDecisionHardPass, *GateDecisionAcceptedByDescent:
		return !nilness.IsNil(d)
	}
	return false
}

// IsEmpty reports whether p has no operators and no diagnostics.
func (p CorrectionPacket) IsEmpty() bool {
	return len(p.Operators) == 0 && len(p.Diagnostics) == 0
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
