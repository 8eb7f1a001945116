package conversationprojection

// Bounds enforced by [Snapshot.Validate] and the Validate methods it calls.
// Byte counts are len of the Go string (bytes, not runes), measured on the
// raw value, not on a trimmed copy.
const (
	// MaxNeverBackendTags bounds the number of tags in Snapshot.NeverBackend.
	MaxNeverBackendTags = 4096
	// MaxActiveOverlays bounds the number of active overlays in
	// Snapshot.Steering; inactive overlays do not count.
	MaxActiveOverlays = 64
	// MaxSteeringTextBytes bounds the text of one overlay message, active or
	// not.
	MaxSteeringTextBytes = 65536
	// MaxTotalSteeringBytes bounds the sum of the text lengths of the active
	// overlays of one snapshot.
	MaxTotalSteeringBytes = 262144
	// MaxReasonCodeBytes bounds a ReasonCode.
	MaxReasonCodeBytes = 64
	// MaxOverlayIDBytes bounds an overlay ID.
	MaxOverlayIDBytes = 128
)
