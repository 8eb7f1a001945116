package terminaldecision_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// stopProvider allows every stop.
type stopProvider struct{}

func (stopProvider) ID() string { return "always-stop" }

func (stopProvider) Decide(_ context.Context, in terminaldecision.Input) (terminaldecision.Decision, error) {
	if err := in.Validate(); err != nil {
		return terminaldecision.Decision{Kind: terminaldecision.DecisionAllowStop, ReasonCode: "invalid_input"}, err
	}
	return terminaldecision.Decision{Kind: terminaldecision.DecisionAllowStop, ReasonCode: "policy_allows_stop"}, nil
}

// A caller checks the provider identity, validates the input it built,
// obtains a decision and validates it before acting on it.
func Example() {
	var p terminaldecision.Provider = stopProvider{}
	id, err := terminaldecision.ProviderIdentity(p)
	fmt.Println(id, err)

	in := terminaldecision.Input{
		Candidate: terminaldecision.CanonicalTerminalCandidate{Cause: terminaldecision.CandidateCauseNormal},
		Request:   terminaldecision.RequestIdentity{RequestID: "req-1"},
		Policy:    terminaldecision.PolicySnapshot{Revision: "rev-1", MaxContinuationAttempts: 3},
		Evidence: terminaldecision.Evidence{
			Objective:   "ship the release",
			ActionCount: 1,
		},
		Deadline: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	in.Evidence.Actions[0] = terminaldecision.ActionFact{
		CallID: "call-1", Kind: lipapi.ItemKindToolCall, Status: lipapi.ItemStatusCompleted, Name: "read_file",
	}
	d, err := p.Decide(context.Background(), in)
	fmt.Println(d.Kind, d.ReasonCode, err, terminaldecision.ValidateDecision(d))

	in.Evidence.Actions[0].CallID = ""
	err = terminaldecision.ValidateInput(in)
	fmt.Println(errors.Is(err, terminaldecision.ErrInvalidInput))
	fmt.Println(err)
	// Output:
	// always-stop <nil>
	// allow_stop policy_allows_stop <nil> <nil>
	// true
	// terminaldecision: invalid input: evidence actions[0] requires item id or call id
}

// A continue decision must carry exactly one valid continuation intent.
func ExampleValidateDecision() {
	intent := terminaldecision.ContinuationIntent{
		TrajectoryRef: "traj-1",
		ControlRef:    "alg-proto-v1.AQAAAAA",
		Provenance:    "internal-control",
		ReasonCode:    "missing_completion_signal",
	}
	d := terminaldecision.Decision{Kind: terminaldecision.DecisionContinue, ReasonCode: "missing_completion_signal", Continue: &intent}
	fmt.Println(terminaldecision.ValidateDecision(d))

	d.Kind = terminaldecision.DecisionAllowStop
	fmt.Println(terminaldecision.ValidateDecision(d))
	// Output:
	// <nil>
	// terminaldecision: invalid decision: allow_stop decision cannot carry continuation intent
}
