package conversationprojection_test

import (
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// say returns a message item with an ID and one text part.
func say(id string, role lipapi.Role, text string) lipapi.Item {
	item := lipapi.TextItem(role, text)
	item.ID = id
	return item
}

// toneOverlay is the stable-prefix overlay of the examples: a system
// message closing the instructions, in the first slot.
var toneOverlay = conversationprojection.Overlay{
	OverlayID:           "tone",
	SlotOrdinal:         1,
	Active:              true,
	Message:             conversationprojection.OverlayMessage{Text: "Answer briefly."},
	Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementStablePrefix},
	AnchorMissingPolicy: conversationprojection.AnchorStablePrefixFallback,
}

// printTrajectory prints the items of c, one per line.
func printTrajectory(c lipapi.Call) {
	for i, it := range c.Items {
		fmt.Printf("  %d %-18s %-9s %s\n", i, it.ID, it.Role, it.Content[0].Text)
	}
}

// This example runs the whole steering flow on an item call: a message the
// user asked to keep from the backend is excluded, a stable-prefix and an
// after-message overlay are injected, a late transform reintroduces the
// excluded message and rewrites the anchored question, Reassert restores
// the frozen view (following the rewritten anchor through the lineage
// proof), and Verify checks two backend adaptations of the result.
func Example_projection() {
	secret := say("msg_2", lipapi.RoleUser, "My card number is on file; do not send it on.")
	call := lipapi.Call{ID: "call-1", Items: []lipapi.Item{
		say("msg_0", lipapi.RoleSystem, "You are a travel assistant."),
		say("msg_1", lipapi.RoleUser, "Plan a weekend in Lisbon."),
		secret,
		say("msg_3", lipapi.RoleUser, "Which museums open on Monday?"),
	}}
	secretID, _ := conversationprojection.ItemIdentityOf(secret)
	tags := conversationprojection.Snapshot{NeverBackend: []conversationprojection.Tag{{Identity: secretID, Reason: "user.private"}}}

	// The after-message overlay anchors the terminal user question.
	tail, err := conversationprojection.ResolveAfterIngressTailAnchor(call, tags)
	if err != nil {
		fmt.Println(err)
		return
	}
	snap := conversationprojection.Snapshot{
		StateRevision: 7,
		NeverBackend:  tags.NeverBackend,
		Steering: []conversationprojection.Overlay{toneOverlay, {
			OverlayID:           "hours",
			SlotOrdinal:         2,
			Active:              true,
			Message:             conversationprojection.OverlayMessage{Role: lipapi.RoleDeveloper, Text: "Check opening hours before answering."},
			Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementAfterMessage, Anchor: &tail},
			AnchorMissingPolicy: conversationprojection.AnchorFailClosed,
		}},
	}

	baseline, err := conversationprojection.FilterNeverBackend(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	projected, ev, err := conversationprojection.Project(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("projected (filtered %d, injected %d):\n", ev.FilteredCount, ev.InjectedCount)
	printTrajectory(projected)

	// A late transform re-adds the excluded message and rewrites the
	// anchored question, so the stored anchor no longer resolves.
	late := lipapi.CloneCall(projected)
	late.Items = append(late.Items[:3:3], append([]lipapi.Item{secret}, late.Items[3:]...)...)
	late.Items[4].Content[0].Text = "Which museums open on Mondays?"
	reasserted, rev, err := conversationprojection.Reassert(late, snap, ev.Provenance, baseline)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("reasserted:")
	printTrajectory(reasserted)
	for _, p := range rev.Provenance {
		if p.ResolvedAnchor != nil {
			fmt.Printf("%s follows a carried anchor: %t\n", p.OverlayID, *p.ResolvedAnchor != tail)
		}
	}

	// An adaptation that only sets an item status keeps every identity
	// and position; one that moves the steering to the end does not.
	adapted := lipapi.CloneCall(reasserted)
	adapted.Items[2].Status = lipapi.ItemStatusCompleted
	fmt.Println("adapted:", conversationprojection.VerifyAdaptationPreservesProjection(reasserted, adapted, snap, rev.Provenance))
	moved := lipapi.CloneCall(reasserted)
	moved.Items = append(moved.Items[:3:3], moved.Items[4], moved.Items[3])
	err = conversationprojection.VerifyAdaptationPreservesProjection(reasserted, moved, snap, rev.Provenance)
	fmt.Println("moved:", errors.Is(err, conversationprojection.ErrProjectionFailed))

	// Output:
	// projected (filtered 1, injected 2):
	//   0 msg_0              system    You are a travel assistant.
	//   1 lip-steering-tone  system    Answer briefly.
	//   2 msg_1              user      Plan a weekend in Lisbon.
	//   3 msg_3              user      Which museums open on Monday?
	//   4 lip-steering-hours developer Check opening hours before answering.
	// reasserted:
	//   0 msg_0              system    You are a travel assistant.
	//   1 lip-steering-tone  system    Answer briefly.
	//   2 msg_1              user      Plan a weekend in Lisbon.
	//   3 msg_3              user      Which museums open on Mondays?
	//   4 lip-steering-hours developer Check opening hours before answering.
	// hours follows a carried anchor: true
	// adapted: <nil>
	// moved: true
}
