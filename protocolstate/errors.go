package protocolstate

import "errors"

// The errors of the package. Every function returns one of these values
// itself, never a wrapped form, so err == ErrX holds and no error text can
// carry a token, a fingerprint or evidence.
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
