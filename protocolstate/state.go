package protocolstate

import (
	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// Absolute V1 bounds. The effective reprompt cap is further narrowed by the
// configured Limits and by the Platform cap (see Remaining).
const (
	// MinReprompts is the smallest accepted Limits.MaxReprompts.
	MinReprompts = 1
	// MaxReprompts is the largest accepted Limits.MaxReprompts and the
	// absolute cap on State.Reprompts.
	MaxReprompts = 3
	// MinNoProgressLimit is the smallest accepted Limits.NoProgressLimit.
	MinNoProgressLimit = 1
	// MaxNoProgressLimit is the largest accepted Limits.NoProgressLimit.
	MaxNoProgressLimit = 64
	// MaxConsecutiveNoProgress is the absolute bound on
	// State.ConsecutiveNoProgress; Observe saturates here instead of
	// producing an invalid value.
	MaxConsecutiveNoProgress = MaxNoProgressLimit
	// FingerprintPrefix starts every canonical fingerprint.
	FingerprintPrefix = "sha256:"
	// FingerprintHexDigits is the number of lowercase hexadecimal digits
	// after FingerprintPrefix in a canonical fingerprint.
	FingerprintHexDigits = 64
)

// fingerprintBytes is the length of a canonical fingerprint (71).
const fingerprintBytes = len(FingerprintPrefix) + FingerprintHexDigits

// State is the request-scoped protocol state: bounded counters and the last
// observed progress fingerprint. The zero value is valid and means that no
// evidence has been observed and no intent emitted: it is the state of a
// trajectory that has no token yet.
//
// The State that Decode returns together with an error is not a usable
// state, although it equals the zero value: discard it and stop the protocol
// for that trajectory (see Decode) rather than starting again from it.
//
// An empty LastFingerprint means no baseline yet; because observation
// precedes any emitted intent, it cannot accompany non-zero counters. A
// fingerprint with zero Reprompts is valid: a baseline is not an intent.
// Terminal is absorbing and may accompany any otherwise valid combination.
type State struct {
	// Reprompts counts emitted, validated continuation intents (0..3).
	Reprompts int
	// LastFingerprint is "" or a canonical fingerprint.
	LastFingerprint string
	// ConsecutiveNoProgress counts consecutive observations equal to
	// LastFingerprint (0..64).
	ConsecutiveNoProgress int
	// Terminal is the absorbing stop flag.
	Terminal bool
}

// Validate returns ErrInvalidState unless s has Reprompts in 0..MaxReprompts,
// ConsecutiveNoProgress in 0..MaxConsecutiveNoProgress, a LastFingerprint that
// is empty or canonical, and zero counters whenever LastFingerprint is empty.
func (s State) Validate() error {
	if s.Reprompts < 0 || s.Reprompts > MaxReprompts ||
		s.ConsecutiveNoProgress < 0 || s.ConsecutiveNoProgress > MaxConsecutiveNoProgress {
		return ErrInvalidState
	}
	if s.LastFingerprint == "" {
		if s.Reprompts != 0 || s.ConsecutiveNoProgress != 0 {
			return ErrInvalidState
		}
		return nil
	}
	if !isCanonicalFingerprint(s.LastFingerprint) {
		return ErrInvalidState
	}
	return nil
}

// isCanonicalFingerprint reports whether fp is "sha256:" followed by exactly
// 64 lowercase hexadecimal digits.
func isCanonicalFingerprint(fp string) bool {
	return canon.IsPrefixedDigest(fp, FingerprintPrefix)
}

// Limits are the configured bounds supplied by the caller. The package defines
// no defaults; the zero value is invalid.
type Limits struct {
	// MaxReprompts is the configured total reprompt budget (1..3).
	MaxReprompts int
	// NoProgressLimit is how many consecutive no-progress observations stop
	// the protocol (1..64).
	NoProgressLimit int
}

// Validate returns ErrInvalidLimits unless MaxReprompts is in
// MinReprompts..MaxReprompts and NoProgressLimit is in
// MinNoProgressLimit..MaxNoProgressLimit.
func (l Limits) Validate() error {
	if l.MaxReprompts < MinReprompts || l.MaxReprompts > MaxReprompts ||
		l.NoProgressLimit < MinNoProgressLimit || l.NoProgressLimit > MaxNoProgressLimit {
		return ErrInvalidLimits
	}
	return nil
}

// Platform is the platform's view of continuation attempts. Cap counts
// candidate continuation attempts (terminaldecision's
// PolicySnapshot.MaxContinuationAttempts), not reprompts; Attempt is the
// current attempt. PlatformOf reads both from a terminaldecision.Input. The
// zero value is valid and means no platform constraint.
type Platform struct {
	// Cap is the platform continuation cap; 0 means unconstrained.
	Cap int
	// Attempt is the current continuation attempt.
	Attempt int
}

// Validate returns ErrInvalidPlatform if Cap or Attempt is negative.
func (p Platform) Validate() error {
	if p.Cap < 0 || p.Attempt < 0 {
		return ErrInvalidPlatform
	}
	return nil
}

// PlatformOf returns the platform view of the terminal candidate in: Cap
// is in.Policy.MaxContinuationAttempts and Attempt is
// in.Continuation.Attempt, widened from terminaldecision's uint8 counts to
// int. The result always validates, both counts being in 0..255; in itself
// is not validated.
func PlatformOf(in terminaldecision.Input) Platform {
	return Platform{Cap: int(in.Policy.MaxContinuationAttempts), Attempt: int(in.Continuation.Attempt)}
}

// Eligibility is the result of Remaining. The zero value means no further
// reprompt may be considered.
type Eligibility struct {
	// Allowed reports whether another reprompt may be considered.
	Allowed bool
	// Remaining is how many reprompts are left after intersecting the
	// configured budget with the platform cap; it is never negative.
	Remaining int
}
