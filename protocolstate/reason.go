package protocolstate

import "strconv"

// Reason is why another reprompt is allowed or refused, as RemainingReason
// reports it for the arguments of Remaining. The zero Reason is
// ReasonInvalid: a Reason that was never set never reads as allowed.
type Reason uint8

// The reasons. The refusals are listed in the order RemainingReason checks
// them: when several apply, the first one listed is reported.
const (
	// ReasonInvalid reports that the state, limits or platform failed
	// validation; RemainingReason returns it together with the error.
	ReasonInvalid Reason = iota
	// ReasonTerminal reports a terminal state: the protocol has stopped.
	ReasonTerminal
	// ReasonNoProgress reports that State.ConsecutiveNoProgress reaches
	// Limits.NoProgressLimit: the evidence stopped changing.
	ReasonNoProgress
	// ReasonBudgetExhausted reports that State.Reprompts reaches
	// Limits.MaxReprompts: every configured reprompt has been spent.
	ReasonBudgetExhausted
	// ReasonPlatformCap reports that a positive Platform.Cap is reached
	// (Platform.Attempt >= Platform.Cap): the platform allows no further
	// continuation attempt.
	ReasonPlatformCap
	// ReasonAllowed reports that another reprompt may be considered:
	// Remaining reports Allowed with a positive Remaining.
	ReasonAllowed
)

// reasonNames are the String forms, indexed by Reason.
var reasonNames = [...]string{
	ReasonInvalid:         "invalid",
	ReasonTerminal:        "terminal",
	ReasonNoProgress:      "no_progress",
	ReasonBudgetExhausted: "budget_exhausted",
	ReasonPlatformCap:     "platform_cap",
	ReasonAllowed:         "allowed",
}

// String returns the reason's snake_case name ("invalid", "terminal",
// "no_progress", "budget_exhausted", "platform_cap" or "allowed"), fit for a
// reason code, or "Reason(n)" for a value that is not one of the constants.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}
