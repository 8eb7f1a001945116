package lipapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"testing"
)

// representativeItemCall returns a valid 50-item agent trajectory: a user
// turn, then rounds of reasoning, assistant commentary, two tool calls and
// their results, ending with an assistant answer and a reference.
func representativeItemCall() Call {
	items := []Item{{Kind: ItemKindMessage, ID: "msg_u", Role: RoleUser, Content: []ContentPart{
		{Kind: ContentPartText, Text: "Find the failing test and fix it."},
		{Kind: ContentPartFileRef, FileRef: "file://log.txt", FileMIME: "text/plain"},
	}}}
	for r := 0; len(items) < 48; r++ {
		id := func(p string) string { return fmt.Sprintf("%s_%d", p, r) }
		items = append(items,
			Item{Kind: ItemKindReasoning, ID: id("rs"), Reasoning: &ReasoningItem{Reasoning: &ReasoningPart{
				Dialect: "openai-responses", Summary: raw(`[{"type":"summary_text","text":"Look at the test output."}]`),
				EncryptedContent: raw(`"gAAAAABoZ3JlYXQ"`), EncryptedContentPresent: true,
			}}},
			Item{Kind: ItemKindMessage, ID: id("msg"), Status: ItemStatusCompleted, Role: RoleAssistant, Phase: AssistantPhaseCommentary,
				Content: []ContentPart{{Kind: ContentPartText, Text: "Running the tests and reading the file."}}},
			Item{Kind: ItemKindToolCall, ID: id("fc_a"), Status: ItemStatusCompleted, ToolCall: &ToolCallItem{
				CallID: id("call_a"), Name: "shell", Arguments: raw(`{"cmd":["go","test","./..."],"timeout_ms":60000}`)}},
			Item{Kind: ItemKindToolCall, ID: id("fc_b"), Status: ItemStatusCompleted, ToolCall: &ToolCallItem{
				CallID: id("call_b"), Name: "read_file", Arguments: raw(`{"path":"pkg/x_test.go"}`)}},
			Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: id("call_a"), Name: "shell",
				Output: "--- FAIL: TestX (0.00s)\n    x_test.go:12: got 3, want 4\nFAIL"}},
			Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: id("call_b"), Name: "read_file", Parts: []ContentPart{
				{Kind: ContentPartText, Text: "package x\n\nfunc TestX(t *testing.T) { ... }\n"},
			}}},
		)
	}
	items = append(items,
		Item{Kind: ItemKindMessage, ID: "msg_final", Role: RoleAssistant, Phase: AssistantPhaseFinalAnswer, Content: []ContentPart{
			{Kind: ContentPartText, Text: "Fixed: the expected value was off by one."},
			{Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Type: "file_citation", Data: raw(`{"path":"pkg/x_test.go","line":12}`)}},
		}},
		Item{Kind: ItemKindItemReference, Reference: &ItemReference{ID: "msg_u"}},
	)
	return Call{ID: "req_bench", Items: items}
}

// representativeLegacyCall returns a valid legacy call of 50 messages with
// instructions, text, tool results, json and reasoning parts.
func representativeLegacyCall() Call {
	c := Call{ID: "req_legacy", Instructions: []Message{
		{Role: RoleSystem, Parts: []Part{TextPart("You are a careful coding agent.")}},
		{Role: RoleDeveloper, Parts: []Part{TextPart("Prefer small diffs.")}},
	}}
	c.Messages = append(c.Messages, Message{Role: RoleUser, Parts: []Part{
		TextPart("Find the failing test and fix it."),
		{Kind: PartImageRef, ImageRef: "img://screenshot", ImageMIME: "image/png"},
	}})
	for len(c.Messages) < 50 {
		c.Messages = append(c.Messages,
			Message{Role: RoleAssistant, Parts: []Part{
				{Kind: PartReasoning, Reasoning: &ReasoningPart{Dialect: "anthropic-messages", Text: "Check the test first.", Signature: "c2lnbmF0dXJl"}},
				TextPart("Running the tests."),
			}},
			Message{Role: RoleTool, Parts: []Part{
				{Kind: PartToolResult, ToolCallID: "call_1", ToolName: "shell", Content: raw(`{"exit":1,"stdout":"FAIL"}`)},
			}},
			Message{Role: RoleUser, Parts: []Part{{Kind: PartJSON, Content: raw(`{"approve":true}`)}}},
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

// benchAgainst runs op and, under the name suffix "/baseline=<baseline>",
// ref on each benchmark call, reporting throughput over the size of the
// call's JSON encoding so that both sub-benchmarks compare directly.
func benchAgainst(b *testing.B, baseline string, op func(Call) error, ref func(Call, []byte) error) {
	for _, bc := range []struct {
		name string
		call Call
	}{
		{"items50", representativeItemCall()},
		{"legacy50", representativeLegacyCall()},
	} {
		enc, err := json.Marshal(bc.call)
		if err != nil {
			b.Fatal(err)
		}
		run := func(name string, fn func() error) {
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(enc)))
				for i := 0; i < b.N; i++ {
					if err := fn(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		run(bc.name, func() error { return op(bc.call) })
		run(bc.name+"/baseline="+baseline, func() error { return ref(bc.call, enc) })
	}
}

// BenchmarkValidate measures Validate against a baseline that merely checks
// the call's JSON encoding with json.Valid (one pass over the same data).
func BenchmarkValidate(b *testing.B) {
	benchAgainst(b, "json.Valid", Call.Validate, func(_ Call, enc []byte) error {
		if !json.Valid(enc) {
			return errors.New("invalid encoding")
		}
		return nil
	})
}

// BenchmarkCloneCall measures CloneCall against the common alternative of a
// JSON round trip (which also loses Metadata and nil-versus-empty).
func BenchmarkCloneCall(b *testing.B) {
	benchAgainst(b, "json-round-trip", func(c Call) error {
		_ = CloneCall(c)
		return nil
	}, func(c Call, _ []byte) error {
		out, err := json.Marshal(c)
		if err != nil {
			return err
		}
		var back Call
		return json.Unmarshal(out, &back)
	})
}
