package corpus

import (
	"math"
	"testing"
)

func TestSummarizeWorstAndMedian(t *testing.T) {
	nan := math.NaN()
	cases := func(kv ...any) []summaryCase {
		var cs []summaryCase
		for i := 0; i < len(kv); i += 2 {
			cs = append(cs, summaryCase{kv[i].(string), kv[i+1].(float64)})
		}
		return cs
	}
	tests := []struct {
		name          string
		cases         []summaryCase
		higherIsWorse bool
		worstName     string
		worst, median float64
	}{
		{"one", cases("a", 1.5), true, "a", 1.5, 1.5},
		{"odd, higher is worse", cases("a", 1.2, "b", 3.0, "c", 0.9), true, "b", 3.0, 1.2},
		{"odd, lower is worse", cases("a", 1.2, "b", 3.0, "c", 0.9), false, "c", 0.9, 1.2},
		{"even median is the mean of the middle two", cases("a", 4.0, "b", 1.0, "c", 2.0, "d", 3.0), true, "a", 4.0, 2.5},
		{"even, lower is worse", cases("a", 4.0, "b", 1.0, "c", 2.0, "d", 3.0), false, "b", 1.0, 2.5},
		{"tie names the first added", cases("a", 1.0, "b", 2.0, "c", 2.0), true, "b", 2.0, 2.0},
		{"tie names the first added, lower", cases("a", 1.0, "b", 1.0, "c", 2.0), false, "a", 1.0, 1.0},
		{"infinity is worst when higher is worse", cases("a", 1.0, "b", math.Inf(1), "c", 2.0), true, "b", math.Inf(1), 2.0},
		{"NaN is worst either way", cases("a", 1.0, "b", nan, "c", 0.5), false, "b", nan, 0.5},
		{"NaN is worst either way, higher", cases("a", 1.0, "b", nan, "c", 5.0), true, "b", nan, 5.0},
		{"duplicates count once per Add", cases("a", 1.0, "a", 1.0, "b", 9.0), true, "b", 9.0, 1.0},
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := append([]summaryCase(nil), tt.cases...)
			st, ok := summarize(tt.cases, tt.higherIsWorse)
			if !ok {
				t.Fatal("summarize reported no cases")
			}
			if st.worstName != tt.worstName || !same(st.worst, tt.worst) || !same(st.median, tt.median) || st.cases != len(tt.cases) {
				t.Errorf("summarize = worst %s %v, median %v over %d; want worst %s %v, median %v over %d",
					st.worstName, st.worst, st.median, st.cases, tt.worstName, tt.worst, tt.median, len(tt.cases))
			}
			for i := range before {
				if before[i].name != tt.cases[i].name || !same(before[i].ratio, tt.cases[i].ratio) {
					t.Fatal("summarize modified its input")
				}
			}
		})
	}
}

func TestSummarizeEmpty(t *testing.T) {
	if _, ok := summarize(nil, true); ok {
		t.Error("summarize(nil) reported a result")
	}
}

func TestSummaryAddRecordsInOrder(t *testing.T) {
	var s Summary
	s.Add("cjk/50", 2)
	s.Add("go/50", 1)
	if len(s.cases) != 2 || s.cases[0] != (summaryCase{"cjk/50", 2}) || s.cases[1] != (summaryCase{"go/50", 1}) {
		t.Errorf("cases = %v", s.cases)
	}
}

func TestSummaryReportsItsMetrics(t *testing.T) {
	st, _ := summarize([]summaryCase{{"cjk/50", 2.5}, {"go/50", 1.5}, {"json/50", 1.0}}, true)
	for _, benchtime := range []string{"1x", "10ms"} {
		withBenchtime(t, benchtime, func() {
			res := testing.Benchmark(func(b *testing.B) { st.report(b, "x-floor") })
			if got := res.Extra["worst-x-floor"]; got != 2.5 {
				t.Errorf("benchtime %s: worst-x-floor = %v, want 2.5", benchtime, got)
			}
			if got := res.Extra["median-x-floor"]; got != 1.5 {
				t.Errorf("benchtime %s: median-x-floor = %v, want 1.5", benchtime, got)
			}
		})
	}
}
