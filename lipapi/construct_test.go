package lipapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestConstructorsBuildTheDocumentedValue pins each constructor to the
// struct literal its doc spells out, nil and empty JSON kept apart.
func TestConstructorsBuildTheDocumentedValue(t *testing.T) {
	args := raw(`{"city":"Paris"}`)
	cases := []struct {
		name      string
		got, want any
	}{
		{"TextPart", TextPart("hi"), Part{Kind: PartText, Text: "hi"}},
		{"ImagePart", ImagePart("img://1", "image/png"), Part{Kind: PartImageRef, ImageRef: "img://1", ImageMIME: "image/png"}},
		{"FilePart", FilePart("file://1", "text/plain", "a.txt"), Part{Kind: PartFileRef, FileRef: "file://1", FileMIME: "text/plain", FileName: "a.txt"}},
		{"JSONPart", JSONPart(args), Part{Kind: PartJSON, Content: args}},
		{"JSONPart nil", JSONPart(nil), Part{Kind: PartJSON}},
		{"ToolResultPart", ToolResultPart("call_1", "weather", "18C"), Part{Kind: PartToolResult, ToolCallID: "call_1", ToolName: "weather", Text: "18C"}},
		{"NewMessage", NewMessage(RoleUser, TextPart("a"), JSONPart(args)), Message{Role: RoleUser, Parts: []Part{{Kind: PartText, Text: "a"}, {Kind: PartJSON, Content: args}}}},
		{"NewMessage without parts", NewMessage(RoleUser), Message{Role: RoleUser}},
		{"TextMessage", TextMessage(RoleSystem, "be brief"), Message{Role: RoleSystem, Parts: []Part{{Kind: PartText, Text: "be brief"}}}},
		{"ToolResultMessage", ToolResultMessage("call_1", "", "out"), Message{Role: RoleTool, Parts: []Part{{Kind: PartToolResult, ToolCallID: "call_1", Text: "out"}}}},
		{"TextContent", TextContent("hi"), ContentPart{Kind: ContentPartText, Text: "hi"}},
		{"ImageContent", ImageContent("img://1", ""), ContentPart{Kind: ContentPartImageRef, ImageRef: "img://1"}},
		{"FileContent", FileContent("file://1", "text/plain", "a.txt"), ContentPart{Kind: ContentPartFileRef, FileRef: "file://1", FileMIME: "text/plain", FileName: "a.txt"}},
		{"JSONContent", JSONContent(args), ContentPart{Kind: ContentPartJSON, Text: string(args)}},
		{"MessageItem", MessageItem(RoleUser, TextContent("look"), ImageContent("img://1", "")), Item{Kind: ItemKindMessage, Role: RoleUser, Content: []ContentPart{{Kind: ContentPartText, Text: "look"}, {Kind: ContentPartImageRef, ImageRef: "img://1"}}}},
		{"TextItem", TextItem(RoleAssistant, "done"), Item{Kind: ItemKindMessage, Role: RoleAssistant, Content: []ContentPart{{Kind: ContentPartText, Text: "done"}}}},
		{"ToolCall", ToolCall("call_1", "weather", args), Item{Kind: ItemKindToolCall, ToolCall: &ToolCallItem{CallID: "call_1", Name: "weather", Arguments: args}}},
		{"ToolCall nil arguments", ToolCall("call_1", "now", nil), Item{Kind: ItemKindToolCall, ToolCall: &ToolCallItem{CallID: "call_1", Name: "now"}}},
		{"ToolCall empty arguments", ToolCall("call_1", "now", raw("")), Item{Kind: ItemKindToolCall, ToolCall: &ToolCallItem{CallID: "call_1", Name: "now", Arguments: raw("")}}},
		{"ToolResult", ToolResult("call_1", "weather", "18C"), Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "call_1", Name: "weather", Output: "18C"}}},
		{"ToolResultParts", ToolResultParts("call_1", "", TextContent("page")), Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "call_1", Parts: []ContentPart{{Kind: ContentPartText, Text: "page"}}}}},
	}
	for _, tc := range cases {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("%s:\n got %#v\nwant %#v", tc.name, tc.got, tc.want)
		}
	}
}

// constructedCalls returns a legacy and an item call made only by the
// constructors, each value built with the inputs given.
func constructedCalls(text, ref, mime, name, callID string, jsonText json.RawMessage) (legacy, items Call) {
	legacy = Call{
		Instructions: []Message{TextMessage(RoleDeveloper, text)},
		Messages: []Message{
			TextMessage(RoleSystem, text),
			NewMessage(RoleUser, TextPart(text), ImagePart(ref, mime), FilePart(ref, mime, name), JSONPart(jsonText)),
			TextMessage(RoleAssistant, text),
			ToolResultMessage(callID, name, text),
			ToolResultMessage(callID, name, ""),
			NewMessage(RoleUser, ToolResultPart(callID, "", "")),
		},
	}
	items = Call{Items: []Item{
		TextItem(RoleSystem, text),
		TextItem(RoleDeveloper, text),
		MessageItem(RoleUser, TextContent(text), ImageContent(ref, mime), FileContent(ref, mime, name), JSONContent(jsonText)),
		ToolCall(callID, name, jsonText),
		ToolResult(callID, name, text),
		ToolCall(callID+"b", name, nil),
		ToolResultParts(callID+"b", "", TextContent(text), ImageContent(ref, "")),
		TextItem(RoleAssistant, text),
		TextItem(RoleTool, text),
	}}
	return legacy, items
}

// TestConstructorsAreValidAtTheirBounds builds calls from inputs at the
// largest sizes the constructors' docs allow, and at the smallest.
func TestConstructorsAreValidAtTheirBounds(t *testing.T) {
	for _, in := range []struct {
		name                           string
		text, ref, mime, fname, callID string
		json                           json.RawMessage
	}{
		{"smallest", "x", "r", "", "n", "c", raw("0")},
		{"largest", bytesOf(MaxPartTextBytes), bytesOf(MaxRefStringBytes), bytesOf(MaxRefStringBytes),
			bytesOf(MaxToolNameBytes), bytesOf(MaxRefStringBytes - 1), jsonString(MaxToolParametersBytes)},
		{"deepest arguments", "x", "r", "m", "n", "c", raw(nested(MaxJSONDepth))},
	} {
		legacy, items := constructedCalls(in.text, in.ref, in.mime, in.fname, in.callID, in.json)
		if err := legacy.Validate(); err != nil {
			t.Errorf("%s: legacy call: %v", in.name, err)
		}
		if err := items.Validate(); err != nil {
			t.Errorf("%s: item call: %v", in.name, err)
		}
	}
	big := jsonString(MaxPartJSONBytes)
	call := Call{Messages: []Message{NewMessage(RoleUser, JSONPart(big))}, Items: nil}
	if err := call.Validate(); err != nil {
		t.Errorf("JSONPart of MaxPartJSONBytes: %v", err)
	}
	call = Call{Items: []Item{MessageItem(RoleUser, JSONContent(big))}}
	if err := call.Validate(); err != nil {
		t.Errorf("JSONContent of MaxPartJSONBytes: %v", err)
	}
	parts := make([]ContentPart, MaxContentPartsPerItem)
	for i := range parts {
		parts[i] = TextContent("x")
	}
	call = Call{Items: []Item{MessageItem(RoleUser, parts...), ToolCall("c", "n", nil), ToolResultParts("c", "n", parts...)}}
	if err := call.Validate(); err != nil {
		t.Errorf("MaxContentPartsPerItem parts: %v", err)
	}
	legacyParts := make([]Part, MaxPartsPerMessage)
	for i := range legacyParts {
		legacyParts[i] = TextPart("x")
	}
	call = Call{Messages: []Message{NewMessage(RoleUser, legacyParts...)}}
	if err := call.Validate(); err != nil {
		t.Errorf("MaxPartsPerMessage parts: %v", err)
	}
}

// TestConstructorsShareNoMemory writes through every argument after the
// call and checks that the values built are unchanged.
func TestConstructorsShareNoMemory(t *testing.T) {
	args := raw(`{"a":1}`)
	parts := []Part{TextPart("a"), JSONPart(raw(`[1]`))}
	content := []ContentPart{TextContent("a"), {Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Data: raw(`{}`)}}}
	built := []any{JSONPart(args), ToolCall("c", "n", args), NewMessage(RoleUser, parts...),
		MessageItem(RoleUser, content...), ToolResultParts("c", "n", content...)}
	want := []any{JSONPart(raw(`{"a":1}`)), ToolCall("c", "n", raw(`{"a":1}`)), NewMessage(RoleUser, TextPart("a"), JSONPart(raw(`[1]`))),
		MessageItem(RoleUser, TextContent("a"), ContentPart{Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Data: raw(`{}`)}}),
		ToolResultParts("c", "n", TextContent("a"), ContentPart{Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Data: raw(`{}`)}})}
	args[1] = 'b'
	parts[0].Text = "changed"
	parts[1].Content[0] = '{'
	content[0].Text = "changed"
	content[1].Annotation.Data[0] = '['
	for i := range built {
		if !reflect.DeepEqual(built[i], want[i]) {
			t.Errorf("value %d changed with its argument: %#v", i, built[i])
		}
	}
}

// FuzzConstructorsAreValid checks, for any inputs that meet the
// constructors' documented conditions, that calls made of their values
// validate. Inputs are made to meet the conditions (cut to their bounds,
// emptiness and outer white space replaced); strings are kept valid UTF-8.
func FuzzConstructorsAreValid(f *testing.F) {
	f.Add("Weather in Paris?", "https://example.com/a.png", "image/png", "weather", "call_1", []byte(`{"city":"Paris"}`))
	f.Add(" ", "data:,", "", " ", " ", []byte(`[]`))
	f.Fuzz(func(t *testing.T, text, ref, mime, name, callID string, jsonText []byte) {
		text = fit(text, MaxPartTextBytes, "x")
		ref, mime = fit(ref, MaxRefStringBytes, "r"), fit(mime, MaxRefStringBytes, "")
		name = fit(strings.TrimSpace(fit(name, MaxToolNameBytes, "")), MaxToolNameBytes, "n")
		if callID = fit(callID, MaxRefStringBytes-1, "c"); strings.TrimSpace(callID) == "" {
			callID = "c"
		}
		if !json.Valid(jsonText) || !utf8.Valid(jsonText) || !validJSONWithinDepth(jsonText) || len(jsonText) > MaxToolParametersBytes {
			jsonText = raw(`null`)
		}
		legacy, items := constructedCalls(text, ref, mime, name, callID, jsonText)
		if err := legacy.Validate(); err != nil {
			t.Fatalf("legacy call: %v", err)
		}
		if err := items.Validate(); err != nil {
			t.Fatalf("item call: %v", err)
		}
	})
}

// fit returns s as valid UTF-8 of at most limit bytes, or empty when s is
// empty after that.
func fit(s string, limit int, empty string) string {
	s = strings.ToValidUTF8(s, "?")
	for len(s) > limit {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	if s == "" {
		return empty
	}
	return s
}
