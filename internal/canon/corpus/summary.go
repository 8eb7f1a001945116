package corpus

import (
	"math"
	"sort"
	"testing"
)

// Summary collects one ratio per corpus class (and size) of an operation
// and reports the worst and the median.
//
// The zero Summary is empty and ready to use. A Summary is not safe for
// concurrent use; sub-benchmarks started with b.Run run one at a time, so
// adding from each of them is safe. A case added more than once (as with
// -count) counts once per Add.
type Summary struct {
	cases []summaryCase
}

// summaryCase is one recorded ratio.
type summaryCase struct {
	name  string
	ratio float64
}

// Add records the ratio of one case, named e.g. "cjk/1200".
func (s *Summary) Add(name string, ratio float64) {
	s.cases = append(s.cases, summaryCase{name, ratio})
}

// Report runs a final sub-benchmark named "summary" on b that reports the
// metrics "worst-<unit>", "median-<unit>" and logs (b.Log) the name of the worst
// case. higherIsWorse says whether a larger ratio is the worse one (true for
// x-floor ratios, false for speed-ups).
//
// The median of an even number of cases is the mean of the two middle
// ones. A NaN ratio counts as worse than any number. With no case recorded
// (every case filtered out by -bench), Report runs no sub-benchmark.
func (s *Summary) Report(b *testing.B, unit string, higherIsWorse bool) {
	b.Helper()
	st, ok := summarize(s.cases, higherIsWorse)
	if !ok {
		return
	}
	b.Run("summary", func(b *testing.B) { st.report(b, unit) })
}

// summaryStats is what a Summary reports.
type summaryStats struct {
	worstName     string
	worst, median float64
	cases         int
}

// report reports the metrics of st on b and logs the worst case. The
// benchmark framework may call a benchmark function again with a larger
// b.N; report logs on the first call only, so the line appears once.
func (st summaryStats) report(b *testing.B, unit string) {
	b.ReportMetric(st.worst, "worst-"+unit)
	b.ReportMetric(st.median, "median-"+unit)
	if b.N == 1 {
		b.Logf("worst %s: %s at %.4g; median %.4g over %d cases",
			unit, st.worstName, st.worst, st.median, st.cases)
	}
}

// summarize returns the worst case and the median ratio of cases, and false
// when there is none. It does not modify cases. When several cases are
// equally worst, the first one added is named.
func summarize(cases []summaryCase, higherIsWorse bool) (summaryStats, bool) {
	if len(cases) == 0 {
		return summaryStats{}, false
	}
	worse := func(a, b float64) bool { return worseRatio(a, b, higherIsWorse) }
	worst := cases[0]
	for _, c := range cases[1:] {
		if worse(c.ratio, worst.ratio) {
			worst = c
		}
	}
	ratios := make([]float64, len(cases))
	for i, c := range cases {
		ratios[i] = c.ratio
	}
	sort.Slice(ratios, func(i, j int) bool { return worse(ratios[j], ratios[i]) })
	mid := len(ratios) / 2
	median := ratios[mid]
	if len(ratios)%2 == 0 {
		median = (ratios[mid-1] + ratios[mid]) / 2
	}
	return summaryStats{worstName: worst.name, worst: worst.ratio, median: median, cases: len(cases)}, true
}

// worseRatio reports whether ratio a is strictly worse than ratio b: larger
// when higherIsWorse, smaller otherwise, and a NaN worse than any number.
func worseRatio(a, b float64, higherIsWorse bool) bool {
	switch {
	case math.IsNaN(a):
		return !math.IsNaN(b)
	case math.IsNaN(b):
		return false
	case higherIsWorse:
		return a > b
	default:
		return a < b
	}
}

// Goal collects the ratios of an operation whose goal is stated for the
// samples of at least GoalSize bytes and, apart, for the smallest samples
// (50 bytes): small inputs are dominated by fixed costs and are judged on
// their own. The zero Goal is empty and ready to use.
type Goal struct {
	large, small Summary
}

// GoalSize is the least sample size a Goal counts among its large cases.
const GoalSize = 300

// Add records the ratio of the case named name (e.g. "cjk/1200"), of a
// sample of size bytes.
func (g *Goal) Add(name string, size int, ratio float64) {
	if size >= GoalSize {
		g.large.Add(name, ratio)
	} else {
		g.small.Add(name, ratio)
	}
}

// Report runs the sub-benchmarks "sizes>=300" and "sizes<300", each
// reporting the worst case and the median of its cases as Summary.Report
// does (each with its own "summary" sub-benchmark).
func (g *Goal) Report(b *testing.B, unit string, higherIsWorse bool) {
	b.Helper()
	b.Run("sizes>=300", func(b *testing.B) { g.large.Report(b, unit, higherIsWorse) })
	b.Run("sizes<300", func(b *testing.B) { g.small.Report(b, unit, higherIsWorse) })
}
