package protocolstate_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/protocolstate"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// fixture is the standard candidate of the golden vectors: a normal stop
// while a completion protocol is active but no completion signal was seen.
func fixture() terminaldecision.Input {
	in := terminaldecision.Input{
		Candidate:    terminaldecision.CanonicalTerminalCandidate{Cause: terminaldecision.CandidateCauseNormal, Reference: "cand-ref"},
		Request:      terminaldecision.RequestIdentity{RequestID: "req-1"},
		Policy:       terminaldecision.PolicySnapshot{Revision: "rev-1", MaxContinuationAttempts: 3},
		Continuation: terminaldecision.ContinuationEvidence{TrajectoryRef: "traj-1", Attempt: 1},
		Evidence: terminaldecision.Evidence{
			Objective:                  "ship the release",
			RecentText:                 "recent transcript",
			CandidateText:              "candidate answer",
			ActionCount:                2,
			ExplicitCompletionExpected: true,
		},
		Deadline: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	in.Evidence.Actions[0] = terminaldecision.ActionFact{Kind: lipapi.ItemKindToolCall, Status: lipapi.ItemStatusCompleted, Name: "read_file"}
	in.Evidence.Actions[1] = terminaldecision.ActionFact{Kind: lipapi.ItemKindToolCall, Status: lipapi.ItemStatusInProgress, Name: "write_file"}
	return in
}

// One guard cycle per candidate: fingerprint the evidence, observe it, check
// what remains, advance, and send the proposed state as a token, which comes
// back with the next candidate as its progress reference.
func Example() {
	limits := protocolstate.Limits{MaxReprompts: 3, NoProgressLimit: 2}
	in := fixture()

	for turn := 1; turn <= 2; turn++ {
		platform := protocolstate.PlatformOf(in)
		prior := protocolstate.State{} // no token yet on the first candidate
		if ref := in.Evidence.Lineage.ProgressRef; ref != "" {
			var err error
			if prior, err = protocolstate.Decode(ref); err != nil {
				// prior is not a usable state: stop the protocol
				// (allow_stop, "invalid_protocol_state").
				fmt.Println("stop:", err)
				return
			}
		}
		fp := protocolstate.Fingerprint(in)
		observed, err := protocolstate.Observe(prior, fp)
		if err != nil {
			fmt.Println("stop:", err)
			return
		}
		left, err := protocolstate.Remaining(observed, limits, platform)
		if err != nil || !left.Allowed {
			fmt.Println("stop:", left, err)
			return
		}
		proposed, err := protocolstate.Advance(observed, limits)
		if err != nil {
			fmt.Println("stop:", err)
			return
		}
		token, err := protocolstate.Encode(proposed)
		if err != nil {
			fmt.Println("stop:", err)
			return
		}
		fmt.Printf("turn %d: fingerprint %s\n", turn, fp)
		fmt.Printf("turn %d: prior %+v\n", turn, prior)
		fmt.Printf("turn %d: remaining %+v\n", turn, left)
		fmt.Printf("turn %d: token %s\n", turn, token)

		// The platform accepted the continuation: the next candidate
		// carries the token and reports the same evidence again.
		in.Evidence.Lineage.ProgressRef = token
		in.Continuation.Attempt++
	}
	// Output:
	// turn 1: fingerprint sha256:bc115ce1e8fd8999a73853d62d12c68085663425b918bf3dc977d984bd3fc501
	// turn 1: prior {Reprompts:0 LastFingerprint: ConsecutiveNoProgress:0 Terminal:false}
	// turn 1: remaining {Allowed:true Remaining:2}
	// turn 1: token alg-proto-v1.AQABAEdzaGEyNTY6YmMxMTVjZTFlOGZkODk5OWE3Mzg1M2Q2MmQxMmM2ODA4NTY2MzQyNWI5MThiZjNkYzk3N2Q5ODRiZDNmYzUwMQ
	// turn 2: fingerprint sha256:bc115ce1e8fd8999a73853d62d12c68085663425b918bf3dc977d984bd3fc501
	// turn 2: prior {Reprompts:1 LastFingerprint:sha256:bc115ce1e8fd8999a73853d62d12c68085663425b918bf3dc977d984bd3fc501 ConsecutiveNoProgress:0 Terminal:false}
	// turn 2: remaining {Allowed:true Remaining:1}
	// turn 2: token alg-proto-v1.AQACAUdzaGEyNTY6YmMxMTVjZTFlOGZkODk5OWE3Mzg1M2Q2MmQxMmM2ODA4NTY2MzQyNWI5MThiZjNkYzk3N2Q5ODRiZDNmYzUwMQ
}

// A malformed token is rejected with State{} and the bare sentinel, and the
// error does not repeat the token. That State{} is not a usable state: it
// only looks like the start of a trajectory, and resuming from it would give
// a damaged or rewritten trajectory its whole reprompt budget again. The
// caller discards it and stops the protocol for that trajectory, letting the
// candidate stand.
func ExampleDecode_malformed() {
	for _, token := range []string{
		"alg-proto-v1.AQAAAAB",   // non-zero unused bits in the last symbol
		"alg-proto-v1.AQAAAAA\n", // a line feed the strict decoder would skip
		"alg-state-v1.AQAAAAA",   // the legacy namespace is never translated
		"alg-proto-v1.AQAEAAA",   // reprompts 4 without a baseline
		"alg-proto-v1.AQAAAAA",   // the zero State's own token
	} {
		s, err := protocolstate.Decode(token)
		if err != nil {
			// s is not a usable state: never Observe, Advance, Remaining
			// or Encode it. Stop instead.
			stop := terminaldecision.Decision{Kind: terminaldecision.DecisionAllowStop, ReasonCode: "invalid_protocol_state"}
			fmt.Printf("%v (ErrInvalidToken: %v): %s %s\n", err, err == protocolstate.ErrInvalidToken, stop.Kind, stop.ReasonCode)
			continue
		}
		fmt.Printf("resume from %+v\n", s)
	}
	// Output:
	// agent-loop-guard protocol state: invalid token (ErrInvalidToken: true): allow_stop invalid_protocol_state
	// agent-loop-guard protocol state: invalid token (ErrInvalidToken: true): allow_stop invalid_protocol_state
	// agent-loop-guard protocol state: invalid token (ErrInvalidToken: true): allow_stop invalid_protocol_state
	// agent-loop-guard protocol state: invalid token (ErrInvalidToken: true): allow_stop invalid_protocol_state
	// resume from {Reprompts:0 LastFingerprint: ConsecutiveNoProgress:0 Terminal:false}
}

// Advance before any Observe has no baseline to count an intent against: it
// refuses with an error that wraps ErrInvalidState and names the rule.
func ExampleAdvance_withoutBaseline() {
	limits := protocolstate.Limits{MaxReprompts: 3, NoProgressLimit: 2}
	_, err := protocolstate.Advance(protocolstate.State{}, limits)
	fmt.Println(err)
	fmt.Println(errors.Is(err, protocolstate.ErrInvalidState))

	observed, _ := protocolstate.Observe(protocolstate.State{}, protocolstate.Fingerprint(fixture()))
	next, err := protocolstate.Advance(observed, limits)
	fmt.Println(next.Reprompts, err)
	// Output:
	// agent-loop-guard protocol state: invalid state: Advance needs an observed baseline fingerprint (call Observe first)
	// true
	// 1 <nil>
}

// A guard that stops says why: RemainingReason names the rule that refuses
// another reprompt, in the order terminal, no progress, budget, platform
// cap, and its String form serves as the reason code of the decision.
func ExampleRemainingReason() {
	limits := protocolstate.Limits{MaxReprompts: 2, NoProgressLimit: 2}
	in := fixture() // a platform cap of 3 continuation attempts, at attempt 1
	fp := protocolstate.Fingerprint(in)
	for _, s := range []protocolstate.State{
		{LastFingerprint: fp},
		{LastFingerprint: fp, Terminal: true},
		{LastFingerprint: fp, ConsecutiveNoProgress: 2},
		{LastFingerprint: fp, Reprompts: 2, Terminal: true}, // terminal comes first
		{LastFingerprint: fp, Reprompts: 2},
	} {
		why, err := protocolstate.RemainingReason(s, limits, protocolstate.PlatformOf(in))
		if err != nil {
			fmt.Println(err)
			return
		}
		if why == protocolstate.ReasonAllowed {
			fmt.Println("continue")
			continue
		}
		stop := terminaldecision.Decision{Kind: terminaldecision.DecisionAllowStop, ReasonCode: why.String()}
		fmt.Println(stop.Kind, stop.ReasonCode)
	}
	in.Continuation.Attempt = 3
	why, _ := protocolstate.RemainingReason(protocolstate.State{LastFingerprint: fp}, limits, protocolstate.PlatformOf(in))
	fmt.Println(why)
	// Output:
	// continue
	// allow_stop terminal
	// allow_stop no_progress
	// allow_stop terminal
	// allow_stop budget_exhausted
	// platform_cap
}
