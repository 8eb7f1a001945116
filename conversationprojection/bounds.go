package conversationprojection

import (
	"fmt"

	"github.com/agentkernel/agentkernel/lipapi"
)

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

// callBounds returns nil or the error of the first lipapi bound c exceeds,
// wrapped in sentinel after the optional label what.
func callBounds(c *lipapi.Call, sentinel error, what string) error {
	err := c.CheckBounds()
	switch {
	case err == nil:
		return nil
	case what == "":
		return fmt.Errorf("%w: %w", sentinel, err)
	}
	return fmt.Errorf("%w: %s: %w", sentinel, what, err)
}

// itemBounds is callBounds for the item trajectory items, in an anchor
// function.
func itemBounds(items []lipapi.Item) error {
	return callBounds(&lipapi.Call{Items: items}, ErrBoundExceeded, "")
}

// trajectoryBounds is callBounds for both trajectory forms of c, whatever
// its authority: Reassert may count a baseline in either form.
func trajectoryBounds(c *lipapi.Call, what string) error {
	if err := callBounds(&lipapi.Call{Instructions: c.Instructions, Messages: c.Messages}, ErrProjectionFailed, what); err != nil {
		return err
	}
	return callBounds(&lipapi.Call{Items: c.Items}, ErrProjectionFailed, what)
}

// tagBounds returns the error Snapshot.Validate gives for snap's tags when
// they are more than MaxNeverBackendTags, wrapped in ErrProjectionFailed, or
// nil.
func tagBounds(snap *Snapshot) error {
	if n := len(snap.NeverBackend); n > MaxNeverBackendTags {
		return projectionFailed(tooManyTags(n))
	}
	return nil
}
