package conversationprojection

import "context"

// Stage names the point of a request's life at which a projection runs,
// for diagnostics. The zero Stage, "", names no stage.
type Stage = string

// The projection stages.
const (
	// StageEarly labels the first projection of an ingress call.
	StageEarly Stage = "early"
	// StageFinal labels the reassertion of the call about to be sent to
	// the backend.
	StageFinal Stage = "final"
	// StageLate labels a reassertion after late transforms of a call.
	StageLate Stage = "late"
	// StageSDKResolve labels diagnostics emitted while an SDK caller
	// resolves its conversation view.
	StageSDKResolve Stage = "sdk_resolve"
)

// OverlayID is the type of overlay identifiers, a plain string; see
// [ValidateOverlayID]. The zero OverlayID, "", is not a valid overlay ID.
type OverlayID = string

// Observer receives bounded, content-free diagnostics about projections.
// Implementations must not expect message text, overlay IDs or
// identities. The zero value, a nil Observer, observes nothing; a caller
// holding one must not call it.
//
// Deprecated: this package never calls an Observer; an interface belongs
// with the code that calls it, which should declare its own (Stage and
// ProjectionSummary remain for its diagnostics).
type Observer interface {
	// OnProjection reports a successful projection at stage.
	OnProjection(stage Stage, summary ProjectionSummary)
	// OnProjectionFailure reports a failed projection at stage.
	OnProjectionFailure(stage Stage)
	// OnAnchorFallback reports an overlay injected at the stable prefix
	// because its anchor did not resolve, under policy.
	OnAnchorFallback(stage Stage, policy AnchorMissingPolicy)
	// OnAnchorFailure reports an unresolved anchor that failed the
	// projection under policy.
	OnAnchorFailure(policy AnchorMissingPolicy)
}

// Reader is the narrow read-only port through which callers obtain the
// snapshot of an A-leg. The zero value, a nil Reader, provides no
// snapshots; a caller holding one must not call it.
//
// Deprecated: this package never calls a Reader; an interface belongs with
// the code that calls it, which should declare its own, with its own
// sentinel for an unknown A-leg.
type Reader interface {
	// Snapshot returns the current snapshot of the A-leg aLegID.
	Snapshot(ctx context.Context, aLegID string) (Snapshot, error)
}
