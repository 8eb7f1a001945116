package toolloop

import (
	"bytes"
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// GenesisHash is the previous hash of the first ledger record and the head
// of an empty ledger.
const GenesisHash = "GENESIS"

// RecordHash returns the hash of the ledger record with sequence number
// sequence holding row, chained to the previous record's hash prevHash
// (GenesisHash for the first record): the lowercase hexadecimal SHA-256 of
// prevHash's bytes, then sequence as 8 little-endian bytes, then row exactly
// as stored.
func RecordHash(prevHash string, sequence uint64, row []byte) string {
	return canon.Hex(newRecordHasher().sum([]byte(prevHash), sequence, row))
}

// LedgerRecord is one stored ledger row with its place in the record chain,
// as LedgerChain.Append returns it. The zero LedgerRecord (sequence 0, no
// hashes, no row) is not a record of any chain: VerifyLedger rejects it,
// its PrevHash not being GenesisHash.
type LedgerRecord struct {
	// Sequence is the record's position, 0 for the first record.
	Sequence uint64
	// PrevHash is the previous record's Hash, GenesisHash for the first.
	PrevHash string
	// Hash is RecordHash(PrevHash, Sequence, Row).
	Hash string
	// Row is the exact stored row bytes.
	Row []byte
}

// LedgerChain builds a ledger record chain: it keeps only the head hash and
// the length, not the rows. The zero LedgerChain is an empty chain whose
// head is GenesisHash. A LedgerChain is not safe for concurrent use.
type LedgerChain struct {
	head string // "" for the empty chain
	n    uint64
}

// Head returns the hash of the last appended record, or GenesisHash if the
// chain is empty.
func (c *LedgerChain) Head() string {
	if c.n == 0 {
		return GenesisHash
	}
	return c.head
}

// Len returns the number of records appended.
func (c *LedgerChain) Len() uint64 {
	return c.n
}

// Append chains row as the next record and returns it: sequence Len(),
// previous hash Head(), and its RecordHash. The record holds a copy of row.
func (c *LedgerChain) Append(row []byte) LedgerRecord {
	r := LedgerRecord{Sequence: c.n, PrevHash: c.Head(), Row: bytes.Clone(row)}
	r.Hash = RecordHash(r.PrevHash, r.Sequence, row)
	c.head, c.n = r.Hash, c.n+1
	return r
}

// VerifyLedger checks a whole record chain: record i must have sequence i,
// the previous record's hash (GenesisHash for record 0) and the RecordHash
// of its own row. The first failure is returned, wrapping ErrLedgerChain and
// naming the record's index; hashes cover the stored row bytes, never a
// re-encoding. An empty chain verifies. It runs in time linear in the
// records' bytes.
//
// The chain is unkeyed: it shows that the records are consistent with one
// another, not that they are all there, nor that they are the ones that
// were written. A chain cut after any record (a truncated tail) verifies,
// and so does a chain rewritten from any record on, or entirely, with its
// hashes recomputed, since anyone can compute RecordHash. To detect
// either, a caller pins the head and length of the chain it trusts
// (LedgerChain.Head and LedgerChain.Len after its last Append), keeps them
// where whoever can change the ledger cannot (a separate store, a signed
// checkpoint, or authenticated with a key it holds), and checks the
// records against them with VerifyLedgerHead, or reads the ledger file
// with LedgerReader, which does both.
func VerifyLedger(records []LedgerRecord) error {
	prev := GenesisHash
	for i := range records {
		r := &records[i]
		switch {
		case r.Sequence != uint64(i):
			return fmt.Errorf("%w: record %d: sequence is not %d", ErrLedgerChain, i, i)
		case r.PrevHash != prev:
			return fmt.Errorf("%w: record %d: previous hash does not link to the preceding record", ErrLedgerChain, i)
		case r.Hash != RecordHash(prev, r.Sequence, r.Row):
			return fmt.Errorf("%w: record %d: hash does not match the record", ErrLedgerChain, i)
		}
		prev = r.Hash
	}
	return nil
}

// VerifyLedgerHead checks records like VerifyLedger and then against a
// pinned head and length, taken from a trusted LedgerChain (Head and Len):
// the chain must hold at least length records and the Hash of record
// length-1 must be head; a length of 0 pins the empty chain, whose head is
// GenesisHash. Since each record's hash covers its predecessor's, this
// proves that the first length records are those the pinned chain holds:
// a truncated or rewritten chain fails, with an error wrapping
// ErrLedgerChain. Records after the pinned length are checked as a chain
// but are not covered by the pin; a caller that pins after every append
// also requires len(records) == length.
func VerifyLedgerHead(records []LedgerRecord, head string, length uint64) error {
	if err := VerifyLedger(records); err != nil {
		return err
	}
	switch {
	case uint64(len(records)) < length:
		return fmt.Errorf("%w: %d records, fewer than the pinned %d", ErrLedgerChain, len(records), length)
	case length == 0:
		if head != GenesisHash {
			return fmt.Errorf("%w: the pinned head of an empty chain is not %s", ErrLedgerChain, GenesisHash)
		}
	case records[length-1].Hash != head:
		return fmt.Errorf("%w: record %d: hash differs from the pinned head", ErrLedgerChain, length-1)
	}
	return nil
}
