package conversationprojection

import (
	"crypto/sha256"
	"testing"
	"time"
)

// benchVsFloor measures fn against the floor: sha256.Sum256 over each of
// atoms, the atom bytes of the messages fn works on. Each iteration runs
// one batch of fn (reps calls) and then one batch of the floor (reps
// passes over atoms); the fastest batch of each is kept, since on a shared
// machine noise only ever adds time. It reports
//
//	ns/msg   fastest batch of fn, per call and message of atoms
//	floor-ns fastest batch of the floor, per message
//	x-floor  their ratio
func benchVsFloor(b *testing.B, atoms [][]byte, reps int, fn func() error) {
	best, bestFloor := time.Duration(1<<62), time.Duration(1<<62)
	b.ReportAllocs()
	for b.Loop() {
		t0 := time.Now()
		for range reps {
			if err := fn(); err != nil {
				b.Fatal(err)
			}
		}
		t1 := time.Now()
		for range reps {
			for _, a := range atoms {
				_ = sha256.Sum256(a)
			}
		}
		t2 := time.Now()
		best, bestFloor = min(best, t1.Sub(t0)), min(bestFloor, t2.Sub(t1))
	}
	msgs := float64(reps) * float64(len(atoms))
	b.ReportMetric(float64(best.Nanoseconds())/msgs, "ns/msg")
	b.ReportMetric(float64(bestFloor.Nanoseconds())/msgs, "floor-ns")
	b.ReportMetric(float64(best)/float64(bestFloor), "x-floor")
}
