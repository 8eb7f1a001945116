package protocolstate

import (
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// Every benchmark here runs over the benchmark corpus, interleaved with its
// baseline in the same run (corpus.Versus), per class, and ends with a
// summary giving the worst case and the median. Run them with
//
//	go test -run '^$' -bench . -cpu 1 ./protocolstate/

var (
	sinkString string
	sinkSum    [sha256.Size]byte
	sinkState  State
	sinkBytes  []byte
	sinkError  error
)

// benchSizes are the sizes of the evidence texts the fingerprint
// benchmarks use, up to the bound terminaldecision.ValidateInput enforces.
var benchSizes = []int{50, 300, 1200, terminaldecision.MaxEvidenceTextBytes}

// evidenceOf returns the golden fixture with its objective (at most 300
// bytes), candidate text and recent text of n bytes taken from c, and all
// eight action slots active when actions is set.
func evidenceOf(tb testing.TB, c corpus.Class, n int, actions bool) terminaldecision.Input {
	in := fixtureInput(tb)
	if actions {
		in = fullActions(in)
	}
	in.Evidence.Objective = c.Sample(1, min(n, 300))
	in.Evidence.CandidateText = c.Sample(2, n)
	in.Evidence.RecentText = c.Sample(3, n)
	return in
}

// BenchmarkFingerprintVsSum256 measures Fingerprint against sha256.Sum256
// of its ready-made preimage (the goal: at most 1.3x), on evidence whose
// texts come from each corpus class (CRLF line endings, which the preimage
// rewrites, included), at each of benchSizes, with the fixture's actions
// and with all eight action slots active.
func BenchmarkFingerprintVsSum256(b *testing.B) {
	for _, actions := range []bool{false, true} {
		name := "fixture-actions"
		if actions {
			name = "actions=8"
		}
		b.Run(name, func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-sum256"}
			for _, c := range corpus.Load(b) {
				for _, n := range benchSizes {
					in := evidenceOf(b, c, n, actions)
					pre := []byte(refPreimage(in))
					cases.Run(b, c.Name+"/"+strconv.Itoa(n), n, func(b *testing.B) corpus.Result {
						return corpus.Versus(b,
							func() { sinkString = Fingerprint(in) },
							func() { sinkSum = sha256.Sum256(pre) })
					})
				}
			}
			cases.Report(b)
		})
	}
}

// TestFingerprintAllocatesOnlyItsResult pins Fingerprint at one allocation
// (the result) on the evidence of every class and size the benchmark uses.
func TestFingerprintAllocatesOnlyItsResult(t *testing.T) {
	for _, c := range corpus.Load(t) {
		for _, n := range benchSizes {
			for _, actions := range []bool{false, true} {
				in := evidenceOf(t, c, n, actions)
				if got := testing.AllocsPerRun(20, func() { sinkString = Fingerprint(in) }); got != 1 {
					t.Errorf("%s/%d (actions %t): %v allocations, want 1", c.Name, n, actions, got)
				}
			}
		}
	}
}

// tokenCases returns, per corpus class, the state whose fingerprint is
// that of 1,200-byte evidence of the class, and its token.
func tokenCases(b *testing.B) (names []string, states []State, tokens []string) {
	for _, c := range corpus.Load(b) {
		s := State{Reprompts: 1, ConsecutiveNoProgress: 1, LastFingerprint: Fingerprint(evidenceOf(b, c, 1200, false))}
		token, err := Encode(s)
		if err != nil {
			b.Fatal(err)
		}
		names, states, tokens = append(names, c.Name), append(states, s), append(tokens, token)
	}
	return names, states, tokens
}

// BenchmarkEncodeVsBase64 measures Encode of a state carrying the
// fingerprint of each class's evidence (a 115-byte token) against the
// base64url encoding of its payload alone.
func BenchmarkEncodeVsBase64(b *testing.B) {
	names, states, tokens := tokenCases(b)
	cases := corpus.Cases{Unit: "x-base64"}
	for i, name := range names {
		payload, err := base64.RawURLEncoding.DecodeString(tokens[i][len(TokenPrefix):])
		if err != nil {
			b.Fatal(err)
		}
		cases.Run(b, name, len(tokens[i]), func(b *testing.B) corpus.Result {
			return corpus.Versus(b,
				func() { sinkString, sinkError = Encode(states[i]) },
				func() { sinkString = base64.RawURLEncoding.EncodeToString(payload) })
		})
	}
	cases.Report(b)
}

// BenchmarkDecodeVsBase64 measures Decode of the tokens of
// BenchmarkEncodeVsBase64 against base64url decoding their text alone
// (Decode also checks that the text is canonical and validates the state).
func BenchmarkDecodeVsBase64(b *testing.B) {
	names, _, tokens := tokenCases(b)
	cases := corpus.Cases{Unit: "x-base64"}
	for i, name := range names {
		text := tokens[i][len(TokenPrefix):]
		cases.Run(b, name, len(tokens[i]), func(b *testing.B) corpus.Result {
			return corpus.Versus(b,
				func() { sinkState, sinkError = Decode(tokens[i]) },
				func() { sinkBytes, sinkError = base64.RawURLEncoding.DecodeString(text) })
		})
	}
	cases.Report(b)
}
