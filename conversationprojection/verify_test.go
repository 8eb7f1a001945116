package conversationprojection

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

func TestVerifyAcceptsUnchangedAndIdentityPreservingAdaptations(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t)} {
		pjMust(t, VerifyAdaptationPreservesProjection(s.projected, s.projected, s.snap, s.ev.Provenance))
		adapted := lipapi.CloneCall(s.projected)
		if adapted.HasItemAuthority() {
			adapted.Items[2].Status = lipapi.ItemStatusCompleted // identity ignores status
			adapted.Items = append(adapted.Items, pjItem("late", lipapi.RoleAssistant, "tail"))
		} else {
			adapted.Messages[0].Metadata = map[string]string{"trace": "1"}
			adapted.Messages = append(adapted.Messages, pjMsg(lipapi.RoleAssistant, "tail"))
		}
		pjMust(t, VerifyAdaptationPreservesProjection(s.projected, adapted, s.snap, s.ev.Provenance))
	}
}

func TestVerifyTrivialCaseReturnsNilWithoutLooking(t *testing.T) {
	// Nothing to check: even malformed calls of different authorities pass.
	garbage := lipapi.Call{Items: []lipapi.Item{{Kind: "odd"}}}
	if err := VerifyAdaptationPreservesProjection(garbage, lipapi.Call{}, Snapshot{}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRejectsBrokenAdaptations(t *testing.T) {
	item, legacy := pjItemScenario(t), pjLegacyScenario(t)
	cases := []struct {
		name   string
		s      pjScenario
		adapt  func(c *lipapi.Call)
		mangle func(p []OverlayProvenance)
	}{
		{"authority changed", item, func(c *lipapi.Call) { *c = legacy.projected }, nil},
		{"copy dropped", item, func(c *lipapi.Call) { c.Items = append(c.Items[:1:1], c.Items[2:]...) }, nil},
		{"copy duplicated", item, func(c *lipapi.Call) { c.Items = append(c.Items, c.Items[1]) }, nil},
		{"copies reordered", item, func(c *lipapi.Call) {
			c.Items[1], c.Items[5] = c.Items[5], c.Items[1]
		}, nil},
		{"after copy moved away from its anchor", item, func(c *lipapi.Call) {
			c.Items = append(c.Items[:5:5], pjItem("n", lipapi.RoleUser, "new"), c.Items[5])
		}, nil},
		{"anchor rewritten", item, func(c *lipapi.Call) { c.Items[4].Content[0].Text = "changed" }, nil},
		{"never_backend reintroduced", item, func(c *lipapi.Call) { c.Items = append(c.Items, item.call.Items[2]) }, nil},
		{"legacy stable copy left the instructions", legacy, func(c *lipapi.Call) {
			c.Messages = append([]lipapi.Message{c.Instructions[1]}, c.Messages...)
			c.Instructions = c.Instructions[:1]
		}, nil},
		{"legacy never_backend reintroduced", legacy, func(c *lipapi.Call) { c.Messages = append(c.Messages, legacy.call.Messages[1]) }, nil},
		{"unknown resolved kind", item, nil, func(p []OverlayProvenance) { p[0].ResolvedKind = "elsewhere" }},
		{"after entry without anchor", item, nil, func(p []OverlayProvenance) {
			for i := range p {
				p[i].ResolvedAnchor = nil
			}
		}},
		{"entry index does not hold the copy", item, nil, func(p []OverlayProvenance) { p[0].InjectedTrajectoryIndex = 0 }},
		{"entry index out of range", item, nil, func(p []OverlayProvenance) { p[0].InjectedTrajectoryIndex = 99 }},
		{"more entries than copies", item, nil, func(p []OverlayProvenance) { p[1] = p[0] }},
		{"empty identity", item, nil, func(p []OverlayProvenance) { p[0].InjectedIdentity = "" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			adapted := lipapi.CloneCall(tc.s.projected)
			if tc.adapt != nil {
				tc.adapt(&adapted)
			}
			prov := make([]OverlayProvenance, len(tc.s.ev.Provenance))
			copy(prov, tc.s.ev.Provenance)
			if tc.mangle != nil {
				tc.mangle(prov)
			}
			err := VerifyAdaptationPreservesProjection(tc.s.projected, adapted, tc.s.snap, prov)
			pjWantErr(t, err, []error{ErrProjectionFailed})
		})
	}
}

func TestC8_VerifyAllowsClientMessageSharingOverlayIdentity(t *testing.T) {
	s := pjCollisionScenario(t)
	pjMust(t, VerifyAdaptationPreservesProjection(s.projected, s.projected, s.snap, s.ev.Provenance))
	// Dropping the client message changes the count: rejected.
	adapted := lipapi.CloneCall(s.projected)
	adapted.Items = adapted.Items[:3]
	pjWantErr(t, VerifyAdaptationPreservesProjection(s.projected, adapted, s.snap, s.ev.Provenance), []error{ErrProjectionFailed})
}

func TestC8_VerifyExemptsCopiesWithATaggedIdentity(t *testing.T) {
	// The overlay text equals a never_backend message: exclusion removes the
	// client message, injection adds the copy, and Verify accepts the copy.
	tagged := pjItem("t", lipapi.RoleSystem, "x-st")
	call := lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q"), tagged}}
	snap := Snapshot{NeverBackend: pjTags(mustItemIdentity(t, tagged)), Steering: []Overlay{pjStable("st", 1, "x-st")}}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out, "lip-steering-st:system:x-st", "u:user:q")
	pjMust(t, VerifyAdaptationPreservesProjection(out, out, snap, ev.Provenance))
	reasserted, rev, err := Reassert(out, snap, ev.Provenance, lipapi.Call{})
	pjMust(t, err)
	pjWantUnits(t, reasserted, "lip-steering-st:system:x-st", "u:user:q")
	pjMust(t, VerifyAdaptationPreservesProjection(reasserted, reasserted, snap, rev.Provenance))
}

func TestVerifyChecksRanksOnASharedAnchor(t *testing.T) {
	u := pjItem("u", lipapi.RoleUser, "q")
	a := pjAnchor(mustItemIdentity(t, u), 1)
	call := lipapi.Call{Items: []lipapi.Item{u, pjItem("r", lipapi.RoleAssistant, "r")}}
	snap := Snapshot{Steering: []Overlay{pjAfter("b", 2, "x-b", a, AnchorFailClosed), pjAfter("a", 2, "x-a", a, AnchorFailClosed), pjAfter("c", 1, "x-c", a, AnchorFailClosed)}}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out, "u:user:q", "lip-steering-c:developer:x-c", "lip-steering-a:developer:x-a", "lip-steering-b:developer:x-b", "r:assistant:r")
	pjMust(t, VerifyAdaptationPreservesProjection(out, out, snap, ev.Provenance))
	swapped := lipapi.CloneCall(out)
	swapped.Items[2], swapped.Items[3] = swapped.Items[3], swapped.Items[2]
	pjWantErr(t, VerifyAdaptationPreservesProjection(out, swapped, snap, ev.Provenance), []error{ErrProjectionFailed})
	// Shifting all three keeps their relative order but not their anchor.
	shifted := lipapi.CloneCall(out)
	shifted.Items = append([]lipapi.Item{shifted.Items[0], pjItem("n", lipapi.RoleUser, "n")}, shifted.Items[1:]...)
	pjWantErr(t, VerifyAdaptationPreservesProjection(out, shifted, snap, ev.Provenance), []error{ErrProjectionFailed})
}

func TestVerifySkipsUnitsWithoutIdentity(t *testing.T) {
	s := pjItemScenario(t)
	adapted := lipapi.CloneCall(s.projected)
	adapted.Items = append(adapted.Items, lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser,
		Content: []lipapi.ContentPart{{Kind: "odd", Text: pjSecret}}})
	pjMust(t, VerifyAdaptationPreservesProjection(s.projected, adapted, s.snap, s.ev.Provenance))
}

func TestVerifyDoesNotMutateItsInputs(t *testing.T) {
	s := pjItemScenario(t)
	before, prov := lipapi.CloneCall(s.projected), append([]OverlayProvenance(nil), s.ev.Provenance...)
	pjMust(t, VerifyAdaptationPreservesProjection(s.projected, s.projected, s.snap, s.ev.Provenance))
	if !pjDeepEqual(before, s.projected) || !pjDeepEqual(prov, s.ev.Provenance) {
		t.Fatal("Verify mutated its inputs")
	}
}
