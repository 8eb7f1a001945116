package conversationprojection

import (
	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"reflect"
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

// The exported functions delegate to projector methods that do all the
// work; projector.hashes counts every identity computation, so these tests prove
// that each message unit (and each overlay's injected unit) is hashed
// at most once per call, whatever the internal steps reuse, and that the
// units of a baseline or adapted call equal to units of the primary call
// are not hashed at all.
func TestEachIdentityIsComputedOncePerCall(t *testing.T) {
	for _, s := range []pjScenario{pjItemScenario(t), pjLegacyScenario(t), pjCollisionScenario(t)} {
		name := s.call.ID + map[bool]string{true: "item", false: "legacy"}[s.call.HasItemAuthority()]
		overlays := pjActiveOverlays(s.snap)

		var k projector
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
		// Every baseline unit is also in the late call, and so is the copy
		// of every overlay where the provenance says: only the late call's
		// units are hashed.
		k = projector{}
		_, _, err = k.reassertCall(&late, &s.snap, s.ev.Provenance, &s.baseline)
		pjMust(t, err)
		if want := pjMessageUnits(late); k.hashes != want {
			t.Errorf("%s: Reassert with a frozen baseline hashed %d times, want %d", name, k.hashes, want)
		}
		// A baseline unit rewritten in the late call is hashed once.
		rewritten := lipapi.CloneCall(late)
		if rewritten.HasItemAuthority() {
			rewritten.Items[0].Content[0].Text += "!"
		} else {
			rewritten.Messages[0].Parts[0].Text += "!"
		}
		k = projector{}
		_, _, _ = k.reassertCall(&rewritten, &s.snap, s.ev.Provenance, &s.baseline)
		if want := pjMessageUnits(late) + 1; k.hashes != want {
			t.Errorf("%s: Reassert with one rewritten unit hashed %d times, want %d", name, k.hashes, want)
		}

		// No baseline, no provenance: the provenance is derived by
		// projecting FilterNeverBackend(call), the C11 strip derives F, and
		// the result is projected: still one hash per unit.
		k = projector{}
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

		k = projector{}
		adapted := lipapi.CloneCall(out)
		pjMust(t, k.verifyCall(&out, &adapted, &s.snap, ev.Provenance))
		if want := pjMessageUnits(out); k.hashes != want {
			t.Errorf("%s: Verify hashed %d times, want %d (adapted units reused)", name, k.hashes, want)
		}

		// The tail anchor may stop early (the collision scenario ends with a
		// system message), hashing fewer units, never more.
		k = projector{}
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
	missing := pjAnchor(mustItemIdentity(t, pjItem("", lipapi.RoleUser, mark+"gone")), 1)
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

// TestIdentityReuseMatchesHashing checks, on generated calls and edited
// copies of them, that reusing identities gives exactly the identities
// (and identity errors) that hashing gives.
func TestIdentityReuseMatchesHashing(t *testing.T) {
	for seed := 0; seed < 400; seed++ {
		data := make([]byte, 96)
		for i := range data {
			data[i] = byte((seed*131 + i*i*7 + i) % 251)
		}
		g := &pjFuzz{data: data}
		call := g.call()
		edited := g.late(call, call)
		for _, item := range []bool{false, true} {
			var k projector
			known := k.trajectoryOf(&call, item)
			direct := k.trajectoryOf(&edited, item)
			// Window 0 leans on the index, 64 on the window.
			for _, window := range []int{0, 64} {
				reused := k.trajectoryReusing(&edited, item, known, window)
				if !reflect.DeepEqual(direct.ids, reused.ids) || (direct.errs == nil) != (reused.errs == nil) {
					t.Fatalf("seed %d item %t: reused identities differ from hashed ones", seed, item)
				}
				for i := range direct.errs {
					if (direct.errs[i] == nil) != (reused.errs[i] == nil) {
						t.Fatalf("seed %d item %t: identity error of unit %d differs", seed, item, i)
					}
				}
			}
		}
	}
}

// TestIdentityReuseComparesEveryField changes each field of a message in
// turn and checks that the changed message is never taken for the
// original. A new field in lipapi.Part must be added to sameMessage (and
// this test); lipapi.ContentPart is compared with ==.
func TestIdentityReuseComparesEveryField(t *testing.T) {
	if n := reflect.TypeOf(lipapi.Part{}).NumField(); n != 11 {
		t.Fatalf("lipapi.Part has %d fields; sameMessage compares 11", n)
	}
	base := lipapi.Part{Kind: lipapi.PartText, Text: "t", ImageRef: "i", ImageMIME: "im", FileRef: "f", FileMIME: "fm",
		FileName: "fn", ToolCallID: "c", ToolName: "n", Content: []byte(`1`), Reasoning: &lipapi.ReasoningPart{}}
	pv := reflect.ValueOf(&base).Elem()
	for f := 0; f < pv.NumField(); f++ {
		p := base
		v := reflect.ValueOf(&p).Elem().Field(f)
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Slice:
			v.SetBytes([]byte(`2`))
		case reflect.Pointer:
			v.Set(reflect.ValueOf(&lipapi.ReasoningPart{Text: "r"}))
		}
		a := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{base}}
		b := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{p}}
		if sameMessage(&a, &b) {
			t.Errorf("field %s: changed part taken as equal", pv.Type().Field(f).Name)
		}
	}
	// A copy of the reasoning, as CloneCall and a projection make, is the
	// same reasoning.
	a := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{base}}
	b := lipapi.CloneCall(lipapi.Call{Messages: []lipapi.Message{a}}).Messages[0]
	if b.Parts[0].Reasoning == base.Reasoning || !sameMessage(&a, &b) {
		t.Errorf("a message and its deep copy not taken as equal")
	}
	testSameReasoningComparesEveryField(t)
	ia := pjItem("a", lipapi.RoleUser, "t")
	ib := pjItem("b", lipapi.RoleUser, "t")
	if !sameItemMessage(&ia, &ib) {
		t.Errorf("items differing only in ID not taken as equal")
	}
	ib.Content = []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: "t", Annotation: &lipapi.AnnotationPart{}}}
	if sameItemMessage(&ia, &ib) {
		t.Errorf("content parts differing in a pointer taken as equal")
	}
	ib = pjItem("b", lipapi.RoleUser, "t")
	ib.ToolCall = &lipapi.ToolCallItem{}
	if sameItemMessage(&ia, &ib) || sameItemMessage(&ib, &ib) {
		t.Errorf("a message item with a variant payload taken as equal")
	}
}

// testSameReasoningComparesEveryField changes each field of a reasoning
// part in turn (a raw value also from nil to empty) and checks that the
// changed part is never taken for the original. A new field in
// lipapi.ReasoningPart must be added to sameReasoning (and this test).
func testSameReasoningComparesEveryField(t *testing.T) {
	if n := reflect.TypeOf(lipapi.ReasoningPart{}).NumField(); n != 10 {
		t.Fatalf("lipapi.ReasoningPart has %d fields; sameReasoning compares 10", n)
	}
	base := lipapi.ReasoningPart{Dialect: "d", Text: "t", Signature: "s", Opaque: []byte(`1`), Summary: []byte(`2`),
		Content: []byte(`3`), EncryptedContent: nil}
	if !sameReasoning(&base, &lipapi.ReasoningPart{Dialect: "d", Text: "t", Signature: "s", Opaque: []byte(`1`),
		Summary: []byte(`2`), Content: []byte(`3`)}) {
		t.Errorf("equal reasoning parts not taken as equal")
	}
	if sameReasoning(&base, nil) || sameReasoning(nil, &base) || !sameReasoning(nil, nil) {
		t.Errorf("a nil reasoning part compared wrongly")
	}
	bv := reflect.ValueOf(&base).Elem()
	for f := 0; f < bv.NumField(); f++ {
		changes := []func(v reflect.Value){func(v reflect.Value) {
			switch v.Kind() {
			case reflect.String:
				v.SetString(v.String() + "x")
			case reflect.Slice:
				v.SetBytes(append(v.Bytes()[:len(v.Bytes()):len(v.Bytes())], '0'))
			case reflect.Bool:
				v.SetBool(!v.Bool())
			}
		}}
		if bv.Field(f).Kind() == reflect.Slice {
			changes = append(changes, func(v reflect.Value) { // nil and empty apart
				if v.IsNil() {
					v.SetBytes([]byte{})
				} else {
					v.SetBytes(nil)
				}
			})
		}
		for _, change := range changes {
			r := base
			change(reflect.ValueOf(&r).Elem().Field(f))
			if sameReasoning(&base, &r) {
				t.Errorf("field %s: changed reasoning part taken as equal", bv.Type().Field(f).Name)
			}
		}
	}
}

// TestReassertOfTheBenchmarkCallsHashesEachUnitOnce pins reuse on the
// benchmark workloads, whose legacy calls carry reasoning parts that the
// projection copies: Reassert against the filtered baseline and Verify of
// a call against itself hash each message unit of the projected call once.
func TestReassertOfTheBenchmarkCallsHashesEachUnitOnce(t *testing.T) {
	classes := corpus.Load(t)
	for _, items := range []bool{false, true} {
		w := pjSetup(t, items, func(i int) corpus.Class { return classes[i%len(classes)] })
		want := pjMessageUnits(w.projected)
		var k projector
		if _, _, err := k.reassertCall(&w.projected, &w.snap, w.ev.Provenance, &w.baseline); err != nil {
			t.Fatal(err)
		}
		if k.hashes != want {
			t.Errorf("items %t: Reassert hashed %d times, want %d", items, k.hashes, want)
		}
		k = projector{}
		if err := k.verifyCall(&w.projected, &w.projected, &w.snap, w.ev.Provenance); err != nil {
			t.Fatal(err)
		}
		if k.hashes != want {
			t.Errorf("items %t: Verify hashed %d times, want %d", items, k.hashes, want)
		}
	}
}
