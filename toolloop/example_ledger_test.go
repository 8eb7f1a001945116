package toolloop_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agentkernel/agentkernel/toolloop"
)

// jsonlRecord is one line of a ledger file, as LedgerWriter writes it: the
// record's sequence, the previous record's hash, its hash and the row
// exactly as stored. json.RawMessage keeps the row's bytes as they are in
// the line, which matters: record hashes cover the stored bytes, never a
// re-encoding.
type jsonlRecord struct {
	Sequence uint64          `json:"seq"`
	PrevHash string          `json:"prev"`
	Hash     string          `json:"hash"`
	Row      json.RawMessage `json:"row"`
}

// writeJSONL appends events to a ledger file.
func writeJSONL(w *toolloop.LedgerWriter, events ...toolloop.LoopEvent) {
	for _, ev := range events {
		if err := w.WriteEvent(ev); err != nil {
			panic(err)
		}
	}
}

// readJSONL reads a JSON Lines ledger into records.
func readJSONL(ledger string) ([]toolloop.LedgerRecord, error) {
	var records []toolloop.LedgerRecord
	sc := bufio.NewScanner(strings.NewReader(ledger))
	sc.Buffer(nil, 64<<20) // rows can be large: allow lines of up to 64 MiB
	for sc.Scan() {
		var line jsonlRecord
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, fmt.Errorf("line %d: %w", len(records)+1, err)
		}
		records = append(records, toolloop.LedgerRecord{Sequence: line.Sequence, PrevHash: line.PrevHash, Hash: line.Hash, Row: line.Row})
	}
	return records, sc.Err()
}

// A ledger file is JSON Lines, which encoding/json can read into records
// for VerifyLedger: it checks the record chain (sequences, links and hashes
// over the stored rows), then DecodeLedgerRow decodes each row, skipping
// the rows of other kinds that share the ledger. The chain carries no key,
// so whoever can rewrite the file can rewrite the whole chain, and a
// truncated tail still verifies: compare the head and length with values
// kept elsewhere, as LedgerReader does (see ExampleLedgerReader).
func ExampleVerifyLedger_jsonl() {
	var file strings.Builder
	w := toolloop.NewLedgerWriter(&file)
	writeJSONL(w,
		toolloop.ToolCallObservedEvent{Call: toolloop.ProviderToolCall{CallID: "c1", Name: "read_file",
			Arguments: toolloop.MustParseValue(`{"path":"a<b>.txt"}`)}},
		toolloop.EffectAppliedEvent{CallID: "c1", Output: "a & b"},
	)
	// A row of another kind, written by another component.
	if err := w.WriteRow([]byte(`{"event":"candidate_accepted","node_id":"n1"}`)); err != nil {
		panic(err)
	}
	writeJSONL(w, toolloop.CandidateRestoredEvent{CheckpointID: "cp-1"})
	trustedHead, trustedLen := w.Head(), w.Len() // kept outside the file

	records, err := readJSONL(file.String())
	if err != nil {
		panic(err)
	}
	fmt.Println("verify:", toolloop.VerifyLedger(records))
	fmt.Println("head and length match:", records[len(records)-1].Hash == trustedHead && uint64(len(records)) == trustedLen)
	for _, rec := range records {
		d, err := toolloop.DecodeLedgerRow(rec.Row)
		switch {
		case err == nil:
			fmt.Printf("%d: version %d %s\n", rec.Sequence, d.Version, d.Event.EventName())
		case errors.Is(err, toolloop.ErrNotToolLoopRow):
			fmt.Printf("%d: not a tool_loop row\n", rec.Sequence)
		default:
			fmt.Printf("%d: %v\n", rec.Sequence, err)
		}
	}

	// An edited line fails verification at its record.
	edited := strings.Replace(file.String(), `"output":"a & b"`, `"output":"a and b"`, 1)
	records, _ = readJSONL(edited)
	fmt.Println("edited:", toolloop.VerifyLedger(records))

	// A truncated ledger still verifies; only the trusted length tells.
	records, _ = readJSONL(file.String())
	records = records[:2]
	fmt.Println("truncated:", toolloop.VerifyLedger(records), uint64(len(records)) == trustedLen)
	// Output:
	// verify: <nil>
	// head and length match: true
	// 0: version 1 tool_call_observed
	// 1: version 1 effect_applied
	// 2: not a tool_loop row
	// 3: version 1 candidate_restored
	// edited: toolloop: ledger chain broken: record 1: hash does not match the record
	// truncated: <nil> false
}

// The record chain is unkeyed: a truncated or rewritten ledger still
// verifies on its own. A writer that pins its chain's head and length
// somewhere the ledger's storage cannot change detects both.
func ExampleVerifyLedgerHead() {
	var chain toolloop.LedgerChain
	var records []toolloop.LedgerRecord
	for _, row := range []string{`{"n":1}`, `{"n":2}`, `{"n":3}`} {
		records = append(records, chain.Append([]byte(row)))
	}
	head, length := chain.Head(), chain.Len() // kept in a trusted place

	truncated := records[:2]
	fmt.Println(toolloop.VerifyLedger(truncated))
	fmt.Println(toolloop.VerifyLedgerHead(truncated, head, length))
	fmt.Println(toolloop.VerifyLedgerHead(records, head, length))
	// Output:
	// <nil>
	// toolloop: ledger chain broken: 2 records, fewer than the pinned 3
	// <nil>
}
