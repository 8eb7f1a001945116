package toolloop

import (
	"runtime"
	"strings"
	"testing"
)

// TestEventLogDoesNotKeepAScratchBufferGrownForOneLargeEvent: after one
// 8 MiB event the log holds no buffer of that size (it used to keep it for
// its lifetime), and ordinary events still push without allocating.
func TestEventLogDoesNotKeepAScratchBufferGrownForOneLargeEvent(t *testing.T) {
	small := allEventSamples()[0]
	l := NewEventLog(false)
	if err := l.Push(small); err != nil {
		t.Fatal(err)
	}
	before := heapAfterGC()
	big := TurnObservedEvent{Turn: 1, Actor: strings.Repeat("a", 8<<20), Output: TurnOutputText("t")}
	if err := l.Push(big); err != nil {
		t.Fatal(err)
	}
	big = TurnObservedEvent{}
	after := heapAfterGC()
	runtime.KeepAlive(l)
	if after > before && after-before > 1<<20 {
		t.Errorf("the live heap grew by %d bytes after one 8 MiB event", after-before)
	}
	if c := cap(l.scratch); c > maxKeptScratch {
		t.Errorf("the log keeps a %d-byte scratch buffer", c)
	}
	if allocs := testing.AllocsPerRun(20, func() {
		if err := l.Push(small); err != nil {
			t.Fatal(err)
		}
	}); allocs > 0 {
		t.Errorf("Push of an ordinary event after a large one made %.1f allocations", allocs)
	}
	// An event just within the bound keeps its buffer for the next push.
	l2 := NewEventLog(false)
	var mid LoopEvent = TurnObservedEvent{Turn: 1, Actor: strings.Repeat("a", maxKeptScratch/2), Output: TurnOutputText("t")}
	if err := l2.Push(mid); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(20, func() { _ = l2.Push(mid) }); allocs > 0 {
		t.Errorf("Push of a %d-byte event made %.1f allocations", maxKeptScratch/2, allocs)
	}
}
