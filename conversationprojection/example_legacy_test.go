package conversationprojection_test

import (
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// printLegacy prints the instructions and messages of c, one per line.
func printLegacy(c lipapi.Call) {
	for i, m := range c.Instructions {
		fmt.Printf("  I%d %-9s %s\n", i, m.Role, m.Parts[0].Text)
	}
	for i, m := range c.Messages {
		fmt.Printf("  M%d %-9s %s\n", i, m.Role, m.Parts[0].Text)
	}
}

// legacyIdentity returns the identity of m.
func legacyIdentity(m lipapi.Message) conversationprojection.MessageIdentity {
	id, err := conversationprojection.MessageIdentityOf(m)
	if err != nil {
		panic(err)
	}
	return id
}

// Under legacy authority Instructions and Messages are filtered separately,
// stable_prefix overlays close the instructions (even after a user-role
// instruction), and an after_message overlay follows its anchored message.
// Provenance records each copy's region and index, and its position in the
// whole trajectory (instructions first).
func Example_legacyProjection() {
	secret := lipapi.TextMessage(lipapi.RoleUser, "My passport number is on file; do not send it on.")
	call := lipapi.Call{
		Instructions: []lipapi.Message{lipapi.TextMessage(lipapi.RoleSystem, "You are a travel assistant.")},
		Messages: []lipapi.Message{
			lipapi.TextMessage(lipapi.RoleUser, "Plan a weekend in Lisbon."),
			secret,
			lipapi.TextMessage(lipapi.RoleAssistant, "Day one: Belem. Day two: Alfama."),
			lipapi.TextMessage(lipapi.RoleUser, "Which museums open on Monday?"),
		},
	}
	// The anchor of the assistant's plan: position 3 of the trajectory
	// (one instruction, then Messages[2]).
	plan, err := conversationprojection.CallAnchorAt(call, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	snap := conversationprojection.Snapshot{
		NeverBackend: []conversationprojection.Tag{{Identity: legacyIdentity(secret), Reason: "user.private"}},
		Steering: []conversationprojection.Overlay{toneOverlay, {
			OverlayID:           "prices",
			SlotOrdinal:         2,
			Active:              true,
			Message:             conversationprojection.OverlayMessage{Role: lipapi.RoleDeveloper, Text: "Quote prices in EUR."},
			Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementAfterMessage, Anchor: &plan},
			AnchorMissingPolicy: conversationprojection.AnchorFailClosed,
		}},
	}
	out, ev, err := conversationprojection.Project(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("projected (filtered %d, injected %d):\n", ev.FilteredCount, ev.InjectedCount)
	printLegacy(out)
	for _, p := range ev.Provenance {
		fmt.Printf("%s: %s, %s, instruction %t, index %d, trajectory index %d\n", p.OverlayID,
			p.ResolvedKind, p.InjectedAuthority, *p.InjectedLegacyIsInstruction, *p.InjectedLegacyIndex, p.InjectedTrajectoryIndex)
	}

	// Excluding every message leaves nothing to send, and the error says so.
	tagsOnly := conversationprojection.Snapshot{NeverBackend: snap.NeverBackend}
	_, _, err = conversationprojection.Project(lipapi.Call{Messages: []lipapi.Message{secret}}, tagsOnly)
	fmt.Println(err)
	fmt.Println(errors.Is(err, conversationprojection.ErrProjectionFailed), errors.Is(err, lipapi.ErrInvalidCall))
	// Output:
	// projected (filtered 1, injected 2):
	//   I0 system    You are a travel assistant.
	//   I1 system    Answer briefly.
	//   M0 user      Plan a weekend in Lisbon.
	//   M1 assistant Day one: Belem. Day two: Alfama.
	//   M2 developer Quote prices in EUR.
	//   M3 user      Which museums open on Monday?
	// tone: stable_prefix, legacy, instruction true, index 1, trajectory index 1
	// prices: after_message, legacy, instruction false, index 2, trajectory index 4
	// conversationprojection: projection failed: never_backend exclusion removed every message, leaving none to send: Messages: messages are required
	// true true
}

// In a legacy call Instructions and Messages form one trajectory with one
// occurrence counter, so the same text in both regions gets occurrences 1
// and 2. CallAnchorAt gives the anchor of one unit by its trajectory
// position, and ItemAnchorAt does the same for items.
func ExampleComputeCallAnchors() {
	hello := lipapi.TextMessage(lipapi.RoleUser, "hello")
	call := lipapi.Call{
		Instructions: []lipapi.Message{hello},
		Messages:     []lipapi.Message{lipapi.TextMessage(lipapi.RoleAssistant, "hi"), hello},
	}
	anchors, err := conversationprojection.ComputeCallAnchors(call)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, a := range anchors {
		fmt.Printf("%d: occurrence %d, same as hello: %t\n", i, a.Occurrence, a.Identity == legacyIdentity(hello))
	}
	last, err := conversationprojection.CallAnchorAt(call, 2) // Messages[1]
	fmt.Println(last == anchors[2], err)

	_, err = conversationprojection.CallAnchorAt(call, 3)
	fmt.Println(errors.Is(err, conversationprojection.ErrNonMessageItem))
	// Output:
	// 0: occurrence 1, same as hello: true
	// 1: occurrence 1, same as hello: false
	// 2: occurrence 2, same as hello: true
	// true <nil>
	// true
}

// ParseMessageIdentity reads an identity from untrusted text, such as a
// stored tag: it trims outer white space and accepts only the exact v1 form.
func ExampleParseMessageIdentity() {
	for _, raw := range []string{
		" v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4\n",
		"v1:4337A58D8A6421F81E4A4594973147157014A00BBF8FC7A48A3F5FD5BAC30DA4", // upper case
		"v2:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4", // unknown version
		"v1:4337a58d",
	} {
		id, err := conversationprojection.ParseMessageIdentity(raw)
		fmt.Printf("%q %v\n", id, errors.Is(err, conversationprojection.ErrInvalidMessageIdentity))
	}
	// Output:
	// "v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4" false
	// "" true
	// "" true
	// "" true
}

// A late transform rewrote the payload of the message an after_message
// overlay is anchored to, so the stored anchor no longer resolves. With the
// filtered baseline, Reassert proves that the late call descends from it by
// payload-only rewrites (same roles, part kinds and references in the same
// slots) and lets the overlay follow the rewritten message: a carried
// anchor. Without that proof (here: a message was added) the stored anchor
// is all there is, and the overlay's policy applies.
func ExampleReassert() {
	call := lipapi.Call{Messages: []lipapi.Message{
		lipapi.TextMessage(lipapi.RoleUser, "Plan a weekend in Lisbon."),
		lipapi.TextMessage(lipapi.RoleAssistant, "Day one: Belem. Day two: Alfama."),
	}}
	plan, _ := conversationprojection.CallAnchorAt(call, 1)
	snap := conversationprojection.Snapshot{Steering: []conversationprojection.Overlay{{
		OverlayID:           "prices",
		Active:              true,
		Message:             conversationprojection.OverlayMessage{Role: lipapi.RoleDeveloper, Text: "Quote prices in EUR."},
		Placement:           conversationprojection.Placement{Kind: conversationprojection.PlacementAfterMessage, Anchor: &plan},
		AnchorMissingPolicy: conversationprojection.AnchorStablePrefixFallback,
	}}}
	baseline, _ := conversationprojection.FilterNeverBackend(call, snap)
	projected, ev, err := conversationprojection.Project(call, snap)
	if err != nil {
		fmt.Println(err)
		return
	}

	// Payload-only rewrite of the anchored message.
	late := lipapi.CloneCall(projected)
	late.Messages[1].Parts[0].Text = "Day one: Belem and Jeronimos. Day two: Alfama."
	out, rev, err := conversationprojection.Reassert(late, snap, ev.Provenance, baseline)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rewritten:")
	printLegacy(out)
	p := rev.Provenance[0]
	fmt.Println("carried anchor:", *p.ResolvedAnchor != plan, "fallbacks:", len(rev.Fallbacks))

	// A structural change (an added message) breaks the lineage proof.
	late.Messages = append(late.Messages, lipapi.TextMessage(lipapi.RoleUser, "And on Sunday?"))
	out, rev, err = conversationprojection.Reassert(late, snap, ev.Provenance, baseline)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("restructured:")
	printLegacy(out)
	fmt.Println("fallbacks:", len(rev.Fallbacks), rev.Provenance[0].ResolvedKind)
	// Output:
	// rewritten:
	//   M0 user      Plan a weekend in Lisbon.
	//   M1 assistant Day one: Belem and Jeronimos. Day two: Alfama.
	//   M2 developer Quote prices in EUR.
	// carried anchor: true fallbacks: 0
	// restructured:
	//   I0 developer Quote prices in EUR.
	//   M0 user      Plan a weekend in Lisbon.
	//   M1 assistant Day one: Belem and Jeronimos. Day two: Alfama.
	//   M2 user      And on Sunday?
	// fallbacks: 1 stable_prefix
}
