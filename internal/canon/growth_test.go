package canon

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// TestEscapingManyStringsIntoOneBufferGrowsItGeometrically checks that
// strings that expand as they are escaped, appended one after another to
// one buffer (by AppendJSONString, AppendSerdeString and
// AppendCompactJSON, which rewrites raw '<', '>' and '&'), grow it by a
// share of its length, not by what each string needs: the number of
// allocations is logarithmic in the output, and the time linear.
func TestEscapingManyStringsIntoOneBufferGrowsItGeometrically(t *testing.T) {
	const n = 4000
	s, control := strings.Repeat("<x>", 30), "\x01"+strings.Repeat("x\x02", 30)
	doc := []byte(`[` + strings.Repeat(`"`+s+`",`, n) + `1]`)
	want := jsonref.Compact(nil, doc)
	for name, f := range map[string]func() []byte{
		"AppendJSONString": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b = AppendJSONString(b, s)
			}
			return b
		},
		"AppendSerdeString": func() []byte {
			var b []byte
			for i := 0; i < n; i++ {
				b, _ = AppendSerdeString(b, control)
			}
			return b
		},
		"AppendCompactJSON": func() []byte {
			b, err := AppendCompactJSON(nil, doc)
			if err != nil || !bytes.Equal(b, want) {
				t.Fatalf("AppendCompactJSON differs from Marshal of a RawMessage (%v)", err)
			}
			return b
		},
	} {
		if allocs := testing.AllocsPerRun(1, func() { f() }); allocs > 100 {
			t.Errorf("%s of %d strings: %v allocations, want at most 100", name, n, allocs)
		}
	}
}
