package toolloop_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/agentkernel/agentkernel/toolloop"
)

// fakeExecutor is an EffectExecutor over an in-memory workspace, the kind
// of fake a driver's tests use: Apply writes the file named by the call's
// "path" argument, Checkpoint and Restore copy the overlay, and the state
// root is the ContentHash of the overlay's listing. It also implements the
// optional AcceptedExporter.
type fakeExecutor struct {
	files       map[string]string // the candidate overlay
	checkpoints map[string]map[string]string
}

func (x *fakeExecutor) Checkpoint(ctx context.Context, scope []string) (toolloop.CandidateCheckpoint, error) {
	w, err := x.StateWitness(ctx)
	if err != nil {
		return toolloop.CandidateCheckpoint{}, err
	}
	id := fmt.Sprintf("cp-%d", len(x.checkpoints)+1)
	x.checkpoints[id] = maps.Clone(x.files)
	w.CanonicalScope = slices.Clone(scope)
	return toolloop.CandidateCheckpoint{ID: id, Witness: w}, nil
}

func (x *fakeExecutor) Apply(ctx context.Context, call toolloop.ProviderToolCall, entry toolloop.ToolEntry) (toolloop.EffectOutcome, error) {
	if err := ctx.Err(); err != nil {
		return toolloop.EffectOutcome{}, err
	}
	var args struct{ Path, Content string }
	if err := json.Unmarshal(call.Arguments.Bytes(), &args); err != nil || args.Path == "" {
		return toolloop.EffectOutcome{Output: "error: the call needs a path", Completed: true}, nil
	}
	if entry.Effect != toolloop.EffectKindApplyPatch {
		return toolloop.EffectOutcome{Output: "error: " + entry.Name + " does not apply patches", Completed: true}, nil
	}
	x.files[args.Path] = args.Content
	return toolloop.EffectOutcome{Output: "wrote " + args.Path, Mutated: true, Completed: true}, nil
}

func (x *fakeExecutor) Restore(ctx context.Context, cp toolloop.CandidateCheckpoint) error {
	saved, ok := x.checkpoints[cp.ID]
	if !ok {
		return errors.New("unknown checkpoint")
	}
	x.files = maps.Clone(saved)
	return ctx.Err()
}

func (x *fakeExecutor) StateWitness(ctx context.Context) (toolloop.CandidateStateWitness, error) {
	var listing strings.Builder
	for _, p := range slices.Sorted(maps.Keys(x.files)) {
		fmt.Fprintf(&listing, "%s\x00%s\x00", p, toolloop.ContentHash([]byte(x.files[p])))
	}
	return toolloop.CandidateStateWitness{StateRoot: toolloop.ContentHash([]byte(listing.String())),
		NodeID: "n1", NodeGeneration: 1}, ctx.Err()
}

// ExportAccepted implements toolloop.AcceptedExporter.
func (x *fakeExecutor) ExportAccepted(ctx context.Context) ([]toolloop.SeedFile, error) {
	var out []toolloop.SeedFile
	for _, p := range slices.Sorted(maps.Keys(x.files)) {
		out = append(out, toolloop.SeedFile{Path: p, Content: []byte(x.files[p])})
	}
	return out, ctx.Err()
}

// ledgerRecorder is a LoopRecorder that appends each event as a ledger row
// to a LedgerChain and keeps the records: Record returns only once the
// record is "durable". It implements neither optional extension, so the
// dispatch functions fall back to their defaults.
type ledgerRecorder struct {
	chain   toolloop.LedgerChain
	records []toolloop.LedgerRecord
}

func (r *ledgerRecorder) Record(ctx context.Context, ev toolloop.LoopEvent) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	row, err := toolloop.MarshalLedgerRow(ev)
	if err != nil {
		return err
	}
	r.records = append(r.records, r.chain.Append(row))
	return nil
}

// The ports are implemented by the driver that runs the loop. This example
// implements them with an in-memory executor and recorder, applies one
// call, checks the state witness, restores the checkpoint, and calls the
// optional extensions through the package's dispatch functions, which use
// the extension when the port has it and a documented default otherwise.
func Example_ports() {
	ctx := context.Background()
	exec := &fakeExecutor{files: map[string]string{"README.md": "hello\n"}, checkpoints: map[string]map[string]string{}}
	rec := &ledgerRecorder{}
	var x toolloop.EffectExecutor = exec
	var r toolloop.LoopRecorder = rec

	entry := toolloop.ToolEntry{Name: "write_file", Effect: toolloop.EffectKindApplyPatch, Risk: toolloop.RiskClassLow}
	call := toolloop.ProviderToolCall{CallID: "c1", Name: "write_file",
		Arguments: toolloop.MustParseValue(`{"path":"src/lib.rs","content":"fn main() {}\n"}`)}

	cp, err := x.Checkpoint(ctx, []string{"src"})
	if err != nil {
		panic(err)
	}
	if err := r.Record(ctx, toolloop.ToolCallObservedEvent{Call: call}); err != nil {
		panic(err)
	}
	out, err := x.Apply(ctx, call, entry)
	if err != nil {
		panic(err)
	}
	if err := r.Record(ctx, toolloop.EffectAppliedEvent{CallID: call.CallID, Mutated: out.Mutated, Output: out.Output}); err != nil {
		panic(err)
	}
	after, _ := x.StateWitness(ctx)
	fmt.Printf("%s: mutated %t, state changed %t\n", out.Output, out.Mutated, after.StateRoot != cp.Witness.StateRoot)

	// The optional AcceptedExporter of the executor.
	seeds, err := toolloop.ExportAccepted(ctx, x)
	for _, s := range seeds {
		fmt.Printf("export %s (%d bytes)\n", s.Path, len(s.Content))
	}
	fmt.Println("export error:", err)

	// Restoring the checkpoint gives back the state it witnessed.
	if err := x.Restore(ctx, cp); err != nil {
		panic(err)
	}
	if err := r.Record(ctx, toolloop.CandidateRestoredEvent{CheckpointID: cp.ID}); err != nil {
		panic(err)
	}
	restored, _ := x.StateWitness(ctx)
	fmt.Println("restored", cp.ID, restored.StateRoot == cp.Witness.StateRoot)

	// The recorder has no ArtifactStore or ExternalEffectRecorder: artifacts
	// get their ContentHash as handle and are not stored, brackets are
	// no-ops.
	handle, _ := toolloop.RecordArtifact(ctx, r, []byte("abc"), "text/plain")
	_, found, _ := toolloop.FetchArtifact(ctx, r, handle)
	fmt.Println("artifact", handle[:12], "stored:", found)
	fmt.Println("intent:", toolloop.RecordExternalIntent(ctx, r, "deploy-1", toolloop.MustParseValue(`{"target":"staging"}`)))

	// A nil port is an error, never a panic.
	_, err = toolloop.ExportAccepted(ctx, nil)
	fmt.Println(errors.Is(err, toolloop.ErrNilPort))

	fmt.Println(len(rec.records), "records, verify:", toolloop.VerifyLedger(rec.records))
	// Output:
	// wrote src/lib.rs: mutated true, state changed true
	// export README.md (6 bytes)
	// export src/lib.rs (13 bytes)
	// export error: <nil>
	// restored cp-1 true
	// artifact ba7816bf8f01 stored: false
	// intent: <nil>
	// true
	// 3 records, verify: <nil>
}
