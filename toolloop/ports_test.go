package toolloop

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// fakePorts implements every port and records the calls it receives.
type fakePorts struct {
	calls []string
}

func (f *fakePorts) note(s string) { f.calls = append(f.calls, s) }

func (f *fakePorts) Checkpoint(context.Context, []string) (CandidateCheckpoint, error) {
	f.note("Checkpoint")
	return CandidateCheckpoint{}, nil
}

func (f *fakePorts) Apply(context.Context, ProviderToolCall, ToolEntry) (EffectOutcome, error) {
	f.note("Apply")
	return EffectOutcome{}, nil
}

func (f *fakePorts) Restore(context.Context, CandidateCheckpoint) error {
	f.note("Restore")
	return nil
}

func (f *fakePorts) StateWitness(context.Context) (CandidateStateWitness, error) {
	f.note("StateWitness")
	return CandidateStateWitness{}, nil
}

func (f *fakePorts) Measure(context.Context) (Measured, error) {
	f.note("Measure")
	return Measured{Energy: 1}, nil
}

func (f *fakePorts) Record(context.Context, LoopEvent) error { f.note("Record"); return nil }

// fullPorts adds every optional extension to fakePorts.
type fullPorts struct{ fakePorts }

var errFake = errors.New("fake failure")

func (f *fullPorts) ExportAccepted(context.Context) ([]SeedFile, error) {
	f.note("ExportAccepted")
	return []SeedFile{{Path: "a", Content: []byte{}}}, errFake
}

func (f *fullPorts) MeasureIncremental(context.Context) (Measured, error) {
	f.note("MeasureIncremental")
	return Measured{Energy: 2}, errFake
}

func (f *fullPorts) ExternalIntent(_ context.Context, key string, v Value) error {
	f.note("ExternalIntent " + key + " " + v.String())
	return errFake
}

func (f *fullPorts) ExternalResult(_ context.Context, key string, v Value) error {
	f.note("ExternalResult " + key + " " + v.String())
	return errFake
}

func (f *fullPorts) RecordArtifact(_ context.Context, content []byte, mediaType string) (string, error) {
	f.note("RecordArtifact " + mediaType)
	return "stored:" + string(content), errFake
}

func (f *fullPorts) FetchArtifact(_ context.Context, handle string) ([]byte, bool, error) {
	f.note("FetchArtifact " + handle)
	return []byte("x"), true, errFake
}

// dispatchAll runs every dispatch function on the executor x, the measurer m
// and the recorder r, and returns all their results in order.
func dispatchAll(ctx context.Context, x EffectExecutor, m CandidateMeasurer, r LoopRecorder) []any {
	seeds, err1 := ExportAccepted(ctx, x)
	meas, err2 := MeasureIncremental(ctx, m)
	err3 := RecordExternalIntent(ctx, r, "k1", MustParseValue(`{"op":"push"}`))
	err4 := RecordExternalResult(ctx, r, "k1", MustParseValue(`"ok"`))
	handle, err5 := RecordArtifact(ctx, r, []byte("abc"), "text/plain")
	content, found, err6 := FetchArtifact(ctx, r, "h1")
	return []any{seeds, err1, meas, err2, err3, err4, handle, err5, content, found, err6}
}

func TestPortDispatchUsesTheDefaultsWithoutExtensions(t *testing.T) {
	f := &fakePorts{}
	got := dispatchAll(context.Background(), f, f, f)
	want := []any{[]SeedFile(nil), nil, Measured{Energy: 1}, nil, nil, nil,
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", nil, []byte(nil), false, nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("defaults = %#v\nwant %#v", got, want)
	}
	if !reflect.DeepEqual(f.calls, []string{"Measure"}) {
		t.Errorf("port calls = %q, want only Measure (the default of MeasureIncremental)", f.calls)
	}
}

func TestPortDispatchUsesTheExtensions(t *testing.T) {
	f := &fullPorts{}
	got := dispatchAll(context.Background(), f, f, f)
	want := []any{[]SeedFile{{Path: "a", Content: []byte{}}}, errFake, Measured{Energy: 2}, errFake, errFake, errFake,
		"stored:abc", errFake, []byte("x"), true, errFake}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("extensions = %#v\nwant %#v", got, want)
	}
	wantCalls := []string{"ExportAccepted", "MeasureIncremental", `ExternalIntent k1 {"op":"push"}`,
		`ExternalResult k1 "ok"`, "RecordArtifact text/plain", "FetchArtifact h1"}
	if !reflect.DeepEqual(f.calls, wantCalls) {
		t.Errorf("port calls = %q, want %q", f.calls, wantCalls)
	}
}

func TestPortDispatchReturnsContextErrorFirst(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithTimeout(context.Background(), -1)
	defer cancel2()
	for _, tc := range []struct {
		ctx  context.Context
		want error
	}{{canceled, context.Canceled}, {expired, context.DeadlineExceeded}} {
		for _, f := range []interface {
			EffectExecutor
			CandidateMeasurer
			LoopRecorder
		}{&fakePorts{}, &fullPorts{}} {
			got := dispatchAll(tc.ctx, f, f, f)
			for _, i := range []int{1, 3, 4, 5, 7, 10} {
				if err, _ := got[i].(error); err != tc.want {
					t.Errorf("%T: result %d = %v, want %v", f, i, got[i], tc.want)
				}
			}
			if got[0] != nil && !reflect.ValueOf(got[0]).IsNil() || got[6] != "" || got[9] != false {
				t.Errorf("%T: results with a done context: %#v", f, got)
			}
		}
	}
	// A nil port with a done context still reports the context.
	if _, err := MeasureIncremental(canceled, nil); err != context.Canceled {
		t.Errorf("MeasureIncremental(canceled, nil) = %v, want context.Canceled", err)
	}
}

func TestPortDispatchNeverCallsAPortWithADoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := &fullPorts{}
	dispatchAll(ctx, f, f, f)
	if len(f.calls) != 0 {
		t.Errorf("ports called with a done context: %q", f.calls)
	}
}

func TestPortDispatchRejectsNilPortsAndContexts(t *testing.T) {
	got := dispatchAll(context.Background(), nil, nil, nil)
	for _, i := range []int{1, 3, 4, 5, 7, 10} {
		if err, _ := got[i].(error); !errors.Is(err, ErrNilPort) {
			t.Errorf("nil port: result %d = %v, want ErrNilPort", i, got[i])
		}
	}
	var nilCtx context.Context
	f := &fullPorts{}
	got = dispatchAll(nilCtx, f, f, f)
	for _, i := range []int{1, 3, 4, 5, 7, 10} {
		if err, _ := got[i].(error); !errors.Is(err, ErrNilPort) {
			t.Errorf("nil context: result %d = %v, want ErrNilPort", i, got[i])
		}
	}
	if len(f.calls) != 0 {
		t.Errorf("ports called with a nil context: %q", f.calls)
	}
}
