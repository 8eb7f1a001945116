package conversationprojection

import (
	"runtime"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// jsonDump returns a JSON array of about n bytes of the corpus's JSON
// document, pretty-printed as it is, members in no particular order.
func jsonDump(t testing.TB, n int) string {
	var doc string
	for _, c := range corpus.Load(t) {
		if c.Name == "json" {
			doc = c.Text
		}
	}
	var b strings.Builder
	b.WriteByte('[')
	for b.Len() < n {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(doc)
	}
	b.WriteByte(']')
	return b.String()
}

// TestIdentityOfAHugeJSONPartStreamsItsBytes pins the memory of the
// identity of a message whose JSON payload holds a 4 MiB string of '<',
// whose canonical form is six times longer and is written three times
// into the atom bytes, once escaped again as the part's text: the form is
// tried in a buffer of one and a half times the input, dropped when it
// outgrows it, and every canonical form then streams through fixed
// windows, so the whole costs at most twice the input.
// The same holds for the item form, whose payload is a string, for a
// reasoning payload, and for a 4 MiB dump of the corpus's JSON documents.
func TestIdentityOfAHugeJSONPartStreamsItsBytes(t *testing.T) {
	for _, content := range []string{
		`"` + strings.Repeat("<", 4<<20) + `"`,
		`"` + strings.Repeat(`\u003c`, 1<<20) + `"`, // already canonical
		jsonDump(t, 4<<20),
	} {
		msg := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: []byte(content)}}}
		item := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool, Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: content}}}
		reasoning := lipapi.Message{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{{Kind: lipapi.PartReasoning,
			Reasoning: &lipapi.ReasoningPart{Dialect: "d", Opaque: []byte(content)}}}}
		for name, f := range map[string]func() error{
			"legacy":    func() error { _, err := MessageIdentityOf(msg); return err },
			"item":      func() error { _, err := ItemIdentityOf(item); return err },
			"reasoning": func() error { _, err := MessageIdentityOf(reasoning); return err },
		} {
			if err := f(); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			if err := f(); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			n := after.TotalAlloc - before.TotalAlloc
			if limit := 2 * len(content); n > uint64(limit) {
				t.Errorf("%s, %d-byte payload: %d bytes allocated; want at most %d (twice the input)", name, len(content), n, limit)
			}
			t.Logf("%s, %d-byte payload: %d bytes allocated", name, len(content), n)
		}
	}
}
