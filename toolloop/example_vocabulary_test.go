package toolloop_test

import (
	"context"
	"fmt"

	"github.com/agentkernel/agentkernel/toolloop"
)

// A Value holds serde_json's normalized text: keys sorted, the last of
// repeated keys kept, numbers re-printed in the current float layout.
func ExampleParseValue() {
	v, err := toolloop.ParseValue([]byte(`{ "b": 1e16, "a": [1.50, "\u00e9"], "b": 2E2 }`))
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	fmt.Println(v == toolloop.MustParseValue(`{"a":[1.5,"é"],"b":200.0}`))
	fmt.Println(toolloop.Value{}.IsNull(), toolloop.Value{})
	// Output:
	// {"a":[1.5,"é"],"b":200.0}
	// true
	// true null
}

// The 19 legacy events may appear in unversioned ledger rows; the other 24
// only inside the version-1 envelope.
func ExampleIsLegacyEvent() {
	names := toolloop.EventNames()
	fmt.Println(len(names), names[0], names[42])
	var ev toolloop.LoopEvent = toolloop.EffectDeniedEvent{CallID: "c3", Reason: "no capability",
		Class: toolloop.ResidualClassCapabilityDenied}
	fmt.Println(ev.EventName(), toolloop.IsLegacyEvent(ev.EventName()))
	fmt.Println(toolloop.IsLegacyEvent(toolloop.SearchOpenedEvent{}.EventName()))
	// Output:
	// 43 conversation_seeded prompt_program_invoked
	// effect_denied true
	// false
}

func ExampleIsAccepted() {
	for _, d := range []toolloop.GateDecision{
		toolloop.GateDecisionHardPass{},
		toolloop.GateDecisionAcceptedByDescent{DeltaV: -0.5},
		&toolloop.GateDecisionRejectedNonDescending{DeltaV: 0.25},
		toolloop.GateDecisionExhaustedWithCertificate{CertificateID: "cert-1"},
	} {
		fmt.Printf("%T %v\n", d, toolloop.IsAccepted(d))
	}
	// Output:
	// toolloop.GateDecisionHardPass true
	// toolloop.GateDecisionAcceptedByDescent true
	// *toolloop.GateDecisionRejectedNonDescending false
	// toolloop.GateDecisionExhaustedWithCertificate false
}

// memoryRecorder is a LoopRecorder without optional extensions.
type memoryRecorder struct{ events []toolloop.LoopEvent }

func (r *memoryRecorder) Record(_ context.Context, ev toolloop.LoopEvent) error {
	r.events = append(r.events, ev)
	return nil
}

// A recorder without an ArtifactStore stores nothing; the handle is still
// the content hash.
func ExampleRecordArtifact() {
	r := &memoryRecorder{}
	h, err := toolloop.RecordArtifact(context.Background(), r, []byte("abc"), "text/plain")
	fmt.Println(h, err)
	_, found, err := toolloop.FetchArtifact(context.Background(), r, h)
	fmt.Println(found, err)
	// Output:
	// ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad <nil>
	// false <nil>
}
