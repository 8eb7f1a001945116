package conversationprojection

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// testObserver is an Observer that records what it is told.
type testObserver struct{ events []string }

func (r *testObserver) OnProjection(stage Stage, s ProjectionSummary) {
	r.events = append(r.events, fmt.Sprintf("projection %s %d", stage, s.InjectedCount))
}
func (r *testObserver) OnProjectionFailure(stage Stage) {
	r.events = append(r.events, "failure "+stage)
}
func (r *testObserver) OnAnchorFallback(stage Stage, p AnchorMissingPolicy) {
	r.events = append(r.events, "fallback "+stage+" "+string(p))
}
func (r *testObserver) OnAnchorFailure(p AnchorMissingPolicy) {
	r.events = append(r.events, "anchor failure "+string(p))
}

// testReader is a Reader over a fixed map.
type testReader map[string]Snapshot

func (m testReader) Snapshot(ctx context.Context, aLegID string) (Snapshot, error) {
	if err := ctx.Err(); err != nil {
		return Snapshot{}, err
	}
	s, ok := m[aLegID]
	if !ok {
		return Snapshot{}, fmt.Errorf("leg %d: %w", len(aLegID), ErrALegNotFound)
	}
	return s, nil
}

var (
	_ Observer = (*testObserver)(nil)
	_ Reader   = testReader(nil)
)

func TestStageValues(t *testing.T) {
	for got, want := range map[Stage]string{
		StageEarly: "early", StageFinal: "final", StageLate: "late", StageSDKResolve: "sdk_resolve",
	} {
		if got != want {
			t.Errorf("stage %q, want %q", got, want)
		}
	}
}

func TestPortsAreImplementable(t *testing.T) {
	var o Observer = &testObserver{}
	o.OnProjection(StageEarly, ProjectionSummary{InjectedCount: 2})
	o.OnProjectionFailure(StageLate)
	o.OnAnchorFallback(StageFinal, AnchorStablePrefixFallback)
	o.OnAnchorFailure(AnchorFailClosed)
	want := []string{"projection early 2", "failure late", "fallback final stable_prefix_fallback", "anchor failure fail_closed"}
	got := o.(*testObserver).events
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("events = %q, want %q", got, want)
	}

	var r Reader = testReader{"leg-1": {StateRevision: 7}}
	if s, err := r.Snapshot(context.Background(), "leg-1"); err != nil || s.StateRevision != 7 {
		t.Errorf("Snapshot(leg-1) = %+v, %v", s, err)
	}
	if _, err := r.Snapshot(context.Background(), "leg-2"); !errors.Is(err, ErrALegNotFound) {
		t.Errorf("Snapshot(leg-2) error = %v, want ErrALegNotFound", err)
	}
}
