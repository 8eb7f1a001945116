package toolloop

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// ledgerFileLine is the line format restated: what the file holds for a
// record.
func ledgerFileLine(r LedgerRecord) string {
	return fmt.Sprintf("{\"seq\":%d,\"prev\":%q,\"hash\":%q,\"row\":%s}\n", r.Sequence, r.PrevHash, r.Hash, r.Row)
}

// writeRows writes rows to a new ledger file and returns it with its head
// and length.
func writeRows(t testing.TB, rows ...[]byte) (file []byte, head string, length uint64) {
	t.Helper()
	var buf bytes.Buffer
	w := NewLedgerWriter(&buf)
	for i, row := range rows {
		if err := w.WriteRow(row); err != nil {
			t.Fatalf("WriteRow %d: %v", i, err)
		}
	}
	return buf.Bytes(), w.Head(), w.Len()
}

// readAll reads a ledger file with its pin and returns the records read
// before the reader stopped, and why it stopped (nil at io.EOF).
func readAll(file []byte, head string, length uint64) ([]LedgerRecord, error) {
	return readAllFrom(NewLedgerReader(bytes.NewReader(file), head, length))
}

func readAllFrom(r *LedgerReader) ([]LedgerRecord, error) {
	var records []LedgerRecord
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return records, nil
		}
		if err != nil {
			if again, err2 := r.Next(); err2 != err || !reflect.DeepEqual(again, LedgerRecord{}) {
				return records, fmt.Errorf("the failure is not sticky: %v, then %v", err, err2)
			}
			return records, err
		}
		records = append(records, rec)
	}
}

// TestLedgerFileFollowsTheVectorChain writes the vector rows and checks
// each line against the restated format and the vector record hashes, the
// whole file against its golden copy, and reading it back.
func TestLedgerFileFollowsTheVectorChain(t *testing.T) {
	want := vectorRecords(t)
	var rows [][]byte
	var lines strings.Builder
	for _, r := range want {
		rows = append(rows, r.Row)
		lines.WriteString(ledgerFileLine(r))
	}
	file, head, length := writeRows(t, rows...)
	if string(file) != lines.String() {
		t.Fatalf("the file is not the records' lines:\n%s", file)
	}
	if last := want[len(want)-1]; head != last.Hash || length != uint64(len(want)) {
		t.Errorf("head %s, length %d; want %s, %d", head, length, last.Hash, len(want))
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "ledger.golden.jsonl"))
	if err != nil || !bytes.Equal(file, golden) {
		t.Errorf("the file differs from testdata/ledger.golden.jsonl (%v)", err)
	}
	got, err := readAll(file, head, length)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("read back: %v\n got %+v", err, got)
	}
}

// foreignRows are rows of other components that may share a ledger: any
// JSON value without CR or LF, white space and escapes kept as written.
var foreignRows = []string{
	`{"event":"candidate_accepted","node_id":"n1"}`,
	`{ "event" : "spaced",	"tab": [1, 2] }`,
	`"a string row"`, `0`, `-1.5e+300`, `null`, `[]`, `{}`,
	`{"html":"<a href=\"x\">&amp;</a>","seps":"` + "\u2028\u2029" + `","esc":"\u00e9\/"}`,
	`{"k":"` + strings.Repeat("é", 5000) + `"}`,
}

// TestLedgerFileRoundTripsEveryRow writes every sample event, every
// content-class event and the foreign rows, and reads them back: the same
// rows, byte for byte, and writing the records read gives the file again.
func TestLedgerFileRoundTripsEveryRow(t *testing.T) {
	var buf bytes.Buffer
	w := NewLedgerWriter(&buf)
	var rows [][]byte
	events := allEventSamples()
	for _, c := range classEvents(t) {
		events = append(events, c.ev)
	}
	for i, ev := range events {
		row, err := MarshalLedgerRow(ev)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
		if err := w.WriteEvent(ev); err != nil {
			t.Fatalf("WriteEvent %d: %v", i, err)
		}
		if w.Head() != RecordHash(prevOf(t, buf.Bytes()), uint64(i), row) {
			t.Fatalf("event %d: the head is not the record hash of its row", i)
		}
	}
	for _, row := range foreignRows {
		rows = append(rows, []byte(row))
		if err := w.WriteRow([]byte(row)); err != nil {
			t.Fatalf("WriteRow(%.40q): %v", row, err)
		}
	}
	records, err := readAll(buf.Bytes(), w.Head(), w.Len())
	if err != nil || len(records) != len(rows) {
		t.Fatalf("read back %d of %d records: %v", len(records), len(rows), err)
	}
	again, _, _ := writeRows(t, rowsOf(records)...)
	for i, r := range records {
		if !bytes.Equal(r.Row, rows[i]) {
			t.Errorf("record %d: the row changed", i)
		}
	}
	if !bytes.Equal(again, buf.Bytes()) {
		t.Error("writing the records read does not give the file again")
	}
	if err := VerifyLedgerHead(records, w.Head(), w.Len()); err != nil {
		t.Errorf("VerifyLedgerHead on the records read: %v", err)
	}
}

// prevOf returns the prev field of the last line of file.
func prevOf(t *testing.T, file []byte) string {
	lines := bytes.Split(bytes.TrimSuffix(file, []byte("\n")), []byte("\n"))
	l, ok := parseLedgerLine(lines[len(lines)-1])
	if !ok {
		t.Fatalf("cannot parse the last line")
	}
	return string(l.prev)
}

func rowsOf(records []LedgerRecord) [][]byte {
	var rows [][]byte
	for _, r := range records {
		rows = append(rows, r.Row)
	}
	return rows
}

// testLedger is a file of six records and its pin.
func testLedger(t testing.TB) (file []byte, head string, length uint64) {
	var rows [][]byte
	for i := range 6 {
		rows = append(rows, fmt.Appendf(nil, `{"event":"custom","kind":"tool_loop","n":%d,"secret":"s3cr3t-%d"}`, i, i))
	}
	return writeRows(t, rows...)
}

// fileLines splits a file into its lines, each with its line feed.
func fileLines(file []byte) [][]byte {
	return bytes.SplitAfter(file, []byte("\n"))[:bytes.Count(file, []byte("\n"))]
}

// joinLines joins lines, after applying edit to a copy of them.
func joinLines(file []byte, edit func(lines [][]byte) [][]byte) []byte {
	lines := fileLines(bytes.Clone(file))
	return bytes.Join(edit(lines), nil)
}

// rewriteFrom returns file rewritten from line i (0-based) on, its row
// replaced and every hash from there recomputed: a forged file whose lines
// chain.
func rewriteFrom(t testing.TB, file []byte, i int) []byte {
	head, length := testPin(t, file)
	records, err := readAll(file, head, length)
	if err != nil {
		t.Fatal(err)
	}
	rows := rowsOf(records)
	rows[i] = []byte(`{"event":"custom","kind":"tool_loop","forged":true}`)
	forged, _, _ := writeRows(t, rows...)
	return forged
}

// testPin returns the pin of an untampered file written by writeRows.
func testPin(t testing.TB, file []byte) (string, uint64) {
	lines := fileLines(file)
	l, ok := parseLedgerLine(bytes.TrimSuffix(lines[len(lines)-1], []byte("\n")))
	if !ok {
		t.Fatal("cannot parse the last line")
	}
	return string(l.hash), uint64(len(lines))
}

// errorText is the form of every error the reader makes: the sentinel, a
// line number or record counts, and fixed text.
var errorText = regexp.MustCompile(`^toolloop: ledger chain broken: (line [0-9]+: [a-zA-Z ()]+( [0-9]+)?|[0-9]+ records, fewer than the pinned [0-9]+|the pinned head [a-zA-Z ]+)$`)

// TestLedgerReaderCatchesEveryTamper alters a file in every way and checks
// that reading it with its pin fails with an error wrapping ErrLedgerChain
// that names the line, or the count of records for a file cut at a line
// boundary, and never quotes the file; and that the records returned before
// the failure are a chain.
func TestLedgerReaderCatchesEveryTamper(t *testing.T) {
	file, head, length := testLedger(t)
	swap := func(i, j int) func([][]byte) [][]byte {
		return func(l [][]byte) [][]byte { l[i], l[j] = l[j], l[i]; return l }
	}
	cases := []struct {
		name, file, want string
	}{
		{"a row byte changed", string(bytes.Replace(file, []byte(`"n":2`), []byte(`"n":7`), 1)), "line 3: hash does not match the record"},
		{"a row byte added", string(bytes.Replace(file, []byte(`"n":2`), []byte(`"n":2 `), 1)), "line 3: hash does not match the record"},
		{"a hash digit changed", string(joinLines(file, func(l [][]byte) [][]byte { flipHash(l[1]); return l })), "line 2: hash does not match the record"},
		{"a sequence changed", string(bytes.Replace(file, []byte(`{"seq":4,`), []byte(`{"seq":5,`), 1)), "line 5: sequence is not 4"},
		{"a sequence with a leading zero", string(bytes.Replace(file, []byte(`{"seq":4,`), []byte(`{"seq":04,`), 1)), "line 5: sequence is not 4"},
		{"the first line dropped", string(joinLines(file, func(l [][]byte) [][]byte { return l[1:] })), "line 1: sequence is not 0"},
		{"a middle line dropped", string(joinLines(file, func(l [][]byte) [][]byte { return append(l[:2], l[3:]...) })), "line 3: sequence is not 2"},
		{"a line repeated", string(joinLines(file, func(l [][]byte) [][]byte { return append(l[:3], l[2:]...) })), "line 4: sequence is not 3"},
		{"two lines swapped", string(joinLines(file, swap(1, 2))), "line 2: sequence is not 1"},
		{"the tail truncated at a line", string(joinLines(file, func(l [][]byte) [][]byte { return l[:4] })), "4 records, fewer than the pinned 6"},
		{"the file emptied", "", "0 records, fewer than the pinned 6"},
		{"the tail cut inside a line", string(file[:len(file)-10]), "line 6: no line feed at the end of the file (a write cut short)"},
		{"the last line feed cut", string(file[:len(file)-1]), "line 6: no line feed at the end of the file (a write cut short)"},
		{"the tail rewritten", string(rewriteFrom(t, file, 3)), "line 6: hash differs from the pinned head"},
		{"the last record rewritten", string(rewriteFrom(t, file, 5)), "line 6: hash differs from the pinned head"},
		{"every record rewritten", string(rewriteFrom(t, file, 0)), "line 6: hash differs from the pinned head"},
		{"a record appended", string(appendRow(t, file, head, length)), "line 7: a record after the pinned length 6"},
		{"a blank line", string(joinLines(file, func(l [][]byte) [][]byte { return append(l[:2], append([][]byte{[]byte("\n")}, l[2:]...)...) })), "line 3: not a ledger record line"},
		{"CRLF line ends", strings.ReplaceAll(string(file), "}\n", "}\r\n"), "line 1: not a ledger record line"},
		{"white space between members", strings.Replace(string(file), `,"prev":`, `, "prev":`, 1), "line 1: not a ledger record line"},
		{"members reordered", strings.Replace(string(file), `{"seq":0,`, `{"sequence":0,`, 1), "line 1: not a ledger record line"},
		{"an escaped prev", strings.Replace(string(file), `"prev":"GENESIS"`, `"prev":"GENESI\u0053"`, 1), "line 1: previous hash does not link to the preceding record"},
		{"a row made invalid JSON", strings.Replace(string(file), `"n":1,`, `"n":1,,`, 1), "line 2: hash does not match the record"},
		{"a row with a CR", strings.Replace(string(file), `"n":1,`, "\"n\":1,\r", 1), "line 2: hash does not match the record"},
		{"a line from another file", string(joinLines(file, func(l [][]byte) [][]byte { l[0] = fileLines(otherLedger(t))[0]; return l })), "line 2: previous hash does not link to the preceding record"},
	}
	for _, tc := range cases {
		records, err := readAll([]byte(tc.file), head, length)
		if !errors.Is(err, ErrLedgerChain) || err.Error() != "toolloop: ledger chain broken: "+tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
			continue
		}
		if !errorText.MatchString(err.Error()) || strings.Contains(err.Error(), "s3cr3t") {
			t.Errorf("%s: the error %q is not of the fixed form", tc.name, err)
		}
		if err := VerifyLedger(records); err != nil {
			t.Errorf("%s: the records returned before the failure: %v", tc.name, err)
		}
	}
}

// flipHash changes one digit of the hash of a line.
func flipHash(line []byte) {
	i := bytes.Index(line, []byte(lineHash)) + len(lineHash)
	line[i] ^= 1
}

// appendRow returns file with a record appended that chains to it.
func appendRow(t testing.TB, file []byte, head string, length uint64) []byte {
	buf := bytes.NewBuffer(bytes.Clone(file))
	w, err := ResumeLedgerWriter(buf, head, length)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteRow([]byte(`{"appended":true}`)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func otherLedger(t testing.TB) []byte {
	file, _, _ := writeRows(t, []byte(`{"other":1}`))
	return file
}

// TestLedgerReaderPins checks the pins a reader accepts and an empty file.
func TestLedgerReaderPins(t *testing.T) {
	file, head, length := testLedger(t)
	cases := []struct {
		name   string
		file   []byte
		head   string
		length uint64
		want   string // "" for success
	}{
		{"the empty file", nil, GenesisHash, 0, ""},
		{"the empty pin on a file", file, GenesisHash, 0, "line 1: a record after the pinned length 0"},
		{"an empty pin that is not genesis", nil, head, 0, "the pinned head of an empty ledger is not GENESIS"},
		{"a head that is not a hash", file, GenesisHash, length, "the pinned head is not a record hash"},
		{"an upper-case head", file, strings.ToUpper(head), length, "the pinned head is not a record hash"},
		{"a shorter pin", file, head, length - 1, "line 5: hash differs from the pinned head"},
		{"a longer pin", file, head, length + 1, "6 records, fewer than the pinned 7"},
		{"the right pin", file, head, length, ""},
	}
	for _, tc := range cases {
		_, err := readAll(tc.file, tc.head, tc.length)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (!errors.Is(err, ErrLedgerChain) || err.Error() != "toolloop: ledger chain broken: "+tc.want):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := NewLedgerReader(nil, GenesisHash, 0).Next(); !errors.Is(err, ErrNilPort) {
		t.Errorf("a nil reader: %v", err)
	}
}

// TestLedgerReaderBoundsLines checks that a line longer than the bound is
// refused after reading at most the bound and a line feed's worth of it,
// and that a line at the bound is read.
func TestLedgerReaderBoundsLines(t *testing.T) {
	if NewLedgerReader(bytes.NewReader(nil), GenesisHash, 0).sc == nil {
		t.Fatal("no scanner")
	}
	row := []byte(`"` + strings.Repeat("x", 1000) + `"`)
	file, head, length := writeRows(t, []byte(`{}`), row, []byte(`{}`))
	long := len(fileLines(file)[1]) - 1
	for _, tc := range []struct {
		maxLine int
		want    string
	}{{long, ""}, {long - 1, "toolloop: ledger chain broken: line 2: longer than MaxLedgerLineBytes"}} {
		src := &countingReader{r: bytes.NewReader(file)}
		_, err := readAllFrom(newLedgerReader(src, head, length, tc.maxLine))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want) {
			t.Errorf("max %d: %v, want %q", tc.maxLine, err, tc.want)
		}
	}
	// An endless line is refused having read no more than the bound.
	src := &countingReader{r: endless{}}
	_, err := readAllFrom(newLedgerReader(src, head, length, 1<<16))
	if !errors.Is(err, ErrLedgerChain) || src.n > 1<<16+1 {
		t.Errorf("an endless line: %v after reading %d bytes", err, src.n)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// endless is an io.Reader of 'x' bytes that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestLedgerReaderReturnsTheReadersError checks that an error of the
// io.Reader is returned unchanged.
func TestLedgerReaderReturnsTheReadersError(t *testing.T) {
	file, head, length := testLedger(t)
	boom := errors.New("disk on fire")
	r := io.MultiReader(bytes.NewReader(fileLines(file)[0]), &failingReader{boom})
	records, err := readAllFrom(NewLedgerReader(r, head, length))
	if err != boom || len(records) != 1 {
		t.Errorf("%d records, %v", len(records), err)
	}
}

type failingReader struct{ err error }

func (f *failingReader) Read([]byte) (int, error) { return 0, f.err }

// TestLedgerWriterRefusesRowsThatCannotStandInALine checks the rows
// WriteRow refuses, and that nothing is written for them.
func TestLedgerWriterRefusesRowsThatCannotStandInALine(t *testing.T) {
	for _, tc := range []struct {
		row, want string
	}{
		{``, "row is not one JSON value"},
		{`{"a":1} {"b":2}`, "row is not one JSON value"},
		{`{"a":`, "row is not one JSON value"},
		{"{\"a\":\n1}", "row holds a CR or LF byte"},
		{"{\"a\":1}\r", "row holds a CR or LF byte"},
		{strings.Repeat(" ", MaxLedgerRowBytes+1), "row is longer than MaxLedgerRowBytes"},
	} {
		var buf bytes.Buffer
		w := NewLedgerWriter(&buf)
		err := w.WriteRow([]byte(tc.row))
		if !errors.Is(err, ErrEncode) || err.Error() != "toolloop: cannot encode: ledger file: "+tc.want {
			t.Errorf("WriteRow(%.20q) = %v, want %q", tc.row, err, tc.want)
		}
		if buf.Len() != 0 || w.Len() != 0 || w.Head() != GenesisHash {
			t.Errorf("WriteRow(%.20q) wrote %d bytes", tc.row, buf.Len())
		}
		if err := w.WriteRow([]byte(`{}`)); err != nil {
			t.Errorf("a refused row ended the writer: %v", err)
		}
	}
	var buf bytes.Buffer
	w := NewLedgerWriter(&buf)
	if err := w.WriteEvent(nil); !errors.Is(err, ErrEncode) || buf.Len() != 0 {
		t.Errorf("WriteEvent(nil) = %v, %d bytes written", err, buf.Len())
	}
	if err := NewLedgerWriter(nil).WriteRow([]byte(`{}`)); !errors.Is(err, ErrNilPort) {
		t.Errorf("a nil writer: %v", err)
	}
}

// shortWriter writes the first n bytes it is given, then fails.
type shortWriter struct {
	w   io.Writer
	n   int
	err error
}

func (s *shortWriter) Write(p []byte) (int, error) {
	if len(p) <= s.n {
		s.n -= len(p)
		return s.w.Write(p)
	}
	n, _ := s.w.Write(p[:s.n])
	s.n = 0
	return n, s.err
}

// TestLedgerWriterEndsAtTheWritersError checks that an error of the
// io.Writer is returned unchanged, ends the writer with the head of the
// last record written whole, and leaves a file that the reader reports at
// the partial line.
func TestLedgerWriterEndsAtTheWritersError(t *testing.T) {
	full, _, _ := testLedger(t)
	boom := errors.New("disk full")
	var buf bytes.Buffer
	w := NewLedgerWriter(&shortWriter{w: &buf, n: len(full) - 20, err: boom})
	var head string
	var length uint64
	var err error
	for i := 0; err == nil; i++ {
		head, length = w.Head(), w.Len()
		err = w.WriteRow(fmt.Appendf(nil, `{"event":"custom","kind":"tool_loop","n":%d,"secret":"s3cr3t-%d"}`, i, i))
	}
	if err != boom || w.Head() != head || w.Len() != length || length != 5 {
		t.Fatalf("%v; head moved or length %d", err, length)
	}
	if err := w.WriteEvent(EffectAppliedEvent{CallID: "c"}); err != boom {
		t.Errorf("a later write: %v", err)
	}
	_, err = readAll(buf.Bytes(), head, length)
	if want := "toolloop: ledger chain broken: line 6: no line feed at the end of the file (a write cut short)"; err == nil || err.Error() != want {
		t.Errorf("reading the file: %v", err)
	}
}

// TestResumeLedgerWriter continues a file from its pin: the result is the
// file written in one go.
func TestResumeLedgerWriter(t *testing.T) {
	whole, head, length := testLedger(t)
	lines := fileLines(whole)
	first := bytes.Join(lines[:4], nil)
	firstHead, firstLen := testPin(t, first)
	records, err := readAll(first, firstHead, firstLen)
	if err != nil {
		t.Fatal(err)
	}
	buf := bytes.NewBuffer(bytes.Clone(first))
	w, err := ResumeLedgerWriter(buf, records[3].Hash, 4)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := readAll(whole, head, length)
	for _, r := range all[4:] {
		if err := w.WriteRow(r.Row); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(buf.Bytes(), whole) || w.Head() != head || w.Len() != length {
		t.Error("the resumed file differs from the file written in one go")
	}
	if w, err := ResumeLedgerWriter(&bytes.Buffer{}, GenesisHash, 0); err != nil || w.Head() != GenesisHash {
		t.Errorf("resuming the empty file: %v", err)
	}
	for _, pin := range []struct {
		head   string
		length uint64
	}{{head, 0}, {GenesisHash, 1}, {"", 1}, {head[1:], 6}} {
		if _, err := ResumeLedgerWriter(&bytes.Buffer{}, pin.head, pin.length); !errors.Is(err, ErrLedgerChain) {
			t.Errorf("ResumeLedgerWriter(%q, %d) = %v", pin.head, pin.length, err)
		}
	}
}

// TestLedgerFileAllocations pins the allocations: none per WriteEvent or
// WriteRow once the writer's buffer has room, and per record read only
// its row and hash.
func TestLedgerFileAllocations(t *testing.T) {
	ev := EffectAppliedEvent{CallID: "call_1", Mutated: true, Output: strings.Repeat("output ", 100)}
	row, _ := MarshalLedgerRow(ev)
	w := NewLedgerWriter(io.Discard)
	_ = w.WriteEvent(ev)
	if n := testing.AllocsPerRun(100, func() { _ = w.WriteEvent(ev) }); n != 0 {
		t.Errorf("WriteEvent: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = w.WriteRow(row) }); n != 0 {
		t.Errorf("WriteRow: %v allocations", n)
	}
	rows := make([][]byte, 200)
	for i := range rows {
		rows[i] = row
	}
	file, head, length := writeRows(t, rows...)
	r := NewLedgerReader(bytes.NewReader(file), head, length)
	_, _ = r.Next()
	if n := testing.AllocsPerRun(100, func() { _, _ = r.Next() }); n != 2 {
		t.Errorf("Next: %v allocations, want 2 (the row and the hash)", n)
	}
}

// TestLedgerReaderMemoryIsASmallMultipleOfTheLongestLine reads a file of
// many short lines and one long one: besides the records it returns (each
// row and hash), the reader allocates at most five times the longest
// line, however long the file: its line buffer doubles as it grows, to at
// most twice the longest line, so the buffers it outgrows add up to as
// much again.
func TestLedgerReaderMemoryIsASmallMultipleOfTheLongestLine(t *testing.T) {
	short := []byte(`{"event":"custom","kind":"tool_loop","payload":{"n":12345678}}`)
	long := []byte(`"` + strings.Repeat("x", 1<<20) + `"`)
	rows := make([][]byte, 0, 4001)
	for i := range 4000 {
		if i == 2000 {
			rows = append(rows, long)
		}
		rows = append(rows, short)
	}
	file, head, length := writeRows(t, rows...)
	var outputs int
	for _, row := range rows {
		outputs += len(row) + 64
	}
	n := content.Allocated(func() {
		r := NewLedgerReader(bytes.NewReader(file), head, length)
		for {
			if _, err := r.Next(); err != nil {
				if err != io.EOF {
					t.Error(err)
				}
				return
			}
		}
	})
	if limit := outputs*5/4 + 5*len(long); n > uint64(limit) {
		t.Errorf("%d bytes allocated reading %d bytes; want at most %d", n, len(file), limit)
	}
}

// TestLedgerReaderOffsetCutsBackToTheKeptHead reads a file that grew past
// its kept head: the reader fails at the first line after it, Offset is
// the size of the kept file, and cutting the file there lets a resumed
// writer continue it.
func TestLedgerReaderOffsetCutsBackToTheKeptHead(t *testing.T) {
	file, head, length := testLedger(t)
	r := NewLedgerReader(bytes.NewReader(file), head, length)
	for i := 0; ; i++ {
		if _, err := r.Next(); err != nil {
			if err != io.EOF || r.Offset() != int64(len(file)) {
				t.Fatalf("%v at offset %d of %d", err, r.Offset(), len(file))
			}
			break
		}
		if want := len(bytes.Join(fileLines(file)[:i+1], nil)); r.Offset() != int64(want) {
			t.Fatalf("record %d: offset %d, want %d", i, r.Offset(), want)
		}
	}
	grown := appendRow(t, file, head, length)
	r = NewLedgerReader(bytes.NewReader(grown), head, length)
	records, err := readAllFrom(r)
	if len(records) != int(length) || !errors.Is(err, ErrLedgerChain) || r.Offset() != int64(len(file)) {
		t.Fatalf("%d records, %v, offset %d", len(records), err, r.Offset())
	}
	buf := bytes.NewBuffer(grown[:r.Offset():r.Offset()])
	w, err := ResumeLedgerWriter(buf, head, length)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteRow([]byte(`{"again":true}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(buf.Bytes(), w.Head(), w.Len()); err != nil {
		t.Errorf("the file continued after the cut: %v", err)
	}
}
