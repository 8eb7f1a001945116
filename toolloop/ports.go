package toolloop

import (
	"context"
	"fmt"

	"github.com/agentkernel/agentkernel/internal/nilness"
)

// This file holds the loop's ports, implemented by drivers outside the
// package (honouring ctx; the loop calls them from one goroutine), and the
// functions dispatching to their optional extensions. A nil port is the nil
// interface or one holding a nil pointer, map, slice, func or chan: a port
// whose methods accept a nil receiver must be passed as a non-nil value.

// EffectExecutor applies admitted calls to the candidate overlay. An
// executor may also implement AcceptedExporter; use ExportAccepted to call
// it. The zero EffectExecutor, a nil interface, is no executor:
// ExportAccepted rejects it, and one holding a nil value, with ErrNilPort.
type EffectExecutor interface {
	// Checkpoint snapshots the reversible candidate overlay over scope.
	Checkpoint(ctx context.Context, scope []string) (CandidateCheckpoint, error)
	// Apply applies one admitted call of the catalogue tool entry.
	Apply(ctx context.Context, call ProviderToolCall, entry ToolEntry) (EffectOutcome, error)
	// Restore restores an earlier candidate snapshot exactly.
	Restore(ctx context.Context, cp CandidateCheckpoint) error
	// StateWitness re-reads the materialized candidate after an effect.
	StateWitness(ctx context.Context) (CandidateStateWitness, error)
}

// AcceptedExporter is the optional extension of an EffectExecutor that
// exports the accepted candidate for durable mid-loop checkpoints. Its zero
// value, a nil interface, extends nothing: ExportAccepted only calls the
// extension of a non-nil executor.
type AcceptedExporter interface {
	// ExportAccepted returns the accepted candidate's mutated paths with
	// their current contents (a nil Content means deleted).
	ExportAccepted(ctx context.Context) ([]SeedFile, error)
}

// CandidateMeasurer re-reads the candidate overlay and runs the declared
// verifier suite against the realized state. A measurer may also implement
// IncrementalMeasurer; use MeasureIncremental to call it. The zero
// CandidateMeasurer, a nil interface, is no measurer: MeasureIncremental
// rejects it, and one holding a nil value, with ErrNilPort.
type CandidateMeasurer interface {
	// Measure runs the complete verifier suite.
	Measure(ctx context.Context) (Measured, error)
}

// IncrementalMeasurer is the optional extension of a CandidateMeasurer that
// offers a cheaper boundary measurement after one mutation. Its zero value,
// a nil interface, extends nothing: MeasureIncremental only calls the
// extension of a non-nil measurer.
type IncrementalMeasurer interface {
	// MeasureIncremental measures the cheapest realized-state boundary
	// available after one mutation.
	MeasureIncremental(ctx context.Context) (Measured, error)
}

// LoopRecorder is the loop's write-ahead event sink. Record must durably
// append before returning: the loop records observations before inspecting
// them. A recorder may also implement ExternalEffectRecorder and
// ArtifactStore; use the dispatch functions to call them. The zero
// LoopRecorder, a nil interface, is no recorder: RecordExternalIntent,
// RecordExternalResult, RecordArtifact and FetchArtifact reject it, and one
// holding a nil value, with ErrNilPort.
type LoopRecorder interface {
	// Record durably appends ev.
	Record(ctx context.Context, ev LoopEvent) error
}

// ExternalEffectRecorder is the optional extension of a LoopRecorder that
// brackets durable external effects: the intent is recorded before the
// effect runs and the result after, so an interrupted run shows the open
// bracket. Its zero value, a nil interface, extends nothing: the dispatch
// functions only call the extension of a non-nil recorder.
type ExternalEffectRecorder interface {
	// ExternalIntent records the intent of the effect identified by key.
	ExternalIntent(ctx context.Context, key string, intent Value) error
	// ExternalResult records the result of the effect identified by key.
	ExternalResult(ctx context.Context, key string, result Value) error
}

// ArtifactStore is the optional extension of a LoopRecorder that durably
// stores exact observation bytes under content handles (ContentHash
// values). Its zero value, a nil interface, extends nothing: the dispatch
// functions only call the extension of a non-nil recorder.
type ArtifactStore interface {
	// RecordArtifact persists content and returns its handle.
	RecordArtifact(ctx context.Context, content []byte, mediaType string) (handle string, err error)
	// FetchArtifact returns the content stored under handle, and whether it
	// was found.
	FetchArtifact(ctx context.Context, handle string) (content []byte, found bool, err error)
}

// checkPort returns an error wrapping ErrNilPort if ctx is nil, ctx.Err()
// if ctx is done, or an error wrapping ErrNilPort if port is nil (see
// nilness.IsNil); fn and name name the call and the port.
func checkPort(ctx context.Context, fn, name string, port any) error {
	if nilness.IsNil(ctx) {
		return fmt.Errorf("%w: %s: nil context", ErrNilPort, fn)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if nilness.IsNil(port) {
		return fmt.Errorf("%w: %s: nil %s", ErrNilPort, fn, name)
	}
	return nil
}

// ExportAccepted calls x's AcceptedExporter extension when x implements it;
// otherwise it returns nil, nil (an executor without a filesystem has
// nothing durable to export). It returns ctx.Err() first if ctx is done, and
// an error wrapping ErrNilPort for a nil ctx or port, typed nils included.
func ExportAccepted(ctx context.Context, x EffectExecutor) ([]SeedFile, error) {
	if err := checkPort(ctx, "ExportAccepted", "EffectExecutor", x); err != nil {
		return nil, err
	}
	if e, ok := x.(AcceptedExporter); ok {
		return e.ExportAccepted(ctx)
	}
	return nil, nil
}

// MeasureIncremental calls m's IncrementalMeasurer extension when m
// implements it; otherwise it runs the complete suite, m.Measure, which is
// conservative. It returns ctx.Err() first if ctx is done, and an error
// wrapping ErrNilPort for a nil ctx or port, typed nils included.
func MeasureIncremental(ctx context.Context, m CandidateMeasurer) (Measured, error) {
	if err := checkPort(ctx, "MeasureIncremental", "CandidateMeasurer", m); err != nil {
		return Measured{}, err
	}
	if im, ok := m.(IncrementalMeasurer); ok {
		return im.MeasureIncremental(ctx)
	}
	return m.Measure(ctx)
}

// RecordExternalIntent calls r's ExternalEffectRecorder extension to record
// the intent v of the external effect key, before the effect runs; without
// the extension it does nothing. It returns ctx.Err() first if ctx is done,
// and an error wrapping ErrNilPort for a nil ctx or port, typed nils
// included.
func RecordExternalIntent(ctx context.Context, r LoopRecorder, key string, v Value) error {
	return recordExternal(ctx, "RecordExternalIntent", r, func(er ExternalEffectRecorder) error {
		return er.ExternalIntent(ctx, key, v)
	})
}

// RecordExternalResult calls r's ExternalEffectRecorder extension to record
// the result v of the external effect key, after the effect ran; without the
// extension it does nothing. It returns ctx.Err() first if ctx is done, and
// an error wrapping ErrNilPort for a nil ctx or port, typed nils included.
func RecordExternalResult(ctx context.Context, r LoopRecorder, key string, v Value) error {
	return recordExternal(ctx, "RecordExternalResult", r, func(er ExternalEffectRecorder) error {
		return er.ExternalResult(ctx, key, v)
	})
}

// recordExternal checks ctx and r for the dispatch function fn, then calls
// record with r's ExternalEffectRecorder extension, if it has one.
func recordExternal(ctx context.Context, fn string, r LoopRecorder, record func(ExternalEffectRecorder) error) error {
	if err := checkPort(ctx, fn, "LoopRecorder", r); err != nil {
		return err
	}
	if er, ok := r.(ExternalEffectRecorder); ok {
		return record(er)
	}
	return nil
}

// RecordArtifact calls r's ArtifactStore extension to persist content and
// returns its handle; without the extension it stores nothing and returns
// ContentHash(content), the handle a store would use. It returns ctx.Err()
// first if ctx is done, and an error wrapping ErrNilPort for a nil ctx or
// port, typed nils included.
func RecordArtifact(ctx context.Context, r LoopRecorder, content []byte, mediaType string) (string, error) {
	if err := checkPort(ctx, "RecordArtifact", "LoopRecorder", r); err != nil {
		return "", err
	}
	if s, ok := r.(ArtifactStore); ok {
		return s.RecordArtifact(ctx, content, mediaType)
	}
	return ContentHash(content), nil
}

// FetchArtifact calls r's ArtifactStore extension to retrieve the content
// stored under handle; without the extension nothing was ever stored and it
// returns nil, false, nil. It returns ctx.Err() first if ctx is done, and an
// error wrapping ErrNilPort for a nil ctx or port, typed nils included.
func FetchArtifact(ctx context.Context, r LoopRecorder, handle string) ([]byte, bool, error) {
	if err := checkPort(ctx, "FetchArtifact", "LoopRecorder", r); err != nil {
		return nil, false, err
	}
	if s, ok := r.(ArtifactStore); ok {
		return s.FetchArtifact(ctx, handle)
	}
	return nil, false, nil
}
