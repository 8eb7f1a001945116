package testvec

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fatalTB records the first Fatalf of a function run by fails instead of
// failing the test.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = format
	panic(f)
}

// fails runs f with a recording TB and returns the format of its Fatalf,
// or "" when f did not fail.
func fails(t *testing.T, f func(testing.TB)) (msg string) {
	tb := &fatalTB{TB: t}
	defer func() {
		if r := recover(); r != nil && r != any(tb) {
			panic(r)
		}
		msg = tb.msg
	}()
	f(tb)
	return ""
}

func writeFile(t *testing.T, text string) string {
	path := filepath.Join(t.TempDir(), "v.tsv")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLinesSplitsOnLineFeedOnly(t *testing.T) {
	path := writeFile(t, "# note\na\rb\u2028c\n\n#x\td\n")
	if got := strings.Join(Lines(t, path, true), "|"); got != "a\rb\u2028c" {
		t.Errorf("Lines with comments = %q", got)
	}
	if got := strings.Join(Lines(t, path, false), "|"); got != "# note|a\rb\u2028c|#x\td" {
		t.Errorf("Lines without comments = %q", got)
	}
}

func TestRowsChecksTheShapeOfTheFile(t *testing.T) {
	path := writeFile(t, "# h\ta\na\tb\nc\td\n")
	if got := Rows(t, path, 2, 2); len(got) != 2 || got[1][1] != "d" {
		t.Errorf("Rows = %q", got)
	}
	for name, f := range map[string]func(testing.TB){
		"rows":    func(tb testing.TB) { Rows(tb, path, 3, 2) },
		"columns": func(tb testing.TB) { Rows(tb, path, 2, 3) },
		"missing": func(tb testing.TB) { Rows(tb, path+".none", 2, 2) },
	} {
		if fails(t, f) == "" {
			t.Errorf("%s: Rows did not fail", name)
		}
	}
}

func TestF64RowsReadsTheBitsOfTheFloatRecords(t *testing.T) {
	path := writeFile(t, "# t\ti\to\tn\nf64\t0x3ff0000000000000\t1.0\tone\nu64\t7\t7\tseven\nf64\t0x7ff8000000000000\tnull\tNaN\n")
	got := F64Rows(t, path, 2)
	if got[0] != (F64{"0x3ff0000000000000", 1, "1.0"}) || got[1].Literal != "null" || !math.IsNaN(got[1].Value) {
		t.Errorf("F64Rows = %+v", got)
	}
	for name, f := range map[string]func(testing.TB){
		"count": func(tb testing.TB) { F64Rows(tb, path, 3) },
		"bits":  func(tb testing.TB) { F64Rows(tb, writeFile(t, "f64\t0xzz\t1.0\tx\n"), 1) },
		"width": func(tb testing.TB) { F64Rows(tb, writeFile(t, "f64\t0x0\t0.0\n"), 1) },
	} {
		if fails(t, f) == "" {
			t.Errorf("%s: F64Rows did not fail", name)
		}
	}
}
