package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// jsonStringWant returns what AppendJSONString must write for s, the rule's
// bytes (jsonref.Quote), after checking that the running json.Marshal
// writes them too, up to what the json/v2 engine writes for invalid UTF-8
// (jsonref.LiveQuote).
func jsonStringWant(tb testing.TB, s string) []byte {
	tb.Helper()
	if live, err := json.Marshal(s); err != nil || !bytes.Equal(live, jsonref.LiveQuote(nil, s)) {
		tb.Fatalf("%.40q: json.Marshal writes %.60q, %v: not the rule up to the documented differences", s, live, err)
	}
	return jsonref.Quote(nil, s)
}

func TestCanonicalJSONMatchesEncodingJSONOnTheSuite(t *testing.T) {
	for name, b := range suiteFiles(t) {
		got, err := AppendCanonicalJSON(nil, b)
		if valid := json.Valid(b); (err == nil) != valid {
			t.Errorf("%s: err=%v, json.Valid=%v", name, err, valid)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("%s: error %v does not wrap ErrSyntax", name, err)
			}
			continue
		}
		want, berr := jsonref.ViaEncodingJSON(b)
		if berr != nil {
			t.Errorf("%s: baseline failed: %v", name, berr)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
}

func TestCanonicalJSONRules(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"keys sorted bytewise", `{"é":1,"a":2,"_":3,"Z":4,"A":5,"0":6,"":7}`, `{"":7,"0":6,"A":5,"Z":4,"_":3,"a":2,"é":1}`},
		{"last duplicate wins entirely", `{"a":{"x":1},"b":2,"a":{"y":2}}`, `{"a":{"y":2},"b":2}`},
		{"duplicates compared decoded", `{"\u0061":1,"a":2}`, `{"a":2}`},
		{"numbers verbatim", `[1.0,1E+2,-0,1e400,0.10]`, `[1.0,1E+2,-0,1e400,0.10]`},
		{"whitespace dropped", " {\t\"a\" :\r\n [ 1 , 2 ] } ", `{"a":[1,2]}`},
		{"html escaped", `"<a&b>"`, `"\u003ca\u0026b\u003e"`},
		{"line separators escaped", "\"\u2028\u2029\"", `"\u2028\u2029"`},
		{"escapes resolved", `"\/\u0041\t\u00e9"`, `"/A\té"`},
		{"short escapes for b and f", `"\u0008\u000c\u0001"`, `"\b\f\u0001"`},
		{"surrogate pair joined", `"\ud83d\ude00"`, "\"\U0001F600\""},
		{"lone surrogate replaced", `"\ud800x"`, "\"\uFFFDx\""},
		{"high then high", `"\ud800\ud800\udc00"`, "\"\uFFFD\U00010000\""},
		{"invalid utf8 replaced raw", "\"a\xffb\"", "\"a\uFFFDb\""},
		{"utf8 surrogate bytes give three", "\"\xed\xa0\x80\"", "\"\uFFFD\uFFFD\uFFFD\""},
		{"nested sorting", `{"x":{"z":1,"y":[{"d":1,"c":2}]}}`, `{"x":{"y":[{"c":2,"d":1}],"z":1}}`},
	} {
		got, err := AppendCanonicalJSON(nil, []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.name, got, err, tc.want)
		}
		want, err := jsonref.ViaEncodingJSON([]byte(tc.in))
		if err != nil || string(want) != tc.want {
			t.Errorf("%s: the table disagrees with encoding/json: %s", tc.name, want)
		}
	}
}

func TestCanonicalJSONRejects(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"trailing data", `{"a":1}x`},
		{"second value", `1 2`},
		{"empty", ``},
		{"whitespace only", " \n"},
		{"bom", "\xef\xbb\xbf1"},
		{"raw control in string", "\"a\x01\""},
		{"trailing comma", `[1,]`},
		{"single quotes", `'a'`},
		{"nan", `NaN`},
		{"leading zero", `01`},
		{"too deep", strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)},
	} {
		dst := []byte("keep")
		got, err := AppendCanonicalJSON(dst, []byte(tc.in))
		if !errors.Is(err, ErrSyntax) || string(got) != "keep" {
			t.Errorf("%s: got %q, %v", tc.name, got, err)
		}
	}
}

// TestAppendJSONStringMatchesMarshal checks AppendJSONString, on strings and
// byte slices and streaming into a Digest, against the rule and the running
// json.Marshal (jsonStringWant).
func TestAppendJSONStringMatchesMarshal(t *testing.T) {
	for _, s := range []string{
		"", "plain", "q\"b\\s/", "\b\f\n\r\t\x00\x1f\x7f", "<>&", "\u2028\u2029", "é中😀",
		"\xff", "a\xc3", "\xed\xa0\x80", "\xef\xbf\xbd", "\xf4\x90\x80\x80", "\xc0\xaf",
		strings.Repeat("ab<c\u2028é\xff", 2000),
	} {
		want := jsonStringWant(t, s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%.40q…: differs from the rule", s)
		}
		if got := AppendJSONString(nil, []byte(s)); !bytes.Equal(got, want) {
			t.Errorf("%.40q… ([]byte): differs from the rule", s)
		}
		var d Digest
		if d.Sum256(d.AppendJSONString(nil, s)) != sha256.Sum256(want) {
			t.Errorf("%.40q… (Digest): digest differs", s)
		}
	}
}

func TestCompactJSONMatchesMarshalOfRawMessage(t *testing.T) {
	for name, b := range suiteFiles(t) {
		got, err := AppendCompactJSON(nil, b)
		want, werr := json.Marshal(json.RawMessage(b))
		if (err == nil) != (werr == nil) {
			t.Errorf("%s: err=%v, Marshal err=%v", name, err, werr)
			continue
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
	in := " {\"b\" : \"<\u2028\\u0041\xff\", \"a\":[1.0 ,2]} "
	want := `{"b":"\u003c\u2028\u0041` + "\xff" + `","a":[1.0,2]}`
	if got, err := AppendCompactJSON(nil, []byte(in)); err != nil || string(got) != want {
		t.Errorf("got %q, %v", got, err)
	}
	// A nil RawMessage marshals as null; an empty non-nil one fails.
	for _, raw := range [][]byte{nil, {}} {
		got, err := AppendCompactJSON([]byte("x"), raw)
		want, werr := json.Marshal(json.RawMessage(raw))
		if (err == nil) != (werr == nil) || err == nil && string(got) != "x"+string(want) {
			t.Errorf("AppendCompactJSON(%#v) = %q, %v; Marshal %q, %v", raw, got, err, want, werr)
		}
	}
}
