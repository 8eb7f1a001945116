package toolloop

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonv2"
)

// The ledger file benchmarks write and read a ledger of benchLedgerRows
// rows of each content-class event (see classEvents) and compare, in the
// same run, interleaved, with what a Go user writes with encoding/json
// (x-json: the speed-up, its time over ours) or, where it exists, with
// encoding/json/v2 (x-jsonv2):
//
//	go test -cpu 1 -run '^$' -bench 'CorpusLedger' -benchtime 200x ./toolloop/
//
// The writer's peer chains each row with LedgerChain.Append and writes the
// record as a line: with a json.Encoder that does not escape HTML (so that
// the row keeps its bytes), or with json/v2's Marshal (which does not
// either). The reader's peer cuts lines with a bufio.Scanner, decodes each
// into a record (the row a json.RawMessage) and checks its sequence, link
// and RecordHash, then the head and length.

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
	enc := json.NewEncoder(io.Discard)
	enc.SetEscapeHTML(false)
	benchLedgerWriter(b, "x-json", enc.Encode)
}

func BenchmarkCorpusLedgerWriterVsJSONv2(b *testing.B) {
	jsonv2.Require(b)
	benchLedgerWriter(b, "x-jsonv2", func(v any) error {
		line, err := jsonv2.Marshal(v)
		_, _ = io.Discard.Write(append(line, '\n'))
		return err
	})
}

func BenchmarkCorpusLedgerReaderVsEncodingJSON(b *testing.B) {
	benchLedgerReader(b, "x-json", json.Unmarshal)
}

func BenchmarkCorpusLedgerReaderVsJSONv2(b *testing.B) {
	jsonv2.Require(b)
	benchLedgerReader(b, "x-jsonv2", jsonv2.Unmarshal)
}

// benchLedgerWriter compares LedgerWriter.WriteRow with LedgerChain.Append
// and encode writing the record's line.
func benchLedgerWriter(b *testing.B, unit string, encode func(any) error) {
	benchClasses(b, unit, true, func(c *classEvent) (func(), func()) {
		row, err := MarshalLedgerRow(c.ev)
		if err != nil {
			b.Fatal(err)
		}
		w := NewLedgerWriter(io.Discard)
		var chain LedgerChain
		return func() {
				for range benchLedgerRows {
					sinkErr = w.WriteRow(row)
				}
			}, func() {
				for range benchLedgerRows {
					r := chain.Append(row)
					sinkErr = encode(jsonLedgerLine{r.Sequence, r.PrevHash, r.Hash, r.Row})
				}
			}
	})
}

// benchLedgerReader compares LedgerReader with readJSONLedger decoding
// with unmarshal.
func benchLedgerReader(b *testing.B, unit string, unmarshal func([]byte, any) error) {
	benchClasses(b, unit, true, func(c *classEvent) (func(), func()) {
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
				if err := readJSONLedger(file, head, length, unmarshal); err != nil {
					b.Fatal(err)
				}
			}
	})
}

// readJSONLedger is the reader's peer: a ledger file read with unmarshal
// and checked.
func readJSONLedger(file []byte, head string, length uint64, unmarshal func([]byte, any) error) error {
	sc := bufio.NewScanner(bytes.NewReader(file))
	sc.Buffer(nil, MaxLedgerLineBytes+1)
	prev, n := GenesisHash, uint64(0)
	for sc.Scan() {
		var rec jsonLedgerLine
		if err := unmarshal(sc.Bytes(), &rec); err != nil {
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
