package conversationprojection

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

func TestProjectItemExcludesTaggedMessagesAndTheirReferences(t *testing.T) {
	secret := pjItem("msg_1", lipapi.RoleUser, pjSecret)
	again := pjItem("msg_3", lipapi.RoleUser, pjSecret) // same identity, other ID
	call := lipapi.Call{Items: []lipapi.Item{
		pjItem("msg_0", lipapi.RoleSystem, "sys"),
		secret,
		pjRef("msg_1"),
		pjItem("msg_2", lipapi.RoleUser, "hello"),
		pjRef("msg_2"),
		again,
		pjRef("msg_3"),
		pjItem("msg_4", lipapi.RoleUser, "bye"),
	}}
	snap := Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret))}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out, "msg_0:system:sys", "msg_2:user:hello", "item_reference>msg_2", "msg_4:user:bye")
	if ev.FilteredCount != 2 || ev.InjectedCount != 0 || ev.Provenance != nil || ev.Fallbacks != nil {
		t.Errorf("evidence = %+v, want 2 filtered and nothing injected", ev)
	}
}

func TestProjectLegacyFiltersInstructionsAndMessagesSeparately(t *testing.T) {
	secret := pjMsg(lipapi.RoleUser, pjSecret)
	call := lipapi.Call{
		Instructions: []lipapi.Message{secret, pjMsg(lipapi.RoleSystem, "sys")},
		Messages:     []lipapi.Message{pjMsg(lipapi.RoleUser, "a"), secret, pjMsg(lipapi.RoleUser, "b")},
	}
	out, ev, err := Project(call, Snapshot{NeverBackend: pjTags(mustIdentity(t, secret))})
	pjMust(t, err)
	pjWantUnits(t, out, "I:system:sys", "M:user:a", "M:user:b")
	if ev.FilteredCount != 2 {
		t.Errorf("FilteredCount = %d, want 2", ev.FilteredCount)
	}
}

func TestProjectItemPlacement(t *testing.T) {
	u1 := pjItem("u1", lipapi.RoleUser, "q1")
	u2 := pjItem("u2", lipapi.RoleUser, "q2")
	sys := pjItem("s", lipapi.RoleSystem, "sys")
	call := lipapi.Call{Items: []lipapi.Item{
		sys, pjItem("d", lipapi.RoleDeveloper, "dev"), u1,
		pjItem("a1", lipapi.RoleAssistant, "r1"), u2,
	}}
	snap := Snapshot{Steering: []Overlay{
		pjAfter("after-u2", 1, "x-u2", pjAnchor(mustItemIdentity(t, u2), 1), AnchorFailClosed),
		pjStable("stable-b", 2, "x-sb"),
		pjAfter("after-u1-b", 5, "x-u1b", pjAnchor(mustItemIdentity(t, u1), 1), AnchorFailClosed),
		pjStable("stable-a", 1, "x-sa"),
		pjAfter("after-u1-a", 5, "x-u1a", pjAnchor(mustItemIdentity(t, u1), 1), AnchorFailClosed),
		pjAfter("after-sys", 9, "x-sys", pjAnchor(mustItemIdentity(t, sys), 1), AnchorFailClosed),
	}}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out,
		"s:system:sys", "lip-steering-after-sys:developer:x-sys",
		"d:developer:dev",
		"lip-steering-stable-a:system:x-sa", "lip-steering-stable-b:system:x-sb",
		"u1:user:q1", "lip-steering-after-u1-a:developer:x-u1a", "lip-steering-after-u1-b:developer:x-u1b",
		"a1:assistant:r1",
		"u2:user:q2", "lip-steering-after-u2:developer:x-u2")
	for _, it := range out.Items {
		if strings.HasPrefix(it.ID, steeringIDPrefix) && (it.Status != lipapi.ItemStatusCompleted || it.Phase != "") {
			t.Errorf("injected item %s has status %q phase %q", it.ID, it.Status, it.Phase)
		}
	}
	// Provenance is sorted by (SlotOrdinal, OverlayID) and points at the copies.
	var order []string
	for _, p := range ev.Provenance {
		order = append(order, p.OverlayID)
		if p.InjectedAuthority != "item" || p.InjectedItemIndex != p.InjectedTrajectoryIndex ||
			p.InjectedLegacyIsInstruction != nil || p.InjectedLegacyIndex != nil {
			t.Errorf("%s: item provenance fields %+v", p.OverlayID, p)
		}
		if out.Items[p.InjectedItemIndex].ID != steeringIDPrefix+p.OverlayID || !p.MatchesItem(out.Items[p.InjectedItemIndex]) {
			t.Errorf("%s: provenance index %d does not hold its copy", p.OverlayID, p.InjectedItemIndex)
		}
	}
	want := []string{"after-u2", "stable-a", "stable-b", "after-u1-a", "after-u1-b", "after-sys"}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("provenance order %q, want %q", order, want)
	}
	if ev.InjectedCount != 6 || ev.FilteredCount != 0 {
		t.Errorf("evidence counts %+v", ev)
	}
}

func TestProjectLegacyPlacement(t *testing.T) {
	i0 := pjMsg(lipapi.RoleSystem, "sys")
	u := pjMsg(lipapi.RoleUser, "same")
	call := lipapi.Call{
		Instructions: []lipapi.Message{i0, u}, // a user-role instruction
		Messages:     []lipapi.Message{u, pjMsg(lipapi.RoleAssistant, "r")},
	}
	snap := Snapshot{Steering: []Overlay{
		pjStable("st", 1, "x-st"),
		pjAfter("on-i0", 1, "x-i0", pjAnchor(mustIdentity(t, i0), 1), AnchorFailClosed),
		// One shared occurrence counter: the second "same" is messages[0].
		pjAfter("on-m0", 1, "x-m0", pjAnchor(mustIdentity(t, u), 2), AnchorFailClosed),
	}}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out,
		"I:system:sys", "I:developer:x-i0", "I:user:same", "I:system:x-st",
		"M:user:same", "M:developer:x-m0", "M:assistant:r")
	if out.Items != nil {
		t.Errorf("legacy output has Items")
	}
	type where struct {
		instr     bool
		idx, traj int
	}
	want := map[string]where{"on-i0": {true, 1, 1}, "on-m0": {false, 1, 5}, "st": {true, 3, 3}}
	for _, p := range ev.Provenance {
		w := want[p.OverlayID]
		if p.InjectedAuthority != "legacy" || p.InjectedItemIndex != 0 || p.InjectedLegacyIsInstruction == nil ||
			*p.InjectedLegacyIsInstruction != w.instr || *p.InjectedLegacyIndex != w.idx || p.InjectedTrajectoryIndex != w.traj {
			t.Errorf("%s: provenance %+v, want %+v", p.OverlayID, p, w)
		}
		region := out.Messages
		if w.instr {
			region = out.Instructions
		}
		if !p.MatchesMessage(region[w.idx]) {
			t.Errorf("%s: copy not at its legacy index", p.OverlayID)
		}
	}
}

func TestProjectLegacyOutputSlicesAreNonNil(t *testing.T) {
	out, _, err := Project(lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "q")}}, Snapshot{})
	pjMust(t, err)
	if out.Instructions == nil || out.Messages == nil || out.Items != nil {
		t.Fatalf("instructions nil=%t messages nil=%t items nil=%t", out.Instructions == nil, out.Messages == nil, out.Items == nil)
	}
}

func TestProjectEmptyItemContinuationKeepsItemAuthority(t *testing.T) {
	call := lipapi.Call{ID: "c", Items: []lipapi.Item{}, PreviousResponseID: "resp_1"}
	out, _, err := Project(call, Snapshot{})
	pjMust(t, err)
	if out.Items == nil || len(out.Items) != 0 || out.PreviousResponseID != "resp_1" || out.ID != "c" {
		t.Fatalf("out = %+v", out)
	}
	out, ev, err := Project(call, Snapshot{Steering: []Overlay{pjStable("st", 1, "x")}})
	pjMust(t, err)
	pjWantUnits(t, out, "lip-steering-st:system:x")
	if ev.Provenance[0].InjectedItemIndex != 0 {
		t.Errorf("provenance %+v", ev.Provenance[0])
	}
}

func TestProjectFallbackAndFailClosed(t *testing.T) {
	call := lipapi.Call{Items: []lipapi.Item{pjItem("s", lipapi.RoleSystem, "sys"), pjItem("u", lipapi.RoleUser, "q")}}
	missing := pjAnchor(mustItemIdentity(t, pjItem("", lipapi.RoleUser, "gone")), 1)
	snap := Snapshot{Steering: []Overlay{
		pjAfter("fb-2", 2, "x-fb2", missing, AnchorStablePrefixFallback),
		pjStable("st", 3, "x-st"),
		pjAfter("fb-1", 1, "x-fb1", pjAnchor(missing.Identity, 7), AnchorStablePrefixFallback),
	}}
	out, ev, err := Project(call, snap)
	pjMust(t, err)
	pjWantUnits(t, out, "s:system:sys", "lip-steering-fb-1:developer:x-fb1",
		"lip-steering-fb-2:developer:x-fb2", "lip-steering-st:system:x-st", "u:user:q")
	wantFallbacks := []FallbackEvidence{{OverlayID: "fb-2", Anchor: *missing}, {OverlayID: "fb-1", Anchor: *pjAnchor(missing.Identity, 7)}}
	if !reflect.DeepEqual(ev.Fallbacks, wantFallbacks) {
		t.Errorf("Fallbacks = %+v, want %+v (Steering order)", ev.Fallbacks, wantFallbacks)
	}
	for _, p := range ev.Provenance {
		if p.ResolvedKind != PlacementStablePrefix || p.ResolvedAnchor != nil {
			t.Errorf("%s: resolved %s %v, want stable_prefix without anchor", p.OverlayID, p.ResolvedKind, p.ResolvedAnchor)
		}
	}
	if ev.InjectedCount != 3 {
		t.Errorf("InjectedCount = %d, want 3 (fallbacks included)", ev.InjectedCount)
	}

	snap.Steering = append(snap.Steering, pjAfter("closed", 0, pjSecret, missing, AnchorFailClosed))
	out, ev, err = Project(call, snap)
	pjWantErr(t, err, []error{ErrAnchorMissing, ErrAnchorNotFound}, ErrProjectionFailed)
	if !strings.Contains(err.Error(), "closed") || !strings.Contains(err.Error(), missing.String()) {
		t.Errorf("err = %q does not name the overlay and anchor", err)
	}
	if ev != nil || !reflect.DeepEqual(out, lipapi.Call{}) {
		t.Errorf("on error: out %+v ev %+v, want zero values", out, ev)
	}
}

func TestC4_ProjectOrdersEqualSlotOrdinalsByOverlayID(t *testing.T) {
	u := pjItem("u", lipapi.RoleUser, "q")
	anchor := pjAnchor(mustItemIdentity(t, u), 1)
	overlays := []Overlay{
		pjStable("b", 1, "x-b"), pjStable("a", 1, "x-a"), pjStable("c", 0, "x-c"),
		pjAfter("y", 4, "x-y", anchor, AnchorFailClosed), pjAfter("x", 4, "x-x", anchor, AnchorFailClosed),
	}
	call := lipapi.Call{Items: []lipapi.Item{u}}
	want := []string{"lip-steering-c:system:x-c", "lip-steering-a:system:x-a", "lip-steering-b:system:x-b",
		"u:user:q", "lip-steering-x:developer:x-x", "lip-steering-y:developer:x-y"}
	// Every rotation of the Steering list gives the same projection.
	for r := range overlays {
		rot := append(append([]Overlay{}, overlays[r:]...), overlays[:r]...)
		out, ev, err := Project(call, Snapshot{Steering: rot})
		pjMust(t, err)
		pjWantUnits(t, out, want...)
		if ev.Provenance[0].OverlayID != "c" || ev.Provenance[1].OverlayID != "a" {
			t.Errorf("rotation %d: provenance order %s, %s", r, ev.Provenance[0].OverlayID, ev.Provenance[1].OverlayID)
		}
	}
}

func TestProjectIgnoresInactiveOverlays(t *testing.T) {
	off := pjStable("off", 1, "x")
	off.Active = false
	out, ev, err := Project(lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q")}}, Snapshot{Steering: []Overlay{off}})
	pjMust(t, err)
	pjWantUnits(t, out, "u:user:q")
	if ev.InjectedCount != 0 || ev.Provenance != nil {
		t.Errorf("evidence %+v", ev)
	}
}

func TestC5_ProjectValidatesSnapshotFirst(t *testing.T) {
	bad := pjStable("bad", 1, "x")
	bad.Active = false
	bad.AnchorMissingPolicy = ""
	// The call is invalid too (unknown part kind), but the snapshot is
	// checked first.
	call := lipapi.Call{Messages: []lipapi.Message{{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: "weird"}}}}}
	_, ev, err := Project(call, Snapshot{Steering: []Overlay{bad}})
	pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidAnchorMissingPolicy}, ErrUnsupportedContent)
	if ev != nil {
		t.Errorf("evidence on error")
	}
	dup := Snapshot{Steering: []Overlay{pjStable("same", 1, "x"), pjStable("same", 2, "y")}}
	_, _, err = Project(lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "q")}}, dup)
	pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidOverlayID})
}

func TestC3_ProjectRejectsUnknownOverlayRoleWithoutPanicking(t *testing.T) {
	o := pjStable("o", 1, pjSecret)
	o.Message.Role = "narrator"
	for _, call := range []lipapi.Call{
		{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "q")}},
		{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q")}},
	} {
		_, _, err := Project(call, Snapshot{Steering: []Overlay{o}})
		pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidSteeringMessage, ErrInvalidRole})
	}
}

func TestC6_ProjectIdentityErrorsWrapProjectionFailedAndCause(t *testing.T) {
	cases := []struct {
		name string
		call lipapi.Call
		want error
	}{
		{"legacy unknown part", lipapi.Call{Messages: []lipapi.Message{{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: "weird", Text: pjSecret}}}}}, ErrUnsupportedContent},
		{"legacy bad role", lipapi.Call{Messages: []lipapi.Message{{Role: "x", Parts: []lipapi.Part{lipapi.TextPart(pjSecret)}}}}, ErrInvalidRole},
		{"item bad json", lipapi.Call{Items: []lipapi.Item{{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser,
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: `{"a":1}` + pjSecret}}}}}, ErrInvalidJSON},
		{"message item with variant", lipapi.Call{Items: []lipapi.Item{{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser,
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: pjSecret}}, ToolCall: &lipapi.ToolCallItem{}}}}, ErrNonMessageItem},
		{"empty message", lipapi.Call{Instructions: []lipapi.Message{{Role: lipapi.RoleSystem}}}, ErrEmptyMessage},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Project(tc.call, Snapshot{})
			pjWantErr(t, err, []error{ErrProjectionFailed, tc.want})
		})
	}
}

func TestProjectValidatesItsOutput(t *testing.T) {
	secret := pjMsg(lipapi.RoleUser, pjSecret)
	_, _, err := Project(lipapi.Call{Messages: []lipapi.Message{secret}}, Snapshot{NeverBackend: pjTags(mustIdentity(t, secret))})
	pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})

	// A client item already named like an injected copy collides with it.
	call := lipapi.Call{Items: []lipapi.Item{pjItem("lip-steering-o", lipapi.RoleUser, "q")}}
	_, _, err = Project(call, Snapshot{Steering: []Overlay{pjStable("o", 1, "x")}})
	pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
}

// TestProjectSaysWhenExclusionRemovesEveryMessage pins the error of a
// projection whose never_backend exclusion leaves no conversation: it names
// the exclusion, keeps wrapping ErrProjectionFailed and lipapi.ErrInvalidCall,
// and a call that was empty before exclusion keeps the plain error.
func TestProjectSaysWhenExclusionRemovesEveryMessage(t *testing.T) {
	secret := pjMsg(lipapi.RoleUser, pjSecret)
	secretItem := pjItem("s", lipapi.RoleUser, pjSecret)
	tags := Snapshot{NeverBackend: pjTags(mustIdentity(t, secret))}
	withStable := tags
	withStable.Steering = []Overlay{pjStable("o", 1, "steer")}
	const excluded = "conversationprojection: projection failed: never_backend exclusion removed every message, leaving none to send: "
	cases := []struct {
		name string
		call lipapi.Call
		snap Snapshot
		want string // "" for success
	}{
		{"legacy, instructions survive", lipapi.Call{
			Instructions: []lipapi.Message{pjMsg(lipapi.RoleSystem, "sys")},
			Messages:     []lipapi.Message{secret, secret},
		}, tags, excluded + "Messages: messages are required"},
		{"legacy, a stable overlay goes to the instructions", lipapi.Call{Messages: []lipapi.Message{secret}},
			withStable, excluded + "Messages: messages are required"},
		{"items with their references", lipapi.Call{Items: []lipapi.Item{secretItem, pjRef("s")}},
			tags, excluded + "Items: items are required without a previous response id"},
		{"items, a continuation may be empty", lipapi.Call{Items: []lipapi.Item{secretItem}, PreviousResponseID: "resp_1"},
			tags, ""},
		{"items, a stable overlay is left", lipapi.Call{Items: []lipapi.Item{secretItem}}, withStable, ""},
		{"nothing to exclude", lipapi.Call{Instructions: []lipapi.Message{pjMsg(lipapi.RoleSystem, "sys")}},
			tags, "conversationprojection: projection failed: Messages: messages are required"},
	}
	for _, tc := range cases {
		_, _, err := Project(tc.call, tc.snap)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
		if err.Error() != tc.want {
			t.Errorf("%s: error %q, want %q", tc.name, err, tc.want)
		}
		if _, ferr := FilterNeverBackend(tc.call, tc.snap); ferr == nil || ferr.Error() != tc.want {
			t.Errorf("%s: FilterNeverBackend error %v, want %q", tc.name, ferr, tc.want)
		}
	}
	// Reassert of a late call that reintroduces only tagged messages says
	// the same.
	_, _, err := Reassert(lipapi.Call{Messages: []lipapi.Message{secret}}, tags, nil, lipapi.Call{})
	if err == nil || !strings.HasPrefix(err.Error(), excluded) {
		t.Errorf("Reassert error %v, want the exclusion named", err)
	}
}

// pjProjectValidatingInFull is Project through the internal path that
// validates the whole output call (the injected units included) instead of
// judging it from the kept units: the reference for Project's shortcut.
func pjProjectValidatingInFull(call lipapi.Call, snap Snapshot) error {
	var k projector
	if err := k.validate(&snap); err != nil {
		return projectionFailed(err)
	}
	_, err := k.provenanceOf(&call, k.trajectoryOf(&call, call.HasItemAuthority()))
	return err
}

// TestProjectOutputValidationMatchesFullValidation pins that Project,
// which validates the kept units and what injection can break instead of
// the whole output, accepts and rejects exactly what validating the whole
// output does, with the same error: collisions with injected item IDs,
// references to them, the count bounds, and a call that only its injected
// units make valid.
func TestProjectOutputValidationMatchesFullValidation(t *testing.T) {
	// keptValid relies on injected units passing lipapi's bounds.
	if MaxSteeringTextBytes > lipapi.MaxPartTextBytes || len(steeringIDPrefix)+MaxOverlayIDBytes > lipapi.MaxItemReferenceIDBytes {
		t.Fatal("an injected unit can exceed a lipapi bound")
	}
	secret := pjItem("x", lipapi.RoleUser, pjSecret)
	u2 := pjItem("u2", lipapi.RoleUser, "q2")
	stable := Snapshot{Steering: []Overlay{pjStable("a", 1, "x-a")}}
	after := Snapshot{Steering: []Overlay{pjAfter("a", 1, "x-a", pjAnchor(mustItemIdentity(t, u2), 1), AnchorFailClosed)}}
	manyItems := func(n int) []lipapi.Item {
		out := make([]lipapi.Item, n)
		for i := range out {
			out[i] = pjItem("", lipapi.RoleUser, fmt.Sprint("q", i))
		}
		return out
	}
	manyMessages := func(n int, role lipapi.Role) []lipapi.Message {
		out := make([]lipapi.Message, n)
		for i := range out {
			out[i] = pjMsg(role, fmt.Sprint("q", i))
		}
		return out
	}
	eight := func(after bool, target MessageIdentity) Snapshot {
		var s Snapshot
		for i := 0; i < 8; i++ {
			if after {
				s.Steering = append(s.Steering, pjAfter(fmt.Sprint("o", i), 1, "x", pjAnchor(target, 1), AnchorFailClosed))
			} else {
				s.Steering = append(s.Steering, pjStable(fmt.Sprint("o", i), 1, "x"))
			}
		}
		return s
	}
	last := manyMessages(lipapi.MaxMessages-4, lipapi.RoleUser)
	for _, tc := range []struct {
		name    string
		call    lipapi.Call
		snap    Snapshot
		invalid bool
	}{
		{name: "kept item named like an injected one", call: lipapi.Call{Items: []lipapi.Item{pjItem("lip-steering-a", lipapi.RoleUser, "q")}}, snap: stable, invalid: true},
		{name: "kept item named like no injected one", call: lipapi.Call{Items: []lipapi.Item{pjItem("lip-steering-b", lipapi.RoleUser, "q")}}, snap: stable},
		{name: "reference to a later injected item", call: lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q"), pjRef("lip-steering-a"), u2}}, snap: after, invalid: true},
		{name: "reference to an earlier injected item", call: lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q"), pjRef("lip-steering-a"), u2}}, snap: stable},
		{name: "reference to an absent item", call: lipapi.Call{Items: []lipapi.Item{u2, pjRef("lip-steering-b")}}, snap: after},
		{name: "only injected items", call: lipapi.Call{Items: []lipapi.Item{secret}}, snap: Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret)), Steering: stable.Steering}},
		{name: "items at the bound", call: lipapi.Call{Items: manyItems(lipapi.MaxItems - 8)}, snap: eight(false, "")},
		{name: "items past the bound", call: lipapi.Call{Items: manyItems(lipapi.MaxItems - 7)}, snap: eight(false, ""), invalid: true},
		{name: "instructions past the bound", call: lipapi.Call{Instructions: manyMessages(lipapi.MaxInstructionMessages-7, lipapi.RoleSystem), Messages: manyMessages(1, lipapi.RoleUser)}, snap: eight(false, ""), invalid: true},
		{name: "instructions at the bound", call: lipapi.Call{Instructions: manyMessages(lipapi.MaxInstructionMessages-8, lipapi.RoleSystem), Messages: manyMessages(1, lipapi.RoleUser)}, snap: eight(false, "")},
		{name: "messages past the bound", call: lipapi.Call{Messages: last}, snap: eight(true, mustIdentity(t, last[len(last)-1])), invalid: true},
		{name: "messages at the bound", call: lipapi.Call{Messages: last[4:]}, snap: eight(true, mustIdentity(t, last[len(last)-1]))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := Project(tc.call, tc.snap)
			want := pjProjectValidatingInFull(tc.call, tc.snap)
			if fmt.Sprint(err) != fmt.Sprint(want) {
				t.Fatalf("Project error %v, validating in full gives %v", err, want)
			}
			if tc.invalid {
				pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
				return
			}
			pjMust(t, err)
			if err := out.Validate(); err != nil {
				t.Fatalf("Project returned an invalid call: %v", err)
			}
		})
	}
}

// pjRichCall is an item call with every kind of nested memory: raw JSON,
// reasoning, annotations, references, tool calls and results.
func pjRichCall() lipapi.Call {
	reasoning := &lipapi.ReasoningPart{Dialect: "d", Text: "think", Opaque: json.RawMessage(`{"o":1}`)}
	return lipapi.Call{ID: "rich", PreviousResponseID: "resp", Items: []lipapi.Item{
		pjItem("s", lipapi.RoleSystem, "sys"),
		{Kind: lipapi.ItemKindMessage, ID: "u", Role: lipapi.RoleUser, Content: []lipapi.ContentPart{
			{Kind: lipapi.ContentPartText, Text: "look"},
			{Kind: lipapi.ContentPartImageRef, ImageRef: "img", Annotation: &lipapi.AnnotationPart{Type: "t", Data: json.RawMessage(`{"d":2}`)}},
		}},
		pjToolCall("call_1"),
		{Kind: lipapi.ItemKindToolResult, ToolResult: &lipapi.ToolResultItem{CallID: "call_1", Name: "lookup", Output: "ok"}},
		{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: reasoning}},
		pjRef("u"),
		pjItem("u2", lipapi.RoleUser, "next"),
	}}
}

func TestL4_ProjectResultsAreDeepCopiesAndInputUnchanged(t *testing.T) {
	u := pjItem("u2", lipapi.RoleUser, "next")
	for _, call := range []lipapi.Call{
		pjRichCall(),
		{ID: "legacy", Instructions: []lipapi.Message{{Role: lipapi.RoleSystem, Parts: []lipapi.Part{lipapi.TextPart("s")}, Metadata: map[string]string{"k": "v"}}},
			Messages: []lipapi.Message{{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: json.RawMessage(`{"a":1}`)}}}}},
	} {
		snap := Snapshot{Steering: []Overlay{pjStable("st", 1, "x"), pjAfter("af", 1, "y", pjAnchor(mustItemIdentity(t, u), 1), AnchorStablePrefixFallback)}}
		before := lipapi.CloneCall(call)
		out, ev, err := Project(call, snap)
		pjMust(t, err)
		if !reflect.DeepEqual(call, before) {
			t.Fatalf("%s: input mutated", call.ID)
		}
		if pjAliases(call, out) || pjAliases(snap, ev) || pjAliases(snap, out) {
			t.Fatalf("%s: output shares memory with the input", call.ID)
		}
		if out.ID != call.ID || out.PreviousResponseID != call.PreviousResponseID {
			t.Errorf("%s: other fields not kept: %+v", call.ID, out)
		}
		again, ev2, err := Project(call, snap)
		pjMust(t, err)
		if !reflect.DeepEqual(out, again) || !reflect.DeepEqual(ev, ev2) {
			t.Errorf("%s: Project is not deterministic", call.ID)
		}
	}
}

func TestFilterNeverBackendValidatesOnlyTagsAndInjectsNothing(t *testing.T) {
	secret := pjItem("x", lipapi.RoleUser, pjSecret)
	call := lipapi.Call{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, "q"), secret}}
	bad := pjStable("", 1, "") // invalid, but overlays are not FilterNeverBackend's business
	out, err := FilterNeverBackend(call, Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret)), Steering: []Overlay{bad}})
	pjMust(t, err)
	pjWantUnits(t, out, "u:user:q")
	_, err = FilterNeverBackend(call, Snapshot{NeverBackend: []Tag{{Identity: "v1:nope"}}})
	pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidMessageIdentity})
}

func TestProjectErrorsAreZeroValues(t *testing.T) {
	out, ev, err := Project(lipapi.Call{}, Snapshot{})
	if !errors.Is(err, lipapi.ErrInvalidCall) || ev != nil || !reflect.DeepEqual(out, lipapi.Call{}) {
		t.Fatalf("Project(zero call) = %+v, %+v, %v", out, ev, err)
	}
}
