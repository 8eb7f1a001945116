package toolloop

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"strconv"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// This file holds the ledger file line format that LedgerWriter writes and
// LedgerReader reads (see LedgerReader), and the record chain state both
// keep.

// Bounds of a ledger file.
const (
	// MaxLedgerRowBytes bounds the row of a ledger file line: LedgerWriter
	// refuses a longer row, and LedgerReader a longer line.
	MaxLedgerRowBytes = 64 << 20
	// MaxLedgerLineBytes bounds a ledger file line, its line feed
	// excluded: a row of MaxLedgerRowBytes with the longest sequence and
	// two record hashes around it. LedgerReader rejects a longer line.
	MaxLedgerLineBytes = MaxLedgerRowBytes + ledgerLineOverhead
)

// The fixed text of a ledger file line, around its four fields.
const (
	lineSeq  = `{"seq":`
	linePrev = `,"prev":"`
	lineHash = `","hash":"`
	lineRow  = `","row":`
	lineEnd  = "}\n"

	// maxSeqDigits is the length of the longest sequence, the decimal
	// form of the largest uint64.
	maxSeqDigits = 20

	// ledgerLineOverhead is the longest line without its row and line
	// feed: maxSeqDigits digits of sequence and two 64-digit hashes.
	ledgerLineOverhead = len(lineSeq) + maxSeqDigits + len(linePrev) + canon.SHA256HexLen +
		len(lineHash) + canon.SHA256HexLen + len(lineRow) + len(lineEnd) - 1
)

// recordHasher computes the SHA-256 RecordHash hashes: prev, then the
// sequence as 8 little-endian bytes, then the row. It keeps its scratch
// space with its digest, so that hashing a record does not allocate.
type recordHasher struct {
	h       hash.Hash
	scratch [sha256.Size]byte
}

func newRecordHasher() *recordHasher { return &recordHasher{h: sha256.New()} }

// sum returns the SHA-256 of the record with sequence sequence, holding
// row, chained to prev.
func (r *recordHasher) sum(prev []byte, sequence uint64, row []byte) [sha256.Size]byte {
	binary.LittleEndian.PutUint64(r.scratch[:8], sequence)
	r.h.Reset()
	r.h.Write(prev)
	r.h.Write(r.scratch[:8])
	r.h.Write(row)
	return [sha256.Size]byte(r.h.Sum(r.scratch[:0]))
}

// checkLedgerRow returns why row cannot be a ledger file row, or "".
func checkLedgerRow(row []byte) string {
	switch {
	case len(row) > MaxLedgerRowBytes:
		return "row is longer than MaxLedgerRowBytes"
	case bytes.IndexByte(row, '\r') >= 0 || bytes.IndexByte(row, '\n') >= 0:
		return "row holds a CR or LF byte"
	case canon.CheckJSON(row, canon.MaxDepth) != nil:
		return "row is not one JSON value"
	}
	return ""
}

// ledgerHead is the end of a record chain: its length and the hash of its
// last record, GenesisHash when it is empty.
type ledgerHead struct {
	n    uint64
	hash [canon.SHA256HexLen]byte // meaningful when n > 0
}

// prev returns the hash the next record links to.
func (c *ledgerHead) prev() []byte {
	if c.n == 0 {
		return []byte(GenesisHash)
	}
	return c.hash[:]
}

// String returns the head hash: GenesisHash for an empty chain.
func (c *ledgerHead) String() string { return string(c.prev()) }

// pinnedHead checks a pinned head and length: GenesisHash with length 0,
// else a record hash (64 lowercase hexadecimal digits). It returns the
// problem, or "".
func pinnedHead(head string, length uint64) string {
	switch {
	case length == 0 && head != GenesisHash:
		return "the pinned head of an empty ledger is not " + GenesisHash
	case length > 0 && !canon.IsLowerHexDigest(head):
		return "the pinned head is not a record hash"
	}
	return ""
}

// appendLineStart appends the text of c's next line up to its row, a
// placeholder standing for the record hash at hashAt.
func (c *ledgerHead) appendLineStart(dst []byte) (b []byte, hashAt int) {
	b = strconv.AppendUint(append(dst, lineSeq...), c.n, 10)
	b = append(append(b, linePrev...), c.prev()...)
	b = append(b, lineHash...)
	hashAt = len(b)
	var placeholder [canon.SHA256HexLen]byte
	return append(append(b, placeholder[:]...), lineRow...), hashAt
}

// rowAt returns where the row starts in a line whose hash is at hashAt.
func rowAt(hashAt int) int { return hashAt + canon.SHA256HexLen + len(lineRow) }

// finishLine hashes the row that follows the line start in b, writes the
// record hash over the placeholder and appends the end of the line.
func (c *ledgerHead) finishLine(h *recordHasher, b []byte, hashAt int) []byte {
	sum := h.sum(c.prev(), c.n, b[rowAt(hashAt):])
	canon.AppendHex(b[hashAt:hashAt], sum[:])
	return append(b, lineEnd...)
}

// advance makes hash, the hash of the record with sequence c.n, the head.
func (c *ledgerHead) advance(hash []byte) {
	copy(c.hash[:], hash)
	c.n++
}

// ledgerLine is the parsed form of one ledger file line, each field a view
// of the line.
type ledgerLine struct {
	seq, prev, hash, row []byte
}

// parseLedgerLine splits a line (without its line feed) into its fields,
// checking only the fixed text and the field forms; it returns false for
// anything else.
func parseLedgerLine(line []byte) (l ledgerLine, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(lineSeq))
	if !ok {
		return l, false
	}
	i := 0
	for i < len(rest) && i < maxSeqDigits && '0' <= rest[i] && rest[i] <= '9' {
		i++
	}
	l.seq, rest = rest[:i], rest[i:]
	if rest, ok = bytes.CutPrefix(rest, []byte(linePrev)); !ok {
		return l, false
	}
	if i = bytes.IndexByte(rest, '"'); i < 0 || i > canon.SHA256HexLen {
		return l, false
	}
	l.prev, rest = rest[:i], rest[i:]
	if rest, ok = bytes.CutPrefix(rest, []byte(lineHash)); !ok || len(rest) < canon.SHA256HexLen {
		return l, false
	}
	l.hash, rest = rest[:canon.SHA256HexLen], rest[canon.SHA256HexLen:]
	if rest, ok = bytes.CutPrefix(rest, []byte(lineRow)); !ok || len(rest) == 0 || rest[len(rest)-1] != '}' {
		return l, false
	}
	l.row = rest[:len(rest)-1]
	return l, len(l.seq) > 0
}
