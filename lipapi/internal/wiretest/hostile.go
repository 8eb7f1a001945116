package wiretest

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Secret is a marker the hostile bodies carry; no error may echo it.
const Secret = "SECRET-7f3a"

// hostileBodies returns bodies no decoder accepts, by name; wrap puts a value in
// the place of the conversation array of the API (such as
// `{"messages":%s}`).
func hostileBodies(wrap func(conversation string) string) map[string]string {
	many := "[" + strings.Repeat(`{"role":"user","content":"`+Secret+`"},`, lipapi.MaxItems) + `{"role":"user","content":"x"}]`
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	parts := `[{"role":"user","content":[` + strings.Repeat(`{"type":"text","text":"`+Secret+`"},`, lipapi.MaxContentPartsPerItem) + `{"type":"text","text":"x"}]}]`
	return map[string]string{
		"not JSON":             `{"messages": [` + Secret,
		"trailing data":        wrap(`[]`) + ` {"` + Secret + `":1}`,
		"not an object":        `["` + Secret + `"]`,
		"duplicate member":     wrap(`[{"role":"user","content":"` + Secret + `","content":"b"}]`),
		"duplicate deep":       wrap(`[{"role":"user","content":"x","x":{"a":{"k":"` + Secret + `","k":2}}}]`),
		"invalid UTF-8":        wrap("[{\"role\":\"user\",\"content\":\"" + Secret + "\xff\"}]"),
		"lone surrogate":       wrap(`[{"role":"user","content":"` + Secret + `\ud800"}]`),
		"too deep":             wrap(`[{"role":"user","content":"x","x":` + deep + `}]`),
		"too many items":       wrap(many),
		"too many parts":       wrap(parts),
		"unknown role":         wrap(`[{"role":"` + Secret + `","content":"x"}]`),
		"message not object":   wrap(`["` + Secret + `"]`),
		"part without type":    wrap(`[{"role":"user","content":[{"text":"` + Secret + `"}]}]`),
		"type in another case": wrap(`[{"role":"user","content":[{"type":"x_new","TYPE":"` + Secret + `"}]}]`),
		"text over bound":      wrap(`[{"role":"user","content":"` + strings.Repeat("a", lipapi.MaxPartTextBytes+1) + `"}]`),
	}
}

// CheckRejected fails unless err wraps sentinel, names the adapter's
// package once (NamesPackageOnce) and does not echo Secret.
func CheckRejected(t *testing.T, name string, err, sentinel error) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: accepted", name)
	case !errors.Is(err, sentinel):
		t.Errorf("%s: error %v does not wrap the sentinel", name, err)
	case !NamesPackageOnce(err, sentinel):
		t.Errorf("%s: error does not name its package once: %v", name, err)
	case strings.Contains(err.Error(), Secret):
		t.Errorf("%s: error echoes content: %v", name, err)
	}
}

// NamesPackageOnce reports whether the text of err starts with the package
// name of sentinel (its text up to the first ": ", as in "openai: ") and
// holds it nowhere else.
func NamesPackageOnce(err, sentinel error) bool {
	s := sentinel.Error()
	pkg := s[:strings.Index(s, ": ")+2]
	text := err.Error()
	return strings.HasPrefix(text, pkg) && strings.Count(text, pkg) == 1
}

// fuzzDecode is API.Fuzz: decode is the API's Codec, sentinel its
// Sentinel.
func fuzzDecode(t *testing.T, body []byte, sentinel error, decode Codec) {
	call, encode, err := decode(body)
	if err != nil {
		if !errors.Is(err, sentinel) || !NamesPackageOnce(err, sentinel) {
			t.Fatalf("error does not wrap the sentinel or does not name its package once: %v", err)
		}
		return
	}
	if err := call.Validate(); err != nil {
		t.Fatalf("decoded call is invalid: %v", err)
	}
	roundTrip(t, body, call, encode, decode)
}

// roundTrip checks that call, decoded from body, encodes, that its encoding
// decodes to the same call, and that this call encodes to the same bytes
// again.
func roundTrip(t *testing.T, body []byte, call lipapi.Call, encode func(lipapi.Call) ([]byte, error), decode Codec) {
	t.Helper()
	out, err := encode(call)
	if err != nil {
		t.Fatalf("decoded call does not encode: %v", err)
	}
	again, encode2, err := decode(out)
	if err != nil {
		t.Fatalf("encoding does not decode: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(again, call) {
		t.Fatalf("round trip changed the call\nbody: %s\nout:  %s", body, out)
	}
	out2, err := encode2(again)
	if err != nil || !bytes.Equal(out2, out) {
		t.Fatalf("second encoding differs (%v)\n%s\n%s", err, out, out2)
	}
}
