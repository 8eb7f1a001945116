package protocolstate

import (
	"crypto/sha256"
	"testing"
	"time"
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

// BenchmarkFingerprintVsSum256 runs Fingerprint and the Sum256 baseline b.N
// times each in the same run and reports their time ratio as x-sum256 (the
// target is at most 1.3). Its ns/op covers one call of each.
func BenchmarkFingerprintVsSum256(b *testing.B) {
	in := fixtureInput(b)
	pre := []byte(refPreimage(in))
	var fpTime, sumTime time.Duration
	for b.Loop() {
		start := time.Now()
		for range 64 {
			sinkString = Fingerprint(in)
		}
		mid := time.Now()
		for range 64 {
			sinkSum = sha256.Sum256(pre)
		}
		fpTime += mid.Sub(start)
		sumTime += time.Since(mid)
	}
	b.ReportMetric(float64(fpTime)/float64(sumTime), "x-sum256")
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
