// Package testvec reads the golden vector files the module's tests share,
// copied under the top-level testdata directory from the reference
// systems. It is test support: library code never imports it.
//
// A vector file holds one record per line. Lines are split on '\n' only,
// since a record may hold a raw CR, U+2028 or U+2029; empty lines are
// dropped, and so are lines starting with '#' where the file has comments.
// Every function fails the test it is given on a missing or malformed
// file, naming the file.
package testvec

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Read returns the bytes of the vector file at path.
func Read(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("reading vector file %s: %v", path, err)
	}
	return b
}

// Lines returns the non-empty lines of the vector file at path, without
// the lines starting with '#' when comments is set.
func Lines(tb testing.TB, path string, comments bool) []string {
	tb.Helper()
	var out []string
	for _, l := range strings.Split(string(Read(tb, path)), "\n") {
		if l == "" || comments && strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// Rows returns the tab-separated columns of the records of the vector
// file at path ('#' lines are comments), and fails tb unless it holds
// rows records of cols columns each.
func Rows(tb testing.TB, path string, rows, cols int) [][]string {
	tb.Helper()
	var out [][]string
	for i, l := range Lines(tb, path, true) {
		c := strings.Split(l, "\t")
		if len(c) != cols {
			tb.Fatalf("%s: record %d has %d columns, want %d", path, i+1, len(c), cols)
		}
		out = append(out, c)
	}
	if len(out) != rows {
		tb.Fatalf("%s: %d records, want %d", path, len(out), rows)
	}
	return out
}

// F64 is a float64 record of a scalars file: the bits of a float64 and
// the literal serde_json writes for it ("null" for NaN and the
// infinities).
type F64 struct {
	Bits    string  // the bits as the file writes them, in 0x-prefixed hex
	Value   float64 // the float64 of those bits
	Literal string  // the expected JSON literal
}

// F64Rows returns the f64 records of the scalars file at path, whose
// records have four columns (type, input, output, note), and fails tb
// unless it holds want of them.
func F64Rows(tb testing.TB, path string, want int) []F64 {
	tb.Helper()
	var out []F64
	for _, l := range Lines(tb, path, true) {
		c := strings.Split(l, "\t")
		if len(c) != 4 {
			tb.Fatalf("%s: malformed record %q", path, l)
		}
		if c[0] != "f64" {
			continue
		}
		bits, err := strconv.ParseUint(strings.TrimPrefix(c[1], "0x"), 16, 64)
		if err != nil {
			tb.Fatalf("%s: bits %s: %v", path, c[1], err)
		}
		out = append(out, F64{c[1], math.Float64frombits(bits), c[2]})
	}
	if len(out) != want {
		tb.Fatalf("%s: %d f64 records, want %d", path, len(out), want)
	}
	return out
}
