package protocolstate

// Observe records one evidence observation and returns the next state.
//
// It returns (prior, ErrInvalidState) if prior is invalid or fingerprint is
// not canonical (checked before the terminal rule). A terminal prior is
// returned unchanged. Otherwise the next state carries fingerprint as
// LastFingerprint; ConsecutiveNoProgress restarts at 0 when the fingerprint
// differs from the previous one (including the first baseline) and otherwise
// increments, saturating at MaxConsecutiveNoProgress. Observe never changes
// Reprompts: observations are not emitted intents.
func Observe(prior State, fingerprint string) (State, error) {
	if prior.Validate() != nil || !isCanonicalFingerprint(fingerprint) {
		return prior, ErrInvalidState
	}
	if prior.Terminal {
		return prior, nil
	}
	next := prior
	next.LastFingerprint = fingerprint
	switch {
	case fingerprint != prior.LastFingerprint:
		next.ConsecutiveNoProgress = 0
	case next.ConsecutiveNoProgress < MaxConsecutiveNoProgress:
		next.ConsecutiveNoProgress++
	}
	return next, nil
}

// Advance returns the proposed state after one emitted, validated
// continuation intent: prior with Reprompts incremented exactly once.
//
// On every error it returns prior unchanged, so a caller can build and
// validate its intent against the proposal and commit it only afterwards:
// ErrInvalidState for an invalid prior, ErrInvalidLimits for invalid limits,
// ErrRepromptsExhausted for a terminal prior or one whose Reprompts already
// reaches limits.MaxReprompts. A prior without a baseline fingerprint (Advance
// called before any Observe) would give a proposal that counts an intent
// without evidence; Advance refuses it with an error wrapping ErrInvalidState
// whose text names that rule:
//
//	agent-loop-guard protocol state: invalid state: Advance needs an observed baseline fingerprint (call Observe first)
//
// Advance never resets counters, never consults the no-progress limit and
// never invents a fingerprint.
func Advance(prior State, limits Limits) (State, error) {
	if prior.Validate() != nil {
		return prior, ErrInvalidState
	}
	if limits.Validate() != nil {
		return prior, ErrInvalidLimits
	}
	if prior.Terminal || prior.Reprompts >= limits.MaxReprompts {
		return prior, ErrRepromptsExhausted
	}
	if prior.LastFingerprint == "" {
		// The only way a valid prior with a reprompt left can give an
		// invalid proposal: Reprompts > 0 needs a baseline.
		return prior, errAdvanceWithoutBaseline
	}
	next := prior
	next.Reprompts++
	return next, nil
}

// Remaining reports whether another reprompt may be considered and how many
// are left, intersecting the configured budget (counted in reprompts) with a
// positive platform cap (counted in continuation attempts).
//
// It validates state, limits and platform in that order and returns
// Eligibility{} with ErrInvalidState, ErrInvalidLimits or ErrInvalidPlatform.
// A terminal state, a no-progress count that reaches limits.NoProgressLimit,
// an exhausted budget or a reached platform cap yields Eligibility{} and nil;
// RemainingReason tells which. Otherwise the remainder is
// limits.MaxReprompts - state.Reprompts, narrowed to platform.Cap -
// platform.Attempt when Cap is positive; a zero Cap imposes no constraint.
// Progress never replenishes the budget.
func Remaining(state State, limits Limits, platform Platform) (Eligibility, error) {
	e, _, err := eligibility(state, limits, platform)
	return e, err
}

// RemainingReason reports why Remaining allows or refuses another reprompt
// for the same arguments: ReasonAllowed exactly when Remaining reports
// Allowed, otherwise the first refusal in the order of the Reason
// constants (terminal, no progress, budget exhausted, platform cap). With
// invalid arguments it returns ReasonInvalid and the error Remaining
// returns. A guard uses it to say why it stops, for instance as the reason
// code of its decision (Reason.String).
func RemainingReason(state State, limits Limits, platform Platform) (Reason, error) {
	_, why, err := eligibility(state, limits, platform)
	return why, err
}

// eligibility is the one rule behind Remaining and RemainingReason: the
// eligibility, the reason for it, and the validation error.
func eligibility(state State, limits Limits, platform Platform) (Eligibility, Reason, error) {
	switch {
	case state.Validate() != nil:
		return Eligibility{}, ReasonInvalid, ErrInvalidState
	case limits.Validate() != nil:
		return Eligibility{}, ReasonInvalid, ErrInvalidLimits
	case platform.Validate() != nil:
		return Eligibility{}, ReasonInvalid, ErrInvalidPlatform
	case state.Terminal:
		return Eligibility{}, ReasonTerminal, nil
	case state.ConsecutiveNoProgress >= limits.NoProgressLimit:
		return Eligibility{}, ReasonNoProgress, nil
	case state.Reprompts >= limits.MaxReprompts:
		return Eligibility{}, ReasonBudgetExhausted, nil
	case platform.Cap > 0 && platform.Attempt >= platform.Cap:
		return Eligibility{}, ReasonPlatformCap, nil
	}
	// Both differences are positive here, so the remainder is too.
	r := limits.MaxReprompts - state.Reprompts
	if platform.Cap > 0 {
		r = min(r, platform.Cap-platform.Attempt)
	}
	return Eligibility{Allowed: true, Remaining: r}, ReasonAllowed, nil
}
