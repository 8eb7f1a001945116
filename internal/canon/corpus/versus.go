package corpus

import (
	"math"
	"testing"
	"time"
)

// Result is the outcome of one interleaved comparison: the fastest batch of
// each side, per call.
//
// The durations are rounded to the nanosecond; the zero Result is a
// comparison in which neither side took measurable time.
type Result struct {
	Ours, Base time.Duration // per call, fastest batch
}

// Ratio returns Ours/Base (how many times the baseline's time ours takes).
// It returns +Inf when only Base is zero and 1 when both are.
func (r Result) Ratio() float64 { return ratio(r.Ours, r.Base) }

// Speedup returns Base/Ours. It returns +Inf when only Ours is zero and 1
// when both are.
func (r Result) Speedup() float64 { return ratio(r.Base, r.Ours) }

// ratio returns a/b, with the zero cases of Ratio.
func ratio(a, b time.Duration) float64 {
	if b == 0 {
		if a == 0 {
			return 1
		}
		return math.Inf(1)
	}
	return float64(a) / float64(b)
}

// The batch sizing of Versus.
const (
	// batchTarget is the time one batch aims at: long enough that the
	// clock's resolution and the cost of reading it vanish, short enough
	// that most batches run between two interruptions of a shared core.
	batchTarget = 100 * time.Microsecond
	// calibrationTarget is the least time of the calibration batch that
	// gives the first estimate of a call's cost.
	calibrationTarget = 20 * time.Microsecond
	// maxBatch bounds the calls of one batch, so an operation that takes no
	// measurable time still ends.
	maxBatch = 1 << 20
	// maxGrowth bounds how many times larger each calibration batch is than
	// the one before.
	maxGrowth = 16
)

// Versus runs ours and base in alternating batches (batch sized so one batch
// takes roughly 50–200 µs, computed from a first timed call of each) for the
// benchmark's b.Loop iterations, keeps the fastest batch of each side (noise on
// a shared machine only ever adds time), reports the metrics "ours-ns" and
// "base-ns" (per call) on b, and returns the result. It calls b.ReportAllocs;
// allocs/op then covers one batch of both sides, so callers that need exact
// per-call allocation figures measure them with testing.AllocsPerRun.
//
// In detail: each side is first called once untimed (first-call costs such
// as page faults and lazy initialisation are not the operation's), then
// timed over batches that grow from one call until a batch takes at least
// 20 µs. That estimate sizes the batches to about 100 µs, and every batch
// that turns out faster than the best so far enlarges the next ones. An
// operation slower than 100 µs runs one call per batch. Each b.Loop
// iteration runs one batch of each side, in alternating order, so even
// -benchtime=1x gives a result. The ns/op the benchmark framework prints is
// the time of one such pair of batches and means little; the reported
// metrics are the figures to read.
//
// Versus must be the only loop of the benchmark function: the caller neither
// calls b.Loop nor iterates b.N. It never calls b.Fatal; a panic of ours or
// base propagates.
func Versus(b *testing.B, ours, base func()) Result {
	b.Helper()
	b.ReportAllocs()
	o := newSide(ours)
	s := newSide(base)
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			o.run()
			s.run()
		} else {
			s.run()
			o.run()
		}
	}
	b.ReportMetric(o.best, "ours-ns")
	b.ReportMetric(s.best, "base-ns")
	return Result{Ours: o.perCall(), Base: s.perCall()}
}

// side is one operation of a comparison and its measurements so far.
type side struct {
	f     func()
	batch int     // calls in the next batch
	best  float64 // fastest nanoseconds per call of any batch
}

// newSide warms f up, calibrates its batch size and returns the side with
// the calibration batch recorded.
func newSide(f func()) *side {
	f()
	s := &side{f: f, best: math.Inf(1)}
	for n := 1; ; {
		d := timeCalls(f, n)
		if d >= calibrationTarget || n >= maxBatch {
			s.record(d, n)
			return s
		}
		n = nextCalibration(n, d)
	}
}

// nextCalibration returns the calls of the calibration batch after one of n
// calls that took d: enough to reach calibrationTarget at the rate seen, but
// at least twice and at most maxGrowth times n, and at most maxBatch.
func nextCalibration(n int, d time.Duration) int {
	next := n * maxGrowth
	if d > 0 {
		want := int(math.Ceil(float64(n) * float64(calibrationTarget) / float64(d)))
		next = min(max(want, 2*n), next)
	}
	return min(next, maxBatch)
}

// run times one batch and records it.
func (s *side) run() {
	s.record(timeCalls(s.f, s.batch), s.batch)
}

// record keeps the per-call time of a batch of n calls that took d when it
// is the fastest yet, and sizes the next batch from the fastest.
func (s *side) record(d time.Duration, n int) {
	if per := float64(d) / float64(n); per < s.best {
		s.best = per
	}
	s.batch = batchFor(s.best)
}

// batchFor returns the calls of a batch of about batchTarget for calls that
// take per nanoseconds each, between 1 and maxBatch.
func batchFor(per float64) int {
	if per <= 0 {
		return maxBatch
	}
	n := math.Ceil(float64(batchTarget) / per)
	if n >= maxBatch {
		return maxBatch
	}
	return max(int(n), 1)
}

// perCall returns the fastest per-call time, rounded to the nanosecond.
func (s *side) perCall() time.Duration {
	return time.Duration(math.Round(s.best))
}

// timeCalls returns the time n calls of f take.
func timeCalls(f func(), n int) time.Duration {
	start := time.Now()
	for range n {
		f()
	}
	return time.Since(start)
}
