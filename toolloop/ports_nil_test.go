package toolloop

import (
	"context"
	"errors"
	"testing"
	"time"
)

// valBase implements only the base ports, with value receivers: the
// dispatch functions would take their defaults without calling it. A typed
// nil *valBase panics ("value method ... called using nil pointer") on any
// call through an interface.
type valBase struct{}

func (valBase) Checkpoint(context.Context, []string) (CandidateCheckpoint, error) {
	return CandidateCheckpoint{}, nil
}
func (valBase) Apply(context.Context, ProviderToolCall, ToolEntry) (EffectOutcome, error) {
	return EffectOutcome{}, nil
}
func (valBase) Restore(context.Context, CandidateCheckpoint) error { return nil }
func (valBase) StateWitness(context.Context) (CandidateStateWitness, error) {
	return CandidateStateWitness{}, nil
}
func (valBase) Measure(context.Context) (Measured, error) { return Measured{}, nil }
func (valBase) Record(context.Context, LoopEvent) error   { return nil }

// valPorts implements every port and extension with value receivers (the
// base ports are valBase's): a typed nil *valPorts panics on any call
// through an interface too.
type valPorts struct{ valBase }

func (valPorts) ExportAccepted(context.Context) ([]SeedFile, error)             { return nil, nil }
func (valPorts) MeasureIncremental(context.Context) (Measured, error)           { return Measured{}, nil }
func (valPorts) ExternalIntent(context.Context, string, Value) error            { return nil }
func (valPorts) ExternalResult(context.Context, string, Value) error            { return nil }
func (valPorts) RecordArtifact(context.Context, []byte, string) (string, error) { return "h", nil }
func (valPorts) FetchArtifact(context.Context, string) ([]byte, bool, error)    { return nil, true, nil }

// Ports of the other nillable kinds, with value receivers.
type (
	mapPort   map[string]int
	slicePort []int
	funcPort  func()
	chanPort  chan int
)

func (mapPort) Measure(context.Context) (Measured, error)   { return Measured{}, nil }
func (mapPort) Record(context.Context, LoopEvent) error     { return nil }
func (slicePort) Measure(context.Context) (Measured, error) { return Measured{}, nil }
func (slicePort) Record(context.Context, LoopEvent) error   { return nil }
func (f funcPort) Measure(context.Context) (Measured, error) {
	f()
	return Measured{}, nil
}
func (f funcPort) Record(context.Context, LoopEvent) error { f(); return nil }
func (c chanPort) Measure(context.Context) (Measured, error) {
	<-c
	return Measured{}, nil
}
func (c chanPort) Record(context.Context, LoopEvent) error { <-c; return nil }

// valContext is a context with value receivers.
type valContext struct{ context.Context }

func (valContext) Deadline() (time.Time, bool) { return time.Time{}, false }
func (valContext) Done() <-chan struct{}       { return nil }
func (valContext) Err() error                  { return nil }
func (valContext) Value(any) any               { return nil }

// TestPortDispatchRejectsTypedNilPorts: every dispatch function returns an
// error wrapping ErrNilPort, without calling a method, for a port that is
// a typed nil of every nillable kind, whether or not its type implements
// the optional extension, and for a typed nil context.
func TestPortDispatchRejectsTypedNilPorts(t *testing.T) {
	ctx := context.Background()
	type ports struct {
		x EffectExecutor
		m CandidateMeasurer
		r LoopRecorder
	}
	for name, p := range map[string]ports{
		"nil pointer, extensions":    {(*valPorts)(nil), (*valPorts)(nil), (*valPorts)(nil)},
		"nil pointer, no extensions": {(*valBase)(nil), (*valBase)(nil), (*valBase)(nil)},
		"nil pointer receivers":      {(*fullPorts)(nil), (*fullPorts)(nil), (*fullPorts)(nil)},
		"nil map":                    {nil, mapPort(nil), mapPort(nil)},
		"nil slice":                  {nil, slicePort(nil), slicePort(nil)},
		"nil func":                   {nil, funcPort(nil), funcPort(nil)},
		"nil chan":                   {nil, chanPort(nil), chanPort(nil)},
	} {
		got := dispatchAll(ctx, p.x, p.m, p.r)
		for _, i := range []int{1, 3, 4, 5, 7, 10} {
			if err, _ := got[i].(error); !errors.Is(err, ErrNilPort) {
				t.Errorf("%s: result %d = %v, want ErrNilPort", name, i, got[i])
			}
		}
	}
	f := &fullPorts{}
	got := dispatchAll((*valContext)(nil), f, f, f)
	for _, i := range []int{1, 3, 4, 5, 7, 10} {
		if err, _ := got[i].(error); !errors.Is(err, ErrNilPort) {
			t.Errorf("typed nil context: result %d = %v, want ErrNilPort", i, got[i])
		}
	}
	if len(f.calls) != 0 {
		t.Errorf("ports called with a typed nil context: %q", f.calls)
	}
}

// TestPortDispatchAcceptsNonNilValuesOfNillableKinds: an empty but non-nil
// map or slice port, and a struct value, are ports like any other.
func TestPortDispatchAcceptsNonNilValuesOfNillableKinds(t *testing.T) {
	ctx := context.Background()
	for name, p := range map[string]CandidateMeasurer{"empty map": mapPort{}, "empty slice": slicePort{}, "value": valPorts{}} {
		if _, err := MeasureIncremental(ctx, p); err != nil {
			t.Errorf("%s: MeasureIncremental: %v", name, err)
		}
	}
	if h, err := RecordArtifact(ctx, valPorts{}, []byte("abc"), "text/plain"); h != "h" || err != nil {
		t.Errorf("RecordArtifact(valPorts{}) = %q, %v", h, err)
	}
	if h, err := RecordArtifact(ctx, valBase{}, []byte("abc"), "text/plain"); h != ContentHash([]byte("abc")) || err != nil {
		t.Errorf("RecordArtifact(valBase{}) = %q, %v", h, err)
	}
	if _, err := MeasureIncremental(valContext{}, valPorts{}); err != nil {
		t.Errorf("a context value: %v", err)
	}
}

// TestPortNilCheckDoesNotAllocate keeps the dispatch cheap.
func TestPortNilCheckDoesNotAllocate(t *testing.T) {
	ctx := context.Background()
	var m CandidateMeasurer = &valPorts{}
	if n := testing.AllocsPerRun(100, func() { sinkErr = checkPort(ctx, "MeasureIncremental", "CandidateMeasurer", m) }); n != 0 || sinkErr != nil {
		t.Errorf("checkPort of a valid port allocates %v times (%v)", n, sinkErr)
	}
}
