package toolloop_test

import (
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/toolloop"
)

// An event has a direct form (declaration order, tag first: what is hashed)
// and a ledger form (every key sorted, inside the envelope and the row).
func ExampleMarshalEvent() {
	ev := toolloop.EffectDeniedEvent{CallID: "c3", Reason: "no capability",
		Class: toolloop.ResidualClassCapabilityDenied}
	direct, err := toolloop.MarshalEvent(ev)
	if err != nil {
		panic(err)
	}
	row, err := toolloop.MarshalLedgerRow(ev)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(direct))
	fmt.Println(string(row))
	// Output:
	// {"event":"effect_denied","call_id":"c3","reason":"no capability","class":"capability_denied"}
	// {"event":"custom","kind":"tool_loop","payload":{"body":{"call_id":"c3","class":"capability_denied","event":"effect_denied","reason":"no capability"},"schema_version":1}}
}

// The two float layouts differ only in the '+' of non-negative exponents;
// the legacy one reproduces bytes and hashes made by older perspt builds.
func ExampleEncoder() {
	ev := toolloop.GateDecisionRecordedEvent{NodeID: "n1", Decision: toolloop.GateDecisionHardPass{}}
	energy := 1e16
	ev.ObservedEnergy = &energy
	for _, enc := range []toolloop.Encoder{{}, {Floats: toolloop.FloatLayoutLegacy}} {
		b, err := enc.MarshalEvent(ev)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(b))
	}
	v := toolloop.MustParseValue(`{"n":1e16,"s":"1e+16"}`)
	fmt.Println(string(toolloop.Encoder{Floats: toolloop.FloatLayoutLegacy}.AppendValue(nil, v)))
	// Output:
	// {"event":"gate_decision_recorded","node_id":"n1","generation":0,"candidate_id":"","decision":{"kind":"hard_pass"},"observed_energy":1e+16,"best_accepted_before":null}
	// {"event":"gate_decision_recorded","node_id":"n1","generation":0,"candidate_id":"","decision":{"kind":"hard_pass"},"observed_energy":1e16,"best_accepted_before":null}
	// {"n":1e16,"s":"1e+16"}
}

// Encoding refuses what perspt could not have written, naming the member
// but never the offending text.
func ExampleMarshalEvent_error() {
	ev := toolloop.ContextWorkingSetEvent{Turn: 3, PageIDs: []string{"pg-1", "pg-\xff"}}
	_, err := toolloop.MarshalEvent(ev)
	fmt.Println(errors.Is(err, toolloop.ErrEncode))
	fmt.Println(err)
	// Output:
	// true
	// toolloop: cannot encode: event context_working_set: page_ids[1]: string is not valid UTF-8
}

// An EventLog chains the hashes of the pushed events; NextChainRoot is one
// step of the chain.
func ExampleEventLog() {
	log := toolloop.NewEventLog(false)
	root := ""
	for _, ev := range []toolloop.LoopEvent{
		toolloop.CandidateRestoredEvent{CheckpointID: "cp-1"},
		&toolloop.BranchNotSelectedEvent{ForestID: "f1", BranchID: "b2"},
	} {
		if err := log.Push(ev); err != nil {
			panic(err)
		}
		h, err := toolloop.EventHash(ev)
		if err != nil {
			panic(err)
		}
		root = toolloop.NextChainRoot(root, h)
	}
	fmt.Println(log.Count(), log.ChainRoot() == root, len(root), log.Events() == nil)
	// Output:
	// 2 true 64 true
}

// A LedgerChain gives each stored row its sequence and chained hash;
// VerifyLedger finds the first record that does not verify.
func ExampleVerifyLedger() {
	var chain toolloop.LedgerChain
	var records []toolloop.LedgerRecord
	for _, ev := range []toolloop.LoopEvent{
		toolloop.CandidateRestoredEvent{CheckpointID: "cp-1"},
		toolloop.RecoveryContainedEvent{Reason: "budget", RestoredCheckpointID: "cp-1"},
	} {
		row, err := toolloop.MarshalLedgerRow(ev)
		if err != nil {
			panic(err)
		}
		records = append(records, chain.Append(row))
	}
	fmt.Println(records[0].PrevHash, records[1].Sequence, records[1].PrevHash == records[0].Hash)
	fmt.Println(toolloop.VerifyLedger(records))
	records[1].Row[10] ^= 1
	fmt.Println(toolloop.VerifyLedger(records))
	// Output:
	// GENESIS 1 true
	// <nil>
	// toolloop: ledger chain broken: record 1: hash does not match the record
}

// The seed digest of the first public vector event, and the delta digest
// chained from it (digests.tsv).
func ExampleSeedDigest() {
	c := toolloop.Conversation{Messages: []toolloop.Message{
		toolloop.MessageSystem{Content: "You are a governed coding agent."},
		toolloop.MessageUser{Content: "fix <answer> & \"quote\"\n"},
	}}
	seed, err := toolloop.NewConversationSeeded(c)
	if err != nil {
		panic(err)
	}
	rec, err := toolloop.NewConversationDeltaRecord(seed.Digest, toolloop.ConversationDeltaToolActivated{Name: "lookup"})
	if err != nil {
		panic(err)
	}
	fmt.Println(seed.Digest)
	fmt.Println(rec.Digest)
	fmt.Println(toolloop.VerifySeed(seed), toolloop.VerifyDeltaRecord(seed.Digest, rec))
	// Output:
	// 9362d89aaa1626e70b35baf513bf189f94aaa6683b7fc73900cee9e6107d44c7
	// 5610baa202a27f030ee00bd7fd38a0d869d0965d701a522e9c69059b0ab98400
	// <nil> <nil>
}
