package conversationprojection

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Projection benchmarks. The floor is hashing every message of the call a
// function works on once (the input call for Project, the projected call
// for Reassert and Verify): sha256.Sum256 over each message's canonical
// atom bytes, precomputed. Each benchmark alternates one run of the
// measured function with one run of the floor in the same loop and reports
// the fastest of each (see benchVsFloor; targets: Project ≤ 3x the floor,
// Reassert and Verify ≤ 6x), so that the ratio stays meaningful on a
// machine whose load changes.
// Workload: n messages of about 300 bytes (alternating user and assistant),
// 8 of them tagged never_backend, and 64 active overlays (32 stable_prefix
// and 32 after_message anchored on messages spread over the call).

// pjBenchSizes are the measured call sizes.
var pjBenchSizes = []int{100, 1000, 4000}

// pjBenchWorkload is a benchmark input and its precomputed floor data.
type pjBenchWorkload struct {
	call, baseline, projected lipapi.Call
	snap                      Snapshot
	ev                        *ProjectionEvidence
	atoms, projectedAtoms     [][]byte // the atom bytes of every message of call and projected
}

// pjBenchText returns message i's text: about 300 bytes, unique.
func pjBenchText(i int) string {
	return fmt.Sprintf("%06d ", i) + strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)[:293]
}

func pjBenchSetup(b testing.TB, n int, items bool) *pjBenchWorkload {
	b.Helper()
	w := &pjBenchWorkload{}
	msgs := make([]lipapi.Message, n)
	for i := range msgs {
		role := lipapi.RoleUser
		if i%2 == 1 {
			role = lipapi.RoleAssistant
		}
		msgs[i] = pjMsg(role, pjBenchText(i))
	}
	w.atoms = pjBenchAtoms(b, lipapi.Call{Messages: msgs})
	if items {
		w.call.Items = make([]lipapi.Item, n)
		for i, m := range msgs {
			w.call.Items[i] = pjItem(fmt.Sprintf("msg_%d", i), m.Role, m.Parts[0].Text)
		}
	} else {
		w.call.Messages = msgs
	}
	for i := 0; i < 8; i++ {
		w.snap.NeverBackend = append(w.snap.NeverBackend, Tag{Identity: mustIdentity(b, msgs[(2*i+1)*n/17]), Reason: "bench"})
	}
	text := strings.Repeat("Steering text for the benchmark. ", 3)
	for i := 0; i < 32; i++ {
		w.snap.Steering = append(w.snap.Steering, pjStable(fmt.Sprintf("stable-%02d", i), uint64(i%4), fmt.Sprintf("%s%d", text, i)))
		target := mustIdentity(b, msgs[(2*i)*n/64])
		w.snap.Steering = append(w.snap.Steering, pjAfter(fmt.Sprintf("after-%02d", i), uint64(i%4), fmt.Sprintf("%s after %d", text, i), pjAnchor(target, 1), AnchorStablePrefixFallback))
	}
	var err error
	w.baseline, err = FilterNeverBackend(w.call, w.snap)
	pjMust(b, err)
	w.projected, w.ev, err = Project(w.call, w.snap)
	pjMust(b, err)
	if len(w.ev.Fallbacks) != 0 || w.ev.InjectedCount != 64 || w.ev.FilteredCount != 8 {
		b.Fatalf("workload: %d fallbacks, %d injected, %d filtered", len(w.ev.Fallbacks), w.ev.InjectedCount, w.ev.FilteredCount)
	}
	w.projectedAtoms = pjBenchAtoms(b, w.projected)
	return w
}

// pjBenchAtoms returns the atom bytes of every message unit of c.
func pjBenchAtoms(b testing.TB, c lipapi.Call) [][]byte {
	var out [][]byte
	add := func(atom MessageAtomV1, err error) {
		pjMust(b, err)
		bytes, err := CanonicalAtomBytes(atom)
		pjMust(b, err)
		out = append(out, bytes)
	}
	for _, m := range append(slices.Clone(c.Instructions), c.Messages...) {
		add(AtomOfMessage(m))
	}
	for _, it := range c.Items {
		add(AtomOfItem(it))
	}
	return out
}

// pjBenchVsFloor runs benchVsFloor with one call per batch.
func pjBenchVsFloor(b *testing.B, atoms [][]byte, fn func() error) {
	benchVsFloor(b, atoms, 1, fn)
}

func pjBenchAuthorities(b *testing.B, run func(b *testing.B, w *pjBenchWorkload)) {
	for _, items := range []bool{false, true} {
		for _, n := range pjBenchSizes {
			name := fmt.Sprintf("legacy/n=%d", n)
			if items {
				name = fmt.Sprintf("items/n=%d", n)
			}
			b.Run(name, func(b *testing.B) { run(b, pjBenchSetup(b, n, items)) })
		}
	}
}

func BenchmarkProject(b *testing.B) {
	pjBenchAuthorities(b, func(b *testing.B, w *pjBenchWorkload) {
		pjBenchVsFloor(b, w.atoms, func() error {
			_, _, err := Project(w.call, w.snap)
			return err
		})
	})
}

func BenchmarkReassert(b *testing.B) {
	pjBenchAuthorities(b, func(b *testing.B, w *pjBenchWorkload) {
		pjBenchVsFloor(b, w.projectedAtoms, func() error {
			_, _, err := Reassert(w.projected, w.snap, w.ev.Provenance, w.baseline)
			return err
		})
	})
}

func BenchmarkReassertWithoutBaseline(b *testing.B) {
	pjBenchAuthorities(b, func(b *testing.B, w *pjBenchWorkload) {
		pjBenchVsFloor(b, w.projectedAtoms, func() error {
			_, _, err := Reassert(w.projected, w.snap, w.ev.Provenance, lipapi.Call{})
			return err
		})
	})
}

func BenchmarkVerify(b *testing.B) {
	pjBenchAuthorities(b, func(b *testing.B, w *pjBenchWorkload) {
		pjBenchVsFloor(b, w.projectedAtoms, func() error {
			return VerifyAdaptationPreservesProjection(w.projected, w.projected, w.snap, w.ev.Provenance)
		})
	})
}

// TestProjectionAllocations bounds the allocations of the projection
// functions on the benchmark workload: independent of the number of units
// (the deep copy and every per-unit table are allocated in blocks), plus a
// few per overlay in Reassert and Verify.
func TestProjectionAllocations(t *testing.T) {
	for _, items := range []bool{false, true} {
		for _, n := range []int{100, 400} {
			w := pjBenchSetup(t, n, items)
			m := pjActiveOverlays(w.snap)
			none := Snapshot{}
			check := func(name string, limit int, fn func() error) {
				t.Helper()
				var err error
				allocs := testing.AllocsPerRun(10, func() { err = fn() })
				pjMust(t, err)
				if int(allocs) > limit {
					t.Errorf("items=%t n=%d: %s allocates %.0f times, limit %d", items, n, name, allocs, limit)
				}
			}
			check("Project without snapshot", 16, func() error { _, _, err := Project(w.call, none); return err })
			check("Project", 48, func() error { _, _, err := Project(w.call, w.snap); return err })
			check("Reassert", 5*m+32, func() error {
				_, _, err := Reassert(w.projected, w.snap, w.ev.Provenance, w.baseline)
				return err
			})
			check("Verify", 3*m+16, func() error {
				return VerifyAdaptationPreservesProjection(w.projected, w.projected, w.snap, w.ev.Provenance)
			})
		}
	}
}
