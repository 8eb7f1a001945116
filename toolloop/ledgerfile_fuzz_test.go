package toolloop

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// ledgerLineForm is the line format restated as a regular expression:
// sequence, previous hash, hash and row.
var ledgerLineForm = regexp.MustCompile(`^\{"seq":(0|[1-9][0-9]*),"prev":"([^"]*)","hash":"([^"]*)","row":(.*)\}$`)

// referenceRead is LedgerReader's acceptance rule restated: the pin has
// its form, the file ends with a line feed, each line has the line form,
// and the records are a chain of exactly the pinned length ending at the
// pinned head. It returns the records of an accepted file.
func referenceRead(data []byte, head string, length uint64) ([]LedgerRecord, bool) {
	if length == 0 && head != GenesisHash || length > 0 && !canon.IsLowerHexDigest(head) {
		return nil, false
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return nil, false
	}
	var records []LedgerRecord
	for _, line := range fileLines(data) {
		m := ledgerLineForm.FindSubmatch(bytes.TrimSuffix(line, []byte("\n")))
		if m == nil {
			return nil, false
		}
		seq, err := strconv.ParseUint(string(m[1]), 10, 64)
		if err != nil {
			return nil, false
		}
		records = append(records, LedgerRecord{Sequence: seq, PrevHash: string(m[2]), Hash: string(m[3]), Row: m[4]})
	}
	if uint64(len(records)) != length || VerifyLedgerHead(records, head, length) != nil {
		return nil, false
	}
	return records, true
}

// jsonLinesAgree reports whether encoding/json reads each line of an
// accepted file that is valid JSON (every line whose row is JSON nested
// less than canon.MaxDepth deep) to its record.
func jsonLinesAgree(data []byte, records []LedgerRecord) bool {
	for i, line := range fileLines(data) {
		if !json.Valid(line) {
			continue
		}
		var l jsonLedgerLine
		if json.Unmarshal(line, &l) != nil ||
			!recordsEqual([]LedgerRecord{{l.Sequence, l.PrevHash, l.Hash, l.Row}}, records[i:i+1]) {
			return false
		}
	}
	return true
}

// FuzzLedgerReader reads arbitrary files with arbitrary pins and checks
// the reader against referenceRead: the same verdict and, for an accepted
// file, the same records, which written again give the file, and which
// encoding/json reads from its lines where they are JSON. Whatever the
// verdict, the records returned before it are a chain, and a failure is
// one of the reader's fixed errors.
func FuzzLedgerReader(f *testing.F) {
	file, head, length := testLedger(f)
	f.Add(file, head, length)
	f.Fuzz(func(t *testing.T, data []byte, head string, length uint64) {
		records, err := readAll(data, head, length)
		if err != nil && (!errors.Is(err, ErrLedgerChain) || !errorText.MatchString(err.Error())) {
			t.Fatalf("an error of unexpected form: %v", err)
		}
		if verr := VerifyLedger(records); verr != nil {
			t.Fatalf("the records returned are not a chain: %v", verr)
		}
		want, ok := referenceRead(data, head, length)
		if ok != (err == nil) {
			t.Fatalf("the reference accepts: %v; the reader: %v", ok, err)
		}
		if !ok {
			return
		}
		if !recordsEqual(records, want) || !bytes.Equal(fileOf(records), data) {
			t.Fatalf("the records read do not give the file again")
		}
		if !jsonLinesAgree(data, records) {
			t.Fatalf("encoding/json reads the lines to other records")
		}
	})
}

// recordsEqual reports whether a and b hold the same records, nil and
// empty rows alike.
func recordsEqual(a, b []LedgerRecord) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Sequence != y.Sequence || x.PrevHash != y.PrevHash || x.Hash != y.Hash || !bytes.Equal(x.Row, y.Row) {
			return false
		}
	}
	return true
}

// FuzzLedgerRoundTrip writes arbitrary rows (data cut at NUL bytes) and
// checks that WriteRow refuses exactly the rows that cannot stand in a line
// (not one JSON value, or holding a CR or LF byte) and that the file reads
// back to the rows it accepted, byte for byte.
func FuzzLedgerRoundTrip(f *testing.F) {
	f.Add([]byte("{\"a\":1}\x00[1, 2]\x00\"<&>\"\x00{\"b\":\n1}\x00 true \x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var buf bytes.Buffer
		w := NewLedgerWriter(&buf)
		var kept [][]byte
		for _, row := range bytes.Split(data, []byte{0}) {
			fits := json.Valid(row) && !bytes.ContainsAny(row, "\r\n")
			if err := w.WriteRow(row); (err == nil) != fits {
				t.Fatalf("WriteRow(%q) = %v", row, err)
			}
			if fits {
				kept = append(kept, row)
			}
		}
		r := NewLedgerReader(bytes.NewReader(buf.Bytes()), w.Head(), w.Len())
		for i, row := range kept {
			rec, err := r.Next()
			if err != nil || !bytes.Equal(rec.Row, row) {
				t.Fatalf("row %d: %v", i, err)
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("after the last row: %v", err)
		}
		if strings.Count(buf.String(), "\n") != len(kept) {
			t.Fatal("not one line per row")
		}
	})
}

// fileOf returns the lines of records in the line format.
func fileOf(records []LedgerRecord) []byte {
	var b []byte
	for _, r := range records {
		b = append(b, ledgerFileLine(r)...)
	}
	return b
}
