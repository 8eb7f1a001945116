package toolloop

import "errors"

// The sentinel errors of the package. Every error returned by the package
// wraps exactly one of them (decoding errors may also wrap the underlying
// internal/canon syntax error), so callers classify failures with errors.Is.
// Messages name a member path or an index, never input text or payloads.
var (
	// ErrDecode reports input that is not a valid event, payload, ledger row
	// or Value under the decoding rules of the specification (§6): bad JSON,
	// a missing or repeated member, a type mismatch, an unknown tag or enum
	// value, an out-of-range number.
	ErrDecode = errors.New("toolloop: cannot decode")

	// ErrEncode reports a value that cannot be written: a nil event, a nil
	// variant outside an Option member, an enum value outside its list, a
	// string that is not valid UTF-8, or an unknown FloatLayout.
	ErrEncode = errors.New("toolloop: cannot encode")

	// ErrUnknownSchemaVersion reports a tool_loop payload whose
	// schema_version member is present but is not the integer 1.
	ErrUnknownSchemaVersion = errors.New("toolloop: unknown schema version")

	// ErrUnversionedEvent reports an unversioned (legacy) ledger row holding
	// one of the 24 envelope-only events.
	ErrUnversionedEvent = errors.New("toolloop: envelope-only event in an unversioned row")

	// ErrNotToolLoopRow reports a ledger row that is valid JSON but is not a
	// custom row of kind tool_loop.
	ErrNotToolLoopRow = errors.New("toolloop: not a tool_loop ledger row")

	// ErrLedgerChain reports a ledger record chain that fails verification
	// (sequence, previous-hash linkage or record hash).
	ErrLedgerChain = errors.New("toolloop: ledger chain broken")

	// ErrConversationRecord reports a conversation seed or delta record whose
	// schema version, prior digest or digest does not verify.
	ErrConversationRecord = errors.New("toolloop: invalid conversation record")

	// ErrNilPort reports a nil port or a nil context.Context given to one of
	// the port dispatch functions (ExportAccepted, MeasureIncremental,
	// RecordExternalIntent, RecordExternalResult, RecordArtifact,
	// FetchArtifact). It is an addition to the sentinels of the
	// specification, which leaves those calls undefined.
	ErrNilPort = errors.New("toolloop: nil port or context")
)
