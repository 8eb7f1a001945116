package corpus

import (
	"testing"
	"time"
)

// runCases runs on cs, in one benchmark, the cases cjk/50, cjk/300 and
// go/1200, each of the size sizes gives it and measured as r, then the
// report.
func runCases(t *testing.T, cs *Cases, r Result, sizes map[string]int) {
	t.Helper()
	withBenchtime(t, "1x", func() {
		testing.Benchmark(func(b *testing.B) {
			for _, name := range []string{"cjk/50", "cjk/300", "go/1200"} {
				cs.Run(b, name, sizes[name], func(*testing.B) Result { return r })
			}
			cs.Report(b)
		})
	})
}

func TestCasesRecordTheFigureOfEachCase(t *testing.T) {
	r := Result{Ours: 300 * time.Nanosecond, Base: 100 * time.Nanosecond}
	for _, tt := range []struct {
		name    string
		speedup bool
		want    float64
	}{{"ratio", false, 3}, {"speedup", true, 1.0 / 3}} {
		cs := Cases{Unit: "x-test", Speedup: tt.speedup}
		runCases(t, &cs, r, nil)
		want := []summaryCase{{"cjk/50", tt.want}, {"cjk/300", tt.want}, {"go/1200", tt.want}}
		if len(cs.all.cases) != len(want) {
			t.Fatalf("%s: recorded %v, want %v", tt.name, cs.all.cases, want)
		}
		for i := range want {
			if cs.all.cases[i] != want[i] {
				t.Errorf("%s: case %d = %v, want %v", tt.name, i, cs.all.cases[i], want[i])
			}
		}
		if len(cs.goal.large.cases)+len(cs.goal.small.cases) != 0 {
			t.Errorf("%s: a Cases without BySize fed the Goal", tt.name)
		}
	}
}

func TestCasesBySizeSplitAtGoalSize(t *testing.T) {
	cs := Cases{Unit: "x-test", Speedup: true, BySize: true}
	runCases(t, &cs, Result{Ours: 100, Base: 200}, map[string]int{"cjk/50": 50, "cjk/300": GoalSize, "go/1200": 1200})
	if len(cs.all.cases) != 0 {
		t.Errorf("a BySize Cases fed the one Summary: %v", cs.all.cases)
	}
	if got := cs.goal.large.cases; len(got) != 2 || got[0] != (summaryCase{"cjk/300", 2}) || got[1] != (summaryCase{"go/1200", 2}) {
		t.Errorf("large cases = %v", got)
	}
	if got := cs.goal.small.cases; len(got) != 1 || got[0] != (summaryCase{"cjk/50", 2}) {
		t.Errorf("small cases = %v", got)
	}
}
