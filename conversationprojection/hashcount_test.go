package conversationprojection

import (
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// pjMessageUnits counts the message units of c in its own authority.
func pjMessageUnits(c lipapi.Call) int {
	if !c.HasItemAuthority() {
		return len(c.Instructions) + len(c.Messages)
	}
	n := 0
	for _, it := range c.Items {
		if it.Kind == lipapi.ItemKindMessage {
			n++
		}
	}
	return n
}

// pjActiveOverlays counts the active overlays of s.
func pjActiveOverlays(s Snapshot) int {
	n := 0
	for _, o := range s.Steering {
		if o.Active {
			n++
		}
	}
	return n
}

// The exported functions delegate to kernel methods that do all the work;
// kernel.hashes counts every identity computation, so these tests prove
// that each message unit (and each overlay's injected unit) is hashed
// exactly once per call, whatever the internal steps reuse.
func TestEachIdentityIsComputedOncePerCall(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t), pjCollisionScenario(t)} {
		name := s.call.ID + map[bool]string{true: "item", false: "legacy"}[s.call.HasItemAuthority()]
		overlays := pjActiveOverlays(s.snap)

		var k kernel
		_, _, err := k.projectCall(&s.call, &s.snap)
		pjMust(t, err)
		if want := pjMessageUnits(s.call) + overlays; k.hashes != want {
			t.Errorf("%s: Project hashed %d times, want %d", name, k.hashes, want)
		}

		late := lipapi.CloneCall(s.projected)
		if late.HasItemAuthority() {
			late.Items = append(late.Items, pjItem("n", lipapi.RoleUser, "new"))
		} else {
			late.Messages = append(late.Messages, pjMsg(lipapi.RoleUser, "new"))
		}
		k = kernel{}
		_, _, err = k.reassertCall(&late, &s.snap, s.ev.Provenance, &s.baseline)
		pjMust(t, err)
		if want := pjMessageUnits(late) + pjMessageUnits(s.baseline) + overlays; k.hashes != want {
			t.Errorf("%s: Reassert with a frozen baseline hashed %d times, want %d", name, k.hashes, want)
		}

		// No baseline, no provenance: the provenance is derived by
		// projecting FilterNeverBackend(call), the C11 strip derives F, and
		// the result is projected: still one hash per unit.
		k = kernel{}
		var empty lipapi.Call
		out, ev, err := k.reassertCall(&late, &s.snap, nil, &empty)
		if err == nil || !late.HasItemAuthority() {
			pjMust(t, err)
		}
		if want := pjMessageUnits(late) + overlays; k.hashes != want {
			t.Errorf("%s: Reassert without baseline hashed %d times, want %d", name, k.hashes, want)
		}
		if err != nil {
			out, ev, err = Reassert(late, s.snap, s.ev.Provenance, lipapi.Call{})
			pjMust(t, err)
		}

		k = kernel{}
		pjMust(t, k.verifyCall(&out, &out, &s.snap, ev.Provenance))
		if want := 2 * pjMessageUnits(out); k.hashes != want {
			t.Errorf("%s: Verify hashed %d times, want %d", name, k.hashes, want)
		}

		// The tail anchor may stop early (the collision scenario ends with a
		// system message), hashing fewer units, never more.
		k = kernel{}
		_, err = k.tailAnchor(&s.call, &s.snap)
		if want := pjMessageUnits(s.call); k.hashes > want || (err == nil && k.hashes != want) {
			t.Errorf("%s: ResolveAfterIngressTailAnchor hashed %d times, want %d (err %v)", name, k.hashes, want, err)
		}
	}
}

// TestProjectionErrorsNeverContainText drives every failure path of the
// projection functions with message and overlay texts that all carry a
// marker, and checks that no error quotes them.
func TestProjectionErrorsNeverContainText(t *testing.T) {
	const mark = pjSecret
	u := pjItem("u", lipapi.RoleUser, mark+"q")
	missing := pjAnchor(pjItemID(t, pjItem("", lipapi.RoleUser, mark+"gone")), 1)
	base := lipapi.Call{Items: []lipapi.Item{pjItem("s", lipapi.RoleSystem, mark+"s"), u}}
	snap := Snapshot{Steering: []Overlay{pjStable("st", 1, mark+"st")}}
	proj, ev, err := Project(base, snap)
	pjMust(t, err)
	badPart := lipapi.Call{Items: []lipapi.Item{{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser,
		Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: mark}}}}}
	badRole := pjStable("r", 1, mark)
	badRole.Message.Role = mark
	// A client message sharing the copy's identity is in the baseline; the
	// late call has one more than baseline and provenance account for.
	baseline := lipapi.CloneCall(base)
	baseline.Items = append(baseline.Items, pjItem("x", lipapi.RoleSystem, mark+"st"))
	extra := lipapi.CloneCall(proj)
	extra.Items = append(extra.Items, pjItem("x", lipapi.RoleSystem, mark+"st"), pjItem("y", lipapi.RoleSystem, mark+"st"))
	dropped := lipapi.CloneCall(proj)
	dropped.Items = append(dropped.Items[:1:1], dropped.Items[2:]...)
	var errs []error
	collect := func(err error) {
		if err == nil {
			t.Errorf("case %d: no error", len(errs))
		}
		errs = append(errs, err)
	}
	_, _, err = Project(base, Snapshot{Steering: []Overlay{pjAfter("fc", 1, mark, missing, AnchorFailClosed)}})
	collect(err)
	_, _, err = Project(badPart, snap)
	collect(err)
	_, _, err = Project(base, Snapshot{Steering: []Overlay{badRole}})
	collect(err)
	_, _, err = Project(lipapi.Call{Items: []lipapi.Item{{Kind: lipapi.ItemKindToolResult, ToolResult: &lipapi.ToolResultItem{CallID: mark, Output: mark}}}}, snap)
	collect(err)
	_, _, err = Reassert(extra, snap, ev.Provenance, baseline)
	collect(err)
	_, _, err = Reassert(badPart, snap, ev.Provenance, lipapi.Call{})
	collect(err)
	collect(VerifyAdaptationPreservesProjection(proj, dropped, snap, ev.Provenance))
	collect(VerifyAdaptationPreservesProjection(proj, badPart, snap, ev.Provenance))
	_, err = ResolveAfterIngressTailAnchor(badPart, Snapshot{})
	collect(err)
	_, err = ResolveAfterIngressTailAnchor(lipapi.Call{Items: []lipapi.Item{u, pjToolCall(mark)}}, Snapshot{})
	collect(err)
	for i, err := range errs {
		if err != nil && strings.Contains(err.Error(), mark) {
			t.Errorf("case %d: error %q contains text", i, err)
		}
	}
}
