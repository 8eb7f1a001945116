package corpus_test

import (
	"fmt"
	"time"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

func ExampleClass_Prefix() {
	c := corpus.Class{Name: "cjk", Text: "漢字かな", Valid: true}
	for _, n := range []int{2, 3, 7, 50} {
		fmt.Printf("%d: %q\n", n, c.Prefix(n))
	}
	// Output:
	// 2: ""
	// 3: "漢"
	// 7: "漢字"
	// 50: "漢字かな"
}

func ExampleResult() {
	r := corpus.Result{Ours: 180 * time.Nanosecond, Base: 120 * time.Nanosecond}
	fmt.Printf("%.2fx the floor, speed-up %.2f\n", r.Ratio(), r.Speedup())
	// Output: 1.50x the floor, speed-up 0.67
}
