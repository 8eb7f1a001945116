package conversationprojection

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

func TestTagValidateRules(t *testing.T) {
	tests := []ruleCase[Tag]{
		{name: "identity only", in: Tag{Identity: testIdentityA}},
		{name: "identity and reason", in: Tag{Identity: testIdentityA, Reason: "user.request-1"}},
		{name: "created at is not checked", in: Tag{Identity: testIdentityB, CreatedAt: time.Date(1, 2, 3, 4, 5, 6, 7, time.FixedZone("x", -3600))}},
		{
			name: "empty identity", in: Tag{},
			want: []error{ErrInvalidMessageIdentity}, rule: "identity",
		},
		{
			name: "malformed identity", in: Tag{Identity: "v2:" + testIdentityA[3:]},
			want: []error{ErrInvalidMessageIdentity}, rule: "identity",
		},
		{
			name: "identity is not trimmed", in: Tag{Identity: " " + testIdentityA},
			want: []error{ErrInvalidMessageIdentity}, rule: "identity",
		},
		{
			name: "identity checked before reason", in: Tag{Identity: "x", Reason: "bad reason"},
			want: []error{ErrInvalidMessageIdentity}, not: []error{ErrInvalidReasonCode}, rule: "identity",
		},
		{
			name: "white space reason is validated", in: Tag{Identity: testIdentityA, Reason: " "},
			want: []error{ErrInvalidReasonCode}, rule: "required",
		},
		{
			name: "malformed reason", in: Tag{Identity: testIdentityA, Reason: "pii/email"},
			want: []error{ErrInvalidReasonCode}, not: []error{ErrInvalidMessageIdentity}, rule: "byte 3",
		},
		{
			name: "reason over the bound", in: Tag{Identity: testIdentityA, Reason: ReasonCode(strings.Repeat("r", MaxReasonCodeBytes+1))},
			want: []error{ErrInvalidReasonCode}, rule: "exceeds the limit",
		},
	}
	runRuleCases(t, tests, nil, "pii/email", "bad reason")
}

// testOverlays returns n valid overlays with distinct IDs "ov-0" ... and text
// of textLen bytes (steeringSecret padded), active as given.
func testOverlays(n, textLen int, active bool) []Overlay {
	out := make([]Overlay, n)
	for i := range out {
		out[i] = testOverlay(fmt.Sprintf("ov-%d", i))
		out[i].Active = active
		if textLen > 0 {
			out[i].Message.Text = steeringSecret + strings.Repeat("t", textLen-len(steeringSecret))
		}
	}
	return out
}

// testTags returns n valid tags.
func testTags(n int) []Tag {
	out := make([]Tag, n)
	for i := range out {
		out[i] = Tag{Identity: testIdentityA, Reason: "r"}
	}
	return out
}

// snapshotRuleCases is the Snapshot.Validate rule table.
func snapshotRuleCases() []ruleCase[Snapshot] {
	edit := func(s Snapshot, f func(*Snapshot)) Snapshot {
		s.NeverBackend = append([]Tag(nil), s.NeverBackend...)
		s.Steering = append([]Overlay(nil), s.Steering...)
		f(&s)
		return s
	}
	base := Snapshot{StateRevision: 9, NeverBackend: testTags(2), Steering: testOverlays(3, 0, true)}
	snap := []error{ErrInvalidSnapshot}
	steer := []error{ErrInvalidSnapshot, ErrInvalidSteeringMessage}
	return []ruleCase[Snapshot]{
		{name: "zero snapshot", in: Snapshot{}},
		{name: "tags and overlays", in: base},
		{name: "duplicate tags are allowed", in: edit(base, func(s *Snapshot) { s.NeverBackend[1] = s.NeverBackend[0] })},
		{name: "equal slot ordinals are allowed", in: edit(base, func(s *Snapshot) {
			for i := range s.Steering {
				s.Steering[i].SlotOrdinal = 5
			}
		})},
		{name: "tags at the bound", in: Snapshot{NeverBackend: testTags(MaxNeverBackendTags)}},
		{
			name: "too many tags", in: Snapshot{NeverBackend: testTags(MaxNeverBackendTags + 1)},
			want: snap, not: []error{ErrInvalidMessageIdentity}, rule: "never_backend tags exceed the limit",
		},
		{
			name: "tag count checked before tags", in: Snapshot{NeverBackend: make([]Tag, MaxNeverBackendTags+1)},
			want: snap, not: []error{ErrInvalidMessageIdentity}, rule: "never_backend tags exceed the limit",
		},
		{
			name: "invalid tag identity", in: edit(base, func(s *Snapshot) { s.NeverBackend[1].Identity = "v1:" }),
			want: []error{ErrInvalidSnapshot, ErrInvalidMessageIdentity}, rule: "never_backend[1]",
		},
		{
			name: "invalid tag reason", in: edit(base, func(s *Snapshot) { s.NeverBackend[0].Reason = "pii email" }),
			want: []error{ErrInvalidSnapshot, ErrInvalidReasonCode}, rule: "never_backend[0]",
		},
		{
			name: "tags checked in order", in: edit(base, func(s *Snapshot) {
				s.NeverBackend[0].Reason = "pii email"
				s.NeverBackend[1].Identity = ""
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidReasonCode}, not: []error{ErrInvalidMessageIdentity}, rule: "never_backend[0]",
		},
		{
			name: "tags checked before overlays", in: edit(base, func(s *Snapshot) {
				s.NeverBackend[1].Identity = ""
				s.Steering[0].OverlayID = ""
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidMessageIdentity}, not: []error{ErrInvalidOverlayID}, rule: "never_backend[1]",
		},
		{
			name: "invalid overlay id", in: edit(base, func(s *Snapshot) { s.Steering[2].OverlayID = "ov 2" }),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: "steering[2]",
		},
		{
			name: "invalid overlay role", in: edit(base, func(s *Snapshot) { s.Steering[1].Message.Role = "narrator" }),
			want: []error{ErrInvalidSnapshot, ErrInvalidSteeringMessage, ErrInvalidRole}, rule: "steering[1]",
		},
		{
			name: "invalid overlay text", in: edit(base, func(s *Snapshot) { s.Steering[1].Message.Text = "\n" }),
			want: steer, not: []error{ErrInvalidRole}, rule: "steering[1]",
		},
		{
			name: "invalid overlay placement", in: edit(base, func(s *Snapshot) { s.Steering[0].Placement.Anchor = testAnchor("v1:zz", 1) }),
			want: []error{ErrInvalidSnapshot, ErrInvalidPlacement, ErrInvalidMessageAnchor, ErrInvalidMessageIdentity}, rule: "steering[0]",
		},
		{
			name: "invalid overlay policy", in: edit(base, func(s *Snapshot) { s.Steering[2].AnchorMissingPolicy = "ignore" }),
			want: []error{ErrInvalidSnapshot, ErrInvalidAnchorMissingPolicy}, rule: "steering[2]",
		},
		{
			name: "overlays checked in order", in: edit(base, func(s *Snapshot) {
				s.Steering[1].AnchorMissingPolicy = ""
				s.Steering[2].OverlayID = ""
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidAnchorMissingPolicy}, not: []error{ErrInvalidOverlayID}, rule: "steering[1]",
		},
		{
			name: "inactive malformed overlay", in: edit(base, func(s *Snapshot) {
				s.Steering[1].Active = false
				s.Steering[1].Placement = Placement{Kind: PlacementStablePrefix, Anchor: testAnchor(testIdentityA, 1)}
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidPlacement}, rule: "steering[1]",
		},
		{
			name: "duplicate overlay id", in: edit(base, func(s *Snapshot) { s.Steering[2].OverlayID = s.Steering[0].OverlayID }),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: "steering[2]: invalid overlay id: duplicates the id of steering[0]",
		},
		{
			name: "duplicate id of an inactive overlay", in: edit(base, func(s *Snapshot) {
				s.Steering[0].Active = false
				s.Steering[1].OverlayID = s.Steering[0].OverlayID
				s.Steering[1].Active = false
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: "duplicates the id of steering[0]",
		},
		{
			name: "overlay validated before its duplicate check", in: edit(base, func(s *Snapshot) {
				s.Steering[1].OverlayID = s.Steering[0].OverlayID
				s.Steering[1].Message.Text = ""
			}),
			want: steer, not: []error{ErrInvalidOverlayID}, rule: "steering[1]",
		},
		{
			name: "duplicate found before a later malformed overlay", in: edit(base, func(s *Snapshot) {
				s.Steering[1].OverlayID = s.Steering[0].OverlayID
				s.Steering[2].Message.Text = ""
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, not: []error{ErrInvalidSteeringMessage}, rule: "steering[1]",
		},
		{
			name: "duplicate in a long list", in: edit(Snapshot{Steering: testOverlays(linearDuplicateScan+5, 0, false)}, func(s *Snapshot) {
				s.Steering[linearDuplicateScan+3].OverlayID = s.Steering[4].OverlayID
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: fmt.Sprintf("steering[%d]: invalid overlay id: duplicates the id of steering[4]", linearDuplicateScan+3),
		},
		{
			name: "duplicate in a list too long for the stack table", in: edit(Snapshot{Steering: testOverlays(2*smallIDTable+5, 0, false)}, func(s *Snapshot) {
				s.Steering[2*smallIDTable+2].OverlayID = s.Steering[smallIDTable+1].OverlayID
				s.Steering[2*smallIDTable+4].OverlayID = s.Steering[3].OverlayID
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: fmt.Sprintf("steering[%d]: invalid overlay id: duplicates the id of steering[%d]", 2*smallIDTable+2, smallIDTable+1),
		},
		{
			name: "duplicate at the end of a short list", in: edit(Snapshot{Steering: testOverlays(linearDuplicateScan, 0, false)}, func(s *Snapshot) {
				s.Steering[linearDuplicateScan-1].OverlayID = s.Steering[linearDuplicateScan-2].OverlayID
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, rule: fmt.Sprintf("duplicates the id of steering[%d]", linearDuplicateScan-2),
		},
		{name: "active overlays at the bound", in: Snapshot{Steering: testOverlays(MaxActiveOverlays, 0, true)}},
		{name: "inactive overlays do not count", in: edit(Snapshot{Steering: testOverlays(MaxActiveOverlays+1, 0, true)}, func(s *Snapshot) {
			s.Steering[7].Active = false
		})},
		{
			name: "too many active overlays", in: Snapshot{Steering: testOverlays(MaxActiveOverlays+1, 0, true)},
			want: steer, rule: fmt.Sprintf("%d active overlays exceed the limit of %d", MaxActiveOverlays+1, MaxActiveOverlays),
		},
		{
			name: "overlays validated before the active count", in: edit(Snapshot{Steering: testOverlays(MaxActiveOverlays+1, 0, true)}, func(s *Snapshot) {
				s.Steering[MaxActiveOverlays].AnchorMissingPolicy = ""
			}),
			want: []error{ErrInvalidSnapshot, ErrInvalidAnchorMissingPolicy}, not: []error{ErrInvalidSteeringMessage}, rule: fmt.Sprintf("steering[%d]", MaxActiveOverlays),
		},
		{name: "active text at the total bound", in: Snapshot{Steering: testOverlays(MaxTotalSteeringBytes/MaxSteeringTextBytes, MaxSteeringTextBytes, true)}},
		{name: "inactive text does not count", in: edit(Snapshot{Steering: testOverlays(MaxTotalSteeringBytes/MaxSteeringTextBytes+1, MaxSteeringTextBytes, true)}, func(s *Snapshot) {
			s.Steering[0].Active = false
		})},
		{
			name: "active text over the total bound", in: edit(Snapshot{Steering: testOverlays(MaxTotalSteeringBytes/MaxSteeringTextBytes+1, MaxSteeringTextBytes, true)}, func(s *Snapshot) {
				s.Steering[0].Message.Text = "x"
			}),
			want: steer, rule: fmt.Sprintf("total %d bytes, exceeding the limit of %d", MaxTotalSteeringBytes+1, MaxTotalSteeringBytes),
		},
		{
			name: "active count checked before total text", in: Snapshot{Steering: testOverlays(MaxActiveOverlays+1, MaxSteeringTextBytes, true)},
			want: steer, rule: "active overlays exceed the limit",
		},
	}
}

func TestSnapshotValidateRules(t *testing.T) {
	runRuleCases(t, snapshotRuleCases(), cloneTestSnapshot, steeringSecret, "narrator", "ignore", "ov 2", "pii email")
}

// TestC5_SnapshotValidateRejectsMalformedInactiveAndDuplicateOverlays is the
// regression test for C5: the reference never validated snapshots, so an
// inactive overlay with broken fields or two overlays sharing an ID reached
// the projection.
func TestC5_SnapshotValidateRejectsMalformedInactiveAndDuplicateOverlays(t *testing.T) {
	inactive := testOverlay("dormant")
	inactive.Active = false
	inactive.Message.Role = "narrator"
	err := Snapshot{Steering: []Overlay{testOverlay("live"), inactive}}.Validate()
	wantValidationErr(t, err, []error{ErrInvalidSnapshot, ErrInvalidSteeringMessage, ErrInvalidRole}, nil, "steering[1]", "narrator", steeringSecret)

	for _, active := range []bool{true, false} {
		a, b := testOverlay("same"), testOverlay("same")
		b.Active = active
		b.Message.Text = "other text"
		err = Snapshot{Steering: []Overlay{a, b}}.Validate()
		wantValidationErr(t, err, []error{ErrInvalidSnapshot, ErrInvalidOverlayID}, nil, "duplicates the id of steering[0]", "same", "other text")
	}
}

// TestSnapshotValidateAllocations pins that validating a typical valid
// snapshot does not allocate.
func TestSnapshotValidateAllocations(t *testing.T) {
	s := Snapshot{NeverBackend: testTags(8), Steering: testOverlays(linearDuplicateScan, 0, true)}
	if n := testing.AllocsPerRun(100, func() {
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Validate allocated %v times per run, want 0", n)
	}
}

// TestSnapshotValidateLongListsAllocationFree pins that the duplicate
// check of lists longer than the pairwise scan, up to the stack table's
// size, does not allocate either.
func TestSnapshotValidateLongListsAllocationFree(t *testing.T) {
	for _, n := range []int{linearDuplicateScan + 1, MaxActiveOverlays, smallIDTable} {
		s := Snapshot{NeverBackend: testTags(8), Steering: testOverlays(n, 0, false)}
		if allocs := testing.AllocsPerRun(100, func() {
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
		}); allocs != 0 {
			t.Errorf("%d overlays: Validate allocated %v times per run, want 0", n, allocs)
		}
	}
}

func cloneTestSnapshot(s Snapshot) Snapshot {
	c := s
	c.NeverBackend = append([]Tag(nil), s.NeverBackend...)
	if s.Steering != nil {
		c.Steering = make([]Overlay, len(s.Steering))
		for i, o := range s.Steering {
			c.Steering[i] = o.Clone()
		}
	}
	if s.NeverBackend == nil {
		c.NeverBackend = nil
	}
	return c
}

// BenchmarkSnapshotValidateVsTags measures whole-snapshot validation
// against the baseline of validating only the tag identities it contains
// (64 tags), the floor of any snapshot check, in the same run: snapshots of
// 4, 16 and MaxActiveOverlays overlays whose texts (256 bytes) come from
// each corpus class. Run it with
//
//	go test -run '^$' -bench 'SnapshotValidateVsTags' -cpu 1 ./conversationprojection/
func BenchmarkSnapshotValidateVsTags(b *testing.B) {
	tags := testTags(64)
	validateTags := func() {
		for i := range tags {
			sinkError = tags[i].Identity.Validate()
		}
	}
	for _, n := range []int{4, linearDuplicateScan, MaxActiveOverlays} {
		b.Run(fmt.Sprintf("overlays=%d", n), func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-tags"}
			for _, c := range corpus.Load(b) {
				s := Snapshot{NeverBackend: tags, Steering: testOverlays(n, 0, true)}
				for i := range s.Steering {
					s.Steering[i].Message.Text = "Steer: " + pjText(c, i, 256)
				}
				if err := s.Validate(); err != nil {
					b.Fatal(err)
				}
				cases.Run(b, c.Name, 0, func(b *testing.B) corpus.Result {
					return corpus.Versus(b, func() { sinkError = s.Validate() }, validateTags)
				})
			}
			cases.Report(b)
		})
	}
}

// TestProjectValidatesEveryTag pins the validation of tags by the
// projection functions, which parse each tag once into its tag set and
// check a reason code equal to the last one only once: every tag is still
// validated, in order, exactly as Snapshot.Validate does, whatever the
// pattern of empty, repeated and changing reason codes.
func TestProjectValidatesEveryTag(t *testing.T) {
	ma, mb := pjMsg(lipapi.RoleUser, "tagged a"), pjMsg(lipapi.RoleUser, "tagged b")
	a, b := mustIdentity(t, ma), mustIdentity(t, mb)
	call := lipapi.Call{Messages: []lipapi.Message{ma, mb, pjMsg(lipapi.RoleUser, "kept")}}
	good := []Tag{
		{Identity: a, Reason: "r1"}, {Identity: b}, {Identity: a, Reason: "r1"},
		{Identity: b, Reason: "r2"}, {Identity: a}, {Identity: b, Reason: "r2"},
	}
	bad := []Tag{
		{Identity: a, Reason: "r 1"}, {Identity: a, Reason: " "},
		{Identity: "v1:" + a[4:]}, {Identity: a[:20], Reason: "r1"},
	}
	for start := 0; start < 2; start++ {
		for n := start; n <= len(good); n++ {
			tags := slices.Clone(good[start:n])
			snap := Snapshot{NeverBackend: tags}
			_, ev, err := Project(call, snap)
			if err != nil || snap.Validate() != nil {
				t.Fatalf("%d valid tags: Project: %v; Validate: %v", n-start, err, snap.Validate())
			}
			if want := min(len(tags), 2); ev.FilteredCount != want {
				t.Errorf("tags %d to %d: %d messages filtered, want %d", start, n, ev.FilteredCount, want)
			}
			for _, bt := range bad {
				snap := Snapshot{NeverBackend: append(slices.Clone(tags), bt, good[0])}
				want := snap.Validate()
				_, _, err := Project(call, snap)
				if want == nil || err == nil || !strings.Contains(err.Error(), withoutPackageName(want)) ||
					!strings.Contains(want.Error(), fmt.Sprintf("never_backend[%d]", len(tags))) {
					t.Errorf("%d valid tags, then %+v: Project error %v, Validate error %v", len(tags), bt, err, want)
				}
			}
		}
	}
}
