package corpus

import "testing"

// Cases runs the cases of a benchmark that compares an operation with its
// baseline, each in a sub-benchmark of its own, reports the figure of each
// case as a metric and summarizes them: the steps every comparison
// benchmark of the module takes, stated once.
//
// Set Unit (and Speedup, BySize) before the first Run. A Cases is not safe
// for concurrent use, and it is not copied once a case has run: a benchmark
// that summarizes several groups of cases apart uses one Cases a group.
type Cases struct {
	// Unit is the metric of each case's figure, e.g. "x-floor"; the
	// summaries report "worst-<Unit>" and "median-<Unit>".
	Unit string
	// Speedup selects the figure Result.Speedup (the baseline's time over
	// ours: a smaller one is worse); otherwise it is Result.Ratio (ours over
	// the baseline's: a larger one is worse).
	Speedup bool
	// BySize summarizes the cases as Goal does, apart for samples of at
	// least GoalSize bytes and smaller ones; otherwise one Summary covers
	// them all.
	BySize bool

	all  Summary
	goal Goal
}

// Run runs the sub-benchmark name of b, in which compare measures the case
// (usually with Versus, returning its Result), reports the case's figure as
// the metric Unit and records it for the summaries. size is the size in
// bytes of the case's sample, which only a BySize summary reads. A case
// that -bench filters out is not recorded.
func (cs *Cases) Run(b *testing.B, name string, size int, compare func(b *testing.B) Result) {
	b.Helper()
	b.Run(name, func(b *testing.B) {
		r := compare(b)
		x := r.Ratio()
		if cs.Speedup {
			x = r.Speedup()
		}
		b.ReportMetric(x, cs.Unit)
		if cs.BySize {
			cs.goal.Add(name, size, x)
		} else {
			cs.all.Add(name, x)
		}
	})
}

// Report runs the summaries of the cases that ran on b: the sub-benchmark
// "summary" as Summary.Report does, or when BySize the sub-benchmarks
// "sizes>=300" and "sizes<300" as Goal.Report does.
func (cs *Cases) Report(b *testing.B) {
	b.Helper()
	if cs.BySize {
		cs.goal.Report(b, cs.Unit, !cs.Speedup)
	} else {
		cs.all.Report(b, cs.Unit, !cs.Speedup)
	}
}
