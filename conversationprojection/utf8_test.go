package conversationprojection

import (
	"errors"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// TestProjectionRefusesInvalidUTF8 pins the package's text policy: the
// projection functions refuse to produce a call holding invalid UTF-8
// (lipapi's text rule), in both authorities, while the identity and anchor
// functions, which validate nothing, still hash it; a unit the projection
// excludes is not part of its output.
func TestProjectionRefusesInvalidUTF8(t *testing.T) {
	bad := "caf\xe9 " + pjSecret
	for _, call := range []lipapi.Call{
		{Items: []lipapi.Item{pjItem("u", lipapi.RoleUser, bad)}},
		{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "hi"), pjMsg(lipapi.RoleAssistant, bad)}},
	} {
		_, _, err := Project(call, Snapshot{})
		pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
		_, _, err = Reassert(call, Snapshot{}, nil, lipapi.Call{})
		pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
		if _, err := ComputeCallAnchors(call); err != nil {
			t.Errorf("ComputeCallAnchors: %v", err)
		}
	}
	// A tag on another message does not make the call acceptable; a tag on
	// the unit itself leaves it out of the output.
	other, unit := pjItem("o", lipapi.RoleUser, "other"), pjItem("u", lipapi.RoleUser, bad)
	call := lipapi.Call{Items: []lipapi.Item{other, unit}}
	_, err := FilterNeverBackend(call, Snapshot{NeverBackend: pjTags(mustItemIdentity(t, other))})
	pjWantErr(t, err, []error{ErrProjectionFailed, lipapi.ErrInvalidCall})
	out, err := FilterNeverBackend(call, Snapshot{NeverBackend: pjTags(mustItemIdentity(t, unit))})
	if err != nil || len(out.Items) != 1 || out.Items[0].ID != "o" {
		t.Errorf("FilterNeverBackend excluding the unit = %q, %v", pjUnits(out), err)
	}

	// An overlay text holding invalid UTF-8 fails the snapshot.
	snap := Snapshot{Steering: []Overlay{pjStable("st", 1, bad)}}
	_, _, err = Project(lipapi.Call{Items: []lipapi.Item{other}}, snap)
	pjWantErr(t, err, []error{ErrProjectionFailed, ErrInvalidSnapshot, ErrInvalidSteeringMessage})
	if errors.Is(err, lipapi.ErrInvalidCall) {
		t.Errorf("the overlay reached the output: %v", err)
	}
}
