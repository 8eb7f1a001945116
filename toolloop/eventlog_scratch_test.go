package toolloop

import (
	"runtime"
	"strings"
	"testing"

	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// TestEventLogHoldsNoBufferOfTheEvents: a non-retaining log keeps nothing
// of the events it hashed (after one 8 MiB event the live heap has not
// grown), streams a large event through a fixed window instead of writing
// it whole, and pushes events of up to 16 KiB without allocating.
func TestEventLogHoldsNoBufferOfTheEvents(t *testing.T) {
	small := allEventSamples()[0]
	l := NewEventLog(false)
	if err := l.Push(small); err != nil {
		t.Fatal(err)
	}
	before := heapAfterGC()
	big := TurnObservedEvent{Turn: 1, Actor: strings.Repeat("a", 8<<20), Output: TurnOutputText("t")}
	if n := content.Allocated(func() { sinkErr = l.Push(big) }); n > 64<<10 || sinkErr != nil {
		t.Errorf("Push of an 8 MiB event allocated %d bytes (%v)", n, sinkErr)
	}
	big = TurnObservedEvent{}
	after := heapAfterGC()
	runtime.KeepAlive(l)
	if after > before && after-before > 1<<20 {
		t.Errorf("the live heap grew by %d bytes after one 8 MiB event", after-before)
	}
	var mid LoopEvent = TurnObservedEvent{Turn: 1, Actor: strings.Repeat("a", 15<<10), Output: TurnOutputText("t")}
	for _, ev := range []LoopEvent{small, mid} {
		if allocs := testing.AllocsPerRun(20, func() { sinkErr = l.Push(ev) }); allocs > 0 || sinkErr != nil {
			t.Errorf("Push of a %s made %.1f allocations (%v)", ev.EventName(), allocs, sinkErr)
		}
	}
}
