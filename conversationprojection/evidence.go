package conversationprojection

import "github.com/agentkernel/agentkernel/lipapi"

// ProjectionEvidence describes a successful projection with counts and the
// provenance of each injected overlay. Project and Reassert return a
// non-nil evidence on success. The zero value describes a projection that
// removed nothing and injected nothing.
type ProjectionEvidence struct {
	// FilteredCount is the number of message units removed because their
	// identity is tagged never_backend (item references cleaned away with
	// them are not counted); for Reassert, the units of the late call it
	// removed so, not the projection's copies it replaced.
	FilteredCount int `json:"filtered_count"`
	// InjectedCount is the number of injected overlays, fallbacks included.
	InjectedCount int `json:"injected_count"`
	// Fallbacks lists, in Steering order, the after_message overlays whose
	// anchor did not resolve and that were injected at the stable prefix
	// instead; it is nil when there are none.
	Fallbacks []FallbackEvidence `json:"fallbacks,omitempty"`
	// Provenance has one entry per injected overlay, sorted by the order
	// key (SlotOrdinal, OverlayID).
	Provenance []OverlayProvenance `json:"provenance,omitempty"`
}

// FallbackEvidence records that an after_message overlay with the
// stable_prefix_fallback policy was injected at the stable prefix because
// its anchor did not resolve. The zero value names no overlay.
type FallbackEvidence struct {
	// OverlayID is the ID of the overlay that fell back.
	OverlayID string `json:"overlay_id"`
	// Anchor is the overlay's stored anchor, the one that did not resolve.
	Anchor MessageAnchor `json:"anchor"`
}

// OverlayProvenance records where one overlay was injected by a
// projection, so that a later Reassert or Verify can recognise the
// projection-owned copy by identity and position rather than by text. It
// is derived solely from the snapshot and the input call and does not
// affect any message identity. The zero value describes no injection: its
// InjectedIdentity is empty and matches no message.
type OverlayProvenance struct {
	// OverlayID is the ID of the injected overlay.
	OverlayID string `json:"overlay_id"`
	// Revision is the overlay's Revision.
	Revision uint64 `json:"revision"`
	// SlotOrdinal is the overlay's SlotOrdinal.
	SlotOrdinal uint64 `json:"slot_ordinal"`
	// ResolvedKind is where the copy was actually placed:
	// PlacementStablePrefix for stable_prefix overlays and fallbacks,
	// PlacementAfterMessage for a resolved anchor.
	ResolvedKind PlacementKind `json:"resolved_kind"`
	// ResolvedAnchor is a copy of the anchor actually used (the stored one,
	// or a carried one during Reassert); nil for stable_prefix.
	ResolvedAnchor *MessageAnchor `json:"resolved_anchor,omitempty"`
	// InjectedIdentity is the identity of the injected message unit; the
	// item and legacy forms of a copy have the same identity.
	InjectedIdentity MessageIdentity `json:"injected_identity"`
	// InjectedAuthority is "item" when the copy was injected into Items and
	// "legacy" when it was injected into Instructions or Messages.
	InjectedAuthority string `json:"injected_authority"`
	// InjectedItemIndex is the copy's index in the output Items under item
	// authority, and 0 under legacy authority.
	InjectedItemIndex int `json:"injected_item_index,omitempty"`
	// InjectedLegacyIsInstruction reports, under legacy authority, whether
	// the copy is in Instructions (true) or Messages (false); nil under
	// item authority.
	InjectedLegacyIsInstruction *bool `json:"injected_legacy_is_instruction,omitempty"`
	// InjectedLegacyIndex is, under legacy authority, the copy's index
	// within its slice (Instructions or Messages); nil under item
	// authority.
	InjectedLegacyIndex *int `json:"injected_legacy_index,omitempty"`
	// InjectedTrajectoryIndex is the copy's position in the whole
	// trajectory: InjectedItemIndex under item authority; under legacy
	// authority the instruction index, or len(Instructions) plus the
	// message index.
	InjectedTrajectoryIndex int `json:"injected_trajectory_index"`
}

// MatchesMessage reports whether msg has p's InjectedIdentity, that is
// whether msg is indistinguishable from the copy p describes. A message
// whose identity cannot be computed matches nothing.
func (p OverlayProvenance) MatchesMessage(msg lipapi.Message) bool {
	id, err := MessageIdentityOf(msg)
	return err == nil && id == p.InjectedIdentity
}

// MatchesItem reports whether item is a message item with p's
// InjectedIdentity. Non-message items and items whose identity cannot be
// computed match nothing.
func (p OverlayProvenance) MatchesItem(item lipapi.Item) bool {
	if item.Kind != lipapi.ItemKindMessage {
		return false // ItemIdentityOf would reject it too, after building an error
	}
	id, err := ItemIdentityOf(item)
	return err == nil && id == p.InjectedIdentity
}
