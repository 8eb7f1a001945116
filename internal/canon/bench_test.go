package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// Every benchmark here runs over the benchmark corpus, each class at each
// size from 300 bytes to 64 KiB, interleaved with its floor or baseline in
// the same run (corpus.Versus), and ends with a summary giving the worst
// case and the median. Run one with, for example:
//
//	go test -run '^$' -bench JSONStringVsSum256 -cpu 1 ./internal/canon/

var (
	sinkBytes []byte
	sinkSum   [sha256.Size]byte
	sinkBool  bool
	sinkKind  Kind
)

// corpusCases runs on cases, with compare measuring a case's text, every
// class at every size of at least 300 bytes (only valid-UTF-8 classes when
// validOnly), then the summary.
func corpusCases(b *testing.B, cases *corpus.Cases, validOnly bool, compare func(b *testing.B, text string) corpus.Result) {
	for _, c := range corpus.Load(b) {
		if validOnly && !c.Valid {
			continue
		}
		for _, n := range corpus.Sizes {
			if n < 300 {
				continue
			}
			text := c.Prefix(n)
			cases.Run(b, c.Name+"/"+strconv.Itoa(n), n, func(b *testing.B) corpus.Result { return compare(b, text) })
		}
	}
	cases.Report(b)
}

// benchVsSum256 measures, on every case of corpusCases, the function ours
// returns for a text and its escaped form (escape(text)) against
// sha256.Sum256 of the escaped form, and reports the ratio of each case
// and the worst and median.
func benchVsSum256(b *testing.B, validOnly bool, escape func(text string) []byte, ours func(text string, escaped []byte) func()) {
	corpusCases(b, &corpus.Cases{Unit: "x-sum256"}, validOnly, func(b *testing.B, text string) corpus.Result {
		escaped := escape(text)
		return corpus.Versus(b, ours(text, escaped), func() { sinkSum = sha256.Sum256(escaped) })
	})
}

// jsonEscaped and serdeEscaped are the escaped forms the benchmarks hash.
func jsonEscaped(text string) []byte { return AppendJSONString(nil, text) }

func serdeEscaped(text string) []byte {
	escaped, _ := AppendSerdeString(nil, text)
	return escaped
}

func BenchmarkJSONStringVsSum256(b *testing.B) {
	benchVsSum256(b, false, jsonEscaped, func(text string, escaped []byte) func() {
		buf := make([]byte, 0, len(escaped))
		return func() { sinkBytes = AppendJSONString(buf[:0], text) }
	})
}

func BenchmarkSerdeStringVsSum256(b *testing.B) {
	for _, c := range corpus.Load(b) {
		if _, ok := AppendSerdeString(nil, c.Text); ok != c.Valid {
			b.Fatalf("%s: AppendSerdeString ok = %v for a class with Valid = %v", c.Name, ok, c.Valid)
		}
	}
	benchVsSum256(b, true, serdeEscaped, func(text string, escaped []byte) func() {
		buf := make([]byte, 0, len(escaped))
		return func() { sinkBytes, sinkBool = AppendSerdeString(buf[:0], text) }
	})
}

// BenchmarkDigestJSONStringVsSum256 streams a string into a Digest (a
// short one through a stack buffer and one sha256.Sum256, a long one
// through the window) against the SHA-256 of the escaped bytes.
func BenchmarkDigestJSONStringVsSum256(b *testing.B) {
	benchVsSum256(b, false, jsonEscaped, func(text string, _ []byte) func() {
		return func() {
			var buf [512]byte
			var d Digest
			sinkSum = d.Sum256(d.AppendJSONString(buf[:0], text))
		}
	})
}

func BenchmarkDigestSerdeStringVsSum256(b *testing.B) {
	benchVsSum256(b, true, serdeEscaped, func(text string, _ []byte) func() {
		return func() {
			var buf [512]byte
			var d Digest
			out, _ := d.AppendSerdeString(buf[:0], text)
			sinkSum = d.Sum256(out)
		}
	})
}

// BenchmarkScanStringVsSum256 scans a string token (strict: serde_json's
// spelling; lax: encoding/json's) and, in the append cases, decodes it
// (NextDecoding: tokens are decoded while they are scanned), against
// the SHA-256 of the token. The figure is the speedup.
func BenchmarkScanStringVsSum256(b *testing.B) {
	for _, mode := range []string{"strict", "lax", "strict-append", "lax-append"} {
		b.Run(mode, func(b *testing.B) {
			strict := strings.HasPrefix(mode, "strict")
			appendToo := strings.HasSuffix(mode, "append")
			corpusCases(b, &corpus.Cases{Unit: "x-faster", Speedup: true}, true, func(b *testing.B, text string) corpus.Result {
				tok := AppendJSONString(nil, text)
				if strict {
					tok, _ = AppendSerdeString(nil, text)
				}
				buf := make([]byte, 0, len(text))
				var s Scanner
				return corpus.Versus(b,
					func() {
						s.Reset(tok, strict, SerdeMaxDepth)
						if appendToo {
							sinkKind, sinkBytes, _ = s.NextDecoding(buf[:0])
						} else {
							sinkKind, _ = s.Next()
						}
					},
					func() { sinkSum = sha256.Sum256(tok) })
			})
		})
	}
}

// canonicalShapes returns the documents the canonical writers are measured
// on, about 64 KiB each (mixed a little more): mixed content (the corpus
// JSON dump and JSON lines in one array), a flat array of numbers, nesting
// at the depth limit, one object with many keys in no order, and long
// strings dense in escapes.
func canonicalShapes(b *testing.B, maxDepth int) map[string][]byte {
	var dump, lines, escapes string
	for _, c := range corpus.Load(b) {
		switch c.Name {
		case "json":
			dump = c.Text
		case "jsonl":
			lines = c.Text
		case "escapes-heavy":
			escapes = c.Text
		}
	}
	var mixed bytes.Buffer
	mixed.WriteString("[" + dump)
	for _, l := range strings.Split(lines, "\n") {
		if l = strings.TrimSpace(l); l != "" && mixed.Len() < 96<<10 {
			mixed.WriteString("," + l)
		}
	}
	mixed.WriteString("]")
	rng := rand.New(rand.NewSource(1))
	var nums bytes.Buffer
	nums.WriteString("[")
	for i := 0; nums.Len() < 64<<10; i++ {
		if i > 0 {
			nums.WriteString(",")
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&nums, "%d", rng.Intn(100000))
		case 1:
			fmt.Fprintf(&nums, "%.2f", rng.Float64()*1000)
		case 2:
			fmt.Fprintf(&nums, "-%.4e", rng.Float64())
		default:
			fmt.Fprintf(&nums, "%g", rng.NormFloat64())
		}
	}
	nums.WriteString("]")
	pad := strings.Repeat("x", max(64<<10/maxDepth-12, 0))
	deep := strings.Repeat(`{"b":"`+pad+`","a":`, maxDepth) + "1" + strings.Repeat("}", maxDepth)
	var keys bytes.Buffer
	keys.WriteString("{")
	for i, k := range rng.Perm(64 << 10 / 24) {
		if i > 0 {
			keys.WriteString(",")
		}
		fmt.Fprintf(&keys, `"key_%06d":"value %d"`, k, i)
	}
	keys.WriteString("}")
	var strs bytes.Buffer
	strs.WriteString("[")
	for i := 0; strs.Len() < 64<<10; i += 1000 {
		if i > 0 {
			strs.WriteString(",")
		}
		q, _ := json.Marshal(escapes[i%(len(escapes)-2000) : i%(len(escapes)-2000)+1000])
		strs.Write(q)
	}
	strs.WriteString("]")
	return map[string][]byte{
		"mixed": mixed.Bytes(), "numbers": nums.Bytes(), "deep": []byte(deep),
		"many-keys": keys.Bytes(), "escaped-strings": strs.Bytes(),
	}
}

// BenchmarkCanonicalJSONVsEncodingJSON compares both canonical writers with
// the encoding/json round trip they equal (a UseNumber decode and Marshal),
// on each shape; the figure is the speedup.
func BenchmarkCanonicalJSONVsEncodingJSON(b *testing.B) {
	benchCanonicalVs(b, func(tb testing.TB, doc []byte) func() {
		if _, err := jsonref.ViaEncodingJSON(doc); err != nil {
			tb.Fatal(err)
		}
		return func() { sinkBytes, _ = jsonref.ViaEncodingJSON(doc) }
	})
}

// benchCanonicalVs compares both canonical writers, on each shape of
// canonicalShapes, with the baseline that newBase returns for a document
// (after checking that the baseline accepts it), and reports the speedup
// and each writer's throughput.
func benchCanonicalVs(b *testing.B, newBase func(tb testing.TB, doc []byte) func()) {
	for _, st := range []string{"json", "serde"} {
		b.Run(st, func(b *testing.B) {
			depth := MaxDepth
			if st == "serde" {
				depth = SerdeMaxDepth
			}
			cases := corpus.Cases{Unit: "x-faster", Speedup: true}
			for name, doc := range canonicalShapes(b, depth) {
				cases.Run(b, name, len(doc), func(b *testing.B) corpus.Result {
					buf := make([]byte, 0, 2*len(doc))
					write := func() { sinkBytes, _ = AppendCanonicalJSON(buf[:0], doc) }
					if st == "serde" {
						write = func() { sinkBytes, _ = AppendSerdeValue(buf[:0], doc, SerdeMaxDepth) }
					}
					r := corpus.Versus(b, write, newBase(b, doc))
					b.ReportMetric(float64(len(doc))/r.Ours.Seconds()/1e6, "MB/s")
					return r
				})
			}
			cases.Report(b)
		})
	}
}
