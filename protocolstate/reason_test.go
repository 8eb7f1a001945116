package protocolstate

import (
	"testing"

	"github.com/agentkernel/agentkernel/terminaldecision"
)

// specReason is RemainingReason's definition restated: the validation
// failures, then the refusals in their documented order, then allowed.
func specReason(s State, l Limits, p Platform) Reason {
	switch {
	case specInputErr(s, l) != nil || p.Cap < 0 || p.Attempt < 0:
		return ReasonInvalid
	case s.Terminal:
		return ReasonTerminal
	case s.ConsecutiveNoProgress >= l.NoProgressLimit:
		return ReasonNoProgress
	case s.Reprompts >= l.MaxReprompts:
		return ReasonBudgetExhausted
	case p.Cap > 0 && p.Attempt >= p.Cap:
		return ReasonPlatformCap
	}
	return ReasonAllowed
}

// TestRemainingReasonAgreesWithRemainingOverTheDomain checks every state,
// limits and platform of the bounded domain: RemainingReason follows its
// definition, returns Remaining's error, and says allowed exactly when
// Remaining allows.
func TestRemainingReasonAgreesWithRemainingOverTheDomain(t *testing.T) {
	seen := map[Reason]int{}
	for _, s := range domain() {
		for _, l := range allLimits() {
			for c := -1; c <= 5; c++ {
				for a := -1; a <= 6; a++ {
					p := Platform{Cap: c, Attempt: a}
					why, werr := RemainingReason(s, l, p)
					e, err := Remaining(s, l, p)
					if want := specReason(s, l, p); why != want || werr != err ||
						(why == ReasonAllowed) != e.Allowed || (why == ReasonInvalid) != (err != nil) {
						t.Fatalf("RemainingReason(%+v, %+v, %+v) = %v, %v; want %v; Remaining = %+v, %v",
							s, l, p, why, werr, want, e, err)
					}
					seen[why]++
				}
			}
		}
	}
	for r := ReasonInvalid; r <= ReasonAllowed; r++ {
		if seen[r] == 0 {
			t.Errorf("the domain never gives %v", r)
		}
	}
}

func TestReasonString(t *testing.T) {
	want := []string{"invalid", "terminal", "no_progress", "budget_exhausted", "platform_cap", "allowed"}
	for r, name := range want {
		if got := Reason(r).String(); got != name {
			t.Errorf("Reason(%d).String() = %q, want %q", r, got, name)
		}
	}
	if got := Reason(len(want)).String(); got != "Reason(6)" {
		t.Errorf("an unknown reason prints as %q", got)
	}
	if got := Reason(255).String(); got != "Reason(255)" {
		t.Errorf("Reason(255) prints as %q", got)
	}
}

func TestRemainingReasonAllocatesNothing(t *testing.T) {
	s := State{LastFingerprint: fp, Reprompts: 1}
	l := Limits{MaxReprompts: 3, NoProgressLimit: 2}
	n := testing.AllocsPerRun(100, func() {
		why, _ := RemainingReason(s, l, Platform{Cap: 3, Attempt: 3})
		_ = why.String()
	})
	if n != 0 {
		t.Fatalf("RemainingReason allocates %v times", n)
	}
}

// TestPlatformOfWidensEveryCount checks every pair of uint8 counts.
func TestPlatformOfWidensEveryCount(t *testing.T) {
	var in terminaldecision.Input
	for c := 0; c <= 255; c++ {
		for a := 0; a <= 255; a++ {
			in.Policy.MaxContinuationAttempts, in.Continuation.Attempt = uint8(c), uint8(a)
			p := PlatformOf(in)
			if p != (Platform{Cap: c, Attempt: a}) || p.Validate() != nil {
				t.Fatalf("PlatformOf(cap %d, attempt %d) = %+v", c, a, p)
			}
		}
	}
}
