package conversationprojection

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Test fixtures. The identities are well-formed but arbitrary; validation
// never hashes anything.
const (
	testIdentityA = MessageIdentity("v1:" + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
	testIdentityB = MessageIdentity("v1:" + "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210")
	// steeringSecret is overlay text that error messages must never contain.
	steeringSecret = "SECRET-steering-text"
)

func testAnchor(id MessageIdentity, occ uint32) *MessageAnchor {
	return &MessageAnchor{Identity: id, Occurrence: occ}
}

// testOverlay returns a valid active after_message overlay named id.
func testOverlay(id string) Overlay {
	return Overlay{
		OverlayID:           id,
		Revision:            3,
		SlotOrdinal:         1,
		Active:              true,
		Message:             OverlayMessage{Role: lipapi.RoleSystem, Text: steeringSecret},
		Placement:           Placement{Kind: PlacementAfterMessage, Anchor: testAnchor(testIdentityA, 1)},
		AnchorMissingPolicy: AnchorStablePrefixFallback,
	}
}

func TestPlacementKindValidate(t *testing.T) {
	for _, k := range []PlacementKind{PlacementStablePrefix, PlacementAfterMessage} {
		if err := k.Validate(); err != nil {
			t.Errorf("%q.Validate() = %v, want nil", k, err)
		}
	}
	for _, k := range []PlacementKind{"", "STABLE_PREFIX", " stable_prefix", "after_message ", "after"} {
		err := k.Validate()
		wantValidationErr(t, err, []error{ErrInvalidPlacement}, "kind is not")
	}
}

func TestAnchorMissingPolicyValidate(t *testing.T) {
	for _, p := range []AnchorMissingPolicy{AnchorStablePrefixFallback, AnchorFailClosed} {
		if err := p.Validate(); err != nil {
			t.Errorf("%q.Validate() = %v, want nil", p, err)
		}
	}
	for _, p := range []AnchorMissingPolicy{"", "FAIL_CLOSED", "fail_closed ", "stable_prefix", "fallback"} {
		err := p.Validate()
		wantValidationErr(t, err, []error{ErrInvalidAnchorMissingPolicy}, "not stable_prefix_fallback or fail_closed")
	}
}

func TestPlacementValidateRules(t *testing.T) {
	tests := []struct {
		name string
		p    Placement
		want []error // nil: valid
		not  []error // sentinels the error must not wrap
		rule string
	}{
		{name: "stable_prefix without anchor", p: Placement{Kind: PlacementStablePrefix}},
		{name: "after_message with valid anchor", p: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor(testIdentityA, 7)}},
		{
			name: "unknown kind", p: Placement{Kind: "middle"},
			want: []error{ErrInvalidPlacement}, rule: "kind is not",
		},
		{
			name: "kind checked before anchor", p: Placement{Kind: "", Anchor: testAnchor("bad", 0)},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "kind is not",
		},
		{
			name: "after_message requires an anchor", p: Placement{Kind: PlacementAfterMessage},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "requires an anchor",
		},
		{
			name: "after_message anchor with malformed identity", p: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor("v1:XYZ", 1)},
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor, ErrInvalidMessageIdentity}, rule: "anchor",
		},
		{
			name: "after_message anchor with occurrence 0", p: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor(testIdentityA, 0)},
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor}, not: []error{ErrInvalidMessageIdentity}, rule: "anchor",
		},
		{
			name: "stable_prefix must not have an anchor", p: Placement{Kind: PlacementStablePrefix, Anchor: testAnchor(testIdentityA, 1)},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "must not have an anchor",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			wantValidationErr(t, err, tc.want, tc.rule)
			for _, s := range tc.not {
				if errors.Is(err, s) {
					t.Errorf("err = %q wraps %q", err, s)
				}
			}
		})
	}
}

func TestOverlayValidateRules(t *testing.T) {
	with := func(f func(*Overlay)) Overlay {
		o := testOverlay("ov-1")
		f(&o)
		return o
	}
	steering := []error{ErrInvalidSteeringMessage}
	tests := []struct {
		name string
		o    Overlay
		want []error // nil: valid
		not  []error
		rule string
	}{
		{name: "valid after_message", o: testOverlay("ov-1")},
		{name: "valid stable_prefix with fail_closed", o: with(func(o *Overlay) {
			o.Placement = Placement{Kind: PlacementStablePrefix}
			o.AnchorMissingPolicy = AnchorFailClosed
		})},
		{name: "empty role means system", o: with(func(o *Overlay) { o.Message.Role = "" })},
		{name: "developer role", o: with(func(o *Overlay) { o.Message.Role = lipapi.RoleDeveloper })},
		{name: "user role", o: with(func(o *Overlay) { o.Message.Role = lipapi.RoleUser })},
		{name: "assistant role", o: with(func(o *Overlay) { o.Message.Role = lipapi.RoleAssistant })},
		{name: "tool role", o: with(func(o *Overlay) { o.Message.Role = lipapi.RoleTool })},
		{name: "text at the bound", o: with(func(o *Overlay) { o.Message.Text = strings.Repeat("t", MaxSteeringTextBytes) })},
		{name: "revision, slot and active are free", o: with(func(o *Overlay) {
			o.Revision, o.SlotOrdinal, o.Active = ^uint64(0), ^uint64(0), false
		})},
		{
			name: "invalid overlay id", o: with(func(o *Overlay) { o.OverlayID = "bad id" }),
			want: []error{ErrInvalidOverlayID}, not: steering, rule: "byte 3",
		},
		{
			name: "overlay id checked first", o: with(func(o *Overlay) {
				o.OverlayID, o.Message.Role, o.Message.Text, o.Placement.Kind, o.AnchorMissingPolicy = "", "x", "", "", ""
			}),
			want: []error{ErrInvalidOverlayID}, not: steering, rule: "required",
		},
		{
			name: "unknown role", o: with(func(o *Overlay) { o.Message.Role = "narrator" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role is not trimmed", o: with(func(o *Overlay) { o.Message.Role = " user" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role is case sensitive", o: with(func(o *Overlay) { o.Message.Role = "System" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role checked before text", o: with(func(o *Overlay) { o.Message.Role, o.Message.Text = "x", "" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "text over the bound", o: with(func(o *Overlay) { o.Message.Text = strings.Repeat("t", MaxSteeringTextBytes+1) }),
			want: steering, not: []error{ErrInvalidRole}, rule: "exceeds the limit",
		},
		{
			name: "text not valid UTF-8", o: with(func(o *Overlay) { o.Message.Text = "be brief\xff" }),
			want: steering, not: []error{ErrInvalidRole}, rule: "message text is not valid UTF-8",
		},
		{
			name: "text bound before its encoding", o: with(func(o *Overlay) { o.Message.Text = strings.Repeat("\xff", MaxSteeringTextBytes+1) }),
			want: steering, rule: "exceeds the limit",
		},
		{
			name: "empty text", o: with(func(o *Overlay) { o.Message.Text = "" }),
			want: steering, not: []error{ErrInvalidRole}, rule: "text is required",
		},
		{
			name: "white space text", o: with(func(o *Overlay) { o.Message.Text = " \t\r\n\u00a0" }),
			want: steering, rule: "text is required",
		},
		{
			name: "text checked before placement", o: with(func(o *Overlay) { o.Message.Text, o.Placement.Kind = "", "" }),
			want: steering, not: []error{ErrInvalidPlacement}, rule: "text is required",
		},
		{
			name: "invalid placement", o: with(func(o *Overlay) { o.Placement.Anchor = nil }),
			want: []error{ErrInvalidPlacement}, not: steering, rule: "requires an anchor",
		},
		{
			name: "invalid placement anchor", o: with(func(o *Overlay) { o.Placement.Anchor = testAnchor(testIdentityA, 0) }),
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor}, rule: "anchor",
		},
		{
			name: "placement checked before policy", o: with(func(o *Overlay) { o.Placement.Kind, o.AnchorMissingPolicy = "", "" }),
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidAnchorMissingPolicy}, rule: "kind is not",
		},
		{
			name: "policy required", o: with(func(o *Overlay) { o.AnchorMissingPolicy = "" }),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
		{
			name: "policy required for stable_prefix too", o: with(func(o *Overlay) {
				o.Placement = Placement{Kind: PlacementStablePrefix}
				o.AnchorMissingPolicy = ""
			}),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
		{
			name: "unknown policy", o: with(func(o *Overlay) { o.AnchorMissingPolicy = "retry" }),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.o.Validate()
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			wantValidationErr(t, err, tc.want, tc.rule, steeringSecret, "narrator", "retry")
			for _, s := range tc.not {
				if errors.Is(err, s) {
					t.Errorf("err = %q wraps %q", err, s)
				}
			}
		})
	}
}

func TestOverlayCloneCopiesAnchor(t *testing.T) {
	o := testOverlay("ov-1")
	c := o.Clone()
	if !reflect.DeepEqual(c, o) {
		t.Fatalf("Clone() = %+v, want a value equal to %+v", c, o)
	}
	if c.Placement.Anchor == o.Placement.Anchor {
		t.Fatal("Clone() shares the placement anchor with the original")
	}
	c.Placement.Anchor.Occurrence = 99
	c.Placement.Anchor.Identity = testIdentityB
	c.Message.Text = "changed"
	if o.Placement.Anchor.Occurrence != 1 || o.Placement.Anchor.Identity != testIdentityA || o.Message.Text != steeringSecret {
		t.Errorf("mutating the clone changed the original: %+v", o)
	}

	s := testOverlay("ov-2")
	s.Placement = Placement{Kind: PlacementStablePrefix}
	if sc := s.Clone(); sc.Placement.Anchor != nil || !reflect.DeepEqual(sc, s) {
		t.Errorf("Clone() of a stable_prefix overlay = %+v, want %+v", sc, s)
	}
}
