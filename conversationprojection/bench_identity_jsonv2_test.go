package conversationprojection

import (
	"crypto/sha256"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonv2"
	"github.com/agentkernel/agentkernel/lipapi"
)

// The identity benchmarks against the standard library's json/v2 engine
// (Go 1.27; see internal/jsonv2): what a Go user would write to hash a message, the
// atom marshaled by encoding/json/v2 and hashed with SHA-256, the atom
// itself given for free (built before the timing). jsonv2.MarshalEscaped
// writes the atom's bytes as CanonicalAtomBytes does (HTML and line
// separators escaped), but for two details that cost it nothing: an
// invalid byte as U+FFFD rather than \ufffd, and a false
// encrypted_content_present written out. The invalid-utf8 class is made
// valid first, as a caller must: Call.Validate refuses invalid UTF-8. The
// figure is the speed-up (x-v2), summarized apart for samples of at least
// 300 bytes and for the 50-byte ones:
//
//	go test -run '^$' -bench 'IdentityOfVsJSONv2' -cpu 1 ./conversationprojection/

// v2AtomSum is the peer: the atom marshaled by json/v2, then hashed.
func v2AtomSum(tb testing.TB, atom *MessageAtomV1) func() {
	if _, err := jsonv2.MarshalEscaped(atom); err != nil {
		tb.Fatal(err)
	}
	return func() {
		b, _ := jsonv2.MarshalEscaped(atom)
		sinkSum = sha256.Sum256(b)
	}
}

// identityV2Cases runs one comparison per corpus class and size and
// reports the goal's summaries.
func identityV2Cases(b *testing.B, run func(b *testing.B, text string) corpus.Result) {
	cases := corpus.Cases{Unit: "x-v2", Speedup: true, BySize: true}
	for _, c := range corpus.Load(b) {
		for _, n := range corpus.Sizes {
			text := strings.ToValidUTF8(c.Prefix(n), "\uFFFD")
			cases.Run(b, c.Name+"/"+strconv.Itoa(n), n, func(b *testing.B) corpus.Result { return run(b, text) })
		}
	}
	cases.Report(b)
}

// BenchmarkMessageIdentityOfVsJSONv2 measures MessageIdentityOf of each
// message shape against json/v2.Marshal of its atom and SHA-256.
func BenchmarkMessageIdentityOfVsJSONv2(b *testing.B) {
	jsonv2.Require(b)
	messageIdentityShapes(b, identityV2Cases, func(tb testing.TB, msg lipapi.Message) func() {
		atom := mustAtom(tb, msg)
		return v2AtomSum(tb, &atom)
	})
}

// BenchmarkItemIdentityOfVsJSONv2 measures ItemIdentityOf of a message
// item with one text part against json/v2.Marshal of its atom and SHA-256.
func BenchmarkItemIdentityOfVsJSONv2(b *testing.B) {
	jsonv2.Require(b)
	identityV2Cases(b, func(b *testing.B, text string) corpus.Result {
		item := textItem(lipapi.RoleAssistant, text)
		atom := mustOf(b, AtomOfItem, item)
		return corpus.Versus(b,
			func() { sinkIdentity, _ = ItemIdentityOf(item) },
			v2AtomSum(b, &atom))
	})
}
