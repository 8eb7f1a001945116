package corpus

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPythonJSONStringDecodesBack checks that the token is printable ASCII
// only and decodes, with encoding/json, to the text (invalid bytes as
// U+FFFD), in both hexadecimal cases, on every class.
func TestPythonJSONStringDecodesBack(t *testing.T) {
	for _, c := range Load(t) {
		text := c.Prefix(4096)
		for _, upper := range []bool{false, true} {
			tok := PythonJSONString(text, upper)
			for i := 0; i < len(tok); i++ {
				if tok[i] < 0x20 || tok[i] > 0x7e {
					t.Fatalf("%s: byte %#x at %d is not printable ASCII", c.Name, tok[i], i)
				}
			}
			var got string
			if err := json.Unmarshal([]byte(tok), &got); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			// Ranging over a string yields U+FFFD for each invalid byte.
			if want := strings.Map(func(r rune) rune { return r }, text); got != want {
				t.Fatalf("%s: decodes to other text", c.Name)
			}
		}
	}
}
