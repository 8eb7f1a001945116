package toolloop

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
)

// The ledger file benchmarks write and read a ledger of benchLedgerRows
// rows of each content-class event (see classEvents) and compare, in the
// same run, interleaved, with what a Go user writes with encoding/json
// (x-json: the speed-up, its time over ours):
//
//	go test -cpu 1 -run '^$' -bench 'CorpusLedger' -benchtime 200x ./toolloop/
//
// The writer's peer chains each row with LedgerChain.Append and writes the
// record with a json.Encoder that does not escape HTML (so the row keeps
// its bytes). The reader's peer cuts lines with a bufio.Scanner, decodes
// each into a record with json.Unmarshal (the row a json.RawMessage) and
// checks its sequence, link and RecordHash, then the head and length.

// benchLedgerRows is the number of rows of a benchmark ledger.
const benchLedgerRows = 16

// jsonLedgerLine is a ledger file line as encoding/json reads and writes
// it.
type jsonLedgerLine struct {
	Sequence uint64          `json:"seq"`
	PrevHash string          `json:"prev"`
	Hash     string          `json:"hash"`
	Row      json.RawMessage `json:"row"`
}

var errBenchChain = errors.New("chain broken")

func BenchmarkCorpusLedgerWriterVsEncodingJSON(b *testing.B) {
	benchClasses(b, "x-json", true, func(c *classEvent) (func(), func()) {
		row, err := MarshalLedgerRow(c.ev)
		if err != nil {
			b.Fatal(err)
		}
		w := NewLedgerWriter(io.Discard)
		var chain LedgerChain
		enc := json.NewEncoder(io.Discard)
		enc.SetEscapeHTML(false)
		return func() {
				for range benchLedgerRows {
					sinkErr = w.WriteRow(row)
				}
			}, func() {
				for range benchLedgerRows {
					r := chain.Append(row)
					sinkErr = enc.Encode(jsonLedgerLine{r.Sequence, r.PrevHash, r.Hash, r.Row})
				}
			}
	})
}

func BenchmarkCorpusLedgerReaderVsEncodingJSON(b *testing.B) {
	benchClasses(b, "x-json", true, func(c *classEvent) (func(), func()) {
		row, err := MarshalLedgerRow(c.ev)
		if err != nil {
			b.Fatal(err)
		}
		rows := make([][]byte, benchLedgerRows)
		for i := range rows {
			rows[i] = row
		}
		file, head, length := writeRows(b, rows...)
		return func() {
				r := NewLedgerReader(bytes.NewReader(file), head, length)
				for sinkErr == nil {
					_, sinkErr = r.Next()
				}
				if sinkErr != io.EOF {
					b.Fatal(sinkErr)
				}
				sinkErr = nil
			}, func() {
				if err := readJSONLedger(file, head, length); err != nil {
					b.Fatal(err)
				}
			}
	})
}

// readJSONLedger is the reader's peer: a ledger file read and checked with
// encoding/json.
func readJSONLedger(file []byte, head string, length uint64) error {
	sc := bufio.NewScanner(bytes.NewReader(file))
	sc.Buffer(nil, MaxLedgerLineBytes+1)
	prev, n := GenesisHash, uint64(0)
	for sc.Scan() {
		var rec jsonLedgerLine
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return err
		}
		if rec.Sequence != n || rec.PrevHash != prev || RecordHash(prev, n, rec.Row) != rec.Hash {
			return errBenchChain
		}
		prev, n = rec.Hash, n+1
	}
	if sc.Err() != nil || n != length || prev != head {
		return errBenchChain
	}
	return nil
}
