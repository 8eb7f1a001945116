package conversationprojection

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// bdItems returns n distinct message items.
func bdItems(n int) []lipapi.Item {
	items := make([]lipapi.Item, n)
	for i := range items {
		items[i] = pjItem("", lipapi.RoleUser, fmt.Sprintf("message %d", i))
	}
	return items
}

// bdOversized returns the inputs over a bound the projection tests use: a call
// over lipapi.MaxItems, and legacy and item calls whose second unit has a
// text part over lipapi.MaxPartTextBytes and whose first unit cannot be
// hashed (an unknown part kind), so that an error naming the bound proves
// nothing was hashed first.
func bdOversized() map[string]lipapi.Call {
	huge := strings.Repeat("a", lipapi.MaxPartTextBytes+1)
	bad := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: "bogus"}}}
	badItem := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser, Content: []lipapi.ContentPart{{Kind: "bogus"}}}
	return map[string]lipapi.Call{
		"20000 items": {Items: bdItems(20_000)},
		"legacy part": {Messages: []lipapi.Message{bad, pjMsg(lipapi.RoleUser, huge)}},
		"item part":   {Items: []lipapi.Item{badItem, pjItem("", lipapi.RoleUser, huge)}},
	}
}

// bdWantBound checks that err reports c's first bound, as CheckBounds does,
// under sentinel, and no identity error.
func bdWantBound(t *testing.T, what string, err error, c lipapi.Call, sentinel error) {
	t.Helper()
	want := c.CheckBounds()
	if want == nil {
		t.Fatalf("%s: the input is within its bounds", what)
	}
	var ve *lipapi.ValidationError
	if !errors.Is(err, sentinel) || !errors.Is(err, lipapi.ErrInvalidCall) || !errors.As(err, &ve) ||
		!strings.HasSuffix(err.Error(), want.Error()) {
		t.Fatalf("%s: error %v, want %v wrapped in %v", what, err, want, sentinel)
	}
	if errors.Is(err, ErrUnsupportedContent) {
		t.Fatalf("%s: %v: a unit was hashed before the bounds were checked", what, err)
	}
	checkNamesPackageOnce(t, err)
}

// TestProjectionFunctionsCheckBoundsBeforeHashing: every projection
// function rejects a call over a bound with the error lipapi.Call.CheckBounds
// gives, wrapped in ErrProjectionFailed, without hashing a single unit.
func TestProjectionFunctionsCheckBoundsBeforeHashing(t *testing.T) {
	id := pjID(t, pjMsg(lipapi.RoleUser, "x"))
	snap := Snapshot{NeverBackend: pjTags(id), Steering: []Overlay{pjStable("s", 1, "steer")}}
	prov := []OverlayProvenance{{OverlayID: "s", InjectedIdentity: id, ResolvedKind: PlacementStablePrefix}}
	for name, c := range bdOversized() {
		valid := lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "ok")}}
		if c.HasItemAuthority() {
			valid = lipapi.Call{Items: []lipapi.Item{pjItem("", lipapi.RoleUser, "ok")}}
		}
		for fn, run := range map[string]func(k *projector) error{
			"Project": func(k *projector) error { _, _, err := k.projectCall(&c, &snap); return err },
			"Reassert": func(k *projector) error {
				_, _, err := k.reassertCall(&c, &snap, prov, &lipapi.Call{})
				return err
			},
			"Reassert's baseline": func(k *projector) error {
				_, _, err := k.reassertCall(&valid, &snap, prov, &c)
				return err
			},
			"Verify's reasserted call": func(k *projector) error { return k.verifyCall(&c, &valid, &snap, prov) },
			"Verify's adapted call":    func(k *projector) error { return k.verifyCall(&valid, &c, &snap, prov) },
			"ResolveAfterIngressTailAnchor": func(k *projector) error {
				_, err := k.tailAnchor(&c, &snap)
				return err
			},
		} {
			var k projector
			err := run(&k)
			bdWantBound(t, fn+" of "+name, err, c, ErrProjectionFailed)
			if k.hashes != 0 {
				t.Errorf("%s of %s: %d identities computed before the bound was checked", fn, name, k.hashes)
			}
		}
	}
}

// TestAnchorFunctionsCheckBoundsBeforeHashing: the anchor functions reject
// input over a bound with ErrBoundExceeded and the bound's
// *lipapi.ValidationError, before hashing.
func TestAnchorFunctionsCheckBoundsBeforeHashing(t *testing.T) {
	for name, c := range bdOversized() {
		_, err := ComputeCallAnchors(c)
		bdWantBound(t, "ComputeCallAnchors of "+name, err, c, ErrBoundExceeded)
		_, err = CallAnchorAt(c, 0)
		bdWantBound(t, "CallAnchorAt of "+name, err, c, ErrBoundExceeded)
		if !c.HasItemAuthority() {
			continue
		}
		items := lipapi.Call{Items: c.Items}
		_, err = ComputeItemAnchors(c.Items)
		bdWantBound(t, "ComputeItemAnchors of "+name, err, items, ErrBoundExceeded)
		_, err = ItemAnchorAt(c.Items, 1)
		bdWantBound(t, "ItemAnchorAt of "+name, err, items, ErrBoundExceeded)
		a := MessageAnchor{Identity: pjID(t, pjMsg(lipapi.RoleUser, "absent")), Occurrence: 1}
		if i, found, err := ResolveAnchor(c.Items, a); i != -1 || found {
			t.Errorf("ResolveAnchor of %s = %d, %v", name, i, found)
		} else {
			bdWantBound(t, "ResolveAnchor of "+name, err, items, ErrBoundExceeded)
		}
	}
	// ItemAnchorAt still reports a bad index first, and ResolveAnchor a bad
	// anchor.
	many := bdItems(lipapi.MaxItems + 1)
	if _, err := ItemAnchorAt(many, -1); !errors.Is(err, ErrNonMessageItem) {
		t.Errorf("ItemAnchorAt(-1) = %v", err)
	}
	if _, _, err := ResolveAnchor(many, MessageAnchor{}); !errors.Is(err, ErrInvalidMessageAnchor) {
		t.Errorf("ResolveAnchor(zero anchor) = %v", err)
	}
}

// TestOversizedCallsCostASmallBoundedAllocation: rejecting 20 000 or
// 100 000 items allocates a few hundred bytes (the error), not a hash or
// a slot per item (11 MB and 57 MB before the bounds came first).
func TestOversizedCallsCostASmallBoundedAllocation(t *testing.T) {
	for _, n := range []int{20_000, 100_000} {
		c := lipapi.Call{Items: bdItems(n)}
		for fn, run := range map[string]func(){
			"Project":            func() { _, _, _ = Project(c, Snapshot{}) },
			"Reassert":           func() { _, _, _ = Reassert(c, Snapshot{}, nil, lipapi.Call{}) },
			"ComputeCallAnchors": func() { _, _ = ComputeCallAnchors(c) },
		} {
			if got := corpus.Allocated(run); got > 4<<10 {
				t.Errorf("%s of %d items allocated %d bytes", fn, n, got)
			}
		}
	}
}

// TestUntrustedSnapshotsAreHeldToTheTagBound: Verify and
// ResolveAfterIngressTailAnchor, which do not validate their snapshot,
// still refuse more than MaxNeverBackendTags tags before parsing one, with
// Snapshot.Validate's error.
func TestUntrustedSnapshotsAreHeldToTheTagBound(t *testing.T) {
	call := lipapi.Call{Items: []lipapi.Item{pjItem("", lipapi.RoleUser, "hi")}}
	snap := Snapshot{NeverBackend: make([]Tag, MaxNeverBackendTags+1)}
	want := snap.Validate()
	var k projector
	err := k.verifyCall(&call, &call, &snap, nil)
	if !errors.Is(err, ErrProjectionFailed) || !errors.Is(err, ErrInvalidSnapshot) || !strings.HasSuffix(err.Error(), withoutPackageName(want)) {
		t.Errorf("Verify: %v, want %v", err, want)
	}
	_, err = k.tailAnchor(&call, &snap)
	if !errors.Is(err, ErrProjectionFailed) || !errors.Is(err, ErrInvalidSnapshot) || !strings.HasSuffix(err.Error(), withoutPackageName(want)) {
		t.Errorf("ResolveAfterIngressTailAnchor: %v, want %v", err, want)
	}
	if k.hashes != 0 {
		t.Errorf("%d identities computed", k.hashes)
	}
	snap.NeverBackend = snap.NeverBackend[:MaxNeverBackendTags]
	if _, err := ResolveAfterIngressTailAnchor(call, snap); err != nil {
		t.Errorf("at the bound: %v", err)
	}
}

// TestProjectKeepsItsErrorForTooManyItems pins the text: the bound's
// error is the one Project gave when it found the excess in its output.
func TestProjectKeepsItsErrorForTooManyItems(t *testing.T) {
	_, _, err := Project(lipapi.Call{Items: bdItems(lipapi.MaxItems + 1)}, Snapshot{})
	if want := "conversationprojection: projection failed: Items: too many items"; err == nil || err.Error() != want {
		t.Errorf("Project: %v, want %q", err, want)
	}
}

// pjID returns the identity of m.
func pjID(t *testing.T, m lipapi.Message) MessageIdentity {
	t.Helper()
	id, err := MessageIdentityOf(m)
	pjMust(t, err)
	return id
}
