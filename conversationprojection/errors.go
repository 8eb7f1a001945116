package conversationprojection

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error returned by this package wraps at least one of
// them (several may be wrapped at once), so callers test with errors.Is. Error
// strings start with "conversationprojection: " and name the package nowhere
// else, whatever they nest; they name kinds, roles, indexes, counts, overlay
// IDs and anchors, never message text, overlay text or payloads.
var (
	// ErrNonMessageItem is returned when an item is not a complete message item.
	ErrNonMessageItem = errors.New("conversationprojection: item is not a complete message item")

	// ErrEmptyMessage is returned when a message has no content parts.
	ErrEmptyMessage = errors.New("conversationprojection: message has no content parts")

	// ErrInvalidRole is returned when a message role is missing or invalid.
	ErrInvalidRole = errors.New("conversationprojection: invalid message role")

	// ErrUnsupportedContent is returned when a part or content kind is unknown or empty.
	ErrUnsupportedContent = errors.New("conversationprojection: unsupported content")

	// ErrInvalidJSON is returned when a JSON payload is not exactly one valid JSON value.
	ErrInvalidJSON = errors.New("conversationprojection: invalid JSON")

	// ErrInvalidMessageIdentity is returned when a message identity string is malformed or invalid.
	ErrInvalidMessageIdentity = errors.New("conversationprojection: invalid message identity")

	// ErrInvalidMessageAnchor is returned when a message anchor is invalid.
	ErrInvalidMessageAnchor = errors.New("conversationprojection: invalid message anchor")

	// ErrAnchorNotFound is returned when an anchor cannot be resolved in a trajectory.
	ErrAnchorNotFound = errors.New("conversationprojection: anchor not found")

	// ErrPartialContentNotSupported is reserved for callers that refuse the
	// identity of a partial content part.
	//
	// Deprecated: this package never returns it, since its identities are
	// those of whole message units; code that refuses partial content
	// should define its own sentinel.
	ErrPartialContentNotSupported = errors.New("conversationprojection: partial content part identity is not supported")

	// ErrAnchorMissing is returned when a required fixed anchor cannot be resolved.
	ErrAnchorMissing = errors.New("conversationprojection: anchor missing")

	// ErrProjectionFailed is returned when projection cannot produce a valid backend call.
	ErrProjectionFailed = errors.New("conversationprojection: projection failed")

	// ErrTerminalUserNotFound is returned when no terminal forwardable user message exists.
	ErrTerminalUserNotFound = errors.New("conversationprojection: terminal forwardable user message not found")

	// ErrTerminalNotUser is returned when the terminal forwardable message is not a user message.
	ErrTerminalNotUser = errors.New("conversationprojection: terminal forwardable message is not user")

	// ErrOverlayNotFound is reserved for stores that deactivate overlays.
	//
	// Deprecated: this package holds no overlays and never returns it; a
	// store of overlays should define its own sentinel.
	ErrOverlayNotFound = errors.New("conversationprojection: overlay not found")

	// ErrALegNotFound is reserved for stores asked for an unknown A-leg.
	//
	// Deprecated: this package holds no A-legs and never returns it; a
	// store of snapshots should define its own sentinel.
	ErrALegNotFound = errors.New("conversationprojection: a-leg not found")

	// ErrInvalidSnapshot is returned for every Snapshot validation failure.
	ErrInvalidSnapshot = errors.New("conversationprojection: invalid snapshot")

	// ErrInvalidPlacement is returned when a Placement fails validation.
	ErrInvalidPlacement = errors.New("conversationprojection: invalid placement")

	// ErrInvalidSteeringMessage is returned when an overlay message fails validation.
	ErrInvalidSteeringMessage = errors.New("conversationprojection: invalid steering message")

	// ErrInvalidAnchorMissingPolicy is returned when an AnchorMissingPolicy value is invalid.
	ErrInvalidAnchorMissingPolicy = errors.New("conversationprojection: invalid anchor missing policy")

	// ErrInvalidReasonCode is returned when a ReasonCode is missing, too long or malformed.
	ErrInvalidReasonCode = errors.New("conversationprojection: invalid reason code")

	// ErrBoundExceeded is returned by ComputeItemAnchors,
	// ComputeCallAnchors, ItemAnchorAt and ResolveAnchor when their input
	// exceeds a count or size bound of lipapi.Call.Validate; the error also
	// wraps that bound's *lipapi.ValidationError. Project, Reassert and the
	// other projection functions report such input under ErrProjectionFailed,
	// as they report an invalid output.
	ErrBoundExceeded = errors.New("conversationprojection: bound exceeded")

	// ErrInvalidOverlayID is returned when an overlay identifier is missing, too long, malformed or duplicated.
	ErrInvalidOverlayID = errors.New("conversationprojection: invalid overlay id")
)

// overlayRef names an overlay in an error message: "overlay <id>" when id is
// a valid overlay ID (an identifier of at most MaxOverlayIDBytes bytes of
// [A-Za-z0-9_.-]), and a placeholder otherwise. Provenance is caller input
// that Reassert and Verify do not validate, so its text never reaches a
// message unchecked.
func overlayRef(id string) string {
	if ValidateOverlayID(id) != nil {
		return "overlay (invalid id)"
	}
	return "overlay " + id
}

// anchorRef names an anchor in an error message: its String form when it
// is valid (a message identity digest and an occurrence), a placeholder
// otherwise.
func anchorRef(a MessageAnchor) string {
	if a.Validate() != nil {
		return "(invalid anchor)"
	}
	return a.String()
}

// projectionFailed wraps err, why a projection function failed, in
// ErrProjectionFailed.
func projectionFailed(err error) error {
	return errorf("%w: %w", ErrProjectionFailed, err)
}

// packageName starts the text of every sentinel of the package.
const packageName = "conversationprojection: "

// errorf is fmt.Errorf for an error that wraps another error of the
// package, or several of its sentinels: the result wraps what the %w verbs
// name, as fmt.Errorf's does (errors.Unwrap and errors.Is see the same
// errors), and its text names the package once, at its start, however many
// of the package's errors it holds. Error texts never hold caller text
// (overlay IDs and anchors are named only when valid, and neither can hold
// a space), so the package name in a text is always that of a sentinel.
func errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	text := err.Error()
	if strings.HasPrefix(text, packageName) && strings.Count(text, packageName) == 1 {
		return err
	}
	text = packageName + strings.ReplaceAll(text, packageName, "")
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		return &wrapErrors{text: text, errs: u.Unwrap()}
	}
	return &wrapError{text: text, err: errors.Unwrap(err)}
}

// wrapError is an error errorf made from a format with one %w verb.
type wrapError struct {
	text string
	err  error
}

func (e *wrapError) Error() string { return e.text }
func (e *wrapError) Unwrap() error { return e.err }

// wrapErrors is an error errorf made from a format with several %w verbs.
type wrapErrors struct {
	text string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.text }
func (e *wrapErrors) Unwrap() []error { return e.errs }
