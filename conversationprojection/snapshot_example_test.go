package conversationprojection_test

import (
	"errors"
	"fmt"

	cp "github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// A snapshot is validated as a whole: the first broken element is named
// by index, and both ErrInvalidSnapshot and the element's sentinel match.
func ExampleSnapshot_Validate() {
	anchor := cp.MessageAnchor{
		Identity:   "v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4",
		Occurrence: 1,
	}
	snap := cp.Snapshot{
		StateRevision: 7,
		NeverBackend:  []cp.Tag{{Identity: anchor.Identity, Reason: "user_request"}},
		Steering: []cp.Overlay{
			{
				OverlayID:           "tone",
				Active:              true,
				Message:             cp.OverlayMessage{Text: "Answer in one sentence."},
				Placement:           cp.Placement{Kind: cp.PlacementStablePrefix},
				AnchorMissingPolicy: cp.AnchorFailClosed,
			},
			{
				OverlayID:           "tone", // inactive, but a duplicate ID all the same
				Message:             cp.OverlayMessage{Role: lipapi.RoleDeveloper, Text: "Cite sources."},
				Placement:           cp.Placement{Kind: cp.PlacementAfterMessage, Anchor: &anchor},
				AnchorMissingPolicy: cp.AnchorStablePrefixFallback,
			},
		},
	}
	err := snap.Validate()
	fmt.Println(err)
	fmt.Println(errors.Is(err, cp.ErrInvalidSnapshot), errors.Is(err, cp.ErrInvalidOverlayID))

	snap.Steering[1].OverlayID = "sources"
	fmt.Println(snap.Validate())
	// Output:
	// conversationprojection: invalid snapshot: steering[1]: invalid overlay id: duplicates the id of steering[0]
	// true true
	// <nil>
}

// Clone gives an overlay its own anchor, so editing the copy leaves the
// original untouched.
func ExampleOverlay_Clone() {
	o := cp.Overlay{
		OverlayID: "follow-up",
		Placement: cp.Placement{Kind: cp.PlacementAfterMessage, Anchor: &cp.MessageAnchor{
			Identity:   "v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4",
			Occurrence: 1,
		}},
	}
	c := o.Clone()
	c.Placement.Anchor.Occurrence = 2
	fmt.Println(o.Placement.Anchor.Occurrence, c.Placement.Anchor.Occurrence)
	// Output: 1 2
}

// NewProjectionSummary reduces evidence to content-free counts.
func ExampleNewProjectionSummary() {
	ev := &cp.ProjectionEvidence{
		FilteredCount: 1,
		InjectedCount: 2,
		Fallbacks:     []cp.FallbackEvidence{{OverlayID: "b"}},
		Provenance: []cp.OverlayProvenance{
			{OverlayID: "a", Revision: 3, SlotOrdinal: 0, ResolvedKind: cp.PlacementStablePrefix},
			{OverlayID: "b", Revision: 1, SlotOrdinal: 5, ResolvedKind: cp.PlacementStablePrefix},
		},
	}
	fmt.Printf("%+v\n", cp.NewProjectionSummary(cp.Snapshot{StateRevision: 7}, ev))
	fmt.Printf("%+v\n", cp.NewProjectionSummary(cp.Snapshot{StateRevision: 7}, nil))
	// Output:
	// {StateRevision:7 FilteredCount:1 InjectedCount:2 StablePrefixCount:2 AfterMessageCount:0 FallbackCount:1 MaxOverlayRevision:3 MaxSlotOrdinal:5}
	// {StateRevision:7 FilteredCount:0 InjectedCount:0 StablePrefixCount:0 AfterMessageCount:0 FallbackCount:0 MaxOverlayRevision:0 MaxSlotOrdinal:0}
}
