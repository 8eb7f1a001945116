package toolloop_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/agentkernel/agentkernel/toolloop"
)

// readLedger reads a whole ledger file against its pin and returns its
// records, or the reader's failure.
func readLedger(file []byte, head string, length uint64) ([]toolloop.LedgerRecord, error) {
	r := toolloop.NewLedgerReader(bytes.NewReader(file), head, length)
	var records []toolloop.LedgerRecord
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return records, nil // the file is proven: its records may be used
		}
		if err != nil {
			return nil, err
		}
		records = append(records, rec)
	}
}

// A loop writes its events to a ledger file and keeps the writer's head and
// length after each durable write, out of reach of whoever can change the
// file. Reading the file back against them proves it whole and unaltered;
// then its rows are decoded, and rows of other kinds are skipped. A process
// that restarts continues the file from the same head and length.
func ExampleLedgerWriter() {
	var file bytes.Buffer // in production an *os.File opened with O_APPEND, synced after each write
	w := toolloop.NewLedgerWriter(&file)
	for _, ev := range []toolloop.LoopEvent{
		toolloop.ToolCallObservedEvent{Call: toolloop.ProviderToolCall{CallID: "c1", Name: "read_file",
			Arguments: toolloop.MustParseValue(`{"path":"a<b>.txt"}`)}},
		toolloop.EffectAppliedEvent{CallID: "c1", Output: "a & b"},
	} {
		if err := w.WriteEvent(ev); err != nil {
			fmt.Println(err)
			return
		}
	}
	// A row of another component that shares the ledger.
	if err := w.WriteRow([]byte(`{"event":"candidate_accepted","node_id":"n1"}`)); err != nil {
		fmt.Println(err)
		return
	}
	head, length := w.Head(), w.Len() // kept where the file's writers cannot change them
	fmt.Print(string(bytes.SplitAfter(file.Bytes(), []byte("\n"))[1]))

	records, err := readLedger(file.Bytes(), head, length)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rec := range records {
		d, err := toolloop.DecodeLedgerRow(rec.Row)
		switch {
		case err == nil:
			fmt.Printf("%d: %s\n", rec.Sequence, d.Event.EventName())
		case errors.Is(err, toolloop.ErrNotToolLoopRow):
			fmt.Printf("%d: not a tool_loop row\n", rec.Sequence)
		default:
			fmt.Printf("%d: %v\n", rec.Sequence, err)
		}
	}

	// After a restart, the file continues from its kept head and length.
	w, err = toolloop.ResumeLedgerWriter(&file, head, length)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := w.WriteEvent(toolloop.CandidateRestoredEvent{CheckpointID: "cp-1"}); err != nil {
		fmt.Println(err)
		return
	}
	records, err = readLedger(file.Bytes(), w.Head(), w.Len())
	fmt.Println(len(records), err)
	// Output:
	// {"seq":1,"prev":"0c129d317874da360e0465364c25bbf4a1ce74c6a139059c2552137a5c36c220","hash":"c2bf83e57332f842781b1fae4517c365d17bb67ee40a916f5db3c378f51826e7","row":{"event":"custom","kind":"tool_loop","payload":{"body":{"call_id":"c1","event":"effect_applied","mutated":false,"output":"a & b"},"schema_version":1}}}
	// 0: tool_call_observed
	// 1: effect_applied
	// 2: not a tool_loop row
	// 4 <nil>
}

// The reader accepts only the file the pin was taken from, naming the first
// line that differs: an edited row, a file cut short, or one rewritten with
// every hash recomputed, which chains as well as the original and is
// caught only by the kept head.
func ExampleLedgerReader() {
	write := func(outputs ...string) (file []byte, head string, length uint64) {
		var buf bytes.Buffer
		w := toolloop.NewLedgerWriter(&buf)
		for _, out := range outputs {
			if err := w.WriteEvent(toolloop.EffectAppliedEvent{CallID: "c1", Output: out}); err != nil {
				panic(err)
			}
		}
		return buf.Bytes(), w.Head(), w.Len()
	}
	file, head, length := write("ok", "ok", "ok")
	forged, _, _ := write("ok", "denied", "ok")
	lines := bytes.SplitAfter(file, []byte("\n"))
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"as written", file},
		{"edited", bytes.Replace(file, []byte(`"ok"`), []byte(`"OK"`), 1)},
		{"cut short", bytes.Join(lines[:2], nil)},
		{"rewritten", forged},
	} {
		_, err := readLedger(tc.file, head, length)
		fmt.Printf("%s: %v\n", tc.name, err)
	}
	// Output:
	// as written: <nil>
	// edited: toolloop: ledger chain broken: line 1: hash does not match the record
	// cut short: toolloop: ledger chain broken: 2 records, fewer than the pinned 3
	// rewritten: toolloop: ledger chain broken: line 3: hash differs from the pinned head
}
