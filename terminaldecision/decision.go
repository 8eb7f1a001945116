package terminaldecision

import "fmt"

// ContinuationIntent is the bounded instruction to continue a trajectory. The
// zero value is not valid: it lacks a trajectory reference, a control
// reference or instruction, a provenance and a reason code.
type ContinuationIntent struct {
	// TrajectoryRef names the trajectory to continue; required.
	TrajectoryRef string
	// ControlRef is an opaque control reference such as a protocol state
	// token. ControlRef and Instruction may not both be blank.
	ControlRef string
	// Instruction is the text handed to the model (at most
	// MaxInstructionBytes).
	Instruction string
	// Provenance names who built the intent; required.
	Provenance string
	// ReasonCode says why the trajectory continues; required, at most
	// MaxReasonCodeBytes.
	ReasonCode string
}

// Validate reports the first way in which c is invalid, as an error wrapping
// ErrInvalidDecision, or nil. It checks, in this order (by the string rule of
// the package documentation, label quoted): TrajectoryRef, "continuation
// trajectory reference", required, MaxIdentifierBytes; ControlRef,
// "continuation control reference", optional, MaxIdentifierBytes;
// Instruction, "continuation instruction", optional, MaxInstructionBytes;
// ControlRef and Instruction are not both blank ("continuation control
// reference or instruction is required"); Provenance, "continuation
// provenance", required, MaxIdentifierBytes; ReasonCode, "continuation reason
// code", required, MaxReasonCodeBytes.
func (c ContinuationIntent) Validate() error {
	err := checkFields(ErrInvalidDecision,
		labelledText{"continuation trajectory reference", c.TrajectoryRef, MaxIdentifierBytes, true},
		labelledText{"continuation control reference", c.ControlRef, MaxIdentifierBytes, false},
		labelledText{"continuation instruction", c.Instruction, MaxInstructionBytes, false},
	)
	if err != nil {
		return err
	}
	if isBlank(c.ControlRef) && isBlank(c.Instruction) {
		return fmt.Errorf("%w: continuation control reference or instruction is required", ErrInvalidDecision)
	}
	return checkFields(ErrInvalidDecision,
		labelledText{"continuation provenance", c.Provenance, MaxIdentifierBytes, true},
		labelledText{"continuation reason code", c.ReasonCode, MaxReasonCodeBytes, true},
	)
}

// Decision is a Provider's answer for one Input. Continue is non-nil exactly
// when Kind is DecisionContinue. The zero value is not valid.
type Decision struct {
	// Kind is what was decided.
	Kind DecisionKind
	// ReasonCode says why; required, at most MaxReasonCodeBytes.
	ReasonCode string
	// Continue is the continuation intent of a continue decision, and nil
	// for every other kind.
	Continue *ContinuationIntent
}

// Validate reports whether d is a valid Decision; it is ValidateDecision(d).
func (d Decision) Validate() error {
	return ValidateDecision(d)
}

// ValidateDecision reports the first way in which d is invalid, as an error
// wrapping ErrInvalidDecision, or nil. It checks, in this order: Kind is one
// of the three kinds ("unknown decision kind"); ReasonCode, "reason code",
// required, at most MaxReasonCodeBytes; a kind other than continue carries no
// intent ("allow_stop decision cannot carry continuation intent", and
// likewise for surface_failure); a continue decision carries one ("continue
// decision requires continuation intent"), and that intent passes
// ContinuationIntent.Validate, whose error is returned as is.
func ValidateDecision(d Decision) error {
	if !d.Kind.IsKnown() {
		return fmt.Errorf("%w: unknown decision kind", ErrInvalidDecision)
	}
	if err := validateText(ErrInvalidDecision, "reason code", d.ReasonCode, MaxReasonCodeBytes, true); err != nil {
		return err
	}
	if d.Kind != DecisionContinue {
		if d.Continue != nil {
			return fmt.Errorf("%w: %s decision cannot carry continuation intent", ErrInvalidDecision, d.Kind)
		}
		return nil
	}
	if d.Continue == nil {
		return fmt.Errorf("%w: continue decision requires continuation intent", ErrInvalidDecision)
	}
	return d.Continue.Validate()
}
