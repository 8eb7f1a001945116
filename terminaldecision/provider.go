package terminaldecision

import (
	"context"
	"fmt"

	"github.com/agentkernel/agentkernel/internal/nilness"
)

// Provider decides what happens to a terminal candidate. Implementations
// report a stable identity through ID and answer each Input with a Decision.
// The zero Provider, a nil interface, is not usable: ProviderIdentity reports
// it (and an interface holding a nil pointer, map, slice, func, chan or
// interface) as ErrInvalidProvider without calling it.
type Provider interface {
	// ID returns the provider identity, which must pass ValidateProviderID.
	ID() string
	// Decide returns the decision for in.
	Decide(context.Context, Input) (Decision, error)
}

// ValidateProviderID reports whether id is a valid provider identity: not
// blank, valid UTF-8 and at most MaxProviderIDBytes. Failures wrap
// ErrInvalidProvider.
func ValidateProviderID(id string) error {
	return validateText(ErrInvalidProvider, "provider identity", id, MaxProviderIDBytes, true)
}

// ProviderIdentity returns the validated identity of p. A nil p, or p holding
// a nil pointer, map, slice, func, chan or interface, yields the bare
// ErrInvalidProvider without calling ID. Otherwise ID is called exactly once:
// a panic in it is recovered and reported as "terminaldecision: invalid
// provider: provider identity unavailable", wrapping ErrInvalidProvider, and
// the returned identity must pass ValidateProviderID (label "provider
// identity"). On every error the identity returned is "".
func ProviderIdentity(p Provider) (string, error) {
	if nilness.IsNil(p) {
		return "", ErrInvalidProvider
	}
	id, ok := callID(p)
	if !ok {
		return "", fmt.Errorf("%w: provider identity unavailable", ErrInvalidProvider)
	}
	if err := ValidateProviderID(id); err != nil {
		return "", err
	}
	return id, nil
}

// callID calls p.ID once and reports false if it panicked.
func callID(p Provider) (id string, ok bool) {
	defer func() {
		if recover() != nil {
			id, ok = "", false
		}
	}()
	return p.ID(), true
}
