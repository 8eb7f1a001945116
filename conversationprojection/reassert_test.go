package conversationprojection

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// pjScenario is an ingress call with a never_backend message, a
// stable-prefix and an after-message overlay, projected.
type pjScenario struct {
	call, baseline, projected lipapi.Call
	snap                      Snapshot
	ev                        *ProjectionEvidence
}

func pjItemScenario(t *testing.T) pjScenario {
	t.Helper()
	secret := pjItem("x", lipapi.RoleUser, pjSecret)
	u2 := pjItem("u2", lipapi.RoleUser, "q2")
	s := pjScenario{
		call: lipapi.Call{ID: "c", Items: []lipapi.Item{
			pjItem("s", lipapi.RoleSystem, "sys"), pjItem("u1", lipapi.RoleUser, "q1"),
			secret, pjItem("a1", lipapi.RoleAssistant, "r1"), u2,
		}},
		snap: Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret)), Steering: []Overlay{
			pjStable("st", 1, "x-st"),
			pjAfter("af", 2, "x-af", pjAnchor(mustItemIdentity(t, u2), 1), AnchorFailClosed),
		}},
	}
	s.finish(t)
	return s
}

func pjLegacyScenario(t *testing.T) pjScenario {
	t.Helper()
	secret := pjMsg(lipapi.RoleUser, pjSecret)
	u2 := pjMsg(lipapi.RoleUser, "q2")
	s := pjScenario{
		call: lipapi.Call{ID: "c",
			Instructions: []lipapi.Message{pjMsg(lipapi.RoleSystem, "sys")},
			Messages:     []lipapi.Message{pjMsg(lipapi.RoleUser, "q1"), secret, pjMsg(lipapi.RoleAssistant, "r1"), u2},
		},
		snap: Snapshot{NeverBackend: pjTags(mustIdentity(t, secret)), Steering: []Overlay{
			pjStable("st", 1, "x-st"),
			pjAfter("af", 2, "x-af", pjAnchor(mustIdentity(t, u2), 1), AnchorFailClosed),
		}},
	}
	s.finish(t)
	return s
}

func (s *pjScenario) finish(t *testing.T) {
	t.Helper()
	var err error
	s.baseline, err = FilterNeverBackend(s.call, s.snap)
	pjMust(t, err)
	s.projected, s.ev, err = Project(s.call, s.snap)
	pjMust(t, err)
}

func TestReassertRestoresTheFrozenView(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t)} {
		// The late call re-adds the excluded message, drops the stable
		// copy and appends a turn.
		late := lipapi.CloneCall(s.projected)
		var want []string
		if late.HasItemAuthority() {
			late.Items = append([]lipapi.Item{late.Items[0]}, append(late.Items[2:], s.call.Items[2], pjItem("n", lipapi.RoleUser, "new"))...)
			want = []string{"s:system:sys", "lip-steering-st:system:x-st", "u1:user:q1", "a1:assistant:r1",
				"u2:user:q2", "lip-steering-af:developer:x-af", "n:user:new"}
		} else {
			late.Instructions = late.Instructions[:1]
			late.Messages = append(late.Messages, s.call.Messages[1], pjMsg(lipapi.RoleUser, "new"))
			want = []string{"I:system:sys", "I:system:x-st", "M:user:q1", "M:assistant:r1",
				"M:user:q2", "M:developer:x-af", "M:user:new"}
		}
		before := lipapi.CloneCall(late)
		out, ev, err := Reassert(late, s.snap, s.ev.Provenance, s.baseline)
		pjMust(t, err)
		pjWantUnits(t, out, want...)
		if !reflect.DeepEqual(late, before) || pjAliases(late, out) || pjAliases(s.baseline, out) {
			t.Fatalf("Reassert mutated or aliased its input")
		}
		if ev.InjectedCount != 2 || len(ev.Provenance) != 2 {
			t.Errorf("evidence %+v", ev)
		}
		pjMust(t, VerifyAdaptationPreservesProjection(out, out, s.snap, ev.Provenance))
	}
}

func TestReassertIsIdempotentOnAProjection(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t)} {
		for name, baseline := range map[string]lipapi.Call{"frozen": s.baseline, "no baseline": {}} {
			out, ev, err := Reassert(s.projected, s.snap, s.ev.Provenance, baseline)
			pjMust(t, err)
			if !reflect.DeepEqual(out, s.projected) || !reflect.DeepEqual(ev.Provenance, s.ev.Provenance) {
				t.Fatalf("%s: Reassert(Project(x))\n got  %q\n want %q", name, pjUnits(out), pjUnits(s.projected))
			}
			again, _, err := Reassert(out, s.snap, ev.Provenance, baseline)
			pjMust(t, err)
			if !reflect.DeepEqual(again, out) {
				t.Fatalf("%s: second Reassert changed the call", name)
			}
		}
	}
}

func TestC11_ReassertWithoutBaselineNeverDuplicatesSteering(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t)} {
		// With the provenance, and with none at all (then derived from the
		// already projected call itself: under item authority that
		// projection collides with the copies' item IDs and fails closed).
		for _, prov := range [][]OverlayProvenance{s.ev.Provenance, nil} {
			out, ev, err := Reassert(s.projected, s.snap, prov, lipapi.Call{})
			if prov == nil && s.projected.HasItemAuthority() {
				pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
				continue
			}
			pjMust(t, err)
			if !reflect.DeepEqual(pjUnits(out), pjUnits(s.projected)) {
				t.Fatalf("provenance %d entries: got %q, want %q", len(prov), pjUnits(out), pjUnits(s.projected))
			}
			if ev.InjectedCount != 2 {
				t.Errorf("InjectedCount = %d", ev.InjectedCount)
			}
		}
	}
}

func TestC7_ReassertKeepsEmptyItemAuthority(t *testing.T) {
	call := lipapi.Call{Items: []lipapi.Item{}, PreviousResponseID: "resp_1"}
	// Fast path: no tags, no overlays.
	out, ev, err := Reassert(call, Snapshot{}, nil, lipapi.Call{})
	pjMust(t, err)
	if out.Items == nil || len(out.Items) != 0 || ev == nil || ev.InjectedCount != 0 {
		t.Fatalf("fast path: items nil=%t len=%d ev=%+v", out.Items == nil, len(out.Items), ev)
	}
	// With an overlay, and an empty (non-nil) baseline that seeds the
	// provenance but proves no lineage.
	snap := Snapshot{Steering: []Overlay{pjStable("st", 1, "x")}}
	for _, baseline := range []lipapi.Call{{}, {Items: []lipapi.Item{}}} {
		out, ev, err = Reassert(call, snap, nil, baseline)
		pjMust(t, err)
		pjWantUnits(t, out, "lip-steering-st:system:x")
		if out.PreviousResponseID != "resp_1" || ev.InjectedCount != 1 {
			t.Errorf("out %+v ev %+v", out, ev)
		}
		again, _, err := Reassert(out, snap, ev.Provenance, baseline)
		pjMust(t, err)
		pjWantUnits(t, again, "lip-steering-st:system:x")
	}
	// With a tag only.
	out, _, err = Reassert(call, Snapshot{NeverBackend: pjTags(testIdentityA)}, nil, lipapi.Call{})
	pjMust(t, err)
	if out.Items == nil {
		t.Errorf("tag-only reassertion lost item authority")
	}
}

func TestC11_ReassertFastPathReturnsAValidatedCopy(t *testing.T) {
	call := pjRichCall()
	out, ev, err := Reassert(call, Snapshot{}, nil, lipapi.Call{})
	pjMust(t, err)
	if !reflect.DeepEqual(out, call) || pjAliases(call, out) || ev == nil || !reflect.DeepEqual(*ev, ProjectionEvidence{}) {
		t.Fatalf("fast path: equal=%t aliases=%t ev=%+v", reflect.DeepEqual(out, call), pjAliases(call, out), ev)
	}
	_, ev, err = Reassert(lipapi.Call{}, Snapshot{}, nil, lipapi.Call{})
	pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
	if ev != nil {
		t.Errorf("evidence on error")
	}
}

func TestC5_ReassertValidatesSnapshotFirst(t *testing.T) {
	s := pjItemScenario(t)
	bad := s.snap
	bad.Steering = append([]Overlay{{OverlayID: "bad id!"}}, bad.Steering...)
	_, _, err := Reassert(s.projected, bad, s.ev.Provenance, s.baseline)
	pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidOverlayID})
}

// pjCollisionScenario projects a call holding a client message with the
// same identity as the stable overlay's copy.
func pjCollisionScenario(t *testing.T) pjScenario {
	t.Helper()
	s := pjScenario{
		call: lipapi.Call{Items: []lipapi.Item{
			pjItem("s", lipapi.RoleSystem, "sys"), pjItem("u1", lipapi.RoleUser, "q1"),
			pjItem("c", lipapi.RoleSystem, "x-st"), // the copy's identity
		}},
		snap: Snapshot{Steering: []Overlay{pjStable("st", 1, "x-st")}},
	}
	s.finish(t)
	pjWantUnits(t, s.projected, "s:system:sys", "lip-steering-st:system:x-st", "u1:user:q1", "c:system:x-st")
	return s
}

func TestReassertKeepsClientMessagesSharingAnOverlayIdentity(t *testing.T) {
	s := pjCollisionScenario(t)
	for _, baseline := range []lipapi.Call{s.baseline, {}} {
		out, _, err := Reassert(s.projected, s.snap, s.ev.Provenance, baseline)
		pjMust(t, err)
		if !reflect.DeepEqual(out, s.projected) {
			t.Fatalf("got %q", pjUnits(out))
		}
	}
}

func TestReassertCollisionGuardFailsClosed(t *testing.T) {
	s := pjCollisionScenario(t)
	late := lipapi.CloneCall(s.projected)
	late.Items = append(late.Items, pjItem("c2", lipapi.RoleSystem, "x-st")) // one more than baseline + provenance
	_, _, err := Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjWantErr(t, err, []error{ErrProjectionFailed})

	// Fewer units of the identity than the baseline holds.
	late = lipapi.CloneCall(s.projected)
	late.Items = late.Items[:1:1]
	late.Items = append(late.Items, s.projected.Items[2])
	_, _, err = Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjWantErr(t, err, []error{ErrProjectionFailed})
}

func TestReassertRemovesCopiesNearestTheirRecordedPositions(t *testing.T) {
	// Two units with the overlay's identity; the baseline holds one. The
	// one nearer the recorded position is the projection's copy, whichever
	// item ID it has.
	s := pjCollisionScenario(t)
	late := lipapi.CloneCall(s.projected)
	late.Items[1].ID, late.Items[3].ID = "c", "lip-steering-st"
	out, _, err := Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall}) // the kept client unit now carries the copy's ID
	_ = out
	late.Items[3].ID = "c"
	late.Items[1].ID = "renamed"
	out, _, err = Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjMust(t, err)
	pjWantUnits(t, out, "s:system:sys", "lip-steering-st:system:x-st", "u1:user:q1", "c:system:x-st")
}

func TestC11_StripFailsClosedOnAmbiguousCopies(t *testing.T) {
	x := func(id string) lipapi.Item { return pjItem(id, lipapi.RoleUser, "x-st") }
	prov := []OverlayProvenance{{OverlayID: "st", SlotOrdinal: 1, ResolvedKind: PlacementStablePrefix,
		InjectedIdentity: mustItemIdentity(t, x("")), InjectedAuthority: "item", InjectedItemIndex: 2, InjectedTrajectoryIndex: 2}}
	snap := Snapshot{Steering: []Overlay{pjStable("st", 1, "x-st")}}
	snap.Steering[0].Message.Role = lipapi.RoleUser

	// Candidates at 1 and 3 tie; their neighbours differ.
	call := lipapi.Call{Items: []lipapi.Item{pjItem("s", lipapi.RoleUser, "a"), x("x1"), pjItem("m", lipapi.RoleUser, "b"), x("x2"), pjItem("e", lipapi.RoleUser, "c")}}
	_, _, err := Reassert(call, snap, prov, lipapi.Call{})
	pjWantErr(t, err, []error{ErrProjectionFailed})

	// Same neighbours: the earlier one is the copy.
	call = lipapi.Call{Items: []lipapi.Item{pjItem("a1", lipapi.RoleUser, "a"), x("x1"), pjItem("a2", lipapi.RoleUser, "a"), x("x2"), pjItem("a3", lipapi.RoleUser, "a")}}
	out, _, err := Reassert(call, snap, prov, lipapi.Call{})
	pjMust(t, err)
	pjWantUnits(t, out, "lip-steering-st:user:x-st", "a1:user:a", "a2:user:a", "x2:user:x-st", "a3:user:a")
}

func TestReassertLegacyDistancesPreferTheRecordedRegion(t *testing.T) {
	// A client message in Messages shares the identity of the copy in
	// Instructions; the copy is recognised by its region.
	s := pjScenario{
		call: lipapi.Call{
			Instructions: []lipapi.Message{pjMsg(lipapi.RoleSystem, "sys")},
			Messages:     []lipapi.Message{pjMsg(lipapi.RoleSystem, "x-st"), pjMsg(lipapi.RoleUser, "q")},
		},
		snap: Snapshot{Steering: []Overlay{pjStable("st", 1, "x-st")}},
	}
	s.finish(t)
	pjWantUnits(t, s.projected, "I:system:sys", "I:system:x-st", "M:system:x-st", "M:user:q")
	late := lipapi.CloneCall(s.projected)
	late.Messages = append(late.Messages, pjMsg(lipapi.RoleUser, "more"))
	for _, baseline := range []lipapi.Call{s.baseline, {}} {
		out, _, err := Reassert(late, s.snap, s.ev.Provenance, baseline)
		pjMust(t, err)
		pjWantUnits(t, out, "I:system:sys", "I:system:x-st", "M:system:x-st", "M:user:q", "M:user:more")
	}
}

func TestReassertCarriesAnchorsThroughPayloadRewrites(t *testing.T) {
	s := pjItemScenario(t)
	late := lipapi.CloneCall(s.projected)
	late.Items[4].Content[0].Text = "q2, rephrased" // u2: same shape, new payload
	out, ev, err := Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjMust(t, err)
	pjWantUnits(t, out, "s:system:sys", "lip-steering-st:system:x-st", "u1:user:q1", "a1:assistant:r1",
		"u2:user:q2, rephrased", "lip-steering-af:developer:x-af")
	var af OverlayProvenance
	for _, p := range ev.Provenance {
		if p.OverlayID == "af" {
			af = p
		}
	}
	want := MessageAnchor{Identity: mustItemIdentity(t, late.Items[4]), Occurrence: 1}
	if af.ResolvedAnchor == nil || *af.ResolvedAnchor != want || af.ResolvedKind != PlacementAfterMessage {
		t.Fatalf("af provenance %+v, want carried anchor %v", af, want)
	}
	pjMust(t, VerifyAdaptationPreservesProjection(out, out, s.snap, ev.Provenance))

	// Without the frozen baseline there is no lineage proof: fail_closed.
	_, _, err = Reassert(late, s.snap, s.ev.Provenance, lipapi.Call{})
	pjWantErr(t, err, []error{ErrAnchorMissing, ErrAnchorNotFound})

	// A structural change (a new item) breaks the lineage proof.
	grown := lipapi.CloneCall(late)
	grown.Items = append(grown.Items, pjItem("n", lipapi.RoleUser, "new"))
	_, _, err = Reassert(grown, s.snap, s.ev.Provenance, s.baseline)
	pjWantErr(t, err, []error{ErrAnchorMissing, ErrAnchorNotFound})

	// Provenance that did not place the overlay by its stored anchor
	// carries nothing.
	prov := append([]OverlayProvenance(nil), s.ev.Provenance...)
	for i := range prov {
		if prov[i].OverlayID == "af" {
			prov[i].ResolvedAnchor = pjAnchor(want.Identity, 1)
		}
	}
	_, _, err = Reassert(late, s.snap, prov, s.baseline)
	pjWantErr(t, err, []error{ErrAnchorMissing, ErrAnchorNotFound})
}

func TestReassertLegacyCarriesOnlyDistinguishableSlots(t *testing.T) {
	look := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{lipapi.TextPart("look"), {Kind: lipapi.PartImageRef, ImageRef: "img"}}}
	q := pjMsg(lipapi.RoleUser, "q")
	call := lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "hi"), look, q}}
	snap := Snapshot{Steering: []Overlay{
		pjAfter("on-look", 1, "x-look", pjAnchor(mustIdentity(t, look), 1), AnchorStablePrefixFallback),
		pjAfter("on-q", 2, "x-q", pjAnchor(mustIdentity(t, q), 1), AnchorStablePrefixFallback),
	}}
	baseline, err := FilterNeverBackend(call, snap)
	pjMust(t, err)
	projected, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, projected, "M:user:hi", "M:user:look", "M:developer:x-look", "M:user:q", "M:developer:x-q")

	late := lipapi.CloneCall(projected)
	late.Messages[1].Parts[0].Text = "look closer" // unique shape (text + image): carried
	late.Messages[3].Parts[0].Text = "q?"          // same shape as "hi": indistinguishable, falls back
	out, rev, err := Reassert(late, snap, ev.Provenance, baseline)
	pjMust(t, err)
	pjWantUnits(t, out, "I:developer:x-q", "M:user:hi", "M:user:look closer", "M:developer:x-look", "M:user:q?")
	if len(rev.Fallbacks) != 1 || rev.Fallbacks[0].OverlayID != "on-q" {
		t.Errorf("fallbacks %+v", rev.Fallbacks)
	}
}

func TestReassertRemovesReintroducedNeverBackendAndTheirReferences(t *testing.T) {
	s := pjItemScenario(t)
	late := lipapi.CloneCall(s.projected)
	late.Items = append(late.Items, s.call.Items[2], pjRef("x"), pjRef("u1"))
	out, _, err := Reassert(late, s.snap, s.ev.Provenance, s.baseline)
	pjMust(t, err)
	pjWantUnits(t, out, "s:system:sys", "lip-steering-st:system:x-st", "u1:user:q1", "a1:assistant:r1",
		"u2:user:q2", "lip-steering-af:developer:x-af", "item_reference>u1")
}

func TestCompatibleItemsComparesShapeNotPayload(t *testing.T) {
	base := pjRichCall().Items
	for i := range base {
		if !compatibleItems(&base[i], &base[i]) {
			t.Fatalf("items[%d] incompatible with itself", i)
		}
	}
	payload := pjRichCall().Items
	payload[1].Content[0].Text = "other text"
	payload[1].Content[1].Annotation.Data = []byte(`{"d":3}`)
	payload[3].ToolResult.Output = "other output"
	payload[4].Reasoning.Reasoning.Text = "other thought"
	for i := range base {
		if !compatibleItems(&base[i], &payload[i]) {
			t.Errorf("payload change in items[%d] broke compatibility", i)
		}
	}
	shape := []func(items []lipapi.Item){
		func(it []lipapi.Item) { it[0].ID = "other" },
		func(it []lipapi.Item) { it[0].Status = lipapi.ItemStatusCompleted },
		func(it []lipapi.Item) { it[0].Role = lipapi.RoleDeveloper },
		func(it []lipapi.Item) { it[1].Content[1].ImageRef = "other" },
		func(it []lipapi.Item) { it[1].Content = it[1].Content[:1] },
		func(it []lipapi.Item) { it[2].ToolCall.Name = "other" },
		func(it []lipapi.Item) { it[2].ToolCall = nil },
		func(it []lipapi.Item) { it[3].ToolResult.CallID = "other" },
		func(it []lipapi.Item) { it[4].Reasoning.Reasoning.Dialect = "other" },
		func(it []lipapi.Item) { it[4].Reasoning.Reasoning = nil },
		func(it []lipapi.Item) { it[4].Reasoning = nil },
		func(it []lipapi.Item) { it[5].Reference.ID = "other" },
		func(it []lipapi.Item) { it[5].Reference = nil },
	}
	for n, change := range shape {
		items := pjRichCall().Items
		change(items)
		for i := range base {
			if !reflect.DeepEqual(base[i], items[i]) && (compatibleItems(&base[i], &items[i]) || compatibleItems(&items[i], &base[i])) {
				t.Errorf("shape change %d in items[%d] kept compatibility", n, i)
			}
		}
	}
	// Extension and compaction items.
	ext := lipapi.Item{Kind: lipapi.ItemKindExtension, Extension: &lipapi.OpaqueExtension{Namespace: "n", Type: "t", Direction: "in"}}
	ext2 := ext
	ext2.Extension = &lipapi.OpaqueExtension{Namespace: "n", Type: "t", Direction: "out"}
	cmp := lipapi.Item{Kind: lipapi.ItemKindCompaction, Compaction: &lipapi.CompactionItem{EncapsulatedID: "e", EncryptedContent: "a"}}
	cmp2 := cmp
	cmp2.Compaction = &lipapi.CompactionItem{EncapsulatedID: "e", EncryptedContent: "b"}
	if compatibleItems(&ext, &ext2) || !compatibleItems(&cmp, &cmp2) || compatibleItems(&cmp, &lipapi.Item{Kind: lipapi.ItemKindCompaction}) {
		t.Errorf("extension/compaction compatibility wrong")
	}
}

func TestCompatibleMessagesAndDistinctSlots(t *testing.T) {
	r := &lipapi.ReasoningPart{Dialect: " D ", EncryptedContentPresent: true}
	msgs := []lipapi.Message{
		pjMsg(lipapi.RoleUser, "a"),
		pjMsg(lipapi.RoleUser, "b"),
		pjMsg(lipapi.RoleAssistant, "a"),
		{Role: lipapi.RoleUser, Parts: []lipapi.Part{lipapi.TextPart("a"), lipapi.TextPart("b")}},
		{Role: lipapi.RoleUser, Parts: []lipapi.Part{lipapi.TextPart("a"), {Kind: lipapi.PartImageRef, ImageRef: "i"}}},
		{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, ToolCallID: "c1", ToolName: "t"}}},
		{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, ToolCallID: "c2", ToolName: "t"}}},
		{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{{Kind: lipapi.PartReasoning, Reasoning: r}}},
		{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{Dialect: "d", EncryptedContentPresent: true, Text: "t"}}}},
		{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{{Kind: lipapi.PartReasoning}}},
		{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartFileRef, FileRef: "f", FileName: "n"}}},
		{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartFileRef, FileRef: "f", FileMIME: "n"}}},
	}
	if !compatibleMessages(&msgs[0], &msgs[1]) || !compatibleMessages(&msgs[7], &msgs[8]) ||
		compatibleMessages(&msgs[5], &msgs[6]) || compatibleMessages(&msgs[3], &msgs[4]) ||
		compatibleMessages(&msgs[10], &msgs[11]) || compatibleMessages(&msgs[8], &msgs[9]) {
		t.Errorf("compatibility table wrong")
	}
	// distinctSlots agrees with a brute-force scan, in both regions.
	call := lipapi.Call{Instructions: msgs[:4], Messages: msgs}
	slots := make([]int, 0, len(msgs)+4)
	for s := range len(msgs) + 4 {
		slots = append(slots, s)
	}
	slots = append(slots, -1, 5, 5)
	got := distinctSlots(&call, slots)
	for j, s := range slots {
		if s < 0 {
			if got[j] {
				t.Errorf("slot -1 reported distinct")
			}
			continue
		}
		region, idx := call.Instructions, s
		if s >= 4 {
			region, idx = call.Messages, s-4
		}
		want := true
		for i := range region {
			if i != idx && compatibleMessages(&region[idx], &region[i]) {
				want = false
			}
		}
		if got[j] != want {
			t.Errorf("slot %d: distinct %t, want %t", s, got[j], want)
		}
	}
}

func TestC4_ReassertRemovalTiesUseEarlierPosition(t *testing.T) {
	// Two units with the overlay copy's identity, equally far from the
	// recorded position; the baseline holds one. The earlier one goes,
	// whatever the order of the input.
	x := func(id string) lipapi.Item { return pjItem(id, lipapi.RoleUser, "x") }
	snap := Snapshot{Steering: []Overlay{pjStable("st", 1, "x")}}
	snap.Steering[0].Message.Role = lipapi.RoleUser
	prov := []OverlayProvenance{{OverlayID: "st", SlotOrdinal: 1, ResolvedKind: PlacementStablePrefix,
		InjectedIdentity: mustItemIdentity(t, x("")), InjectedAuthority: "item", InjectedItemIndex: 2, InjectedTrajectoryIndex: 2}}
	a, b, c := pjItem("a", lipapi.RoleUser, "a"), pjItem("b", lipapi.RoleUser, "b"), pjItem("c", lipapi.RoleUser, "c")
	call := lipapi.Call{Items: []lipapi.Item{a, x("x1"), b, x("x2"), c}}
	baseline := lipapi.Call{Items: []lipapi.Item{a, b, x("x2"), c}}
	out, _, err := Reassert(call, snap, prov, baseline)
	pjMust(t, err)
	pjWantUnits(t, out, "lip-steering-st:user:x", "a:user:a", "b:user:b", "x2:user:x", "c:user:c")
}

// TestErrorsNeverEchoProvenanceText feeds caller text through the
// provenance fields Reassert and Verify name in their errors: an overlay ID
// that is not a valid ID and an anchor that is not a valid anchor are
// replaced by placeholders.
func TestErrorsNeverEchoProvenanceText(t *testing.T) {
	const secret = "user said: my password is hunter2"
	snap := Snapshot{Steering: []Overlay{pjStable("o1", 0, "steer")}}
	call := lipapi.Call{Messages: []lipapi.Message{pjMsg("system", "steer"), pjMsg("user", "hi")}}
	_, ev, err := Project(call, snap)
	pjMust(t, err)
	base, _ := FilterNeverBackend(call, snap)
	prov := append([]OverlayProvenance(nil), ev.Provenance...)
	prov[0].OverlayID = secret
	late := lipapi.Call{Messages: []lipapi.Message{pjMsg("system", "steer"), pjMsg("system", "steer"), pjMsg("system", "steer"), pjMsg("user", "hi")}}
	_, _, err = Reassert(late, snap, prov, base)
	if !errors.Is(err, ErrProjectionFailed) || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("Reassert with an invalid overlay id in provenance: %v", err)
	}

	id := mustIdentity(t, pjMsg("user", "hi"))
	c := lipapi.Call{Messages: []lipapi.Message{pjMsg("user", "hi")}}
	for _, e := range []OverlayProvenance{
		{OverlayID: "o1", ResolvedAnchor: &MessageAnchor{Identity: MessageIdentity(secret), Occurrence: 1}},
		{OverlayID: secret, ResolvedAnchor: &MessageAnchor{Identity: MessageIdentity(secret), Occurrence: 1}},
		{OverlayID: secret, ResolvedKind: PlacementKind(secret)},
	} {
		e.InjectedIdentity, e.InjectedTrajectoryIndex = id, 0
		if e.ResolvedKind == "" {
			e.ResolvedKind = PlacementAfterMessage
		}
		err := VerifyAdaptationPreservesProjection(c, c, Snapshot{}, []OverlayProvenance{e})
		if !errors.Is(err, ErrProjectionFailed) || strings.Contains(err.Error(), "hunter2") {
			t.Fatalf("Verify with caller text in provenance: %v", err)
		}
	}
}

// TestReassertCountsTheNeverBackendUnitsItRemoves pins FilteredCount:
// Reassert counts the units it removes for their tagged identity, in both
// authorities, with and without a frozen baseline, as Project does for the
// ingress call; it counts neither the projection's own copies (even of an
// overlay whose identity is tagged) nor anything on a call without tags.
func TestReassertCountsTheNeverBackendUnitsItRemoves(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t)} {
		// The late call re-adds the excluded message twice.
		late := lipapi.CloneCall(s.projected)
		if late.HasItemAuthority() {
			secret := s.call.Items[2]
			secret.ID = ""
			late.Items = append(late.Items, secret, secret)
		} else {
			late.Messages = append(late.Messages, s.call.Messages[1], s.call.Messages[1])
		}
		for name, baseline := range map[string]lipapi.Call{"frozen": s.baseline, "no baseline": {}} {
			for _, c := range []struct {
				what string
				call lipapi.Call
				want int
			}{
				{"the ingress call", s.call, s.ev.FilteredCount},
				{"the projected call", s.projected, 0},
				{"the secret re-added twice", late, 2},
			} {
				_, ev, err := Reassert(c.call, s.snap, s.ev.Provenance, baseline)
				pjMust(t, err)
				if ev.FilteredCount != c.want {
					t.Errorf("%s, %s: FilteredCount = %d, want %d", name, c.what, ev.FilteredCount, c.want)
				}
			}
		}
	}
	if s := pjItemScenario(t); s.ev.FilteredCount != 1 {
		t.Fatalf("Project: FilteredCount = %d, want 1", s.ev.FilteredCount)
	}

	// An overlay with the identity of the tagged message: its copy is the
	// projection's, not a never_backend unit.
	secret := pjItem("", lipapi.RoleUser, "same")
	call := lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q"), secret}}
	ov := pjStable("echo", 1, "same")
	ov.Message.Role = lipapi.RoleUser
	snap := Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret)), Steering: []Overlay{ov}}
	projected, ev, err := Project(call, snap)
	pjMust(t, err)
	if ev.FilteredCount != 1 || ev.InjectedCount != 1 {
		t.Fatalf("Project: %+v", ev)
	}
	_, ev, err = Reassert(projected, snap, ev.Provenance, lipapi.Call{})
	pjMust(t, err)
	if ev.FilteredCount != 0 {
		t.Errorf("Reassert of the projected call: FilteredCount = %d, want 0", ev.FilteredCount)
	}

	// No tags: nothing is filtered.
	_, ev, err = Reassert(call, Snapshot{}, nil, lipapi.Call{})
	pjMust(t, err)
	if ev.FilteredCount != 0 {
		t.Errorf("Reassert without tags: FilteredCount = %d", ev.FilteredCount)
	}
}
