package conversationprojection

import "testing"

func TestNewProjectionSummary(t *testing.T) {
	snap := Snapshot{StateRevision: 42, Steering: []Overlay{testOverlay("ignored")}}
	tests := []struct {
		name string
		ev   *ProjectionEvidence
		want ProjectionSummary
	}{
		{"nil evidence sets only the revision", nil, ProjectionSummary{StateRevision: 42}},
		{"empty evidence", &ProjectionEvidence{}, ProjectionSummary{StateRevision: 42}},
		{
			"counts, classes and maxima",
			&ProjectionEvidence{
				FilteredCount: 3,
				InjectedCount: 4,
				Fallbacks:     []FallbackEvidence{{OverlayID: "b"}},
				Provenance: []OverlayProvenance{
					{OverlayID: "a", Revision: 7, SlotOrdinal: 1, ResolvedKind: PlacementStablePrefix},
					{OverlayID: "b", Revision: 2, SlotOrdinal: 9, ResolvedKind: PlacementStablePrefix},
					{OverlayID: "c", Revision: 9, SlotOrdinal: 3, ResolvedKind: PlacementAfterMessage},
					{OverlayID: "d", Revision: 1, SlotOrdinal: 0, ResolvedKind: PlacementAfterMessage},
				},
			},
			ProjectionSummary{
				StateRevision: 42, FilteredCount: 3, InjectedCount: 4,
				StablePrefixCount: 2, AfterMessageCount: 2, FallbackCount: 1,
				MaxOverlayRevision: 9, MaxSlotOrdinal: 9,
			},
		},
		{
			"counts are copied, not recomputed",
			&ProjectionEvidence{FilteredCount: 5, InjectedCount: 1},
			ProjectionSummary{StateRevision: 42, FilteredCount: 5, InjectedCount: 1},
		},
		{
			"unknown kinds count in neither class but in the maxima",
			&ProjectionEvidence{Provenance: []OverlayProvenance{{Revision: ^uint64(0), SlotOrdinal: 8, ResolvedKind: "other"}}},
			ProjectionSummary{StateRevision: 42, MaxOverlayRevision: ^uint64(0), MaxSlotOrdinal: 8},
		},
	}
	for _, tc := range tests {
		if got := NewProjectionSummary(snap, tc.ev); got != tc.want {
			t.Errorf("%s: NewProjectionSummary = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
