package toolloop

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// The content-class benchmarks: the string-heavy events built from every
// class of the benchmark corpus (testdata/corpus), at 2 KiB and 4 KiB of
// text, each compared in the same run, interleaved, with its baseline:
//
//	go test -cpu 1 -run '^$' -bench 'Corpus.*Vs' -benchtime 200x ./toolloop/
//
// Each benchmark ends with a "summary" sub-benchmark giving the worst class
// and the median. Three events carry the text: effect_applied (its
// output), turn_observed (a Text output) and tool_call_observed (arguments
// holding the text as a JSON object's string member; the class
// "json-dump" holds instead a JSON array of the jsonl class's records).
// The invalid-utf8 class is made valid with strings.ToValidUTF8 first:
// perspt's strings are Rust Strings, always valid UTF-8, and a Go caller
// must do the same before an event can be written.

// corpusSizes are the text sizes of the content-class events.
var corpusSizes = []int{2048, 4096}

// classEvent is one content-class event: the event, the same value as
// encoding/json sees it (a mirror struct where the event holds a Value or
// a sealed interface), and its direct form.
type classEvent struct {
	name   string // e.g. "effect_applied/cjk/4096"
	text   string // the text the event carries, for the kernel benchmarks ("" for a json-dump)
	ev     LoopEvent
	mirror any        // the baseline's value: encoding/json writes the same members
	mirPtr func() any // a new pointer to decode the direct form into, for the baseline
	direct []byte
	size   int // the text size the event was built for
}

// The mirror types: what encoding/json users would write for the events
// whose members encoding/json cannot handle (a Value is a json.RawMessage,
// a TurnOutput the object of its variant).
type (
	turnObservedMirror struct {
		Turn   uint32 `json:"turn"`
		Actor  string `json:"actor"`
		Output struct {
			Text string `json:"Text"`
		} `json:"output"`
	}
	toolCallObservedMirror struct {
		Call struct {
			CallID    string          `json:"call_id"`
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"call"`
	}
)

// jsonDump returns a JSON array of the first records of the jsonl class,
// about n bytes.
func jsonDump(tb testing.TB, classes []content.Class, n int) string {
	for _, c := range classes {
		if c.Name != "jsonl" {
			continue
		}
		var b strings.Builder
		b.WriteByte('[')
		for i, line := range strings.Split(c.Text, "\n") {
			if b.Len()+len(line) > n && i > 0 {
				break
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(line)
		}
		b.WriteByte(']')
		return b.String()
	}
	tb.Fatal("no jsonl class in the corpus")
	return ""
}

// classEvents returns the content-class events, in a fixed order.
func classEvents(tb testing.TB) []classEvent { return classEventsOf(tb, corpusSizes) }

// classEventsOf returns the content-class events of the given text sizes.
func classEventsOf(tb testing.TB, sizes []int) []classEvent {
	tb.Helper()
	classes := content.Load(tb)
	var out []classEvent
	var text string
	var size int
	add := func(name string, ev LoopEvent, mirror any, mirPtr func() any) {
		direct, err := MarshalEvent(ev)
		if err != nil {
			tb.Fatal(name, err)
		}
		out = append(out, classEvent{name, text, ev, mirror, mirPtr, direct, size})
	}
	for _, n := range sizes {
		size = n
		for _, c := range classes {
			text = strings.ToValidUTF8(c.Prefix(n), "\uFFFD")
			suffix := "/" + c.Name + "/" + fmt.Sprint(n)
			ea := EffectAppliedEvent{CallID: "call_7f3a9c", Mutated: true, Output: text}
			add(tagEffectApplied+suffix, ea, ea, func() any { return new(EffectAppliedEvent) })

			to := TurnObservedEvent{Turn: 7, Actor: "assistant", Output: TurnOutputText(text)}
			var tm turnObservedMirror
			tm.Turn, tm.Actor, tm.Output.Text = to.Turn, to.Actor, text
			add(tagTurnObserved+suffix, to, tm, func() any { return new(turnObservedMirror) })

			args, err := json.Marshal(map[string]string{"path": "workspace/notes/" + c.Name + ".txt", "content": text})
			if err != nil {
				tb.Fatal(err)
			}
			addToolCall(tb, add, tagToolCallObserved+suffix, args)
		}
		text = ""
		addToolCall(tb, add, tagToolCallObserved+"/json-dump/"+fmt.Sprint(n), []byte(jsonDump(tb, classes, n)))
	}
	return out
}

// addToolCall adds the tool_call_observed event whose arguments are the
// JSON text args.
func addToolCall(tb testing.TB, add func(string, LoopEvent, any, func() any), name string, args []byte) {
	v, err := ParseValue(args)
	if err != nil {
		tb.Fatal(name, err)
	}
	ev := ToolCallObservedEvent{Call: ProviderToolCall{CallID: "call_7f3a9c", Name: "write_file", Arguments: v}}
	var m toolCallObservedMirror
	m.Call.CallID, m.Call.Name, m.Call.Arguments = ev.Call.CallID, ev.Call.Name, v.Bytes()
	add(name, ev, m, func() any { return new(toolCallObservedMirror) })
}

// benchClasses runs one interleaved comparison per content-class event and
// the summary: speed-ups (base time over ours) when speedup is set, else
// ratios to a floor (ours over base).
func benchClasses(b *testing.B, unit string, speedup bool, cmp func(c *classEvent) (ours, base func())) {
	benchSome(b, unit, speedup, classEvents(b), cmp)
}

// textEvents returns the content-class events carrying one text (the
// effect_applied and turn_observed events).
func textEvents(b *testing.B) []classEvent {
	var out []classEvent
	for _, c := range classEvents(b) {
		if !strings.HasPrefix(c.name, tagToolCallObserved) {
			out = append(out, c)
		}
	}
	return out
}

func benchSome(b *testing.B, unit string, speedup bool, events []classEvent, cmp func(c *classEvent) (ours, base func())) {
	cases := content.Cases{Unit: unit, Speedup: speedup}
	for _, c := range events {
		cases.Run(b, c.name, c.size, func(b *testing.B) content.Result {
			ours, base := cmp(&c)
			return content.Versus(b, ours, base)
		})
	}
	cases.Report(b)
}

// BenchmarkCorpusMarshalEventVsEncodingJSON compares MarshalEvent with
// encoding/json.Marshal of the same value (x-json: the speed-up).
func BenchmarkCorpusMarshalEventVsEncodingJSON(b *testing.B) {
	benchClasses(b, "x-json", true, func(c *classEvent) (func(), func()) {
		return func() { sinkBytes, sinkErr = MarshalEvent(c.ev) },
			func() { sinkBytes, sinkErr = json.Marshal(c.mirror) }
	})
}

// BenchmarkCorpusMarshalLedgerRowVsEncodingJSON compares MarshalLedgerRow
// with encoding/json.Marshal of the row as a Go value.
func BenchmarkCorpusMarshalLedgerRowVsEncodingJSON(b *testing.B) {
	benchClasses(b, "x-json", true, func(c *classEvent) (func(), func()) {
		row := struct {
			Event   string `json:"event"`
			Kind    string `json:"kind"`
			Payload struct {
				Body          any    `json:"body"`
				SchemaVersion uint16 `json:"schema_version"`
			} `json:"payload"`
		}{Event: "custom", Kind: LedgerKindToolLoop}
		row.Payload.Body, row.Payload.SchemaVersion = c.mirror, 1
		return func() { sinkBytes, sinkErr = MarshalLedgerRow(c.ev) },
			func() { sinkBytes, sinkErr = json.Marshal(row) }
	})
}

// BenchmarkCorpusEventHashVsSHA256 compares EventHash with the SHA-256 of
// the bytes it hashes, the event's direct form (x-floor: ours over the
// floor).
func BenchmarkCorpusEventHashVsSHA256(b *testing.B) {
	var sum [sha256.Size]byte
	benchClasses(b, "x-floor", false, func(c *classEvent) (func(), func()) {
		return func() { sinkString, sinkErr = EventHash(c.ev) },
			func() { sum = sha256.Sum256(c.direct) }
	})
	_ = sum
}

// BenchmarkCorpusUnmarshalEventVsEncodingJSON compares UnmarshalEvent of
// the direct form with encoding/json.Unmarshal of the same bytes into the
// same Go type (or its mirror).
func BenchmarkCorpusUnmarshalEventVsEncodingJSON(b *testing.B) {
	benchClasses(b, "x-json", true, func(c *classEvent) (func(), func()) {
		return func() { decSinkEvent, decSinkErr = UnmarshalEvent(c.direct) },
			func() { decSinkErr = json.Unmarshal(c.direct, c.mirPtr()) }
	})
}

// BenchmarkCorpusAppendEvent writes each content-class event into a reused
// buffer (0 allocations).
func BenchmarkCorpusAppendEvent(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	for _, c := range classEvents(b) {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.direct)))
			b.ReportAllocs()
			for b.Loop() {
				sinkBytes, sinkErr = AppendEvent(buf[:0], c.ev)
			}
		})
	}
}

// TestCorpusEventsAllocations pins the allocations of every content-class
// event: MarshalEvent, MarshalLedgerRow and EventHash allocate only their
// result, AppendEvent and AppendLedgerRow into a large enough buffer
// nothing, and the encoders agree with encoding/json on the bytes' meaning.
func TestCorpusEventsAllocations(t *testing.T) {
	buf := make([]byte, 0, 1<<16)
	for _, c := range classEvents(t) {
		for _, enc := range []Encoder{{}, legacyEncoder} {
			checks := []struct {
				name string
				want float64
				f    func()
			}{
				{"MarshalEvent", 1, func() { sinkBytes, sinkErr = enc.MarshalEvent(c.ev) }},
				{"MarshalLedgerRow", 1, func() { sinkBytes, sinkErr = enc.MarshalLedgerRow(c.ev) }},
				{"EventHash", 1, func() { sinkString, sinkErr = enc.EventHash(c.ev) }},
				{"AppendEvent", 0, func() { sinkBytes, sinkErr = enc.AppendEvent(buf[:0], c.ev) }},
				{"AppendLedgerRow", 0, func() { sinkBytes, sinkErr = enc.AppendLedgerRow(buf[:0], c.ev) }},
			}
			for _, k := range checks {
				if a := testing.AllocsPerRun(5, k.f); a != k.want || sinkErr != nil {
					t.Errorf("%s: %s made %.0f allocations (%v), want %.0f", c.name, k.name, a, sinkErr, k.want)
				}
			}
		}
		if h, _ := EventHash(c.ev); h != ContentHash(c.direct) {
			t.Errorf("%s: EventHash is not the ContentHash of the direct form", c.name)
		}
		back, err := UnmarshalEvent(c.direct)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		again, _ := MarshalEvent(back)
		if string(again) != string(c.direct) {
			t.Errorf("%s: the direct form does not round-trip", c.name)
		}
		m := c.mirPtr()
		if err := json.Unmarshal(c.direct, m); err != nil {
			t.Errorf("%s: encoding/json cannot read the direct form: %v", c.name, err)
		}
	}
}

// The kernel benchmarks compare the text events with the internal/canon
// string kernel doing their string work alone (x-kernel: ours over the
// kernel's time): escaping the text into a reused buffer, the same plus
// SHA-256 of the escaped text, and scanning and unescaping the text's JSON
// string. What is above 1 is toolloop's own work; the rest moves with the
// kernel's speed.
//
//	go test -cpu 1 -run '^$' -bench 'Corpus.*VsKernel' -benchtime 200x ./toolloop/

// BenchmarkCorpusMarshalEventVsKernel: MarshalEvent against
// canon.AppendSerdeString of its text.
func BenchmarkCorpusMarshalEventVsKernel(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	benchSome(b, "x-kernel", false, textEvents(b), func(c *classEvent) (func(), func()) {
		return func() { sinkBytes, sinkErr = MarshalEvent(c.ev) },
			func() { sinkBytes, _ = canon.AppendSerdeString(buf[:0], c.text) }
	})
}

// BenchmarkCorpusEventHashVsKernel: EventHash against
// canon.AppendSerdeString of its text followed by SHA-256 of the result.
func BenchmarkCorpusEventHashVsKernel(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	var sum [sha256.Size]byte
	benchSome(b, "x-kernel", false, textEvents(b), func(c *classEvent) (func(), func()) {
		return func() { sinkString, sinkErr = EventHash(c.ev) },
			func() { sinkBytes, _ = canon.AppendSerdeString(buf[:0], c.text); sum = sha256.Sum256(sinkBytes) }
	})
	_ = sum
}

// BenchmarkCorpusUnmarshalEventVsKernel: UnmarshalEvent against a strict
// canon.Scanner reading the text's JSON string while decoding it into a
// reused buffer (NextDecoding), then into a new string.
func BenchmarkCorpusUnmarshalEventVsKernel(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	var s canon.Scanner
	benchSome(b, "x-kernel", false, textEvents(b), func(c *classEvent) (func(), func()) {
		quoted, _ := canon.AppendSerdeString(nil, c.text)
		return func() { decSinkEvent, decSinkErr = UnmarshalEvent(c.direct) },
			func() {
				s.Reset(quoted, true, canon.SerdeMaxDepth)
				var text []byte
				_, text, decSinkErr = s.NextDecoding(buf[:0])
				sinkString = string(text)
			}
	})
}
