package protocolstate

import (
	"errors"
	"fmt"
)

// The errors of the package. Every function returns one of these values
// itself, never a wrapped form, with one exception: Advance on a state that
// has no baseline fingerprint returns a fixed error that wraps
// ErrInvalidState and names the broken rule (see Advance). Match errors with
// errors.Is; no error text carries a token, a fingerprint or evidence.
var (
	// ErrInvalidState reports a State that fails State.Validate, or a
	// fingerprint passed to Observe that is not canonical.
	ErrInvalidState = errors.New("agent-loop-guard protocol state: invalid state")
	// ErrInvalidLimits reports Limits that fail Limits.Validate.
	ErrInvalidLimits = errors.New("agent-loop-guard protocol state: invalid limits")
	// ErrInvalidPlatform reports a Platform that fails Platform.Validate.
	ErrInvalidPlatform = errors.New("agent-loop-guard protocol state: invalid platform snapshot")
	// ErrInvalidToken reports any token that Decode rejects.
	ErrInvalidToken = errors.New("agent-loop-guard protocol state: invalid token")
	// ErrInvalidKey reports a key NewSealer rejects (shorter than
	// MinSealKeyBytes), or a Sealer without a key.
	ErrInvalidKey = errors.New("agent-loop-guard protocol state: invalid key")
	// ErrRepromptsExhausted reports that Advance found no reprompt left.
	ErrRepromptsExhausted = errors.New("agent-loop-guard protocol state: reprompt budget exhausted")
)

// errAdvanceWithoutBaseline is Advance's answer for a valid state that has
// not observed any evidence yet: the proposal would count an intent without
// a baseline fingerprint. It is one fixed value, so returning it allocates
// nothing and carries no caller data.
var errAdvanceWithoutBaseline = fmt.Errorf("%w: Advance needs an observed baseline fingerprint (call Observe first)", ErrInvalidState)
