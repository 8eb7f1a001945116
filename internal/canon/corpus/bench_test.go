package corpus_test

import (
	"crypto/sha256"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

var (
	sinkBool bool
	sinkSum  [sha256.Size]byte
)

// BenchmarkValidStringVsSHA256 measures the standard library's UTF-8
// validation against the SHA-256 floor on every class and size: the cost a
// separate validation pass would add to a digest. It is also the package's
// own use of the pattern every benchmark of the module follows.
func BenchmarkValidStringVsSHA256(b *testing.B) {
	cases := corpus.Cases{Unit: "x-floor"}
	for _, c := range corpus.Load(b) {
		for _, n := range corpus.Sizes {
			text := c.Prefix(n)
			data := []byte(text)
			cases.Run(b, fmt.Sprintf("%s/%d", c.Name, n), n, func(b *testing.B) corpus.Result {
				return corpus.Versus(b,
					func() { sinkBool = utf8.ValidString(text) },
					func() { sinkSum = sha256.Sum256(data) })
			})
		}
	}
	cases.Report(b)
}
