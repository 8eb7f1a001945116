package toolloop

import (
	"testing"

	content "github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonv2"
)

// The content-class benchmarks against the standard library's json/v2
// engine (Go 1.27; see internal/jsonv2), over every corpus size, each compared in the
// same run, interleaved, with json/v2 on the same value or bytes (x-v2:
// the speed-up). The summaries give the worst class and the median apart
// for texts of at least 300 bytes and for the 50-byte ones:
//
//	go test -cpu 1 -run '^$' -bench 'Corpus.*VsJSONv2' ./toolloop/

// benchGoal runs one interleaved comparison per content-class event of
// every corpus size and reports the goal's summaries of the speed-ups.
func benchGoal(b *testing.B, cmp func(c *classEvent) (ours, base func())) {
	jsonv2.Require(b)
	cases := content.Cases{Unit: "x-v2", Speedup: true, BySize: true}
	for _, c := range classEventsOf(b, content.Sizes) {
		cases.Run(b, c.name, c.size, func(b *testing.B) content.Result {
			ours, base := cmp(&c)
			return content.Versus(b, ours, base)
		})
	}
	cases.Report(b)
}

// BenchmarkCorpusMarshalEventVsJSONv2 compares MarshalEvent with
// json/v2.Marshal of the same value.
func BenchmarkCorpusMarshalEventVsJSONv2(b *testing.B) {
	benchGoal(b, func(c *classEvent) (func(), func()) {
		return func() { sinkBytes, sinkErr = MarshalEvent(c.ev) },
			func() { sinkBytes, sinkErr = jsonv2.Marshal(c.mirror) }
	})
}

// BenchmarkCorpusUnmarshalEventVsJSONv2 compares UnmarshalEvent of the
// direct form with json/v2.Unmarshal of the same bytes into the same Go
// type (or its mirror).
func BenchmarkCorpusUnmarshalEventVsJSONv2(b *testing.B) {
	benchGoal(b, func(c *classEvent) (func(), func()) {
		return func() { decSinkEvent, decSinkErr = UnmarshalEvent(c.direct) },
			func() { decSinkErr = jsonv2.Unmarshal(c.direct, c.mirPtr()) }
	})
}
