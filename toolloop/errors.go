package toolloop

import (
	"errors"
	"strconv"
	"strings"
)

// The sentinel errors of the package. Every error the package makes wraps
// exactly one of them (decoding errors may also wrap the underlying
// internal/canon syntax error), so callers classify failures with errors.Is;
// only the port dispatch functions (ExportAccepted, …) pass on ctx.Err() and
// the errors of the ports unchanged, and LedgerWriter and LedgerReader the
// errors of their io.Writer and io.Reader. Messages name a member path, an
// index or a line number, never input text or payloads.
var (
	// ErrDecode reports input that is not a valid event, payload, ledger
	// row or Value under the reading rules of the package documentation:
	// bad JSON, a missing or repeated member, a type mismatch, an unknown
	// tag or enum value, an out-of-range number.
	ErrDecode = errors.New("toolloop: cannot decode")

	// ErrEncode reports a value that cannot be written: a nil event, a nil
	// variant outside an Option member, an event or variant of a type that
	// only embeds one of the package's types, an enum value outside its
	// list, a string that is not valid UTF-8, an unknown FloatLayout, or a
	// ledger file row that is not one JSON value without CR or LF bytes of
	// at most MaxLedgerRowBytes.
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
	// (sequence, previous-hash linkage or record hash), a ledger file that
	// is not the one its pinned head and length were taken from (a malformed
	// or overlong line, a file cut short, a record after the pinned length,
	// another head), or a pinned head that cannot be one.
	ErrLedgerChain = errors.New("toolloop: ledger chain broken")

	// ErrConversationRecord reports a conversation seed or delta record whose
	// schema version, prior digest or digest does not verify.
	ErrConversationRecord = errors.New("toolloop: invalid conversation record")

	// ErrNilPort reports a nil port or a nil context.Context given to one of
	// the port dispatch functions (ExportAccepted, MeasureIncremental,
	// RecordExternalIntent, RecordExternalResult, RecordArtifact,
	// FetchArtifact), or a nil io.Writer or io.Reader given to
	// NewLedgerWriter, ResumeLedgerWriter or NewLedgerReader.
	ErrNilPort = errors.New("toolloop: nil port or context")
)

// pathError is a failure of the package's writers and readers at a member
// path: a fixed reason, or for malformed JSON the internal/canon syntax
// error (which names only a byte offset), wrapping one sentinel. The path
// is built while the error travels up the writer or reader, so a successful
// call pays nothing for it; it holds only known member names and array
// indexes, never input text.
type pathError struct {
	sentinel error
	root     string   // what was being written, e.g. "event effect_denied", or ""
	rev      []string // path segments, innermost first: member names or "[i]"
	reason   string
	cause    error // the canon syntax error, or nil
}

// encodeFail returns an ErrEncode failure with a fixed reason.
func encodeFail(reason string) *pathError {
	return &pathError{sentinel: ErrEncode, reason: reason}
}

// Error returns the sentinel's text, the root, the member path and the
// reason, such as "toolloop: cannot encode: event proposal_observed:
// proposal.command.args[2]: string is not valid UTF-8".
func (e *pathError) Error() string {
	var b strings.Builder
	b.WriteString(e.sentinel.Error())
	b.WriteString(": ")
	if e.root != "" {
		b.WriteString(e.root)
		b.WriteString(": ")
	}
	if len(e.rev) > 0 {
		for i := len(e.rev) - 1; i >= 0; i-- {
			seg := e.rev[i]
			if i < len(e.rev)-1 && seg[0] != '[' {
				b.WriteByte('.')
			}
			b.WriteString(seg)
		}
		b.WriteString(": ")
	}
	if e.cause != nil {
		b.WriteString(e.cause.Error())
	} else {
		b.WriteString(e.reason)
	}
	return b.String()
}

// Unwrap returns the sentinel and, for malformed JSON, the syntax error.
func (e *pathError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.sentinel, e.cause}
	}
	return []error{e.sentinel}
}

// in adds a member name to the path and returns e.
func (e *pathError) in(name string) *pathError {
	e.rev = append(e.rev, name)
	return e
}

// at adds an array index to the path and returns e.
func (e *pathError) at(i int) *pathError {
	return e.in("[" + strconv.Itoa(i) + "]")
}

// named sets the root of e, when e is not nil, and returns e.
func (e *pathError) named(root string) *pathError {
	if e != nil {
		e.root = root
	}
	return e
}
