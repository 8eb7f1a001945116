package toolloop

import (
	"fmt"
	"io"
)

// LedgerWriter writes a ledger file, one line per record (see
// LedgerReader for the line format), to an io.Writer: it chains each row as
// LedgerChain.Append does and writes the row in its line exactly as it
// hashed it, so that the file reads back to the same records and its head.
//
// # Which head to keep
//
// The records of a file are only consistent with one another: whoever can
// write the file can cut it short, or rewrite it from any line on with the
// hashes recomputed, and the lines still chain. What proves the file whole
// and unaltered is its head and length, Head and Len, kept where the file's
// writers cannot change them (a separate store, a signed or authenticated
// checkpoint) and passed to NewLedgerReader when the file is read back.
// Keep them after every write that is durable (written, flushed if w
// buffers, synced): a record counts as written once its head is kept. The
// reader accepts a file that ends at the kept head and nothing longer, so a
// line written after it (by a process that stopped before keeping the new
// head, or by someone else) fails at that line, once every kept record has
// been returned and proven; LedgerReader.Offset then tells where to cut the
// file before writing on.
//
// Keep this head, not an EventLog's chain root. The ledger head covers the
// file itself: the exact bytes of every row, tool_loop or of another kind,
// at its position. The chain root covers only the direct forms of the
// events pushed to one log, however they were stored, so it can tell
// neither whether a file holds them nor what else it holds. The root is
// what perspt records in a context checkpoint
// (ContextCheckpoint.CoveredEventRoot): to check that a ledger, read with
// its head, holds exactly the events a log was pushed, decode its tool_loop
// rows (DecodeLedgerRow), push their events in order into an EventLog with
// the float layout they were written in, and compare its ChainRoot.
//
// # Errors
//
// A row that cannot stand in a line (longer than MaxLedgerRowBytes, holding
// a CR or LF byte, or not one JSON value) and an event that cannot be
// encoded are refused with an error wrapping ErrEncode, and nothing is
// written. An error from w is returned unchanged and ends the writer: the
// head stays at the last record written whole, the file may end with part
// of a line (which LedgerReader reports), and every later write returns
// the same error.
//
// Each record is written with one call to w.Write. A LedgerWriter keeps the
// longest line it wrote as its buffer; it does not allocate once the buffer
// has room. It is not safe for concurrent use.
type LedgerWriter struct {
	w    io.Writer
	h    *recordHasher
	head ledgerHead
	buf  []byte
	err  error // the error of w that ended the writer
}

// NewLedgerWriter returns a writer of a new, empty ledger file to w, whose
// head is GenesisHash. A nil w gives a writer whose every write fails with
// ErrNilPort.
func NewLedgerWriter(w io.Writer) *LedgerWriter {
	lw := &LedgerWriter{w: w, h: newRecordHasher()}
	if w == nil {
		lw.err = fmt.Errorf("%w: the ledger file writer is nil", ErrNilPort)
	}
	return lw
}

// ResumeLedgerWriter returns a writer appending to w, the end of a ledger
// file whose head and length are head and length: those kept after its
// last write, with which it was read back (see NewLedgerReader). A head
// that cannot be a pinned head (GenesisHash with length 0, else 64
// lowercase hexadecimal digits) fails with ErrLedgerChain.
func ResumeLedgerWriter(w io.Writer, head string, length uint64) (*LedgerWriter, error) {
	if msg := pinnedHead(head, length); msg != "" {
		return nil, fmt.Errorf("%w: %s", ErrLedgerChain, msg)
	}
	lw := NewLedgerWriter(w)
	lw.head.n = length
	copy(lw.head.hash[:], head)
	return lw, nil
}

// WriteRow writes row as the next record's line. row must be at most
// MaxLedgerRowBytes of one JSON value without CR or LF bytes (white space
// inside it is kept, and hashed, as it is); it is neither modified nor
// retained.
func (lw *LedgerWriter) WriteRow(row []byte) error {
	if lw.err != nil {
		return lw.err
	}
	if msg := checkLedgerRow(row); msg != "" {
		return encodeFail(msg).named("ledger file")
	}
	b, hashAt := lw.head.appendLineStart(lw.buf[:0])
	return lw.write(append(b, row...), hashAt)
}

// WriteEvent writes the ledger row of ev (MarshalLedgerRow, in the current
// float layout) as the next record's line. For another layout, write the
// row of Encoder.MarshalLedgerRow with WriteRow.
func (lw *LedgerWriter) WriteEvent(ev LoopEvent) error {
	if lw.err != nil {
		return lw.err
	}
	b, hashAt := lw.head.appendLineStart(lw.buf[:0])
	b, err := AppendLedgerRow(b, ev)
	if err != nil {
		return err
	}
	if len(b)-rowAt(hashAt) > MaxLedgerRowBytes {
		return encodeFail("row is longer than MaxLedgerRowBytes").named("ledger file")
	}
	return lw.write(b, hashAt)
}

// write completes the line started in b and writes it.
func (lw *LedgerWriter) write(b []byte, hashAt int) error {
	b = lw.head.finishLine(lw.h, b, hashAt)
	lw.buf = b
	if _, err := lw.w.Write(b); err != nil {
		lw.err = err
		return err
	}
	lw.head.advance(b[hashAt:])
	return nil
}

// Head returns the hash of the last record written, GenesisHash before the
// first: the head to keep with Len.
func (lw *LedgerWriter) Head() string { return lw.head.String() }

// Len returns the number of records in the file: those it held when the
// writer was resumed and those written since.
func (lw *LedgerWriter) Len() uint64 { return lw.head.n }
