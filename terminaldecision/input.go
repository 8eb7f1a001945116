package terminaldecision

import (
	"fmt"
	"time"

	"github.com/agentkernel/agentkernel/lipapi"
)

// CanonicalTerminalCandidate is the provisional terminal candidate under
// decision. The zero value has no known cause and is not valid.
type CanonicalTerminalCandidate struct {
	// Cause is why the candidate was produced.
	Cause CandidateCause
	// Reference optionally identifies the candidate (at most
	// MaxIdentifierBytes).
	Reference string
	// OutputCommitted reports whether output was already committed to the
	// client; it is not validated.
	OutputCommitted bool
}

// RequestIdentity identifies the request the candidate belongs to. RequestID
// is required; the other identifiers are optional. Each is at most
// MaxIdentifierBytes. The zero value is not valid: it lacks a request id.
type RequestIdentity struct {
	// RequestID identifies the request; it is required.
	RequestID string
	// TraceID is the optional trace identifier.
	TraceID string
	// ALegID is the optional identifier of the request's A leg.
	ALegID string
	// BLegID is the optional identifier of the request's B leg.
	BLegID string
}

// PolicySnapshot is the policy in force for the candidate. Revision is
// required (at most MaxIdentifierBytes); MaxContinuationAttempts is the
// platform continuation cap and is not validated. The zero value is not
// valid: it lacks a revision.
type PolicySnapshot struct {
	// Revision names the policy revision; it is required.
	Revision string
	// MaxContinuationAttempts is the platform continuation cap; it is not
	// validated.
	MaxContinuationAttempts uint8
}

// ContinuationEvidence describes the continuation that produced the candidate.
// TrajectoryRef is optional (at most MaxIdentifierBytes); Attempt is not
// validated. The zero value is valid and describes a first attempt with no
// trajectory reference.
type ContinuationEvidence struct {
	// TrajectoryRef optionally names the continued trajectory.
	TrajectoryRef string
	// Attempt is the current continuation attempt; it is not validated.
	Attempt uint8
}

// ActionFact is one observed action. The zero value is the unused slot. An
// active fact needs an ItemID or a CallID, a known kind (message, tool_call or
// tool_result) and a known status; a tool fact also needs a CallID and a
// non-blank Name.
type ActionFact struct {
	// ItemID identifies the item of the action.
	ItemID string
	// CallID identifies the tool call of the action; tool facts need it.
	CallID string
	// Kind is message, tool_call or tool_result.
	Kind lipapi.ItemKind
	// Status is in_progress, completed or incomplete.
	Status lipapi.ItemStatus
	// Name is the tool name; tool facts need a non-blank one.
	Name string
}

// EvidenceLineage links the evidence to its trajectory. The references are
// optional (at most MaxIdentifierBytes each); Attempt is not validated.
// ProgressRef typically carries an opaque protocol state token. The zero value
// is valid: no references, no progress state.
type EvidenceLineage struct {
	// TrajectoryRef optionally names the trajectory of the evidence.
	TrajectoryRef string
	// ParentRef is the optional parent reference.
	ParentRef string
	// ProgressRef optionally carries progress state, such as an opaque
	// protocol state token.
	ProgressRef string
	// Attempt is the attempt the evidence belongs to; it is not validated.
	Attempt uint8
}

// Evidence is the bounded evidence a Provider decides on. The zero value is
// valid: no text, no actions, no completion protocol.
type Evidence struct {
	// Objective is the optional objective text (at most
	// MaxEvidenceTextBytes).
	Objective string
	// RecentText is the optional recent conversation text (at most
	// MaxEvidenceTextBytes).
	RecentText string
	// CandidateText is the optional text of the candidate (at most
	// MaxEvidenceTextBytes).
	CandidateText string
	// Actions holds the observed actions; only the first ActionCount slots
	// are active and the rest must be zero.
	Actions [MaxEvidenceActions]ActionFact
	// ActionCount is the length of the active prefix of Actions.
	ActionCount uint8
	// ExplicitCompletion reports that a completion signal was observed.
	ExplicitCompletion bool
	// ExplicitCompletionExpected reports that a completion protocol was
	// active. It is independent of ExplicitCompletion.
	ExplicitCompletionExpected bool
	// Lineage links the evidence to its trajectory.
	Lineage EvidenceLineage
}

// Input is everything a Provider sees about one terminal candidate. It holds
// only strings, integers, booleans, fixed arrays and a time.Time, so a copy
// shares nothing with the original. The zero value is not valid: it lacks a
// cause, a request id, a policy revision and a deadline.
type Input struct {
	// Candidate is the terminal candidate under decision.
	Candidate CanonicalTerminalCandidate
	// Request identifies the request the candidate belongs to.
	Request RequestIdentity
	// Policy is the policy in force.
	Policy PolicySnapshot
	// Continuation describes the continuation that produced the candidate.
	Continuation ContinuationEvidence
	// Evidence is what the Provider decides on.
	Evidence Evidence
	// Deadline is when the decision must be made; it is required.
	Deadline time.Time
}

// Validate reports whether in is a valid Input; it is ValidateInput(in).
func (in Input) Validate() error {
	return ValidateInput(in)
}

// labelledText is one string field checked by the string rule.
type labelledText struct {
	label    string
	value    string
	bound    int
	required bool
}

// checkFields applies the string rule to each field in order and returns the
// first failure wrapping sentinel.
func checkFields(sentinel error, fields ...labelledText) error {
	for _, f := range fields {
		if p := checkText(f.value, f.bound, f.required); p != textOK {
			return p.err(sentinel, f.label, f.bound)
		}
	}
	return nil
}

// ValidateInput reports the first way in which in is invalid, as an error
// wrapping ErrInvalidInput, or nil. It checks, in this order (string fields
// by the string rule of the package documentation, with the label quoted):
//
//  1. Candidate.Cause is one of the eight causes ("unknown candidate
//     cause");
//  2. Candidate.Reference, "candidate reference", optional,
//     MaxIdentifierBytes;
//  3. Request.RequestID, "request id", required; then TraceID "trace id",
//     ALegID "a-leg id" and BLegID "b-leg id", optional; MaxIdentifierBytes
//     each;
//  4. Policy.Revision, "policy revision", required, MaxIdentifierBytes;
//  5. Continuation.TrajectoryRef, "trajectory reference", optional,
//     MaxIdentifierBytes;
//  6. Evidence.Objective "evidence objective", RecentText "evidence recent
//     text" and CandidateText "evidence candidate text", optional,
//     MaxEvidenceTextBytes each;
//  7. Evidence.ActionCount is at most MaxEvidenceActions ("evidence action
//     count exceeds 8");
//  8. each active action i (i < ActionCount), labelled "evidence
//     actions[i]": its ItemID ("… item id"), CallID ("… call id") and Name
//     ("… name"), optional, MaxIdentifierBytes each; ItemID or CallID is not
//     empty ("… requires item id or call id"); Kind is message, tool_call or
//     tool_result ("… has unknown action kind"); Status is in_progress,
//     completed or incomplete ("… has unknown action status"); a tool_call
//     or tool_result action has a CallID ("… tool action requires call id")
//     and a non-blank Name ("… tool action requires name");
//  9. every inactive slot i (i >= ActionCount) is the zero ActionFact
//     ("evidence action i is populated beyond action count");
//  10. Evidence.Lineage.TrajectoryRef "evidence trajectory reference",
//     ParentRef "evidence parent reference" and ProgressRef "evidence
//     progress reference", optional, MaxIdentifierBytes each;
//  11. Deadline is not the zero time ("deadline is required").
//
// So a failure reads, for instance, "terminaldecision: invalid input:
// evidence actions[2] item id exceeds 256 bytes". ValidateInput does not
// check OutputCommitted, MaxContinuationAttempts or either Attempt, and
// ExplicitCompletion and ExplicitCompletionExpected are independent (all
// four combinations are valid).
func ValidateInput(in Input) error {
	if !in.Candidate.Cause.IsKnown() {
		return fmt.Errorf("%w: unknown candidate cause", ErrInvalidInput)
	}
	ev := &in.Evidence
	err := checkFields(ErrInvalidInput,
		labelledText{"candidate reference", in.Candidate.Reference, MaxIdentifierBytes, false},
		labelledText{"request id", in.Request.RequestID, MaxIdentifierBytes, true},
		labelledText{"trace id", in.Request.TraceID, MaxIdentifierBytes, false},
		labelledText{"a-leg id", in.Request.ALegID, MaxIdentifierBytes, false},
		labelledText{"b-leg id", in.Request.BLegID, MaxIdentifierBytes, false},
		labelledText{"policy revision", in.Policy.Revision, MaxIdentifierBytes, true},
		labelledText{"trajectory reference", in.Continuation.TrajectoryRef, MaxIdentifierBytes, false},
		labelledText{"evidence objective", ev.Objective, MaxEvidenceTextBytes, false},
		labelledText{"evidence recent text", ev.RecentText, MaxEvidenceTextBytes, false},
		labelledText{"evidence candidate text", ev.CandidateText, MaxEvidenceTextBytes, false},
	)
	if err != nil {
		return err
	}
	if ev.ActionCount > MaxEvidenceActions {
		return fmt.Errorf("%w: evidence action count exceeds %d", ErrInvalidInput, MaxEvidenceActions)
	}
	for i := range ev.Actions {
		if i < int(ev.ActionCount) {
			if err := validateAction(i, &ev.Actions[i]); err != nil {
				return err
			}
		} else if ev.Actions[i] != (ActionFact{}) {
			return fmt.Errorf("%w: evidence action %d is populated beyond action count", ErrInvalidInput, i)
		}
	}
	err = checkFields(ErrInvalidInput,
		labelledText{"evidence trajectory reference", ev.Lineage.TrajectoryRef, MaxIdentifierBytes, false},
		labelledText{"evidence parent reference", ev.Lineage.ParentRef, MaxIdentifierBytes, false},
		labelledText{"evidence progress reference", ev.Lineage.ProgressRef, MaxIdentifierBytes, false},
	)
	if err != nil {
		return err
	}
	if in.Deadline.IsZero() {
		return fmt.Errorf("%w: deadline is required", ErrInvalidInput)
	}
	return nil
}

// validateAction checks the active action a at index i.
func validateAction(i int, a *ActionFact) error {
	fail := func(what string) error {
		return fmt.Errorf("%w: evidence actions[%d] %s", ErrInvalidInput, i, what)
	}
	fields := [...]struct {
		name, value string
	}{{"item id", a.ItemID}, {"call id", a.CallID}, {"name", a.Name}}
	for _, f := range fields {
		if p := checkText(f.value, MaxIdentifierBytes, false); p != textOK {
			return p.err(ErrInvalidInput, fmt.Sprintf("evidence actions[%d] %s", i, f.name), MaxIdentifierBytes)
		}
	}
	if a.ItemID == "" && a.CallID == "" {
		return fail("requires item id or call id")
	}
	tool := false
	switch a.Kind {
	case lipapi.ItemKindToolCall, lipapi.ItemKindToolResult:
		tool = true
	case lipapi.ItemKindMessage:
	default:
		return fail("has unknown action kind")
	}
	if !a.Status.IsKnown() {
		return fail("has unknown action status")
	}
	if tool && a.CallID == "" {
		return fail("tool action requires call id")
	}
	if tool && isBlank(a.Name) {
		return fail("tool action requires name")
	}
	return nil
}
