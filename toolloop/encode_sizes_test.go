package toolloop

import (
	"fmt"
	"strings"
	"testing"

	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// sizedEvents returns events whose direct forms cross every buffer size
// the writers use (the stack buffers, the digest's chunk, window and
// buffer): strings of plain text and of text dense in escapes, and Values
// with and without exponents, from a few bytes to a quarter of a MiB.
func sizedEvents() []LoopEvent {
	var out []LoopEvent
	for _, n := range []int{1, 100, 400, 500, 1900, 2100, 4000, 4096, 4097, 6000, 12000, 16300, 16500, 40000, 250000} {
		plain := strings.ToValidUTF8(strings.Repeat("é-文字 plain text ", n/20+1)[:n], "")
		dense := strings.Repeat("\x01\"\\\n", n/4+1)[:n]
		var nums strings.Builder
		nums.WriteString(`{"a":"e+1 \" [","n":[`)
		for nums.Len() < n {
			fmt.Fprintf(&nums, "%d.5e+%d,", nums.Len(), nums.Len()%300)
		}
		nums.WriteString(`1]}`)
		out = append(out,
			EffectAppliedEvent{CallID: "c", Output: plain},
			EffectAppliedEvent{CallID: dense, Mutated: true, Output: dense},
			TurnObservedEvent{Turn: 1, Actor: plain, Output: TurnOutputText(dense)},
			ToolCallObservedEvent{Call: ProviderToolCall{CallID: "c", Name: plain,
				Arguments: MustParseValue(`["` + strings.Repeat("x", n) + `"]`)}},
			ToolCallObservedEvent{Call: ProviderToolCall{CallID: "c", Name: "n", Arguments: MustParseValue(nums.String())}},
			ToolBatchConflictEvent{CallID: "c", ConflictsWith: "d", Resources: strings.Split(strings.Repeat("r,", n/2)+"s", ",")},
		)
	}
	return out
}

// TestWritersAgreeAtEverySize checks that every way of writing an event
// gives the same bytes and hashes, whichever buffers its output crosses:
// MarshalEvent, AppendEvent, EventHash, MarshalLedgerRow and
// AppendLedgerRow in both layouts, and the seed and delta digests of
// conversations holding the same text.
func TestWritersAgreeAtEverySize(t *testing.T) {
	for _, enc := range []Encoder{{}, legacyEncoder} {
		for i, ev := range sizedEvents() {
			direct, err := enc.MarshalEvent(ev)
			if err != nil {
				t.Fatal(i, err)
			}
			if b, _ := enc.AppendEvent([]byte("x"), ev); string(b) != "x"+string(direct) {
				t.Errorf("event %d: AppendEvent differs from MarshalEvent", i)
			}
			if h, err := enc.EventHash(ev); err != nil || h != ContentHash(direct) {
				t.Errorf("event %d (%d bytes, layout %d): EventHash is not the hash of the direct form (%v)", i,
					len(direct), enc.Floats, err)
			}
			row, err := enc.MarshalLedgerRow(ev)
			if err != nil {
				t.Fatal(i, err)
			}
			if b, _ := enc.AppendLedgerRow(nil, ev); string(b) != string(row) {
				t.Errorf("event %d: AppendLedgerRow differs from MarshalLedgerRow", i)
			}
			if want := ledgerRowPrefix + envelopePrefix; !strings.HasPrefix(string(row), want) {
				t.Errorf("event %d: ledger row starts %.40q", i, row)
			}
		}
		for _, n := range []int{10, 3000, 20000} {
			text := strings.Repeat("a\"文", n)
			c := Conversation{Messages: []Message{MessageUser{Content: text}, MessageSystem{Content: text}}}
			conv, err := enc.MarshalConversation(c)
			if err != nil {
				t.Fatal(err)
			}
			if d, _ := enc.SeedDigest(c); d != ContentHash([]byte(seedDigestPrefix+string(conv))) {
				t.Errorf("%d: SeedDigest is not the hash of the prefixed direct form", n)
			}
			prior := strings.Repeat("p", n)
			delta := ConversationDeltaMessage{Message: MessageAssistant{Content: text}}
			dd, err := enc.MarshalConversationDelta(delta)
			if err != nil {
				t.Fatal(err)
			}
			if d, _ := enc.DeltaDigest(prior, delta); d != ContentHash([]byte(prior+":"+string(dd))) {
				t.Errorf("%d: DeltaDigest is not the hash of prior, ':' and the direct form", n)
			}
		}
	}
}

// TestWritersFailAlikeAtEverySize checks that an invalid string fails the
// same way wherever it stands relative to the buffers: before, inside or
// after a string too long to fit.
func TestWritersFailAlikeAtEverySize(t *testing.T) {
	for _, n := range []int{10, 3000, 20000} {
		long := strings.Repeat("y", n)
		for _, ev := range []LoopEvent{
			ToolBatchConflictEvent{CallID: "\xff", ConflictsWith: long},
			ToolBatchConflictEvent{CallID: long, ConflictsWith: "\xff"},
			ToolBatchConflictEvent{CallID: long, ConflictsWith: long, Resources: []string{long, "\xff"}},
			ToolBatchConflictEvent{CallID: long + "\xff"},
		} {
			_, want := AppendEvent(nil, ev)
			if want == nil {
				t.Fatal("no error")
			}
			for name, f := range map[string]func() error{
				"MarshalEvent":     func() error { _, err := MarshalEvent(ev); return err },
				"EventHash":        func() error { _, err := EventHash(ev); return err },
				"MarshalLedgerRow": func() error { _, err := MarshalLedgerRow(ev); return err },
			} {
				if err := f(); err == nil || err.Error() != want.Error() {
					t.Errorf("%d: %s: %v, want %v", n, name, err, want)
				}
			}
		}
	}
}

// TestLargeEventsCostOneBuffer pins the memory of writing and hashing an
// event of several MiB: MarshalEvent allocates one buffer of at most a
// quarter more than its output (unless escapes lengthen a string by more
// than that), and EventHash and SeedDigest no buffer that grows with the
// event (the digest's fixed window only), for plain text, text dense in
// escapes, long Values and many strings.
func TestLargeEventsCostOneBuffer(t *testing.T) {
	const n = 4 << 20
	text := strings.Repeat("plain 文字 text\n", n/16)
	dense := strings.Repeat("\"\\\t\n", n/4)
	words := strings.Repeat("plain 文字 text ", n/16)
	for name, ev := range map[string]LoopEvent{
		"plain": EffectAppliedEvent{CallID: "c", Output: text},
		"dense": TurnObservedEvent{Actor: "a", Output: TurnOutputText(dense)},
		"value": ToolCallObservedEvent{Call: ProviderToolCall{Arguments: MustParseValue(`["` + words + `"]`)}},
		"twice": ToolBatchConflictEvent{CallID: text, ConflictsWith: text},
		"many":  ToolBatchConflictEvent{Resources: strings.Split(text, "\n")},
		"numbers": ToolCallObservedEvent{Call: ProviderToolCall{Arguments: MustParseValue(
			"[" + strings.Repeat("1.5e-7,", n/7) + "0]")}},
	} {
		out, err := MarshalEvent(ev)
		if err != nil {
			t.Fatal(err)
		}
		limit := uint64(len(out))*5/4 + 4096
		if name == "dense" {
			// Escapes double the string: the buffer grows as append
			// grows it.
			limit = 4 * uint64(len(out))
		}
		if got := content.Allocated(func() { sinkBytes, sinkErr = MarshalEvent(ev) }); got > limit {
			t.Errorf("%s: MarshalEvent allocated %d bytes for %d out", name, got, len(out))
		}
		if allocs := testing.AllocsPerRun(2, func() { sinkBytes, sinkErr = MarshalEvent(ev) }); allocs > 1 &&
			name != "dense" {
			t.Errorf("%s: MarshalEvent made %.0f allocations", name, allocs)
		}
		for fn, f := range map[string]func(){
			"EventHash":        func() { sinkString, sinkErr = EventHash(ev) },
			"legacy EventHash": func() { sinkString, sinkErr = legacyEncoder.EventHash(ev) },
		} {
			if got := content.Allocated(f); got > 64<<10 {
				t.Errorf("%s: %s allocated %d bytes", name, fn, got)
			}
		}
	}
	c := Conversation{Messages: []Message{MessageUser{Content: text}, MessageAssistant{Content: dense}}}
	if got := content.Allocated(func() { sinkString, sinkErr = SeedDigest(c) }); got > 64<<10 || sinkErr != nil {
		t.Errorf("SeedDigest allocated %d bytes (%v)", got, sinkErr)
	}
}

// FuzzWritersAtEverySize writes events holding a fuzzed string repeated up
// to 64 Ki times (across every buffer the writers use, valid UTF-8 or not)
// and checks that MarshalEvent, AppendEvent, EventHash, MarshalLedgerRow
// and AppendLedgerRow agree in both layouts, or fail alike.
func FuzzWritersAtEverySize(f *testing.F) {
	f.Add("plain text ", uint16(300))
	f.Add("\"\\\n\x01", uint16(2000))
	f.Add("文字\u2028", uint16(1500))
	f.Add("ok", uint16(9000))
	f.Add("\xff", uint16(1))
	f.Fuzz(func(t *testing.T, s string, n uint16) {
		long := strings.Repeat(s, int(n))
		v, err := ParseValue([]byte(`["` + strings.ReplaceAll(strings.ReplaceAll(long, `\`, `\\`), `"`, `\"`) + `",1e+300]`))
		if err != nil {
			v = Value{}
		}
		for _, ev := range []LoopEvent{
			EffectAppliedEvent{CallID: s, Output: long},
			ToolBatchConflictEvent{CallID: long, ConflictsWith: s, Resources: []string{s, long, s}},
			ToolCallObservedEvent{Call: ProviderToolCall{CallID: s, Name: long, Arguments: v}},
		} {
			for _, enc := range []Encoder{{}, legacyEncoder} {
				appended, wantErr := enc.AppendEvent(nil, ev)
				direct, err := enc.MarshalEvent(ev)
				if string(direct) != string(appended) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Fatalf("MarshalEvent %v differs from AppendEvent %v", err, wantErr)
				}
				h, err := enc.EventHash(ev)
				if fmt.Sprint(err) != fmt.Sprint(wantErr) || err == nil && h != ContentHash(appended) {
					t.Fatalf("EventHash %v differs from the hash of AppendEvent %v", err, wantErr)
				}
				rowAppended, rowErr := enc.AppendLedgerRow(nil, ev)
				row, err := enc.MarshalLedgerRow(ev)
				if string(row) != string(rowAppended) || fmt.Sprint(err) != fmt.Sprint(rowErr) {
					t.Fatalf("MarshalLedgerRow %v differs from AppendLedgerRow %v", err, rowErr)
				}
			}
		}
	})
}
