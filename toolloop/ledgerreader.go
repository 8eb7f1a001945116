package toolloop

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// LedgerReader reads a ledger file, as LedgerWriter writes it, from an
// io.Reader and checks it against the head and length kept when it was
// written (see LedgerWriter for which head to keep).
//
// Each line is the record's JSON object, exactly
//
//	{"seq":<sequence>,"prev":"<previous hash>","hash":"<hash>","row":<row>}
//
// and a line feed (LF): the sequence in decimal without leading zeros, the
// previous record's hash (GenesisHash on the first line), the record's
// RecordHash, and the row exactly as hashed, byte for byte (LedgerWriter
// writes only rows that are one JSON value without CR or LF bytes, so the
// file is JSON Lines). Line n (from 1) must hold sequence n-1 and link to
// the hash of line n-1, and its hash must be the RecordHash of its previous
// hash, sequence and row; the hash of line length must be the pinned head;
// and the file must end, with a line feed, right after it. Nothing else is
// accepted: no blank line, no other white space or member order, no CR
// before the line feed. The row is not parsed: its record hash and the
// pinned head prove it is the row that was written, and DecodeLedgerRow (or
// the decoder of another kind of row) checks it when it is decoded. A file
// LedgerWriter wrote reads back exactly, record for record, and writing the
// records read gives the file again.
//
// The first failure is returned, and returned again by every later call:
// an error wrapping ErrLedgerChain naming the line (changed, dropped or
// reordered lines; a line longer than MaxLedgerLineBytes; a last line
// without its line feed, as a write cut short leaves it; a hash other than
// the pinned head; a line after the pinned length), or naming the count of
// records when the file ends before the pinned length; the errors never
// quote the file. An error from the io.Reader is returned unchanged.
//
// Records are checked as they are read, in one pass, holding one line at a
// time: memory stays within a small multiple of the longest line, and a
// longer line is refused after reading at most MaxLedgerLineBytes+1 bytes
// of it. A record is consistent with those before it when Next returns it,
// but the file is proven only when Next returns io.EOF: a file rewritten
// with recomputed hashes shows only at the pinned length. Act on the
// records once Next has returned io.EOF, or be ready to undo what was done
// with them.
//
// A LedgerReader is not safe for concurrent use.
type LedgerReader struct {
	sc     *bufio.Scanner
	h      *recordHasher
	pin    string // the pinned head
	length uint64 // the pinned length
	chain  ledgerHead
	prev   string // the hash of the last record returned, GenesisHash before the first
	offset int64  // the bytes of the lines of the records returned
	err    error  // the failure every later call returns
}

// NewLedgerReader returns a reader of the ledger file r that checks it
// against head and length, the head and length a LedgerWriter reported
// after writing it (GenesisHash and 0 for an empty file). A head that cannot
// be a pinned head, or a nil r, fails the first call to Next.
func NewLedgerReader(r io.Reader, head string, length uint64) *LedgerReader {
	return newLedgerReader(r, head, length, MaxLedgerLineBytes)
}

// newLedgerReader is NewLedgerReader with maxLine in place of
// MaxLedgerLineBytes.
func newLedgerReader(r io.Reader, head string, length uint64, maxLine int) *LedgerReader {
	lr := &LedgerReader{h: newRecordHasher(), pin: head, length: length, prev: GenesisHash}
	switch msg := pinnedHead(head, length); {
	case r == nil:
		lr.err = fmt.Errorf("%w: the ledger file reader is nil", ErrNilPort)
	case msg != "":
		lr.err = fmt.Errorf("%w: %s", ErrLedgerChain, msg)
	default:
		lr.sc = bufio.NewScanner(r)
		lr.sc.Buffer(nil, maxLine+1)
		lr.sc.Split(splitLines)
	}
	return lr
}

// errNoLineFeed ends a scan at bytes after the last line feed.
var errNoLineFeed = errors.New("no line feed")

// splitLines is a bufio.SplitFunc cutting lines at LF only, and failing
// with errNoLineFeed on bytes after the last one.
func splitLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return 0, nil, errNoLineFeed
	}
	return 0, nil, nil
}

// Next returns the record of the next line once it is checked. At the end
// of a file that holds the pinned head and length, it returns io.EOF.
func (lr *LedgerReader) Next() (LedgerRecord, error) {
	if lr.err != nil {
		return LedgerRecord{}, lr.err
	}
	rec, err := lr.next()
	lr.err = err
	return rec, err
}

// next reads and checks one line.
func (lr *LedgerReader) next() (LedgerRecord, error) {
	line := lr.chain.n + 1
	if !lr.sc.Scan() {
		return LedgerRecord{}, lr.end(line)
	}
	if lr.chain.n == lr.length {
		return LedgerRecord{}, lineError(line, "a record after the pinned length "+strconv.FormatUint(lr.length, 10))
	}
	l, msg := lr.check(lr.sc.Bytes())
	if msg != "" {
		return LedgerRecord{}, lineError(line, msg)
	}
	rec := LedgerRecord{Sequence: lr.chain.n, PrevHash: lr.prev, Hash: string(l.hash), Row: bytes.Clone(l.row)}
	lr.chain.advance(l.hash)
	lr.prev = rec.Hash
	lr.offset += int64(len(lr.sc.Bytes())) + 1
	return rec, nil
}

// Offset returns the number of bytes of the lines whose records Next has
// returned. After a failure at the line after the pinned length, all the
// pinned records have been returned and proven, and Offset is the size the
// file had when its head was kept: truncating the file there (for instance
// with os.File.Truncate) drops the lines written since, and
// ResumeLedgerWriter continues it.
func (lr *LedgerReader) Offset() int64 { return lr.offset }

// check parses a line and checks its record against the chain read so far
// and the pin, returning the reason it fails, or "".
func (lr *LedgerReader) check(b []byte) (ledgerLine, string) {
	l, ok := parseLedgerLine(b)
	if !ok {
		return l, "not a ledger record line"
	}
	var seq [maxSeqDigits]byte
	if !bytes.Equal(l.seq, strconv.AppendUint(seq[:0], lr.chain.n, 10)) {
		return l, "sequence is not " + strconv.FormatUint(lr.chain.n, 10)
	}
	if !bytes.Equal(l.prev, lr.chain.prev()) {
		return l, "previous hash does not link to the preceding record"
	}
	sum := lr.h.sum(l.prev, lr.chain.n, l.row)
	var hex [canon.SHA256HexLen]byte
	if !bytes.Equal(l.hash, canon.AppendHex(hex[:0], sum[:])) {
		return l, "hash does not match the record"
	}
	if lr.chain.n+1 == lr.length && string(l.hash) != lr.pin {
		return l, "hash differs from the pinned head"
	}
	return l, ""
}

// end returns the outcome of a scan that stopped before line: the scan's
// failure, or io.EOF at the pinned length.
func (lr *LedgerReader) end(line uint64) error {
	switch err := lr.sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return lineError(line, "longer than MaxLedgerLineBytes")
	case err == errNoLineFeed:
		return lineError(line, "no line feed at the end of the file (a write cut short)")
	case err != nil:
		return err
	case lr.chain.n < lr.length:
		return fmt.Errorf("%w: %d records, fewer than the pinned %d", ErrLedgerChain, lr.chain.n, lr.length)
	}
	return io.EOF
}

// lineError returns the ErrLedgerChain failure of a line.
func lineError(line uint64, msg string) error {
	return fmt.Errorf("%w: line %d: %s", ErrLedgerChain, line, msg)
}
