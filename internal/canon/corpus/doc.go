// Package corpus is a test-support package: it gives the tests and
// benchmarks of every package of the module one realistic benchmark corpus
// and one way to compare an operation with its baseline in the same run.
// It reads files from disk and is never imported by library code.
//
// # The corpus
//
// The directory testdata/corpus at the module root holds one file per
// content class, named <class>.txt, each between MinSize and MaxSize bytes:
// the contents agent runtimes and LLM proxies really carry (prose, markup,
// source code, JSON dumps, CJK, emoji, right-to-left text, CRLF logs,
// tab-separated tables, raw terminal output, invalid UTF-8, U+2028/U+2029
// and text dense in characters JSON must escape). Load reads them all;
// Class.Prefix cuts a sample to one of the Sizes without splitting a UTF-8
// sequence.
//
// The files are generated, not hand-edited: Generate builds every class
// deterministically from the package's own seed snippets and a fixed-seed
// PRNG, "go generate" in this directory rewrites testdata/corpus, and a test
// fails when the files differ from what Generate produces.
//
// # Comparing with a baseline
//
// Versus runs an operation and its baseline (a floor such as SHA-256 of the
// same bytes, or the standard library's equivalent) in alternating batches
// within one benchmark and keeps the fastest batch of each side, so the
// noise of a shared machine cancels out of the ratio. Summary collects the
// ratio of every class and size and reports the worst case and the median;
// Goal does so apart for small samples. Cases takes the steps every
// comparison benchmark takes: a sub-benchmark per case, its figure as a
// metric, the summaries at the end. A benchmark over the whole corpus reads:
//
//	func BenchmarkXVsFloor(b *testing.B) {
//		cases := corpus.Cases{Unit: "x-floor"}
//		for _, c := range corpus.Load(b) {
//			for _, n := range corpus.Sizes {
//				text := c.Prefix(n)
//				data := []byte(text)
//				cases.Run(b, fmt.Sprintf("%s/%d", c.Name, n), n, func(b *testing.B) corpus.Result {
//					return corpus.Versus(b,
//						func() { sink = X(text) },
//						func() { sum256 = sha256.Sum256(data) })
//				})
//			}
//		}
//		cases.Report(b)
//	}
//
// Each case then reports "ours-ns", "base-ns" and "x-floor", and a final
// sub-benchmark named "summary" reports "worst-x-floor" and
// "median-x-floor" and logs the name of the worst case. When -bench selects
// only some cases, the summary covers the cases that ran.
//
// A baseline from encoding/json/v2 or jsontext (the peer a Go user has on
// Go 1.27) comes from internal/jsonv2, never from those packages directly:
// the benchmark then builds and vets on every supported toolchain.
package corpus

//go:generate go run gen.go
