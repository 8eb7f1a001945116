package toolloop

import (
	"errors"
	"fmt"
	"testing"
)

// pinChain returns n records chained by a LedgerChain, and the chain.
func pinChain(n int) ([]LedgerRecord, *LedgerChain) {
	var c LedgerChain
	records := make([]LedgerRecord, n)
	for i := range records {
		records[i] = c.Append(fmt.Appendf(nil, `{"row":%d}`, i))
	}
	return records, &c
}

// rewrite returns records with row i replaced and every hash from i on
// recomputed: a forged chain that VerifyLedger accepts.
func rewrite(records []LedgerRecord, i int) []LedgerRecord {
	var c LedgerChain
	out := make([]LedgerRecord, len(records))
	for j, r := range records {
		row := r.Row
		if j == i {
			row = []byte(`{"row":"forged"}`)
		}
		out[j] = c.Append(row)
	}
	return out
}

// TestVerifyLedgerCannotSeeTruncationOrRewriting pins what the unkeyed
// chain cannot detect, and TestVerifyLedgerHeadDetectsBoth what the pin
// adds.
func TestVerifyLedgerCannotSeeTruncationOrRewriting(t *testing.T) {
	records, _ := pinChain(5)
	for name, forged := range map[string][]LedgerRecord{
		"truncated": records[:3],
		"rewritten": rewrite(records, 2),
		"replaced":  rewrite(records, 0),
	} {
		if err := VerifyLedger(forged); err != nil {
			t.Errorf("%s: VerifyLedger = %v; the documented limit no longer holds", name, err)
		}
	}
}

func TestVerifyLedgerHeadDetectsBoth(t *testing.T) {
	records, c := pinChain(5)
	head, n := c.Head(), c.Len()
	if err := VerifyLedgerHead(records, head, n); err != nil {
		t.Fatalf("the pinned chain: %v", err)
	}
	grown := append(records[:5:5], c.Append([]byte(`{"row":5}`)))
	if err := VerifyLedgerHead(grown, head, n); err != nil {
		t.Errorf("a chain grown since the pin: %v", err)
	}
	for name, forged := range map[string][]LedgerRecord{
		"truncated":         records[:3],
		"emptied":           nil,
		"rewritten":         rewrite(records, 2),
		"rewritten at head": rewrite(records, 4),
		"replaced":          rewrite(records, 0),
		"grown and forged":  rewrite(grown, 1),
	} {
		if err := VerifyLedgerHead(forged, head, n); !errors.Is(err, ErrLedgerChain) {
			t.Errorf("%s: VerifyLedgerHead = %v, want ErrLedgerChain", name, err)
		}
	}
	// A chain that does not verify fails as VerifyLedger fails.
	broken := append([]LedgerRecord(nil), records...)
	broken[1].Row = []byte(`{}`)
	if got, want := VerifyLedgerHead(broken, head, n), VerifyLedger(broken); got == nil || got.Error() != want.Error() {
		t.Errorf("a broken chain: %v, want %v", got, want)
	}
	// The empty pin.
	for _, rs := range [][]LedgerRecord{nil, records} {
		if err := VerifyLedgerHead(rs, GenesisHash, 0); err != nil {
			t.Errorf("the empty pin on %d records: %v", len(rs), err)
		}
		if err := VerifyLedgerHead(rs, head, 0); !errors.Is(err, ErrLedgerChain) {
			t.Errorf("length 0 with a non-genesis head on %d records: %v", len(rs), err)
		}
	}
}
