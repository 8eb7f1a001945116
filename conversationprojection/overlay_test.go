package conversationprojection

import (
	"reflect"
	"strconv"
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

// TestPlacementEnumsValidate pins the values PlacementKind and
// AnchorMissingPolicy accept: exactly their constants, no other spelling.
func TestPlacementEnumsValidate(t *testing.T) {
	tests := []struct {
		name           string
		validate       func(string) error
		valid, invalid []string
		sentinel       error
		rule           string
	}{
		{
			"PlacementKind", func(s string) error { return PlacementKind(s).Validate() },
			[]string{string(PlacementStablePrefix), string(PlacementAfterMessage)},
			[]string{"", "STABLE_PREFIX", " stable_prefix", "after_message ", "after"},
			ErrInvalidPlacement, "kind is not",
		},
		{
			"AnchorMissingPolicy", func(s string) error { return AnchorMissingPolicy(s).Validate() },
			[]string{string(AnchorStablePrefixFallback), string(AnchorFailClosed)},
			[]string{"", "FAIL_CLOSED", "fail_closed ", "stable_prefix", "fallback"},
			ErrInvalidAnchorMissingPolicy, "not stable_prefix_fallback or fail_closed",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range tc.valid {
				t.Run(strconv.Quote(s), func(t *testing.T) { wantValidationErr(t, tc.validate(s), nil, nil, "") })
			}
			for _, s := range tc.invalid {
				t.Run(strconv.Quote(s), func(t *testing.T) { wantValidationErr(t, tc.validate(s), []error{tc.sentinel}, nil, tc.rule) })
			}
		})
	}
}

func TestPlacementValidateRules(t *testing.T) {
	tests := []ruleCase[Placement]{
		{name: "stable_prefix without anchor", in: Placement{Kind: PlacementStablePrefix}},
		{name: "after_message with valid anchor", in: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor(testIdentityA, 7)}},
		{
			name: "unknown kind", in: Placement{Kind: "middle"},
			want: []error{ErrInvalidPlacement}, rule: "kind is not",
		},
		{
			name: "kind checked before anchor", in: Placement{Kind: "", Anchor: testAnchor("bad", 0)},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "kind is not",
		},
		{
			name: "after_message requires an anchor", in: Placement{Kind: PlacementAfterMessage},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "requires an anchor",
		},
		{
			name: "after_message anchor with malformed identity", in: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor("v1:XYZ", 1)},
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor, ErrInvalidMessageIdentity}, rule: "anchor",
		},
		{
			name: "after_message anchor with occurrence 0", in: Placement{Kind: PlacementAfterMessage, Anchor: testAnchor(testIdentityA, 0)},
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor}, not: []error{ErrInvalidMessageIdentity}, rule: "anchor",
		},
		{
			name: "stable_prefix must not have an anchor", in: Placement{Kind: PlacementStablePrefix, Anchor: testAnchor(testIdentityA, 1)},
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidMessageAnchor}, rule: "must not have an anchor",
		},
	}
	runRuleCases(t, tests, nil)
}

func TestOverlayValidateRules(t *testing.T) {
	with := func(f func(*Overlay)) Overlay {
		o := testOverlay("ov-1")
		f(&o)
		return o
	}
	steering := []error{ErrInvalidSteeringMessage}
	tests := []ruleCase[Overlay]{
		{name: "valid after_message", in: testOverlay("ov-1")},
		{name: "valid stable_prefix with fail_closed", in: with(func(o *Overlay) {
			o.Placement = Placement{Kind: PlacementStablePrefix}
			o.AnchorMissingPolicy = AnchorFailClosed
		})},
		{name: "empty role means system", in: with(func(o *Overlay) { o.Message.Role = "" })},
		{name: "developer role", in: with(func(o *Overlay) { o.Message.Role = lipapi.RoleDeveloper })},
		{name: "user role", in: with(func(o *Overlay) { o.Message.Role = lipapi.RoleUser })},
		{name: "assistant role", in: with(func(o *Overlay) { o.Message.Role = lipapi.RoleAssistant })},
		{name: "tool role", in: with(func(o *Overlay) { o.Message.Role = lipapi.RoleTool })},
		{name: "text at the bound", in: with(func(o *Overlay) { o.Message.Text = strings.Repeat("t", MaxSteeringTextBytes) })},
		{name: "revision, slot and active are free", in: with(func(o *Overlay) {
			o.Revision, o.SlotOrdinal, o.Active = ^uint64(0), ^uint64(0), false
		})},
		{
			name: "invalid overlay id", in: with(func(o *Overlay) { o.OverlayID = "bad id" }),
			want: []error{ErrInvalidOverlayID}, not: steering, rule: "byte 3",
		},
		{
			name: "overlay id checked first", in: with(func(o *Overlay) {
				o.OverlayID, o.Message.Role, o.Message.Text, o.Placement.Kind, o.AnchorMissingPolicy = "", "x", "", "", ""
			}),
			want: []error{ErrInvalidOverlayID}, not: steering, rule: "required",
		},
		{
			name: "unknown role", in: with(func(o *Overlay) { o.Message.Role = "narrator" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role is not trimmed", in: with(func(o *Overlay) { o.Message.Role = " user" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role is case sensitive", in: with(func(o *Overlay) { o.Message.Role = "System" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "role checked before text", in: with(func(o *Overlay) { o.Message.Role, o.Message.Text = "x", "" }),
			want: []error{ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "message role",
		},
		{
			name: "text over the bound", in: with(func(o *Overlay) { o.Message.Text = strings.Repeat("t", MaxSteeringTextBytes+1) }),
			want: steering, not: []error{ErrInvalidRole}, rule: "exceeds the limit",
		},
		{
			name: "text not valid UTF-8", in: with(func(o *Overlay) { o.Message.Text = "be brief\xff" }),
			want: steering, not: []error{ErrInvalidRole}, rule: "message text is not valid UTF-8",
		},
		{
			name: "text bound before its encoding", in: with(func(o *Overlay) { o.Message.Text = strings.Repeat("\xff", MaxSteeringTextBytes+1) }),
			want: steering, rule: "exceeds the limit",
		},
		{
			name: "empty text", in: with(func(o *Overlay) { o.Message.Text = "" }),
			want: steering, not: []error{ErrInvalidRole}, rule: "text is required",
		},
		{
			name: "white space text", in: with(func(o *Overlay) { o.Message.Text = " \t\r\n\u00a0" }),
			want: steering, rule: "text is required",
		},
		{
			name: "text checked before placement", in: with(func(o *Overlay) { o.Message.Text, o.Placement.Kind = "", "" }),
			want: steering, not: []error{ErrInvalidPlacement}, rule: "text is required",
		},
		{
			name: "invalid placement", in: with(func(o *Overlay) { o.Placement.Anchor = nil }),
			want: []error{ErrInvalidPlacement}, not: steering, rule: "requires an anchor",
		},
		{
			name: "invalid placement anchor", in: with(func(o *Overlay) { o.Placement.Anchor = testAnchor(testIdentityA, 0) }),
			want: []error{ErrInvalidPlacement, ErrInvalidMessageAnchor}, rule: "anchor",
		},
		{
			name: "placement checked before policy", in: with(func(o *Overlay) { o.Placement.Kind, o.AnchorMissingPolicy = "", "" }),
			want: []error{ErrInvalidPlacement}, not: []error{ErrInvalidAnchorMissingPolicy}, rule: "kind is not",
		},
		{
			name: "policy required", in: with(func(o *Overlay) { o.AnchorMissingPolicy = "" }),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
		{
			name: "policy required for stable_prefix too", in: with(func(o *Overlay) {
				o.Placement = Placement{Kind: PlacementStablePrefix}
				o.AnchorMissingPolicy = ""
			}),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
		{
			name: "unknown policy", in: with(func(o *Overlay) { o.AnchorMissingPolicy = "retry" }),
			want: []error{ErrInvalidAnchorMissingPolicy}, rule: "not stable_prefix_fallback",
		},
	}
	runRuleCases(t, tests, nil, steeringSecret, "narrator", "retry")
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
