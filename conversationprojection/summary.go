package conversationprojection

// ProjectionSummary is a bounded, content-free digest of one projection
// for diagnostics: counts, revisions and placement classes only, never
// text, overlay IDs or identities. The zero value describes a projection
// of revision 0 that removed and injected nothing.
type ProjectionSummary struct {
	// StateRevision is the snapshot's StateRevision.
	StateRevision uint64 `json:"state_revision"`
	// FilteredCount is the evidence's FilteredCount.
	FilteredCount int `json:"filtered_count"`
	// InjectedCount is the evidence's InjectedCount.
	InjectedCount int `json:"injected_count"`
	// StablePrefixCount is the number of provenance entries resolved to
	// the stable prefix, fallbacks included.
	StablePrefixCount int `json:"stable_prefix_count"`
	// AfterMessageCount is the number of provenance entries resolved
	// after an anchored message.
	AfterMessageCount int `json:"after_message_count"`
	// FallbackCount is the number of anchor fallbacks.
	FallbackCount int `json:"fallback_count"`
	// MaxOverlayRevision is the largest Revision among the provenance
	// entries, 0 when there are none.
	MaxOverlayRevision uint64 `json:"max_overlay_revision"`
	// MaxSlotOrdinal is the largest SlotOrdinal among the provenance
	// entries, 0 when there are none.
	MaxSlotOrdinal uint64 `json:"max_slot_ordinal"`
}

// NewProjectionSummary summarises the projection of snap that produced ev.
// With a nil ev only StateRevision is set. Otherwise the counts are copied
// from ev, FallbackCount is len(ev.Fallbacks), StablePrefixCount and
// AfterMessageCount count the provenance entries by ResolvedKind (entries
// of any other kind are counted in neither), and MaxOverlayRevision and
// MaxSlotOrdinal are maxima over the provenance. It runs in O(len(ev.Provenance)).
func NewProjectionSummary(snap Snapshot, ev *ProjectionEvidence) ProjectionSummary {
	s := ProjectionSummary{StateRevision: snap.StateRevision}
	if ev == nil {
		return s
	}
	s.FilteredCount = ev.FilteredCount
	s.InjectedCount = ev.InjectedCount
	s.FallbackCount = len(ev.Fallbacks)
	for i := range ev.Provenance {
		p := &ev.Provenance[i]
		switch p.ResolvedKind {
		case PlacementStablePrefix:
			s.StablePrefixCount++
		case PlacementAfterMessage:
			s.AfterMessageCount++
		}
		s.MaxOverlayRevision = max(s.MaxOverlayRevision, p.Revision)
		s.MaxSlotOrdinal = max(s.MaxSlotOrdinal, p.SlotOrdinal)
	}
	return s
}
