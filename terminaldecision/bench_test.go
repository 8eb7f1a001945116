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
	cases := corpus.Cases{Unit: "x-validstring"}
	for _, c := range corpus.Load(b) {
		for _, n := range []int{50, 300, 1200, MaxEvidenceTextBytes} {
			in := validInput()
			ev := &in.Evidence
			ev.Objective, ev.RecentText, ev.CandidateText = c.Sample(1, min(n, 300)), c.Sample(2, n), c.Sample(3, n)
			if err := ValidateInput(in); (err == nil) != c.Valid {
				b.Fatalf("%s/%d: ValidateInput: %v", c.Name, n, err)
			}
			cases.Run(b, c.Name+"/"+strconv.Itoa(n), n, func(b *testing.B) corpus.Result {
				return corpus.Versus(b,
					func() { sinkError = ValidateInput(in) },
					func() {
						sinkBool = utf8.ValidString(ev.Objective) && utf8.ValidString(ev.RecentText) && utf8.ValidString(ev.CandidateText)
					})
			})
		}
	}
	cases.Report(b)
}
