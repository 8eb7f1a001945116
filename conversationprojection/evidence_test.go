package conversationprojection

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/agentkernel/agentkernel/lipapi"
)

func TestOverlayProvenanceMatches(t *testing.T) {
	msg := lipapi.Message{Role: lipapi.RoleSystem, Parts: []lipapi.Part{{Kind: lipapi.PartText, Text: "Be brief."}}}
	id, err := MessageIdentityOf(msg)
	if err != nil {
		t.Fatal(err)
	}
	p := OverlayProvenance{OverlayID: "ov", InjectedIdentity: id}
	item := lipapi.Item{
		Kind: lipapi.ItemKindMessage, ID: "lip-steering-ov", Status: lipapi.ItemStatusCompleted,
		Role: lipapi.RoleSystem, Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: "Be brief."}},
	}
	other := lipapi.Message{Role: lipapi.RoleSystem, Parts: []lipapi.Part{{Kind: lipapi.PartText, Text: "Be long."}}}
	otherRole := lipapi.Message{Role: lipapi.RoleUser, Parts: msg.Parts}
	broken := lipapi.Message{Role: "narrator", Parts: msg.Parts}
	unsupported := lipapi.Message{Role: lipapi.RoleSystem, Parts: []lipapi.Part{{Kind: "audio"}}}

	refItem := lipapi.Item{Kind: lipapi.ItemKindItemReference, Reference: &lipapi.ItemReference{ID: "lip-steering-ov"}}
	withVariant := item
	withVariant.Reference = &lipapi.ItemReference{ID: "x"}
	wrongKind := item
	wrongKind.Kind = lipapi.ItemKindToolResult
	otherItem := item
	otherItem.Content = []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: "Be long."}}
	tests := []struct {
		name string
		p    OverlayProvenance
		unit any // a lipapi.Message or a lipapi.Item
		want bool
	}{
		{"same message", p, msg, true},
		{"different text", p, other, false},
		{"different role", p, otherRole, false},
		{"identity error (role)", p, broken, false},
		{"identity error (content)", p, unsupported, false},
		{"zero provenance, message", OverlayProvenance{}, msg, false},
		{"zero provenance, identity error", OverlayProvenance{}, lipapi.Message{}, false},
		{"item form of the same message", p, item, true},
		{"different content", p, otherItem, false},
		{"item reference to the copy", p, refItem, false},
		{"non-message kind with message fields", p, wrongKind, false},
		{"message item carrying a variant", p, withVariant, false},
		{"zero item", p, lipapi.Item{}, false},
		{"zero provenance, item", OverlayProvenance{}, item, false},
	}
	for _, tc := range tests {
		var got bool
		switch u := tc.unit.(type) {
		case lipapi.Message:
			got = tc.p.MatchesMessage(u)
		case lipapi.Item:
			got = tc.p.MatchesItem(u)
		default:
			t.Fatalf("%s: unit %T", tc.name, u)
		}
		if got != tc.want {
			t.Errorf("%s: Matches(%T) = %v, want %v", tc.name, tc.unit, got, tc.want)
		}
	}
}

// TestJSONFieldNames pins the json tags of the snapshot and evidence
// types, which are part of the package API.
func TestJSONFieldNames(t *testing.T) {
	yes, idx := true, 4
	anchor := &MessageAnchor{Identity: testIdentityA, Occurrence: 2}
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"Snapshot", Snapshot{StateRevision: 1, NeverBackend: []Tag{{Identity: testIdentityA, Reason: "r", CreatedAt: time.Unix(0, 0).UTC()}}, Steering: []Overlay{{
			OverlayID: "o", Revision: 2, SlotOrdinal: 3, Active: true,
			Message:             OverlayMessage{Role: lipapi.RoleUser, Text: "t"},
			Placement:           Placement{Kind: PlacementAfterMessage, Anchor: anchor},
			AnchorMissingPolicy: AnchorFailClosed,
		}}},
			`{"state_revision":1,"never_backend":[{"identity":"` + string(testIdentityA) + `","reason":"r","created_at":"1970-01-01T00:00:00Z"}],"steering":[{"overlay_id":"o","revision":2,"slot_ordinal":3,"active":true,"message":{"role":"user","text":"t"},"placement":{"kind":"after_message","anchor":{"identity":"` + string(testIdentityA) + `","occurrence":2}},"anchor_missing_policy":"fail_closed"}]}`},
		{"zero Snapshot", Snapshot{}, `{"state_revision":0,"never_backend":null,"steering":null}`},
		{"zero Tag omits reason", Tag{}, `{"identity":"","created_at":"0001-01-01T00:00:00Z"}`},
		{"stable_prefix Placement omits anchor", Placement{Kind: PlacementStablePrefix}, `{"kind":"stable_prefix"}`},
		{"ProjectionEvidence", ProjectionEvidence{FilteredCount: 1, InjectedCount: 2,
			Fallbacks: []FallbackEvidence{{OverlayID: "f", Anchor: *anchor}},
			Provenance: []OverlayProvenance{{
				OverlayID: "o", Revision: 2, SlotOrdinal: 3, ResolvedKind: PlacementAfterMessage, ResolvedAnchor: anchor,
				InjectedIdentity: testIdentityB, InjectedAuthority: "legacy", InjectedItemIndex: 5,
				InjectedLegacyIsInstruction: &yes, InjectedLegacyIndex: &idx, InjectedTrajectoryIndex: 6,
			}}},
			`{"filtered_count":1,"injected_count":2,"fallbacks":[{"overlay_id":"f","anchor":{"identity":"` + string(testIdentityA) + `","occurrence":2}}],"provenance":[{"overlay_id":"o","revision":2,"slot_ordinal":3,"resolved_kind":"after_message","resolved_anchor":{"identity":"` + string(testIdentityA) + `","occurrence":2},"injected_identity":"` + string(testIdentityB) + `","injected_authority":"legacy","injected_item_index":5,"injected_legacy_is_instruction":true,"injected_legacy_index":4,"injected_trajectory_index":6}]}`},
		{"zero ProjectionEvidence", ProjectionEvidence{}, `{"filtered_count":0,"injected_count":0}`},
		{"zero OverlayProvenance", OverlayProvenance{}, `{"overlay_id":"","revision":0,"slot_ordinal":0,"resolved_kind":"","injected_identity":"","injected_authority":"","injected_trajectory_index":0}`},
		{"ProjectionSummary", ProjectionSummary{1, 2, 3, 4, 5, 6, 7, 8},
			`{"state_revision":1,"filtered_count":2,"injected_count":3,"stable_prefix_count":4,"after_message_count":5,"fallback_count":6,"max_overlay_revision":7,"max_slot_ordinal":8}`},
	}
	for _, tc := range tests {
		got, err := json.Marshal(tc.v)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(got) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
