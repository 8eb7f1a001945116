package lipapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// representativeItemCall returns a valid 50-item agent trajectory: a user
// turn, then rounds of reasoning, assistant commentary, two tool calls and
// their results, ending with an assistant answer and a reference.
func representativeItemCall() Call { return itemCallWith(plainTexts) }

// plainTexts are the texts of the representative calls.
var plainTexts = []string{"Find the failing test and fix it.", "Look at the test output.",
	"Running the tests and reading the file.", "--- FAIL: TestX (0.00s)\n    x_test.go:12: got 3, want 4\nFAIL",
	"package x\n\nfunc TestX(t *testing.T) { ... }\n", "Fixed: the expected value was off by one."}

// quoteJSON returns s as a JSON string.
func quoteJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// itemCallWith is representativeItemCall with its texts taken in turn from
// texts: the user turn, summaries, commentary, tool output (also carried as
// JSON in the tool arguments) and the answer.
func itemCallWith(texts []string) Call {
	k := 0
	text := func() string { k++; return texts[(k-1)%len(texts)] }
	items := []Item{{Kind: ItemKindMessage, ID: "msg_u", Role: RoleUser, Content: []ContentPart{
		{Kind: ContentPartText, Text: text()},
		{Kind: ContentPartFileRef, FileRef: "file://log.txt", FileMIME: "text/plain"},
	}}}
	for r := 0; len(items) < 48; r++ {
		id := func(p string) string { return fmt.Sprintf("%s_%d", p, r) }
		items = append(items,
			Item{Kind: ItemKindReasoning, ID: id("rs"), Reasoning: &ReasoningItem{Reasoning: &ReasoningPart{
				Dialect: "openai-responses", Summary: raw(`[{"type":"summary_text","text":` + quoteJSON(text()) + `}]`),
				EncryptedContent: raw(`"gAAAAABoZ3JlYXQ"`), EncryptedContentPresent: true,
			}}},
			Item{Kind: ItemKindMessage, ID: id("msg"), Status: ItemStatusCompleted, Role: RoleAssistant, Phase: AssistantPhaseCommentary,
				Content: []ContentPart{{Kind: ContentPartText, Text: text()}}},
			Item{Kind: ItemKindToolCall, ID: id("fc_a"), Status: ItemStatusCompleted, ToolCall: &ToolCallItem{
				CallID: id("call_a"), Name: "shell", Arguments: raw(`{"cmd":["go","test","./..."],"timeout_ms":60000}`)}},
			Item{Kind: ItemKindToolCall, ID: id("fc_b"), Status: ItemStatusCompleted, ToolCall: &ToolCallItem{
				CallID: id("call_b"), Name: "write_file", Arguments: raw(`{"path":"pkg/x_test.go","content":` + quoteJSON(text()) + `}`)}},
			Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: id("call_a"), Name: "shell",
				Output: text()}},
			Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: id("call_b"), Name: "write_file", Parts: []ContentPart{
				{Kind: ContentPartText, Text: text()},
			}}},
		)
	}
	items = append(items,
		Item{Kind: ItemKindMessage, ID: "msg_final", Role: RoleAssistant, Phase: AssistantPhaseFinalAnswer, Content: []ContentPart{
			{Kind: ContentPartText, Text: text()},
			{Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Type: "file_citation", Data: raw(`{"path":"pkg/x_test.go","line":12}`)}},
		}},
		Item{Kind: ItemKindItemReference, Reference: &ItemReference{ID: "msg_u"}},
	)
	return Call{ID: "req_bench", Items: items}
}

// representativeLegacyCall returns a valid legacy call of 50 messages with
// instructions, text, tool results, json and reasoning parts.
func representativeLegacyCall() Call { return legacyCallWith(plainTexts) }

// legacyCallWith is representativeLegacyCall with its texts taken in turn
// from texts: instructions, turns, reasoning, tool results and their JSON.
func legacyCallWith(texts []string) Call {
	k := 0
	text := func() string { k++; return texts[(k-1)%len(texts)] }
	c := Call{ID: "req_legacy", Instructions: []Message{
		{Role: RoleSystem, Parts: []Part{TextPart("You are a careful coding agent.")}},
		{Role: RoleDeveloper, Parts: []Part{TextPart("Prefer small diffs.")}},
	}}
	c.Messages = append(c.Messages, Message{Role: RoleUser, Parts: []Part{
		TextPart(text()),
		{Kind: PartImageRef, ImageRef: "img://screenshot", ImageMIME: "image/png"},
	}})
	for len(c.Messages) < 50 {
		c.Messages = append(c.Messages,
			Message{Role: RoleAssistant, Parts: []Part{
				{Kind: PartReasoning, Reasoning: &ReasoningPart{Dialect: "anthropic-messages", Text: text(), Signature: "c2lnbmF0dXJl"}},
				TextPart(text()),
			}},
			Message{Role: RoleTool, Parts: []Part{
				{Kind: PartToolResult, ToolCallID: "call_1", ToolName: "shell", Text: text(), Content: raw(`{"exit":1,"stdout":` + quoteJSON(text()) + `}`)},
			}},
			Message{Role: RoleUser, Parts: []Part{{Kind: PartJSON, Content: raw(`{"approve":true,"note":` + quoteJSON(text()) + `}`)}}},
		)
	}
	return c
}

func TestValidateDoesNotAllocate(t *testing.T) {
	for name, c := range map[string]Call{
		"items":  representativeItemCall(),
		"legacy": representativeLegacyCall(),
	} {
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if allocs := testing.AllocsPerRun(100, func() { _ = c.Validate() }); allocs != 0 {
			t.Errorf("%s: Validate allocates %v times per call, want 0", name, allocs)
		}
	}
}

// TestValidateAllocatesOnlyForJSONNestedBeyond64 pins the documented
// exception: a JSON value checked without a depth bound costs at most one
// allocation (the checker's nesting stack) once it nests more than 64
// levels, and none up to 64.
func TestValidateAllocatesOnlyForJSONNestedBeyond64(t *testing.T) {
	for _, tc := range []struct {
		depth  int
		allocs float64
	}{{64, 0}, {65, 1}, {1000, 1}} {
		legacy := Call{Messages: []Message{{Role: RoleUser, Parts: []Part{{Kind: PartJSON, Content: raw(nested(tc.depth))}}}}}
		r := &ReasoningPart{Dialect: "d", Summary: raw(nested(tc.depth))}
		items := Call{Items: []Item{{Kind: ItemKindReasoning, Reasoning: &ReasoningItem{Reasoning: r}}}}
		for name, c := range map[string]Call{"legacy json part": legacy, "reasoning summary": items} {
			if err := c.Validate(); err != nil {
				t.Fatalf("%s at depth %d: %v", name, tc.depth, err)
			}
			if got := testing.AllocsPerRun(100, func() { _ = c.Validate() }); got > tc.allocs {
				t.Errorf("%s at depth %d: Validate allocates %v times per call, want at most %v", name, tc.depth, got, tc.allocs)
			}
		}
	}
}

// cloneAllocBound returns the allocations CloneCall may make for c: one
// per non-empty trajectory slice (Instructions, Messages, Items), one block
// per other slice or pointer type holding a value (all raw values share
// one), and, for each non-nil map, what maps.Clone needs for it. However
// many messages or items c holds, that is a constant plus the maps.
func cloneAllocBound(c Call) float64 {
	n := 0.0
	for _, l := range []int{len(c.Instructions), len(c.Messages), len(c.Items)} {
		if l > 0 {
			n++
		}
	}
	blocks := map[reflect.Type]bool{}
	walk(reflect.ValueOf(c), func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				blocks[v.Type()] = true
			}
		case reflect.Slice:
			if t := v.Type(); v.Len() > 0 && t != reflect.TypeOf([]Message(nil)) && t != reflect.TypeOf([]Item(nil)) {
				blocks[t] = true
			}
		case reflect.Map:
			if !v.IsNil() {
				m := v.Interface().(map[string]string)
				n += testing.AllocsPerRun(10, func() { _ = maps.Clone(m) })
			}
		}
	})
	return n + float64(len(blocks))
}

func TestCloneCallAllocatesOnlyWhatItMust(t *testing.T) {
	for name, c := range map[string]Call{
		"items":  representativeItemCall(),
		"legacy": representativeLegacyCall(),
		"full":   fullCall(),
		"empty":  {Items: []Item{}, Messages: []Message{}},
	} {
		got := testing.AllocsPerRun(20, func() { _ = CloneCall(c) })
		if want := cloneAllocBound(c); got != want {
			t.Errorf("%s: CloneCall allocates %v times, want %v", name, got, want)
		}
	}
}

// corpusCalls calls run with the item and the legacy representative calls
// whose texts come from each corpus class (sizes cycling through 50 to
// 4,096 bytes), and the JSON encoding of each, with a summary per call
// shape. The invalid-utf8 class is made valid first, as a caller must: a
// call holding invalid UTF-8 does not validate.
func corpusCalls(b *testing.B, unit string, run func(b *testing.B, c Call, enc []byte) corpus.Result) {
	classes := corpus.Load(b)
	for _, shape := range []string{"items50", "legacy50"} {
		b.Run(shape, func(b *testing.B) {
			cases := corpus.Cases{Unit: unit, Speedup: true}
			for _, cl := range classes {
				var texts []string
				for i, n := range []int{300, 50, 1200, 300, 4096, 300, 50, 1200} {
					texts = append(texts, strings.ToValidUTF8(cl.Sample(i, n), "\uFFFD"))
				}
				c := itemCallWith(texts)
				if shape == "legacy50" {
					c = legacyCallWith(texts)
				}
				if err := c.Validate(); err != nil {
					b.Fatalf("%s: %v", cl.Name, err)
				}
				enc, err := json.Marshal(c)
				if err != nil {
					b.Fatal(err)
				}
				cases.Run(b, cl.Name, 0, func(b *testing.B) corpus.Result { return run(b, c, enc) })
			}
			cases.Report(b)
		})
	}
}

var (
	sinkError error
	sinkCall  Call
	sinkBool  bool
)

// BenchmarkValidateVsJSONValid measures Validate against json.Valid of the
// call's JSON encoding (one pass over the same data), in the same run, per
// corpus class, and reports how many times faster Validate is. Run it with
//
//	go test -run '^$' -bench 'ValidateVsJSONValid|CloneCallVsJSONRoundTrip' -cpu 1 ./lipapi/
func BenchmarkValidateVsJSONValid(b *testing.B) {
	corpusCalls(b, "x-faster", func(b *testing.B, c Call, enc []byte) corpus.Result {
		return corpus.Versus(b,
			func() { sinkError = c.Validate() },
			func() { sinkBool = json.Valid(enc) })
	})
}

// BenchmarkCloneCallVsJSONRoundTrip measures CloneCall against the common
// alternative of a JSON round trip (which also loses Metadata and
// nil-versus-empty), per corpus class, and reports how many times faster
// CloneCall is.
func BenchmarkCloneCallVsJSONRoundTrip(b *testing.B) {
	corpusCalls(b, "x-faster", func(b *testing.B, c Call, _ []byte) corpus.Result {
		return corpus.Versus(b,
			func() { sinkCall = CloneCall(c) },
			func() {
				out, err := json.Marshal(c)
				if err != nil {
					b.Fatal(err)
				}
				var back Call
				sinkError = json.Unmarshal(out, &back)
			})
	})
}
