package terminaldecision

import "testing"

func TestDecisionKindIsKnown(t *testing.T) {
	cases := map[DecisionKind]bool{
		DecisionAllowStop:      true,
		DecisionContinue:       true,
		DecisionSurfaceFailure: true,
		"":                     false,
		"Continue":             false,
		"continue ":            false,
		"stop":                 false,
	}
	for k, want := range cases {
		if got := k.IsKnown(); got != want {
			t.Errorf("DecisionKind(%q).IsKnown() = %v, want %v", string(k), got, want)
		}
	}
	if DecisionAllowStop != "allow_stop" || DecisionContinue != "continue" || DecisionSurfaceFailure != "surface_failure" {
		t.Fatal("decision kind spellings changed")
	}
}

func TestCandidateCauseClassification(t *testing.T) {
	cases := []struct {
		cause         CandidateCause
		spelling      string
		known, author bool
	}{
		{CandidateCauseNormal, "normal", true, false},
		{CandidateCauseTransport, "transport", true, false},
		{CandidateCauseLimit, "limit", true, false},
		{CandidateCauseProviderError, "provider_error", true, false},
		{CandidateCauseRefusal, "refusal", true, true},
		{CandidateCauseContentFilter, "content_filter", true, true},
		{CandidateCauseCancellation, "cancellation", true, true},
		{CandidateCauseAuthorityDenied, "authority_denied", true, true},
		{"", "", false, false},
		{"REFUSAL", "REFUSAL", false, false},
		{"timeout", "timeout", false, false},
	}
	for _, tc := range cases {
		if string(tc.cause) != tc.spelling {
			t.Errorf("cause %q spelled %q", tc.spelling, string(tc.cause))
		}
		if got := tc.cause.IsKnown(); got != tc.known {
			t.Errorf("%q.IsKnown() = %v, want %v", tc.spelling, got, tc.known)
		}
		if got := tc.cause.Authoritative(); got != tc.author {
			t.Errorf("%q.Authoritative() = %v, want %v", tc.spelling, got, tc.author)
		}
	}
}
