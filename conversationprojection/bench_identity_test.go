package conversationprojection

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// Identity benchmarks. Each runs over the benchmark corpus (every class at
// every corpus size), interleaved with its floor in the same run
// (corpus.Versus): sha256.Sum256 over the message's canonical atom bytes,
// precomputed. Each reports x-floor per case and ends with two summaries
// (worst case and median): over the 300- and 1,200-byte texts (the goal:
// at most 1.5x) and over every size. Run them with
//
//	go test -run '^$' -bench 'IdentityOfVsFloor' -cpu 1 ./conversationprojection/

var (
	sinkIdentity MessageIdentity
	sinkSum      [sha256.Size]byte
)

// identityShapes are the message shapes the identity benchmarks measure,
// each built around one corpus text: the content kinds whose identity
// hashes text a client sent.
var identityShapes = []struct {
	name string
	msg  func(text string) lipapi.Message
}{
	{"text", func(text string) lipapi.Message { return textMessage(lipapi.RoleUser, text) }},
	{"tool_result", func(text string) lipapi.Message {
		return lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{
			{Kind: lipapi.PartToolResult, ToolCallID: "call_1", ToolName: "shell", Text: text}}}
	}},
	// A JSON part holding a tool's output as encoding/json writes it: the
	// text is a string member, whose canonical form appears in the atom
	// both as JSON and, escaped again, as text.
	{"json", func(text string) lipapi.Message {
		doc, err := json.Marshal(map[string]any{"exit_code": 0, "stdout": text, "truncated": false})
		if err != nil {
			panic(err)
		}
		return lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: doc}}}
	}},
	// The same output as Python's json.dumps writes it by default
	// (ensure_ascii: every non-ASCII character as a \u escape, surrogate
	// pairs beyond U+FFFF; ", " and ": " separators), which agent tools
	// written in Python send: a payload that is not canonical, so it is
	// decoded and re-encoded.
	{"json_ascii", func(text string) lipapi.Message {
		return lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: pythonDump(text)}}}
	}},
	{"reasoning", func(text string) lipapi.Message {
		return lipapi.Message{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{
			{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{Dialect: "anthropic-messages", Text: text, Signature: "c2lnbmF0dXJlLWJ5dGVz"}},
			lipapi.TextPart("Done."),
		}}
	}},
}

// pythonDump returns {"exit_code": 0, "stdout": text, "truncated": false}
// as Python's json.dumps writes it by default (corpus.PythonJSONString).
func pythonDump(text string) []byte {
	return []byte(`{"exit_code": 0, "stdout": ` + corpus.PythonJSONString(text, false) + `, "truncated": false}`)
}

// atomBytesOf returns the canonical atom bytes of msg.
func atomBytesOf(tb testing.TB, msg lipapi.Message) []byte {
	tb.Helper()
	return mustOf(tb, CanonicalAtomBytes, mustAtom(tb, msg))
}

// identityCorpusCases calls run for every corpus class and size, reporting
// each case's ratio to the goal summary (300 and 1,200 bytes) and to the
// summary of all sizes.
func identityCorpusCases(b *testing.B, run func(b *testing.B, text string) corpus.Result) {
	all := corpus.Cases{Unit: "x-floor"}
	var goal corpus.Summary
	for _, c := range corpus.Load(b) {
		for _, n := range corpus.Sizes {
			text := c.Prefix(n)
			name := c.Name + "/" + strconv.Itoa(n)
			all.Run(b, name, n, func(b *testing.B) corpus.Result {
				r := run(b, text)
				if n == 300 || n == 1200 {
					goal.Add(name, r.Ratio())
				}
				return r
			})
		}
	}
	b.Run("sizes=300+1200", func(b *testing.B) { goal.Report(b, all.Unit, true) })
	all.Report(b)
}

// messageIdentityShapes measures, under a sub-benchmark per message shape
// whose cases corpusCases runs, MessageIdentityOf of the shape's message
// against the peer that peerOf returns for that message.
func messageIdentityShapes(b *testing.B, corpusCases func(b *testing.B, run func(b *testing.B, text string) corpus.Result), peerOf func(tb testing.TB, msg lipapi.Message) func()) {
	for _, shape := range identityShapes {
		b.Run(shape.name, func(b *testing.B) {
			corpusCases(b, func(b *testing.B, text string) corpus.Result {
				msg := shape.msg(text)
				return corpus.Versus(b, func() { sinkIdentity, _ = MessageIdentityOf(msg) }, peerOf(b, msg))
			})
		})
	}
}

// BenchmarkMessageIdentityOfVsFloor measures MessageIdentityOf of each
// message shape against sha256.Sum256 of its atom bytes.
func BenchmarkMessageIdentityOfVsFloor(b *testing.B) {
	messageIdentityShapes(b, identityCorpusCases, func(tb testing.TB, msg lipapi.Message) func() {
		atom := atomBytesOf(tb, msg)
		return func() { sinkSum = sha256.Sum256(atom) }
	})
}

// BenchmarkItemIdentityOfVsFloor measures ItemIdentityOf of a message item
// with one text part against sha256.Sum256 of its atom bytes.
func BenchmarkItemIdentityOfVsFloor(b *testing.B) {
	identityCorpusCases(b, func(b *testing.B, text string) corpus.Result {
		item := textItem(lipapi.RoleAssistant, text)
		atom := atomBytesOf(b, textMessage(lipapi.RoleAssistant, text))
		return corpus.Versus(b,
			func() { sinkIdentity, _ = ItemIdentityOf(item) },
			func() { sinkSum = sha256.Sum256(atom) })
	})
}
