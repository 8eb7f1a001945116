package terminaldecision

// DecisionKind names what a Provider decided about a terminal candidate. The
// zero value is not a known kind.
type DecisionKind string

// The three decision kinds.
const (
	// DecisionAllowStop lets the terminal candidate stand.
	DecisionAllowStop DecisionKind = "allow_stop"
	// DecisionContinue continues the trajectory with a ContinuationIntent.
	DecisionContinue DecisionKind = "continue"
	// DecisionSurfaceFailure surfaces the candidate as a failure.
	DecisionSurfaceFailure DecisionKind = "surface_failure"
)

// IsKnown reports whether k is one of the three decision kinds.
func (k DecisionKind) IsKnown() bool {
	switch k {
	case DecisionAllowStop, DecisionContinue, DecisionSurfaceFailure:
		return true
	}
	return false
}

// CandidateCause names why a provisional terminal candidate was produced. The
// zero value is not a known cause.
type CandidateCause string

// The eight candidate causes. The last four are authoritative.
const (
	// CandidateCauseNormal is an ordinary end of output.
	CandidateCauseNormal CandidateCause = "normal"
	// CandidateCauseTransport is a transport failure.
	CandidateCauseTransport CandidateCause = "transport"
	// CandidateCauseLimit is a length or budget limit.
	CandidateCauseLimit CandidateCause = "limit"
	// CandidateCauseProviderError is an error reported by the model provider.
	CandidateCauseProviderError CandidateCause = "provider_error"
	// CandidateCauseRefusal is a model refusal; it is authoritative.
	CandidateCauseRefusal CandidateCause = "refusal"
	// CandidateCauseContentFilter is a content filter stop; it is
	// authoritative.
	CandidateCauseContentFilter CandidateCause = "content_filter"
	// CandidateCauseCancellation is a cancellation; it is authoritative.
	CandidateCauseCancellation CandidateCause = "cancellation"
	// CandidateCauseAuthorityDenied is a denial by an authority; it is
	// authoritative.
	CandidateCauseAuthorityDenied CandidateCause = "authority_denied"
)

// IsKnown reports whether c is one of the eight candidate causes.
func (c CandidateCause) IsKnown() bool {
	switch c {
	case CandidateCauseNormal, CandidateCauseTransport, CandidateCauseLimit, CandidateCauseProviderError:
		return true
	}
	return c.Authoritative()
}

// Authoritative reports whether c is refusal, content_filter, cancellation or
// authority_denied: a candidate with such a cause can never be continued.
func (c CandidateCause) Authoritative() bool {
	switch c {
	case CandidateCauseRefusal, CandidateCauseContentFilter, CandidateCauseCancellation, CandidateCauseAuthorityDenied:
		return true
	}
	return false
}
