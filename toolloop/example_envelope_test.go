package toolloop_test

import (
	"fmt"

	"github.com/agentkernel/agentkernel/toolloop"
)

// NewEnvelopeV1 builds perspt's version-1 envelope around an event;
// MarshalEnvelopeV1 writes it as a ledger payload (keys sorted), which
// DecodePayload reads back.
func ExampleNewEnvelopeV1() {
	env := toolloop.NewEnvelopeV1(toolloop.CandidateRestoredEvent{CheckpointID: "cp-1"})
	payload, err := toolloop.MarshalEnvelopeV1(env)
	fmt.Println(string(payload), err)

	d, err := toolloop.DecodePayload(payload)
	fmt.Println(d.Version, d.Event.EventName(), err)

	_, err = toolloop.MarshalEnvelopeV1(toolloop.EnvelopeV1{SchemaVersion: 2, Body: env.Body})
	fmt.Println(err)
	// Output:
	// {"body":{"checkpoint_id":"cp-1","event":"candidate_restored"},"schema_version":1} <nil>
	// 1 candidate_restored <nil>
	// toolloop: cannot encode: envelope: schema_version 2 is not 1
}
