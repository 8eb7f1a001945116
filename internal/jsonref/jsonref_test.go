package jsonref

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// quoteRules are strings with the bytes the rule writes for them.
var quoteRules = []struct{ name, in, want string }{
	{"empty", "", `""`},
	{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
	{"short escapes", "\b\f\n\r\t", `"\b\f\n\r\t"`},
	{"other controls lowercase", "\x00\x01\x1b\x1f", `"\u0000\u0001\u001b\u001f"`},
	{"html characters", "<a&b>", `"\u003ca\u0026b\u003e"`},
	{"line and paragraph separators", "\u2028\u2029", `"\u2028\u2029"`},
	{"slash, DEL, C1 and valid U+FFFD as they are", "/\x7f\u0085\uFFFD", "\"/\x7f\u0085\uFFFD\""},
	{"non-ASCII as it is", "é中😀", "\"é中😀\""},
	{"an invalid byte", "a\xffb", `"a\ufffdb"`},
	{"UTF-8 of a surrogate gives three", "\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`},
	{"truncated sequence gives one per byte", "\xe2\x82", `"\ufffd\ufffd"`},
	{"overlong and beyond U+10FFFF", "\xc0\xaf\xf4\x90\x80\x80", `"\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"`},
}

func TestQuoteWritesTheRule(t *testing.T) {
	for _, tc := range quoteRules {
		if got := Quote([]byte("x"), tc.in); string(got) != "x"+tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestLiveQuoteIsEncodingJSON checks LiveQuote against the running
// json.Marshal on the rule's cases and on every corpus class: equal to
// Quote on the v1 engine, differing only in invalid bytes on json/v2.
func TestLiveQuoteIsEncodingJSON(t *testing.T) {
	texts := []string{}
	for _, tc := range quoteRules {
		texts = append(texts, tc.in)
	}
	for _, c := range corpus.Load(t) {
		texts = append(texts, c.Prefix(4096))
	}
	for _, s := range texts {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := LiveQuote(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%.40q: LiveQuote\n got %q\nwant %q", s, got, want)
		}
	}
	if EngineV2() {
		if got := LiveQuote(nil, "a\xffb\uFFFD"); string(got) != "\"a\uFFFDb\uFFFD\"" {
			t.Errorf("json/v2 engine: LiveQuote = %q", got)
		}
	} else if string(LiveQuote(nil, "a\xffb")) != `"a\ufffdb"` {
		t.Error("v1 engine: LiveQuote is not Quote")
	}
}

// TestCompactIsMarshalOfRawMessage checks Compact against json.Marshal of
// a json.RawMessage on every valid input of the JSONTestSuite.
func TestCompactIsMarshalOfRawMessage(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "canon", "jsontestsuite", "test_parsing")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range ents {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(raw) {
			continue
		}
		want, err := json.Marshal(json.RawMessage(raw))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if got := Compact(nil, raw); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", e.Name(), got, want)
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d valid suite files", checked)
	}
	in := " {\"b\" : \"<\u2028\\u0041\xff\\\"\u2029>\", \"a\":[1.0 ,2]&} "
	want := `{"b":"\u003c\u2028\u0041` + "\xff" + `\"\u2029\u003e","a":[1.0,2]\u0026}`
	if got := Compact(nil, []byte(in)); string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDepth(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want int
	}{
		{`1`, 0}, {`"[{"`, 0}, {`[]`, 1}, {`{"a":[{}],"b":[]}`, 3}, {`["\"[", [[]]]`, 3}, {`[["\\"],{"]":1}]`, 2},
	} {
		if got := Depth([]byte(tc.doc)); got != tc.want {
			t.Errorf("Depth(%s) = %d, want %d", tc.doc, got, tc.want)
		}
	}
}

// TestLiveAcceptsDepth checks LiveAcceptsDepth against json.Marshal of a
// json.RawMessage nested up to MaxDepth deep inside up to three arrays.
func TestLiveAcceptsDepth(t *testing.T) {
	for n := MaxDepth - 4; n <= MaxDepth; n++ {
		for outer := 0; outer <= 3; outer++ {
			var v any = json.RawMessage(strings.Repeat("[", n) + strings.Repeat("]", n))
			for range outer {
				v = []any{v}
			}
			_, err := json.Marshal(v)
			doc := strings.Repeat("[", n+outer) + strings.Repeat("]", n+outer)
			if got := LiveAcceptsDepth([]byte(doc)); got != (err == nil) {
				t.Errorf("depth %d inside %d arrays: LiveAcceptsDepth = %v, json.Marshal error %v", n, outer, got, err)
			}
		}
	}
}

// FuzzLiveQuote checks LiveQuote against json.Marshal of arbitrary strings.
func FuzzLiveQuote(f *testing.F) {
	for _, tc := range quoteRules {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := LiveQuote(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("\n got %q\nwant %q", got, want)
		}
	})
}
