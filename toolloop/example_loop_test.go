package toolloop_test

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/agentkernel/agentkernel/toolloop"
)

// One turn of a tool loop, end to end: the loop records its events in an
// EventLog (which chains their hashes into a root) and stores them as
// ledger rows in a LedgerChain (which chains the rows into record hashes);
// reading the rows back gives the same events, VerifyLedger checks the
// chain, and an edited row no longer verifies although it still decodes.
func Example_toolLoop() {
	call := toolloop.ProviderToolCall{CallID: "c1", Name: "edit_file",
		Arguments: toolloop.MustParseValue(`{"path":"src/lib.rs","old":"1","new":"2"}`)}
	path := "src/lib.rs"
	proposal := toolloop.EffectProposal{ProposalID: "p1", Actor: "agent", NodeID: "n1", Generation: 1,
		Effect: toolloop.EffectKindApplyPatch, Path: &path, Risk: toolloop.RiskClassLow, RiskCost: 0.5,
		IdempotencyKey: "k1"}
	energy, best := 0.25, 1.5
	events := []toolloop.LoopEvent{
		toolloop.ToolCallObservedEvent{Call: call},
		toolloop.ProposalCheckedEvent{CallID: "c1", Proposal: proposal, Witness: toolloop.FullAdmissibilityWitness{
			Base: toolloop.AdmissibilityWitness{ProposalID: "p1", Actor: "agent", AuthorityOK: true, ContractOK: true,
				EffectOK: true, BarrierIncrementOK: true, RiskBudgetOK: true, Decision: toolloop.AdmissibilityDecisionAllow{}},
			Profile: toolloop.AdmissibilityProfileSrbnCertified{}}},
		toolloop.EffectAppliedEvent{CallID: "c1", Mutated: true, Output: "patched"},
		toolloop.CandidateMeasuredEvent{NodeID: "n1", Generation: 1, CandidateID: "n1/1/c1", Energy: energy, HardPass: true},
		toolloop.GateDecisionRecordedEvent{NodeID: "n1", Generation: 1, CandidateID: "n1/1/c1",
			Decision: toolloop.GateDecisionAcceptedByDescent{DeltaV: energy - best}, ObservedEnergy: &energy,
			BestAcceptedBefore: &best},
	}

	// The event log: count and chain root.
	log := toolloop.NewEventLog(false)
	for _, ev := range events {
		if err := log.Push(ev); err != nil {
			panic(err)
		}
	}
	fmt.Printf("event log: %d events, root %.16s…\n", log.Count(), log.ChainRoot())

	// The ledger: one row per event, chained from GENESIS.
	var chain toolloop.LedgerChain
	var records []toolloop.LedgerRecord
	for _, ev := range events {
		row, err := toolloop.MarshalLedgerRow(ev)
		if err != nil {
			panic(err)
		}
		r := chain.Append(row)
		records = append(records, r)
		fmt.Printf("record %d: prev %.8s hash %.8s %s\n", r.Sequence, r.PrevHash, r.Hash, ev.EventName())
	}

	// Reading the rows back.
	for i, r := range records {
		d, err := toolloop.DecodeLedgerRow(r.Row)
		if err != nil {
			panic(err)
		}
		fmt.Printf("row %d: version %d, %s, same event: %v\n", i, d.Version, d.Event.EventName(),
			reflect.DeepEqual(d.Event, events[i]))
	}
	fmt.Println("verify:", toolloop.VerifyLedger(records))

	// An edited row still decodes, but the chain no longer verifies.
	records[2].Row = bytes.Replace(records[2].Row, []byte(`"mutated":true`), []byte(`"mutated":false`), 1)
	d, err := toolloop.DecodeLedgerRow(records[2].Row)
	fmt.Println("edited row decodes:", err == nil, d.Event.(toolloop.EffectAppliedEvent).Mutated)
	fmt.Println("verify:", toolloop.VerifyLedger(records))
	// Output:
	// event log: 5 events, root 5399c6cc6bb2335d…
	// record 0: prev GENESIS hash 1ff81a32 tool_call_observed
	// record 1: prev 1ff81a32 hash 01a7e7f1 proposal_checked
	// record 2: prev 01a7e7f1 hash a8dc05aa effect_applied
	// record 3: prev a8dc05aa hash 6aab7397 candidate_measured
	// record 4: prev 6aab7397 hash 6569214c gate_decision_recorded
	// row 0: version 1, tool_call_observed, same event: true
	// row 1: version 1, proposal_checked, same event: true
	// row 2: version 1, effect_applied, same event: true
	// row 3: version 1, candidate_measured, same event: true
	// row 4: version 1, gate_decision_recorded, same event: true
	// verify: <nil>
	// edited row decodes: true false
	// verify: toolloop: ledger chain broken: record 2: hash does not match the record
}
