package corpus

import (
	"crypto/sha256"
	"flag"
	"math"
	"testing"
	"time"
)

// withBenchtime runs f with the -test.benchtime flag set to d, which is what
// testing.Benchmark reads, and restores the flag afterwards.
func withBenchtime(t *testing.T, d string, f func()) {
	t.Helper()
	fl := flag.Lookup("test.benchtime")
	if fl == nil {
		t.Fatal("no test.benchtime flag")
	}
	old := fl.Value.String()
	if err := fl.Value.Set(d); err != nil {
		t.Fatal(err)
	}
	defer fl.Value.Set(old)
	f()
}

// work hashes a small block n times: a deterministic amount of CPU work.
func work(n int) {
	var buf [32]byte
	for range n {
		buf = sha256.Sum256(buf[:])
	}
	sinkSum = buf
}

var sinkSum [32]byte

func TestVersusOneIterationMeasuresBothSides(t *testing.T) {
	var (
		r            Result
		oursN, baseN int
	)
	withBenchtime(t, "1x", func() {
		res := testing.Benchmark(func(b *testing.B) {
			r = Versus(b, func() { oursN++; work(1) }, func() { baseN++; time.Sleep(5 * time.Millisecond) })
		})
		for _, m := range []string{"ours-ns", "base-ns"} {
			if v, ok := res.Extra[m]; !ok || v <= 0 {
				t.Errorf("metric %q = %v, %v; want a positive figure", m, v, ok)
			}
		}
		if res.N != 1 {
			t.Errorf("N = %d, want 1", res.N)
		}
	})
	if r.Ours <= 0 || r.Base < 5*time.Millisecond {
		t.Errorf("Result = %+v, want a positive Ours and a Base of at least 5ms", r)
	}
	// Warm-up, calibration, one batch: the slow side runs exactly three
	// times; the fast one grows its calibration batch to about 20µs.
	if baseN != 3 {
		t.Errorf("slow side ran %d times, want 3", baseN)
	}
	if oursN < 10 {
		t.Errorf("fast side ran %d times, want a calibrated batch", oursN)
	}
}

func TestVersusKeepsTheFasterSideFaster(t *testing.T) {
	var r Result
	withBenchtime(t, "30ms", func() {
		testing.Benchmark(func(b *testing.B) {
			r = Versus(b, func() { work(2) }, func() { work(16) })
		})
	})
	// Eight times the work; only the fastest batch of each side counts, so
	// noise would have to slow every batch of ours to come near 1.
	if got := r.Ratio(); !(got > 0 && got < 0.5) {
		t.Errorf("Ratio of 2 blocks to 16 = %v (%+v), want well under 1", got, r)
	}
}

func TestResultRatioAndSpeedup(t *testing.T) {
	tests := []struct {
		r              Result
		ratio, speedup float64
	}{
		{Result{Ours: 150, Base: 100}, 1.5, 1 / 1.5},
		{Result{Ours: 50, Base: 200}, 0.25, 4},
		{Result{Ours: 0, Base: 10}, 0, math.Inf(1)},
		{Result{Ours: 10, Base: 0}, math.Inf(1), 0},
		{Result{}, 1, 1},
	}
	for _, tt := range tests {
		if got := tt.r.Ratio(); got != tt.ratio {
			t.Errorf("%+v.Ratio() = %v, want %v", tt.r, got, tt.ratio)
		}
		if got := tt.r.Speedup(); got != tt.speedup {
			t.Errorf("%+v.Speedup() = %v, want %v", tt.r, got, tt.speedup)
		}
	}
}

func TestBatchFor(t *testing.T) {
	tests := []struct {
		per  float64
		want int
	}{
		{50, 2000},                      // 50 ns: 2000 calls are 100µs
		{1000, 100},                     // 1 µs
		{100e3, 1},                      // 100 µs: one call
		{5e6, 1},                        // 5 ms: one call
		{0.01, maxBatch},                // unmeasurably fast: bounded
		{0, maxBatch},                   // no time at all: bounded
		{math.Inf(1), 1},                // no measurement yet
		{float64(batchTarget) / 3, 3},   // exact division
		{float64(batchTarget)/3 + 1, 3}, // rounds up
	}
	for _, tt := range tests {
		if got := batchFor(tt.per); got != tt.want {
			t.Errorf("batchFor(%v) = %d, want %d", tt.per, got, tt.want)
		}
	}
}

func TestNextCalibration(t *testing.T) {
	tests := []struct {
		n    int
		d    time.Duration
		want int
	}{
		{1, 0, maxGrowth},                  // no measurable time: grow by the most
		{1, 50, maxGrowth},                 // far below the target: capped growth
		{100, 15 * time.Microsecond, 200},  // close to the target: at least double
		{1000, 5 * time.Microsecond, 4000}, // a quarter of the target
		{maxBatch / 2, 1, maxBatch},        // bounded by maxBatch
	}
	for _, tt := range tests {
		if got := nextCalibration(tt.n, tt.d); got != tt.want {
			t.Errorf("nextCalibration(%d, %v) = %d, want %d", tt.n, tt.d, got, tt.want)
		}
	}
}

func TestSideKeepsTheFastestBatch(t *testing.T) {
	s := &side{best: math.Inf(1)}
	s.record(2*time.Millisecond, 1000) // 2µs per call
	if s.best != 2000 || s.batch != 50 {
		t.Fatalf("after one batch: best %v, batch %d", s.best, s.batch)
	}
	s.record(5*time.Millisecond, 1000) // a slower, noisier batch
	if s.best != 2000 || s.batch != 50 {
		t.Fatalf("a slower batch changed best to %v, batch to %d", s.best, s.batch)
	}
	s.record(time.Millisecond, 1000) // faster: the batch grows
	if s.best != 1000 || s.batch != 100 || s.perCall() != time.Microsecond {
		t.Fatalf("after a faster batch: best %v, batch %d, perCall %v", s.best, s.batch, s.perCall())
	}
}
