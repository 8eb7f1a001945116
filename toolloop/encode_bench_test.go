package toolloop

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// This file holds the allocation tests and the benchmarks of the writers.
// The targets: MarshalEvent at least 2x faster than
// encoding/json.Marshal of the same Go value with at most 2 allocations, for
// every event of the public corpus (the decoded events.direct.jsonl lines);
// AppendEvent into a large enough buffer without allocation; the same for
// MarshalLedgerRow; EventLog.Push without retention in O(1) memory and at
// most 2 allocations (eventlog_test.go).

var (
	sinkBytes  []byte
	sinkString string
	sinkErr    error
)

// corpus returns the events of events.direct.jsonl, decoded by
// UnmarshalEvent.
func corpus(tb testing.TB) []LoopEvent {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "toolloop", "events.direct.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	var evs []LoopEvent
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		ev, err := UnmarshalEvent([]byte(l))
		if err != nil {
			tb.Fatal(err)
		}
		evs = append(evs, ev)
	}
	if len(evs) != 24 {
		tb.Fatalf("%d corpus events, want 24", len(evs))
	}
	return evs
}

// allocCorpus is every event the allocation tests run on: the public corpus
// and the samples.
func allocCorpus(t *testing.T) []LoopEvent {
	return append(append(corpus(t), allEventSamples()...), variantEventSamples()...)
}

// TestMarshalAllocatesOnce checks that MarshalEvent, MarshalEnvelope and
// MarshalLedgerRow allocate only their result, in both layouts, for every
// event of the corpus and the samples, and that EventHash allocates only
// its result when the direct form is at most 16 KiB (beyond, the
// canon.Digest it streams through allocates its state).
func TestMarshalAllocatesOnce(t *testing.T) {
	for _, enc := range []Encoder{{}, legacyEncoder} {
		for i, ev := range allocCorpus(t) {
			for name, fn := range map[string]func(LoopEvent) ([]byte, error){
				"MarshalEvent": enc.MarshalEvent, "MarshalEnvelope": enc.MarshalEnvelope,
				"MarshalLedgerRow": enc.MarshalLedgerRow} {
				if a := testing.AllocsPerRun(10, func() { sinkBytes, sinkErr = fn(ev) }); a != 1 {
					t.Errorf("event %d (%s): %s made %.1f allocations, want 1", i, ev.EventName(), name, a)
				}
			}
			out, _ := enc.MarshalEvent(ev)
			if len(out) > 16<<10 {
				continue
			}
			if a := testing.AllocsPerRun(10, func() { sinkString, sinkErr = enc.EventHash(ev) }); a != 1 {
				t.Errorf("event %d (%s): EventHash made %.1f allocations, want 1", i, ev.EventName(), a)
			}
		}
	}
	// An event value given directly (boxed at the call) costs nothing more.
	if a := testing.AllocsPerRun(10, func() {
		sinkBytes, sinkErr = MarshalEvent(EffectDeniedEvent{CallID: "c", Reason: "r", Class: ResidualClassPolicy})
	}); a > 1 {
		t.Errorf("MarshalEvent of an event value made %.1f allocations", a)
	}
}

// TestAppendIntoASizedBufferDoesNotAllocate checks AppendEvent and
// AppendLedgerRow into a buffer with enough spare capacity.
func TestAppendIntoASizedBufferDoesNotAllocate(t *testing.T) {
	buf := make([]byte, 0, 1<<16)
	for _, enc := range []Encoder{{}, legacyEncoder} {
		for i, ev := range allocCorpus(t) {
			for name, fn := range map[string]func([]byte, LoopEvent) ([]byte, error){
				"AppendEvent": enc.AppendEvent, "AppendLedgerRow": enc.AppendLedgerRow} {
				if a := testing.AllocsPerRun(10, func() { sinkBytes, sinkErr = fn(buf[:0], ev) }); a != 0 || sinkErr != nil {
					t.Errorf("event %d (%s): %s made %.1f allocations (%v)", i, ev.EventName(), name, a, sinkErr)
				}
			}
		}
	}
	// A buffer of exactly the output's size is large enough.
	for i, ev := range allocCorpus(t) {
		out, err := MarshalEvent(ev)
		if err != nil {
			t.Fatal(err)
		}
		exact := make([]byte, 0, len(out))
		if a := testing.AllocsPerRun(10, func() { sinkBytes, sinkErr = AppendEvent(exact, ev) }); a != 0 ||
			string(sinkBytes) != string(out) {
			t.Errorf("event %d (%s): AppendEvent into a buffer of the exact size made %.1f allocations", i,
				ev.EventName(), a)
		}
	}
	v := MustParseValue(`{"a":[1e16,2.5e-7,"1e+5"]}`)
	if a := testing.AllocsPerRun(10, func() { sinkBytes = legacyEncoder.AppendValue(buf[:0], v) }); a != 0 {
		t.Errorf("legacy AppendValue made %.1f allocations", a)
	}
}

// ledgerRowValue is the ledger row as a Go value, for the encoding/json
// baseline of MarshalLedgerRow.
type ledgerRowValue struct {
	Event   string     `json:"event"`
	Kind    string     `json:"kind"`
	Payload EnvelopeV1 `json:"payload"`
}

// compare alternates batches of ours and of base and reports the ratio of
// their fastest batches as x-json (base time over ours: the speed-up, target
// at least 2), with the per-call times of those batches as ns and json-ns.
// The fastest batch is the one least disturbed by other work on a shared
// machine. Its ns/op covers one batch of each.
func compare(b *testing.B, ours, base func()) {
	const batch = 8
	oursBest, baseBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for b.Loop() {
		start := time.Now()
		for range batch {
			ours()
		}
		mid := time.Now()
		for range batch {
			base()
		}
		oursBest = min(oursBest, mid.Sub(start))
		baseBest = min(baseBest, time.Since(mid))
	}
	b.ReportMetric(float64(baseBest)/float64(oursBest), "x-json")
	b.ReportMetric(float64(oursBest)/batch, "ours-ns")
	b.ReportMetric(float64(baseBest)/batch, "json-ns")
}

// BenchmarkMarshalEventVsEncodingJSON compares MarshalEvent with
// encoding/json.Marshal of the same Go value, event by event of the public
// corpus (x-json is the speed-up).
func BenchmarkMarshalEventVsEncodingJSON(b *testing.B) {
	for i, ev := range corpus(b) {
		if _, err := json.Marshal(ev); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%02d_%s", i+1, ev.EventName()), func(b *testing.B) {
			compare(b, func() { sinkBytes, sinkErr = MarshalEvent(ev) },
				func() { sinkBytes, sinkErr = json.Marshal(ev) })
		})
	}
}

// BenchmarkMarshalLedgerRowVsEncodingJSON compares MarshalLedgerRow with
// encoding/json.Marshal of the row as a Go value, event by event.
func BenchmarkMarshalLedgerRowVsEncodingJSON(b *testing.B) {
	for i, ev := range corpus(b) {
		row := ledgerRowValue{Event: "custom", Kind: LedgerKindToolLoop, Payload: EnvelopeV1{SchemaVersion: 1, Body: ev}}
		b.Run(fmt.Sprintf("%02d_%s", i+1, ev.EventName()), func(b *testing.B) {
			compare(b, func() { sinkBytes, sinkErr = MarshalLedgerRow(ev) },
				func() { sinkBytes, sinkErr = json.Marshal(row) })
		})
	}
}

// corpusSize returns the total length of the corpus's direct forms.
func corpusSize(b *testing.B, evs []LoopEvent) int64 {
	n := 0
	for _, ev := range evs {
		out, err := MarshalEvent(ev)
		if err != nil {
			b.Fatal(err)
		}
		n += len(out)
	}
	return int64(n)
}

// writeAll writes every event of evs with write, into the sinks.
func writeAll(evs []LoopEvent, write func(LoopEvent) ([]byte, error)) {
	for _, ev := range evs {
		sinkBytes, sinkErr = write(ev)
	}
}

// benchWriteAll runs writeAll once per operation and reports allocations.
func benchWriteAll(b *testing.B, evs []LoopEvent, write func(LoopEvent) ([]byte, error)) {
	b.ReportAllocs()
	for b.Loop() {
		writeAll(evs, write)
	}
}

// jsonMarshal is encoding/json.Marshal of an event, the peer of the
// writers.
func jsonMarshal(ev LoopEvent) ([]byte, error) { return json.Marshal(ev) }

// BenchmarkMarshalEventCorpus writes the whole public corpus per operation.
func BenchmarkMarshalEventCorpus(b *testing.B) {
	evs := corpus(b)
	b.SetBytes(corpusSize(b, evs))
	benchWriteAll(b, evs, MarshalEvent)
}

// BenchmarkEncodingJSONCorpus is the baseline of BenchmarkMarshalEventCorpus:
// encoding/json.Marshal of the same values.
func BenchmarkEncodingJSONCorpus(b *testing.B) {
	evs := corpus(b)
	b.SetBytes(corpusSize(b, evs))
	benchWriteAll(b, evs, jsonMarshal)
}

// BenchmarkMarshalEventVsEncodingJSONCorpus reports the speed-up over the
// whole corpus in one run.
func BenchmarkMarshalEventVsEncodingJSONCorpus(b *testing.B) {
	evs := corpus(b)
	compare(b, func() { writeAll(evs, MarshalEvent) }, func() { writeAll(evs, jsonMarshal) })
}

// BenchmarkAppendEventCorpus writes the corpus into a reused buffer.
func BenchmarkAppendEventCorpus(b *testing.B) {
	evs := corpus(b)
	b.SetBytes(corpusSize(b, evs))
	buf := make([]byte, 0, 1<<16)
	benchWriteAll(b, evs, func(ev LoopEvent) ([]byte, error) { return AppendEvent(buf[:0], ev) })
}

// BenchmarkMarshalLedgerRowCorpus writes the corpus's ledger rows.
func BenchmarkMarshalLedgerRowCorpus(b *testing.B) {
	benchWriteAll(b, corpus(b), MarshalLedgerRow)
}

// BenchmarkAppendLedgerRowCorpus writes the corpus's ledger rows into a
// reused buffer.
func BenchmarkAppendLedgerRowCorpus(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	benchWriteAll(b, corpus(b), func(ev LoopEvent) ([]byte, error) { return AppendLedgerRow(buf[:0], ev) })
}

// BenchmarkEventLogPush pushes the corpus into a non-retaining log (one
// operation is one push).
func BenchmarkEventLogPush(b *testing.B) {
	evs := corpus(b)
	l := NewEventLog(false)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkErr = l.Push(evs[i%len(evs)])
		i++
	}
}

// BenchmarkEventHash hashes the corpus's events (one operation is one
// event).
func BenchmarkEventHash(b *testing.B) {
	evs := corpus(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkString, sinkErr = EventHash(evs[i%len(evs)])
		i++
	}
}
