package terminaldecision

import (
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

var (
	sinkError error
	sinkBool  bool
)

// BenchmarkValidateInputVsValidString measures ValidateInput of an input
// whose three evidence texts come from each corpus class, at sizes up to
// MaxEvidenceTextBytes, against the standard library's UTF-8 check of
// those texts alone (utf8.ValidString), in the same run. The invalid-utf8
// class measures the rejection of its first text. Run it with
//
//	go test -run '^$' -bench 'ValidateInputVsValidString' -cpu 1 ./terminaldecision/
func BenchmarkValidateInputVsValidString(b *testing.B) {
	var sum corpus.Summary
	for _, c := range corpus.Load(b) {
		for _, n := range []int{50, 300, 1200, MaxEvidenceTextBytes} {
			in := validInput()
			ev := &in.Evidence
			ev.Objective, ev.RecentText, ev.CandidateText = c.Sample(1, min(n, 300)), c.Sample(2, n), c.Sample(3, n)
			if err := ValidateInput(in); (err == nil) != c.Valid {
				b.Fatalf("%s/%d: ValidateInput: %v", c.Name, n, err)
			}
			name := c.Name + "/" + strconv.Itoa(n)
			b.Run(name, func(b *testing.B) {
				r := corpus.Versus(b,
					func() { sinkError = ValidateInput(in) },
					func() {
						sinkBool = utf8.ValidString(ev.Objective) && utf8.ValidString(ev.RecentText) && utf8.ValidString(ev.CandidateText)
					})
				b.ReportMetric(r.Ratio(), "x-validstring")
				sum.Add(name, r.Ratio())
			})
		}
	}
	sum.Report(b, "x-validstring", true)
}
