package protocolstate

import (
	"crypto/sha256"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/agentkernel/agentkernel/terminaldecision"
)

var (
	sinkString string
	sinkSum    [sha256.Size]byte
	sinkState  State
)

// BenchmarkFingerprint measures Fingerprint on the golden fixture.
func BenchmarkFingerprint(b *testing.B) {
	in := fixtureInput(b)
	b.SetBytes(int64(len(refPreimage(in))))
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Fingerprint(in)
	}
}

// BenchmarkFingerprintBaselineSum256 is the baseline of BenchmarkFingerprint:
// sha256.Sum256 over the fixture's ready-made preimage.
func BenchmarkFingerprintBaselineSum256(b *testing.B) {
	pre := []byte(refPreimage(fixtureInput(b)))
	b.SetBytes(int64(len(pre)))
	b.ReportAllocs()
	for b.Loop() {
		sinkSum = sha256.Sum256(pre)
	}
}

// BenchmarkFingerprintVsSum256 alternates batches of Fingerprint and of the
// Sum256 baseline in the same run and reports the ratio of their fastest
// batches as x-sum256 (the target is at most 1.3), with the per-call times of
// those batches as fp-ns and sum256-ns. The fastest batch is the one least
// disturbed by other work on a shared machine. Its ns/op covers one batch of
// each.
func BenchmarkFingerprintVsSum256(b *testing.B) {
	benchmarkVsSum256(b, fixtureInput(b))
}

// BenchmarkFingerprintCRLFVsSum256 is BenchmarkFingerprintVsSum256 for the
// fixture with a CRLF in its recent text: the small preimage is written a
// second time, rewriting line endings.
func BenchmarkFingerprintCRLFVsSum256(b *testing.B) {
	in := fixtureInput(b)
	in.Evidence.RecentText = "recent\r\ntranscript"
	benchmarkVsSum256(b, in)
}

// BenchmarkFingerprintLargeVsSum256 is BenchmarkFingerprintVsSum256 for a
// 2 KB preimage, which streams through the window.
func BenchmarkFingerprintLargeVsSum256(b *testing.B) {
	in := fixtureInput(b)
	in.Evidence.RecentText = strings.Repeat("recent transcript line\n", 60)
	in.Evidence.Objective = strings.Repeat("ship the release ", 20)
	benchmarkVsSum256(b, in)
}

// BenchmarkFingerprintActionsVsSum256 is BenchmarkFingerprintVsSum256 for
// the fixture with all eight action slots active: a 31-record preimage.
func BenchmarkFingerprintActionsVsSum256(b *testing.B) {
	benchmarkVsSum256(b, fullActions(fixtureInput(b)))
}

// BenchmarkFingerprintLongRecentVsSum256 is BenchmarkFingerprintVsSum256 for
// the fixture with a 300-byte recent text.
func BenchmarkFingerprintLongRecentVsSum256(b *testing.B) {
	in := fixtureInput(b)
	in.Evidence.RecentText = strings.Repeat("the tool returned ok; ", 14)[:300]
	benchmarkVsSum256(b, in)
}

// BenchmarkFingerprintCRLFLinesVsSum256 is BenchmarkFingerprintVsSum256 for
// the fixture with a 1.7 KB recent text of CRLF-terminated lines.
func BenchmarkFingerprintCRLFLinesVsSum256(b *testing.B) {
	in := fixtureInput(b)
	in.Evidence.RecentText = strings.Repeat("recent transcript line\r\n", 70)
	benchmarkVsSum256(b, in)
}

func benchmarkVsSum256(b *testing.B, in terminaldecision.Input) {
	pre := []byte(refPreimage(in))
	const batch = 16
	fpBest, sumBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for b.Loop() {
		start := time.Now()
		for range batch {
			sinkString = Fingerprint(in)
		}
		mid := time.Now()
		for range batch {
			sinkSum = sha256.Sum256(pre)
		}
		fpBest = min(fpBest, mid.Sub(start))
		sumBest = min(sumBest, time.Since(mid))
	}
	b.ReportMetric(float64(fpBest)/float64(sumBest), "x-sum256")
	b.ReportMetric(float64(fpBest)/batch, "fp-ns")
	b.ReportMetric(float64(sumBest)/batch, "sum256-ns")
}

// BenchmarkEncode measures Encode of a state with a fingerprint (the 115-byte
// token).
func BenchmarkEncode(b *testing.B) {
	s := State{Reprompts: 1, LastFingerprint: fp}
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Encode(s)
	}
}

// BenchmarkDecode measures Decode of the 115-byte golden token.
func BenchmarkDecode(b *testing.B) {
	token, err := Encode(State{Reprompts: 1, LastFingerprint: fp})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sinkState, _ = Decode(token)
	}
}

// BenchmarkDecodeZeroState measures Decode of the 20-byte zero-state token.
func BenchmarkDecodeZeroState(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkState, _ = Decode(TokenPrefix + "AQAAAAA")
	}
}
