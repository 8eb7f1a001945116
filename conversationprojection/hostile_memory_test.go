package conversationprojection

import (
	"runtime"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// TestIdentityOfAHugeJSONPartStreamsItsBytes pins the memory of the
// identity of a message whose JSON part holds a 4 MiB string of '<', whose
// canonical form is six times longer. Mapping the part materializes its
// canonical JSON (as the part's text, its annotation data and its json
// field); everything else, the hashing of the roughly 100 MiB of atom bytes
// included, streams through a fixed window and costs at most twice the
// input on top.
func TestIdentityOfAHugeJSONPartStreamsItsBytes(t *testing.T) {
	for _, content := range []string{
		`"` + strings.Repeat("<", 4<<20) + `"`,
		`"` + strings.Repeat(`\u003c`, 1<<20) + `"`, // already canonical
	} {
		msg := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: []byte(content)}}}
		cj, err := CanonicalJSON([]byte(content))
		if err != nil {
			t.Fatal(err)
		}
		f := func() {
			if _, err := MessageIdentityOf(msg); err != nil {
				t.Fatal(err)
			}
		}
		f()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		n := after.TotalAlloc - before.TotalAlloc
		if limit := 3*len(cj) + 2*len(content); n > uint64(limit) {
			t.Errorf("%d-byte part: %d bytes allocated; want at most %d (three canonical copies of %d bytes and twice the input)", len(content), n, limit, len(cj))
		}
	}
}
