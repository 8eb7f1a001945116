package toolloop

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// vectorRecords feeds the ledger lines of the vectors to a LedgerChain,
// checking each record against events.chain.tsv, and returns the records.
func vectorRecords(t *testing.T) []LedgerRecord {
	t.Helper()
	ledger := vectorLines(t, "events.ledger.jsonl", false)
	var c LedgerChain
	if c.Head() != GenesisHash || c.Len() != 0 {
		t.Fatalf("zero chain: head %q, len %d", c.Head(), c.Len())
	}
	var records []LedgerRecord
	for i, row := range chainRows(t) {
		r := c.Append([]byte(ledger[i]))
		seq, _ := strconv.ParseUint(row[4], 10, 64)
		if r.Sequence != seq || r.PrevHash != row[5] || r.Hash != row[6] || string(r.Row) != ledger[i] {
			t.Errorf("record %d: got (%d, %s, %s), want (%s, %s, %s)", i, r.Sequence, r.PrevHash, r.Hash,
				row[4], row[5], row[6])
		}
		if got := RecordHash(row[5], seq, []byte(ledger[i])); got != row[6] {
			t.Errorf("record %d: RecordHash = %s, want %s", i, got, row[6])
		}
		if c.Head() != r.Hash || c.Len() != uint64(i+1) {
			t.Errorf("record %d: head %s, len %d after Append", i, c.Head(), c.Len())
		}
		records = append(records, r)
	}
	return records
}

func TestLedgerChainFollowsTheVectorChain(t *testing.T) {
	if err := VerifyLedger(vectorRecords(t)); err != nil {
		t.Errorf("VerifyLedger(vector records) = %v", err)
	}
	if err := VerifyLedger(nil); err != nil {
		t.Errorf("VerifyLedger(nil) = %v", err)
	}
}

// TestRecordHashCoversPrevSequenceAndRow recomputes RecordHash from its
// definition: SHA-256 over prev, the 8-byte little-endian sequence, row.
func TestRecordHashCoversPrevSequenceAndRow(t *testing.T) {
	for _, c := range []struct {
		prev string
		seq  uint64
		row  string
	}{{GenesisHash, 0, ""}, {GenesisHash, 1, "{}"}, {"ab", 1 << 40, "row"}, {"", 0x0102030405060708, "x"}} {
		var seq [8]byte
		binary.LittleEndian.PutUint64(seq[:], c.seq)
		sum := sha256.Sum256([]byte(c.prev + string(seq[:]) + c.row))
		if got := RecordHash(c.prev, c.seq, []byte(c.row)); got != hex.EncodeToString(sum[:]) {
			t.Errorf("RecordHash(%q, %d, %q) = %s", c.prev, c.seq, c.row, got)
		}
	}
}

// cloneRecords deep-copies records so that a test may alter one.
func cloneRecords(rs []LedgerRecord) []LedgerRecord {
	out := make([]LedgerRecord, len(rs))
	for i, r := range rs {
		out[i] = r
		out[i].Row = bytes.Clone(r.Row)
	}
	return out
}

// expectChainBreak checks that VerifyLedger fails on rs at record i.
func expectChainBreak(t *testing.T, what string, rs []LedgerRecord, i int) {
	t.Helper()
	err := VerifyLedger(rs)
	if !errors.Is(err, ErrLedgerChain) || !strings.Contains(err.Error(), fmt.Sprintf("record %d:", i)) {
		t.Errorf("%s: VerifyLedger = %v, want ErrLedgerChain at record %d", what, err, i)
	}
}

// TestVerifyLedgerRejectsAnySingleAlteredByte alters, one at a time, every
// byte of every row and hash and every byte of every sequence number of the
// vector chain: each alteration is reported at its record.
func TestVerifyLedgerRejectsAnySingleAlteredByte(t *testing.T) {
	records := vectorRecords(t)
	work := cloneRecords(records)
	checked := 0
	for i := range work {
		r := &work[i]
		for j := range r.Row {
			r.Row[j] ^= 0x20
			expectChainBreak(t, fmt.Sprintf("row %d byte %d", i, j), work, i)
			r.Row[j] ^= 0x20
			checked++
		}
		for _, h := range []*string{&r.PrevHash, &r.Hash} {
			orig := *h
			for j := range orig {
				b := []byte(orig)
				b[j] ^= 0x01
				*h = string(b)
				expectChainBreak(t, fmt.Sprintf("hash of record %d byte %d", i, j), work, i)
				checked++
			}
			*h = orig
		}
		for k := range 8 {
			r.Sequence ^= 1 << (8 * k)
			expectChainBreak(t, fmt.Sprintf("sequence of record %d byte %d", i, k), work, i)
			r.Sequence ^= 1 << (8 * k)
			checked++
		}
	}
	if err := VerifyLedger(work); err != nil || checked < 10000 {
		t.Errorf("after %d restored alterations VerifyLedger = %v", checked, err)
	}
}

// TestVerifyLedgerRejectsStructuralChanges drops, swaps, truncates and
// extends rows.
func TestVerifyLedgerRejectsStructuralChanges(t *testing.T) {
	records := vectorRecords(t)
	expectChainBreak(t, "first record dropped", records[1:], 0)
	swapped := cloneRecords(records)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	expectChainBreak(t, "records swapped", swapped, 3)
	gap := append(cloneRecords(records[:5]), records[6:]...)
	expectChainBreak(t, "record removed", gap, 5)
	for _, mut := range []func([]byte) []byte{
		func(b []byte) []byte { return b[:len(b)-1] },
		func(b []byte) []byte { return append(b, ' ') },
		func(b []byte) []byte { return nil },
	} {
		rs := cloneRecords(records)
		rs[7].Row = mut(rs[7].Row)
		expectChainBreak(t, "row resized", rs, 7)
	}
	rs := cloneRecords(records)
	rs[0].PrevHash = ""
	expectChainBreak(t, "empty genesis", rs, 0)
	rs = cloneRecords(records)
	rs[2].Sequence = 987654321
	expectChainBreak(t, "sequence changed", rs, 2)
	if err := VerifyLedger(rs); strings.Contains(err.Error(), "987654321") {
		t.Errorf("%v echoes the record's sequence", err)
	}
}

// TestLedgerChainAppendCopiesTheRow checks that a record does not alias the
// row it was built from, and that an empty row chains like any other.
func TestLedgerChainAppendCopiesTheRow(t *testing.T) {
	var c LedgerChain
	row := []byte(`{"event":"custom"}`)
	r := c.Append(row)
	row[0] = 'X'
	if string(r.Row) != `{"event":"custom"}` {
		t.Errorf("record row aliases its input: %s", r.Row)
	}
	r2 := c.Append(nil)
	if r2.Sequence != 1 || r2.PrevHash != r.Hash || r2.Hash != RecordHash(r.Hash, 1, nil) {
		t.Errorf("second record %+v", r2)
	}
	if err := VerifyLedger([]LedgerRecord{r, r2}); err != nil {
		t.Errorf("VerifyLedger = %v", err)
	}
}
