package canon

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/testvec"
)

// vectorPath is the path of a file of the conformance vectors of the
// serde_json rules, copied to testdata/toolloop.
func vectorPath(name string) string {
	return filepath.Join("..", "..", "testdata", "toolloop", name)
}

// hexRow is a row of a vector table whose first column is a hex-encoded
// input.
type hexRow struct {
	in  []byte   // the first column, decoded
	row []string // every column
}

// hexRows returns the rows of a vector table whose first column is hex,
// failing unless it has n rows of three columns.
func hexRows(t *testing.T, name string, n int) []hexRow {
	t.Helper()
	rows := testvec.Rows(t, vectorPath(name), n, 3)
	out := make([]hexRow, len(rows))
	for i, row := range rows {
		in, err := hex.DecodeString(row[0])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[i] = hexRow{in, row}
	}
	return out
}

func TestSerdeFloatTables(t *testing.T) {
	for _, table := range []struct {
		file string
		plus bool
	}{{"scalars.tsv", false}, {"scalars_zmij.tsv", true}} {
		for _, r := range testvec.F64Rows(t, vectorPath(table.file), 32) {
			if got := string(AppendSerdeFloat(nil, r.Value, table.plus)); got != r.Literal {
				t.Errorf("%s %s: got %s, want %s", table.file, r.Bits, got, r.Literal)
			}
			if r.Literal == "null" {
				continue
			}
			back, err := strconv.ParseFloat(r.Literal, 64)
			if err != nil || math.Float64bits(back) != math.Float64bits(r.Value) {
				t.Errorf("%s %s: %s does not read back exactly", table.file, r.Bits, r.Literal)
			}
		}
	}
}

func TestSerdeFloatLayoutBoundaries(t *testing.T) {
	for _, tc := range []struct {
		f           float64
		cur, legacy string
	}{
		{1e15, "1000000000000000.0", "1000000000000000.0"},
		{1.5e15, "1500000000000000.0", "1500000000000000.0"},
		{123456789012345.6, "123456789012345.6", "123456789012345.6"},
		{1e16, "1e+16", "1e16"},
		{1.2345678901234568e17, "1.2345678901234568e+17", "1.2345678901234568e17"},
		{0.0001, "0.0001", "0.0001"},
		{0.00001, "0.00001", "0.00001"},
		{0.000001, "1e-6", "1e-6"},
		{-1.5e-7, "-1.5e-7", "-1.5e-7"},
		{5e-324, "5e-324", "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308", "1.7976931348623157e308"},
		{-math.MaxFloat64, "-1.7976931348623157e+308", "-1.7976931348623157e308"},
		{math.Copysign(0, -1), "-0.0", "-0.0"},
		{math.Inf(-1), "null", "null"},
	} {
		if got := string(AppendSerdeFloat(nil, tc.f, true)); got != tc.cur {
			t.Errorf("%v current: got %s, want %s", tc.f, got, tc.cur)
		}
		if got := string(AppendSerdeFloat(nil, tc.f, false)); got != tc.legacy {
			t.Errorf("%v legacy: got %s, want %s", tc.f, got, tc.legacy)
		}
	}
}

func TestSerdeStringTable(t *testing.T) {
	for _, r := range hexRows(t, "strings.tsv", 10) {
		in, row := r.in, r.row
		got, ok := AppendSerdeString(nil, string(in))
		if !ok || string(got) != row[1] {
			t.Errorf("%s: got %s (%v), want %s", row[2], got, ok, row[1])
		}
		// Decoding the output gives the input back.
		var s Scanner
		s.Reset([]byte(row[1]), true, SerdeMaxDepth)
		if k, err := s.Next(); err != nil || k != KindString {
			t.Fatalf("%s: %v", row[2], err)
		}
		if dec := s.AppendString(nil); !bytes.Equal(dec, in) {
			t.Errorf("%s: decoded %q", row[2], dec)
		}
	}
}

func TestSerdeStringRejectsInvalidUTF8(t *testing.T) {
	for _, s := range []string{"\xff", "a\xc3", "\xed\xa0\x80", "ok\xf4\x90\x80\x80"} {
		got, ok := AppendSerdeString([]byte("keep"), s)
		if ok || string(got) != "keep" {
			t.Errorf("%q: got %q, %v", s, got, ok)
		}
	}
}

// insertPlus turns legacy float text into the current layout: a '+' after
// every 'e' that begins a non-negative exponent, outside strings.
func insertPlus(s string) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		switch {
		case inString && c == '\\':
			i++
			b.WriteByte(s[i])
		case c == '"':
			inString = !inString
		case !inString && c == 'e' && i+1 < len(s) && s[i+1] != '-':
			b.WriteByte('+')
		}
	}
	return b.String()
}

func TestSerdeValueNormalizationTable(t *testing.T) {
	for _, r := range hexRows(t, "value_normalization.tsv", 18) {
		in, row := r.in, r.row
		got, err := AppendSerdeValue(nil, in, SerdeMaxDepth)
		if row[1] == "ERR" {
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("%s: got %s, %v; want an error", row[2], got, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", row[2], err)
			continue
		}
		if want := insertPlus(row[1]); string(got) != want {
			t.Errorf("%s: got %s, want %s", row[2], got, want)
		}
		if legacy := AppendSerdeLegacy(nil, got); string(legacy) != row[1] {
			t.Errorf("%s legacy: got %s, want %s", row[2], legacy, row[1])
		}
		again, err := AppendSerdeValue(nil, got, SerdeMaxDepth)
		if err != nil || !bytes.Equal(again, got) {
			t.Errorf("%s: not a fixed point: %s, %v", row[2], again, err)
		}
	}
}

func TestSerdeNumberRules(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0", "0"}, {"-1", "-1"}, {"-0", "-0.0"}, {"1.0", "1.0"}, {"1E2", "100.0"},
		{"18446744073709551615", "18446744073709551615"},
		{"18446744073709551616", "1.8446744073709552e+19"},
		{"-9223372036854775808", "-9223372036854775808"},
		{"-9223372036854775809", "-9.223372036854776e+18"},
		{"99999999999999999999", "1e+20"},
		{"1e-400", "0.0"}, {"-1e-400", "-0.0"},
		{"0.13645670000000001", "0.13645670000000001"},
		{"18446744073709551616.5", "1.8446744073709552e+19"},
	} {
		got, err := AppendSerdeValue(nil, []byte(tc.in), SerdeMaxDepth)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
}

func TestSerdeLegacyLeavesStringsAlone(t *testing.T) {
	in := `{"k":"1e+5","n":1e+16,"s":"a\"e+"}`
	want := `{"k":"1e+5","n":1e16,"s":"a\"e+"}`
	if got := AppendSerdeLegacy(nil, []byte(in)); string(got) != want {
		t.Errorf("got %s", got)
	}
}

func TestSerdeLegacyRunsInPlace(t *testing.T) {
	norm := `[1e+16,{"a":"e+","b":-2.5e+300},1.5e-7]`
	want := `[1e16,{"a":"e+","b":-2.5e300},1.5e-7]`
	for k := 0; k <= 3; k++ {
		b := []byte("xyz"[:k] + norm)
		got := AppendSerdeLegacy(b[:k], b[k:])
		if string(got) != "xyz"[:k]+want {
			t.Errorf("prefix %d: got %s", k, got)
		}
	}
}

func TestSerdeValueFromAnEmbeddedValue(t *testing.T) {
	doc := []byte(`{"x":{"b":[1E2,"\u00e9"],"a":-0},"y":1}`)
	var s Scanner
	s.Reset(doc, true, SerdeMaxDepth)
	for _, want := range []Kind{KindObjectBegin, KindString} {
		if k, err := s.Next(); err != nil || k != want {
			t.Fatalf("Next = %v, %v", k, err)
		}
	}
	k, err := s.Next()
	if err != nil {
		t.Fatal(err)
	}
	got, inScratch, err := SerdeValueFrom(nil, &s, k)
	if err != nil || !inScratch || string(got) != `{"a":-0.0,"b":[100.0,"é"]}` {
		t.Fatalf("got %s, %v, %v", got, inScratch, err)
	}
	if k, err := s.Next(); err != nil || k != KindString || string(s.Raw()) != `"y"` {
		t.Fatalf("scanner not positioned after the value: %v %v %s", k, err, s.Raw())
	}
}
