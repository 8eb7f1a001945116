package toolloop

import (
	"errors"
	"reflect"
	"runtime"
	"testing"
)

// chainRows returns the columns of events.chain.tsv.
func chainRows(t *testing.T) [][]string {
	t.Helper()
	return vectorRows(t, "events.chain.tsv", 24, 7)
}

// TestEventHashFollowsTheVectors checks the event_hash column with the
// legacy encoder's EventHash, and NextChainRoot against chain_root.
func TestEventHashFollowsTheVectors(t *testing.T) {
	evs, _ := vectorEvents(t)
	root := ""
	for i, row := range chainRows(t) {
		h, err := legacyEncoder.EventHash(evs[i])
		if err != nil || h != row[2] {
			t.Errorf("event %s: EventHash = %s, %v; want %s", row[0], h, err, row[2])
		}
		root = NextChainRoot(root, row[2])
		if root != row[3] {
			t.Errorf("event %s: NextChainRoot = %s, want %s", row[0], root, row[3])
		}
	}
	if NextChainRoot("", "ab") != ContentHash([]byte(":ab")) {
		t.Error("NextChainRoot of the empty root does not hash \":\" + hash")
	}
}

// TestEventLogFollowsTheVectorChain feeds the vector events to legacy logs
// with and without retention: root, count and retained events after each
// push.
func TestEventLogFollowsTheVectorChain(t *testing.T) {
	evs, _ := vectorEvents(t)
	rows := chainRows(t)
	for _, retain := range []bool{false, true} {
		l := NewEventLogWith(legacyEncoder, retain)
		if l.Retains() != retain || l.Count() != 0 || l.ChainRoot() != "" || l.Events() != nil {
			t.Fatalf("retain=%v: new log is not empty", retain)
		}
		for i, ev := range evs {
			if err := l.Push(ev); err != nil {
				t.Fatalf("retain=%v: Push %d: %v", retain, i+1, err)
			}
			if l.ChainRoot() != rows[i][3] || l.Count() != uint64(i+1) {
				t.Errorf("retain=%v: after event %d: root %s count %d, want %s %d", retain, i+1, l.ChainRoot(), l.Count(),
					rows[i][3], i+1)
			}
			got := l.Events()
			if retain && !reflect.DeepEqual(got, evs[:i+1]) || !retain && got != nil {
				t.Errorf("retain=%v: Events after %d pushes = %d events", retain, i+1, len(got))
			}
		}
	}
}

// TestEventLogLayouts checks the zero EventLog and NewEventLog against the
// current layout, which departs from the legacy chain from event 23 (a Value
// holding 1e16) on.
func TestEventLogLayouts(t *testing.T) {
	evs, _ := vectorEvents(t)
	rows := chainRows(t)
	var zero EventLog
	current := NewEventLog(false)
	for i, ev := range evs {
		if err := zero.Push(ev); err != nil {
			t.Fatal(err)
		}
		if err := current.Push(ev); err != nil {
			t.Fatal(err)
		}
		if zero.ChainRoot() != current.ChainRoot() {
			t.Errorf("event %d: the zero log and NewEventLog differ", i+1)
		}
		if legacySame := zero.ChainRoot() == rows[i][3]; legacySame != (i < 22) {
			t.Errorf("event %d: current-layout root equal to the legacy one: %v", i+1, legacySame)
		}
	}
	if zero.Retains() || zero.Events() != nil || zero.Count() != 24 {
		t.Errorf("zero log: Retains %v, Events %v, Count %d", zero.Retains(), zero.Events(), zero.Count())
	}
}

// TestEventLogPushFailureChangesNothing pushes an event that cannot be
// encoded between valid ones: the log is unchanged and later pushes chain
// as if it had not happened.
func TestEventLogPushFailureChangesNothing(t *testing.T) {
	evs, _ := vectorEvents(t)
	rows := chainRows(t)
	l := NewEventLogWith(legacyEncoder, true)
	for i, ev := range evs[:3] {
		if err := l.Push(ev); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []LoopEvent{nil, (*TurnObservedEvent)(nil), TurnObservedEvent{}, EffectDeniedEvent{Class: "x"}} {
			if err := l.Push(bad); !errors.Is(err, ErrEncode) {
				t.Errorf("Push(%#v) = %v, want ErrEncode", bad, err)
			}
			if l.Count() != uint64(i+1) || l.ChainRoot() != rows[i][3] || len(l.Events()) != i+1 {
				t.Fatalf("a failed Push changed the log")
			}
		}
	}
}

// TestEventLogEventsIsACopy checks that Events returns a new slice each
// time, holding the pushed values themselves (pointers stay pointers).
func TestEventLogEventsIsACopy(t *testing.T) {
	l := NewEventLog(true)
	p := &CandidateRestoredEvent{CheckpointID: "cp"}
	for _, ev := range []LoopEvent{p, CandidateRestoredEvent{CheckpointID: "v"}} {
		if err := l.Push(ev); err != nil {
			t.Fatal(err)
		}
	}
	a := l.Events()
	a[1] = nil
	b := l.Events()
	if b[1] == nil || b[0] != LoopEvent(p) {
		t.Errorf("Events shares its slice or copies the events: %#v", b)
	}
}

func TestEventLogPushWithoutRetentionDoesNotAllocate(t *testing.T) {
	for i, ev := range allEventSamples() {
		l := NewEventLog(false)
		if allocs := testing.AllocsPerRun(20, func() {
			if err := l.Push(ev); err != nil {
				t.Fatal(err)
			}
		}); allocs > 0 {
			t.Errorf("sample %d (%s): Push made %.1f allocations", i, ev.EventName(), allocs)
		}
	}
}

// heapAfterGC returns the live heap after a full collection.
func heapAfterGC() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestEventLogWithoutRetentionKeepsConstantMemory pushes 100 000 events
// into a non-retaining log: the live heap stays within a small constant of
// its size after 100 pushes.
func TestEventLogWithoutRetentionKeepsConstantMemory(t *testing.T) {
	samples := allEventSamples()
	l := NewEventLog(false)
	push := func(n int) {
		for i := range n {
			if err := l.Push(samples[i%len(samples)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	push(100)
	before := heapAfterGC()
	push(100_000 - 100)
	after := heapAfterGC()
	runtime.KeepAlive(l)
	runtime.KeepAlive(samples)
	if l.Count() != 100_000 {
		t.Fatalf("count %d", l.Count())
	}
	if after > before && after-before > 64<<10 {
		t.Errorf("live heap grew from %d to %d bytes over 99 900 pushes", before, after)
	}
}
