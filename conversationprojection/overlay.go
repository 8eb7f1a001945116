package conversationprojection

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/lipapi"
)

// PlacementKind names where an overlay is injected into a trajectory.
// The zero value is the empty kind, which is invalid.
type PlacementKind string

// The placement kinds.
const (
	// PlacementStablePrefix injects the overlay after the leading
	// system/developer messages (item authority) or at the end of the
	// instructions (legacy authority).
	PlacementStablePrefix PlacementKind = "stable_prefix"
	// PlacementAfterMessage injects the overlay right after the message
	// unit named by the placement's anchor.
	PlacementAfterMessage PlacementKind = "after_message"
)

// Validate reports whether k is one of [PlacementStablePrefix] and
// [PlacementAfterMessage]; otherwise the error wraps [ErrInvalidPlacement].
func (k PlacementKind) Validate() error {
	switch k {
	case PlacementStablePrefix, PlacementAfterMessage:
		return nil
	}
	return fmt.Errorf("%w: kind is not stable_prefix or after_message", ErrInvalidPlacement)
}

// AnchorMissingPolicy decides what projection does with an after_message
// overlay whose anchor does not resolve on the filtered trajectory. The
// zero value is the empty policy, which is invalid: every overlay must
// state its policy.
type AnchorMissingPolicy string

// The anchor-missing policies.
const (
	// AnchorStablePrefixFallback injects the overlay at the stable prefix
	// instead and records a [FallbackEvidence].
	AnchorStablePrefixFallback AnchorMissingPolicy = "stable_prefix_fallback"
	// AnchorFailClosed makes projection fail with an error wrapping
	// [ErrAnchorMissing] and [ErrAnchorNotFound].
	AnchorFailClosed AnchorMissingPolicy = "fail_closed"
)

// Validate reports whether p is one of [AnchorStablePrefixFallback] and
// [AnchorFailClosed]; otherwise the error wraps
// [ErrInvalidAnchorMissingPolicy].
func (p AnchorMissingPolicy) Validate() error {
	switch p {
	case AnchorStablePrefixFallback, AnchorFailClosed:
		return nil
	}
	return fmt.Errorf("%w: not stable_prefix_fallback or fail_closed", ErrInvalidAnchorMissingPolicy)
}

// Placement describes where an overlay is injected. An after_message
// placement carries the anchor of the message unit it follows; a
// stable_prefix placement carries none. The zero value has no kind and is
// invalid.
type Placement struct {
	// Kind is the placement kind.
	Kind PlacementKind `json:"kind"`
	// Anchor names the message unit an after_message overlay follows; it is
	// nil for stable_prefix.
	Anchor *MessageAnchor `json:"anchor,omitempty"`
}

// Validate checks, in order: Kind is valid; an after_message placement has
// a non-nil Anchor that validates (the error wraps [ErrInvalidPlacement]
// and the anchor's own error, that is [ErrInvalidMessageAnchor] and,
// for a malformed identity, [ErrInvalidMessageIdentity]); a stable_prefix
// placement has a nil Anchor. Every failure wraps ErrInvalidPlacement.
func (p Placement) Validate() error { return p.validate(nil) }

// validate is Validate; with s non-nil it also parses the identity of an
// after_message anchor into *s (see MessageIdentity.validate).
func (p *Placement) validate(s *sum) error {
	if err := p.Kind.Validate(); err != nil {
		return err
	}
	switch p.Kind {
	case PlacementAfterMessage:
		if p.Anchor == nil {
			return fmt.Errorf("%w: after_message placement requires an anchor", ErrInvalidPlacement)
		}
		if err := p.Anchor.validate(s); err != nil {
			return errorf("%w: anchor: %w", ErrInvalidPlacement, err)
		}
	case PlacementStablePrefix:
		if p.Anchor != nil {
			return fmt.Errorf("%w: stable_prefix placement must not have an anchor", ErrInvalidPlacement)
		}
	}
	return nil
}

// OverlayMessage is the model-visible payload of an overlay: one text
// message. The zero value has the default role (system) and no text, and is
// invalid because the text is required.
type OverlayMessage struct {
	// Role is the author of the injected message; empty means
	// [lipapi.RoleSystem].
	Role lipapi.Role `json:"role"`
	// Text is the message text, 1 to [MaxSteeringTextBytes] bytes with at
	// least one non-space character. It is injected verbatim.
	Text string `json:"text"`
}

// Overlay is one steering record of a snapshot: a message that projection
// injects into the backend trajectory at its placement while the overlay
// is active. Overlays are ordered by the key (SlotOrdinal, OverlayID).
// The zero value has an empty OverlayID and is invalid.
type Overlay struct {
	// OverlayID identifies the overlay within its snapshot; see
	// [ValidateOverlayID]. An injected item gets the ID
	// "lip-steering-" + OverlayID.
	OverlayID string `json:"overlay_id"`
	// Revision is the caller's revision of the overlay; it is reported in
	// provenance and never interpreted.
	Revision uint64 `json:"revision"`
	// SlotOrdinal orders overlays sharing an injection point; equal
	// ordinals are ordered by OverlayID.
	SlotOrdinal uint64 `json:"slot_ordinal"`
	// Active selects the overlay for injection. Inactive overlays are
	// validated but never injected.
	Active bool `json:"active"`
	// Message is the injected payload.
	Message OverlayMessage `json:"message"`
	// Placement is where the payload is injected.
	Placement Placement `json:"placement"`
	// AnchorMissingPolicy decides what happens when an after_message
	// anchor does not resolve; it is required for every overlay.
	AnchorMissingPolicy AnchorMissingPolicy `json:"anchor_missing_policy"`
}

// Clone returns a copy of o that shares no memory with it: the placement
// anchor, when present, is copied too.
func (o Overlay) Clone() Overlay {
	if o.Placement.Anchor != nil {
		a := *o.Placement.Anchor
		o.Placement.Anchor = &a
	}
	return o
}

// Validate checks o, in this order:
//  1. [ValidateOverlayID] on OverlayID ([ErrInvalidOverlayID]);
//  2. Message.Role is empty or exactly one of the five lipapi roles
//     ([ErrInvalidSteeringMessage] and [ErrInvalidRole]);
//  3. Message.Text is at most [MaxSteeringTextBytes] bytes, not empty or
//     white space only, and valid UTF-8 ([ErrInvalidSteeringMessage]);
//  4. [Placement.Validate] ([ErrInvalidPlacement], plus the anchor's
//     sentinels);
//  5. [AnchorMissingPolicy.Validate] ([ErrInvalidAnchorMissingPolicy]).
//
// Revision, SlotOrdinal and Active are not checked. Error messages name
// the rule and sizes, never the overlay ID, role or text.
func (o Overlay) Validate() error { return o.validate(nil) }

// validate is Validate; with s non-nil it also parses the identity of an
// after_message anchor into *s (see MessageIdentity.validate).
func (o *Overlay) validate(s *sum) error {
	if err := ValidateOverlayID(o.OverlayID); err != nil {
		return err
	}
	if !isOverlayRole(o.Message.Role) {
		return errorf("%w: message role is not empty or one of system, developer, user, assistant, tool: %w",
			ErrInvalidSteeringMessage, ErrInvalidRole)
	}
	if n := len(o.Message.Text); n > MaxSteeringTextBytes {
		return fmt.Errorf("%w: message text is %d bytes, exceeds the limit of %d",
			ErrInvalidSteeringMessage, n, MaxSteeringTextBytes)
	}
	if strings.TrimSpace(o.Message.Text) == "" {
		return fmt.Errorf("%w: message text is required", ErrInvalidSteeringMessage)
	}
	if !utf8.ValidString(o.Message.Text) {
		return fmt.Errorf("%w: message text is not valid UTF-8", ErrInvalidSteeringMessage)
	}
	if err := o.Placement.validate(s); err != nil {
		return err
	}
	if err := o.AnchorMissingPolicy.Validate(); err != nil {
		return err
	}
	return nil
}

// isOverlayRole reports whether r is empty (meaning system) or exactly one
// of the five roles; unlike the identity role rule, no trimming applies.
func isOverlayRole(r lipapi.Role) bool {
	return r == "" || r.IsKnown()
}
