package canon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// TestCharacterEscapeRunsDecodeAsEncodingJSON pins the decoding of runs of
// \u escapes of non-ASCII characters (text as Python's json.dumps writes
// it), which the scanner takes a run at a time: every
// corpus class in both hexadecimal cases, and runs broken by each escape
// the run leaves to the exact rules (ASCII, control characters, U+2028,
// lone and reversed surrogates, malformed digits, the end of the string).
// Lax reading, decoding and canonical re-encoding must equal
// encoding/json's; strict reading must accept exactly the strings without
// a lone surrogate and decode them the same; both must flag StrRareEscape,
// and StrHTMLEscape where a run holds encoding/json's escape of U+2028.
func TestCharacterEscapeRunsDecodeAsEncodingJSON(t *testing.T) {
	docs := []string{
		"\"a\xffb\\n\xfe\\u00e9\xc3\"", `"\ud83d\ude00\ud83d\u0041"`, // invalid bytes around escapes; a pair, then a lone high
		`"\u00e9\u4e2d\ud83d\ude00\u00E9"`,
		`"\u00e9\u0041\u00e9\u000a\u00e9\u2028\u00e9\u2029x"`,
		`"\u00e9\ud83d\u00e9"`,       // lone high surrogate inside a run
		`"\u00e9\ude00\ud83d"`,       // lone low, then a high at the end
		`"\ude00\ud83d\u00e9"`,       // a reversed pair
		`"\ud83d\ud83d\ude00\u00e9"`, // a high surrogate, then a pair
		`"\u00e9\ud83d\u0041"`,       // a high surrogate followed by ASCII
		`"\u00e9\ud83d\ude0"`,        // a pair cut short
		`"\u00e9\u00g9"`,             // malformed digits after a run
		`"\u00e9\u00"`,               // cut short
		`"\u00e9\u0080\u07ff\u0800\uffff\ud800\udc00\udbff\udfff"`,
		`"\u00e9` + "\xff" + `\u00e9"`, // invalid UTF-8 between runs
		`"\u00e9\u001b\u00e9\u007f\u00e9\u0080"`,
		`"\u0100\u003c\u00e9\u0026"`,
		`"\u00e9"`, `"\u00e9\"`, `"\u00e9\\"`,
	}
	for _, c := range corpus.Load(t) {
		for _, n := range []int{50, 1200} {
			docs = append(docs, corpus.PythonJSONString(c.Prefix(n), false), corpus.PythonJSONString(c.Prefix(n), true))
		}
	}
	for _, doc := range docs {
		checkEscapeRun(t, doc)
	}
}

// checkEscapeRun checks the reading of the string token doc against
// encoding/json.
func checkEscapeRun(t *testing.T, doc string) {
	t.Helper()
	b := []byte(doc)
	name := fmt.Sprintf("%.40q", doc)
	var want string
	valid := json.Unmarshal(b, &want) == nil
	if got := CheckJSON(b, MaxDepth) == nil; got != valid {
		t.Errorf("%s: CheckJSON valid=%t, encoding/json %t", name, got, valid)
		return
	}
	if !valid {
		if checkSerdeJSON(b, SerdeMaxDepth) == nil {
			t.Errorf("%s: strict accepted what encoding/json rejects", name)
		}
		return
	}
	var s Scanner
	s.Reset(b, false, MaxDepth)
	if _, err := s.Next(); err != nil {
		t.Fatal(err)
	}
	if got := s.AppendString(nil); string(got) != want {
		t.Errorf("%s: lax decoding %.60q, want %.60q", name, got, want)
	}
	// Decoding while scanning, invalid bytes and lone surrogates
	// included.
	var ds Scanner
	ds.Reset(b, false, MaxDepth)
	if _, text, err := ds.NextDecoding([]byte("pre")); err != nil ||
		ds.Verbatim() && string(text) != want || !ds.Verbatim() && string(text) != "pre"+want {
		t.Errorf("%s: lax NextDecoding %.60q, %v; want %.60q", name, text, err, want)
	}
	if s.Flags()&StrRareEscape == 0 && strings.Contains(doc, `\u00e9`) {
		t.Errorf("%s: StrRareEscape not set", name)
	}
	if s.Flags()&StrHTMLEscape == 0 && strings.Contains(doc, `\u2028`) {
		t.Errorf("%s: StrHTMLEscape not set", name)
	}
	base, err := jsonref.ViaEncodingJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := AppendCanonicalJSON(nil, b); err != nil || !bytes.Equal(got, base) {
		t.Errorf("%s: canonical %.60q, %v; want %.60q", name, got, err, base)
	}
	checkStrictEscapeRun(t, doc, want)
}

// checkStrictEscapeRun checks the strict reading of the string token doc,
// which encoding/json decodes to want.
func checkStrictEscapeRun(t *testing.T, doc, want string) {
	t.Helper()
	b := []byte(doc)
	name := fmt.Sprintf("%.40q", doc)
	var s Scanner
	// Strict: a lone surrogate escape or invalid UTF-8 is an error;
	// anything else decodes to what encoding/json decodes.
	lone := strings.Contains(want, "\uFFFD") && !strings.Contains(doc, `\ufffd`) && !strings.Contains(doc, `\uFFFD`)
	s.Reset(b, true, SerdeMaxDepth)
	_, text, err := s.NextDecoding([]byte("pre"))
	if (err != nil) != lone {
		t.Errorf("%s: strict error %v, want an error: %t", name, err, lone)
		return
	}
	if err != nil {
		return
	}
	if s.Verbatim() && string(text) != want || !s.Verbatim() && string(text) != "pre"+want {
		t.Errorf("%s: strict decoding %.60q, want %.60q", name, text, want)
	}
	if got := s.AppendString(nil); string(got) != want {
		t.Errorf("%s: strict AppendString %.60q, want %.60q", name, got, want)
	}
	serde, _ := AppendSerdeString(nil, want)
	if got, err := AppendSerdeValue(nil, b, SerdeMaxDepth); err != nil || !bytes.Equal(got, serde) {
		t.Errorf("%s: serde value %.60q, %v; want %.60q", name, got, err, serde)
	}
}
