package conversationprojection

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

func TestCanonicalJSONExact(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"spec example", `{ "b": [1, 2.50], "a": "x<y" }`, `{"a":"x\u003cy","b":[1,2.50]}`},
		{"numbers verbatim", `[1.0, 1E+2, -0, 1e400, 0.000, -12345678901234567890123]`, `[1.0,1E+2,-0,1e400,0.000,-12345678901234567890123]`},
		{"literals", " \t\r\n[true,false,null] \n", `[true,false,null]`},
		{"key order by decoded bytes", `{"é":1,"a":2,"_":3,"Z":4,"A":5,"0":6,"":7}`, `{"":7,"0":6,"A":5,"Z":4,"_":3,"a":2,"é":1}`},
		{"escaped keys sort decoded", `{"\u0062":1,"a":2,"\u00e9":3,"\u0041":4}`, `{"A":4,"a":2,"b":1,"é":3}`},
		{"last duplicate wins entirely", `{"a":{"x":1},"b":0,"a":{"y":2}}`, `{"a":{"y":2},"b":0}`},
		{"duplicate via escape", `{"a":1,"\u0061":2}`, `{"a":2}`},
		{"nested sort", `{"z":{"d":[{"y":1,"x":2}],"c":null}}`, `{"z":{"c":null,"d":[{"x":2,"y":1}]}}`},
		{"escapes decoded and re-escaped", `"\u0041\/\b\f\n\r\t\"\\\u003C\u2028\u00e9\uD83D\uDE00"`, `"A/\b\f\n\r\t\"\\\u003c\u2028é😀"`},
		{"uppercase hex escapes", `"\u00E9\u00e9"`, `"éé"`},
		{"lone high surrogate", `"\uD800x"`, "\"\ufffdx\""},
		{"lone low surrogate", `"\uDC00"`, "\"\ufffd\""},
		{"high then non-low escape", `"\uD800\u0041"`, "\"\ufffdA\""},
		{"two high surrogates", `"\uD800\uD800\uDC00"`, "\"\ufffd\U00010000\""},
		{"invalid utf-8 bytes", "\"a\xffb\xed\xa0\x80\"", "\"a\ufffdb\ufffd\ufffd\ufffd\""},
		{"controls escaped", `"\u0000\u001b\u007f"`, "\"\\u0000\\u001b\x7f\""},
		{"empty containers", `{"a":[],"b":{}}`, `{"a":[],"b":{}}`},
		{"top-level scalar", ` 12 `, `12`},
		{"top-level string", `"<&>"`, `"\u003c\u0026\u003e"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CanonicalJSON([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
			ref, err := jsonref.ViaEncodingJSON([]byte(tt.in))
			if err != nil || !bytes.Equal(got, ref) {
				t.Errorf("encoding/json gives %s, %v", ref, err)
			}
		})
	}
}

func TestCanonicalJSONEmptyInputIsNil(t *testing.T) {
	for _, in := range [][]byte{nil, {}} {
		got, err := CanonicalJSON(in)
		if got != nil || err != nil {
			t.Errorf("CanonicalJSON(%q) = %q, %v", in, got, err)
		}
	}
}

func TestCanonicalJSONRejectsMalformed(t *testing.T) {
	for _, in := range []string{
		" ", "\t\r\n", "{", "}", `{"a"}`, `{"a":1,}`, `[1,]`, `[01]`, `1.`, `.5`, `-`, `+1`, `1e`, `0x1`,
		`NaN`, `Infinity`, `'a'`, `"a`, "\"\x01\"", `"\x"`, `"\u12"`, `tru`, `nul`, "\xef\xbb\xbf1",
		`/*c*/1`, `{"a":1}}`, `[1]]`, "\v1", "\f1", "1\v",
	} {
		got, err := CanonicalJSON([]byte(in))
		if !errors.Is(err, ErrInvalidJSON) || got != nil {
			t.Errorf("CanonicalJSON(%q) = %q, %v; want ErrInvalidJSON", in, got, err)
		}
	}
}

// TestC2_CanonicalJSONRejectsTrailingData pins correction C2: data after the
// value is an error, so `{"a":1}` and `{"a":1}x` never share an identity.
func TestC2_CanonicalJSONRejectsTrailingData(t *testing.T) {
	for _, in := range []string{`{"a":1}x`, `{"a":1} {"a":1}`, `1 2`, `[] []`, `"a""b"`, `null,`, `true false`, `{} ]`, "1\x00"} {
		got, err := CanonicalJSON([]byte(in))
		if !errors.Is(err, ErrInvalidJSON) || got != nil {
			t.Errorf("CanonicalJSON(%q) = %q, %v; want ErrInvalidJSON", in, got, err)
		}
	}
	// The reference reading of these inputs ignored the tail: the prefix
	// alone is valid, so only trailing-data detection rejects them.
	if _, err := jsonref.ViaEncodingJSON([]byte(`{"a":1}x`)); err != nil {
		t.Fatalf("reference rejects the prefix: %v", err)
	}
}

// TestC2_CanonicalJSONNestingLimit pins correction C2: 10000 nested
// containers are accepted, 10001 rejected with ErrInvalidJSON.
func TestC2_CanonicalJSONNestingLimit(t *testing.T) {
	for _, open := range []string{"[", `{"a":`} {
		closer := map[string]string{"[": "]", `{"a":`: "}"}[open]
		ok := strings.Repeat(open, 10000) + "1" + strings.Repeat(closer, 10000)
		got, err := CanonicalJSON([]byte(ok))
		if err != nil {
			t.Fatalf("depth 10000 rejected: %v", err)
		}
		if ref, _ := jsonref.ViaEncodingJSON([]byte(ok)); !bytes.Equal(got, ref) {
			t.Fatal("depth 10000 differs from encoding/json")
		}
		deep := strings.Repeat(open, 10001) + "1" + strings.Repeat(closer, 10001)
		if got, err := CanonicalJSON([]byte(deep)); !errors.Is(err, ErrInvalidJSON) || got != nil {
			t.Fatalf("depth 10001: %.10q, %v", got, err)
		}
	}
	mixed := strings.Repeat(`[{"a":`, 5000) + "0" + strings.Repeat("}]", 5000)
	if _, err := CanonicalJSON([]byte(mixed)); err != nil {
		t.Fatalf("mixed depth 10000 rejected: %v", err)
	}
	if _, err := CanonicalJSON([]byte("[" + mixed + "]")); !errors.Is(err, ErrInvalidJSON) {
		t.Fatalf("mixed depth 10001 accepted: %v", err)
	}
}

func TestCanonicalJSONDoesNotAliasInput(t *testing.T) {
	in := []byte(`[1,2,3]`)
	out, err := CanonicalJSON(in)
	if err != nil {
		t.Fatal(err)
	}
	out[1] = '9'
	if string(in) != `[1,2,3]` {
		t.Fatal("output aliases input")
	}
	if _, err := CanonicalJSON(in); err != nil || string(in) != `[1,2,3]` {
		t.Fatal("input mutated")
	}
}

// mixedDocument deterministically builds a JSON document of about size
// bytes: nested objects with unsorted keys, strings with unicode, HTML
// characters and escapes, and numbers in every form.
func mixedDocument(size int) []byte {
	numbers := []string{"0", "-0", "7", "-42", "3.14159", "1.0", "2.50", "1e9", "1E+2", "-6.02e-23", "12345678901234567890", "1e400", "0.000001"}
	strs := []string{`"plain ascii text"`, `"<b>bold</b> & \"quoted\""`, `"héllo wörld ünïcödé"`, `"日本語のテキスト"`, `"emoji 😀 \ud83d\ude00"`,
		`"tab\tnew\nline\\slash\/"`, `"line\u2028sep\u2029"`, `"\u00e9\u0041"`}
	var b bytes.Buffer
	b.WriteString("[")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n ")
		}
		fmt.Fprintf(&b, `{"zeta_%d": %s, "alpha": [%s, %s, true, null], "Mid": {"y": %s, "x": {"k%d": false, "b": %s, "a": []}}, "émoji": %s, "0": %s}`,
			i%97, strs[i%len(strs)], numbers[i%len(numbers)], numbers[(i+5)%len(numbers)],
			strs[(i+3)%len(strs)], i%13, numbers[(i+9)%len(numbers)], strs[(i+1)%len(strs)], strconv.Itoa(i))
	}
	b.WriteString("]")
	return b.Bytes()
}

func TestCanonicalJSONMixedDocumentEqualsEncodingJSON(t *testing.T) {
	doc := mixedDocument(64 << 10)
	got, err := CanonicalJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := jsonref.ViaEncodingJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, ref) {
		t.Fatal("CanonicalJSON differs from encoding/json on the benchmark document")
	}
}

// canonicalDoc returns a JSON document carrying text twice, as encoding/json
// writes strings, in objects whose members are not in order: a tool result
// as an agent runtime forwards it.
func canonicalDoc(text string) []byte {
	q, err := json.Marshal(text)
	if err != nil {
		panic(err)
	}
	return []byte(`{"stdout":` + string(q) + `,"exit_code":0,"meta":{"truncated":false,"bytes":` +
		strconv.Itoa(len(text)) + `,"echo":` + string(q) + `},"argv":["sh","-c",2.50]}`)
}

// BenchmarkCanonicalJSONVsEncodingJSON measures CanonicalJSON against the
// encoding/json round trip it equals (decode with UseNumber, Marshal), in
// the same run, on a document carrying a text of each corpus class and
// size, and on the 64 KiB mixed document; it reports how many times faster
// CanonicalJSON is. Run it with
//
//	go test -run '^$' -bench 'CanonicalJSONVsEncodingJSON' -cpu 1 ./conversationprojection/
func BenchmarkCanonicalJSONVsEncodingJSON(b *testing.B) {
	cases := corpus.Cases{Unit: "x-faster", Speedup: true}
	run := func(name string, doc []byte) {
		cases.Run(b, name, len(doc), func(b *testing.B) corpus.Result {
			if got, err := CanonicalJSON(doc); err != nil {
				b.Fatal(err)
			} else if ref, err := jsonref.ViaEncodingJSON(doc); err != nil || !bytes.Equal(got, ref) {
				b.Fatalf("CanonicalJSON differs from encoding/json (%v)", err)
			}
			return corpus.Versus(b,
				func() { sinkBytes, sinkError = CanonicalJSON(doc) },
				func() { sinkBytes, sinkError = jsonref.ViaEncodingJSON(doc) })
		})
	}
	for _, c := range corpus.Load(b) {
		for _, n := range corpus.Sizes {
			run(c.Name+"/"+strconv.Itoa(n), canonicalDoc(c.Prefix(n)))
		}
	}
	run("mixed-document", mixedDocument(64<<10))
	cases.Report(b)
}

var sinkBytes []byte
