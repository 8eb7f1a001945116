package lipapi

import (
	"encoding/json"
	"strings"
)

// Positions in the item-authority base call built by itemCall.
const (
	iUser        = 0  // user message
	iAssistant   = 1  // assistant message with one part of every content kind
	iCall1       = 2  // tool_call call_1
	iResult1     = 3  // tool_result for call_1 (Output)
	iCall2       = 4  // tool_call call_2
	iResult2     = 5  // tool_result for call_2 (Parts)
	iReasoning   = 6  // reasoning item
	iCompaction  = 7  // compaction item
	iExtension   = 8  // extension item
	iRefBack     = 9  // item_reference to an earlier item
	iRefUnknown  = 10 // item_reference to an unknown id
	numBaseItems = 11
)

// Positions in Items[iAssistant].Content of the base call.
const (
	cText = iota
	cRefusal
	cSummary
	cImage
	cFile
	cVideo
	cAssistantRef
	cJSON
	cReasoning
	cAnnotation
	cExtension
	cToolResult
	numBaseParts
)

// Positions in the legacy base call built by legacyCall.
const (
	mUser      = 0 // Messages[0]: text, image_ref, file_ref, json
	mAssistant = 1 // Messages[1]: text, reasoning
	mTool      = 2 // Messages[2]: tool_result
)

func raw(s string) json.RawMessage { return json.RawMessage(s) }

// jsonString returns a JSON string value exactly n bytes long (n >= 2).
func jsonString(n int) json.RawMessage {
	return raw(`"` + strings.Repeat("a", n-2) + `"`)
}

// nested returns a JSON array nested depth levels deep.
func nested(depth int) string {
	return strings.Repeat("[", depth) + strings.Repeat("]", depth)
}

// bytesOf returns a string of n bytes.
func bytesOf(n int) string { return strings.Repeat("x", n) }

func reasoningPayload() *ReasoningPart {
	return &ReasoningPart{
		Dialect:                 "openai-responses",
		Text:                    "thinking",
		Signature:               "sig",
		Opaque:                  raw(`{"k":1}`),
		Summary:                 raw(`[{"type":"summary_text","text":"s"}]`),
		SummaryPresent:          true,
		Content:                 raw(`[]`),
		ContentPresent:          true,
		EncryptedContent:        raw(`"enc"`),
		EncryptedContentPresent: true,
	}
}

func extensionPart() *ExtensionContentPart {
	return &ExtensionContentPart{
		Namespace:   "acme",
		Type:        "acme:widget",
		Implementor: "acme-adapter",
		Data:        raw(`{"type":"acme:widget","size":3}`),
	}
}

// contentParts returns one valid content part of every kind, indexed by
// the c* constants.
func contentParts() []ContentPart {
	return []ContentPart{
		cText:         {Kind: ContentPartText, Text: "hello"},
		cRefusal:      {Kind: ContentPartRefusal, Refusal: "no"},
		cSummary:      {Kind: ContentPartSummary, Summary: "sum"},
		cImage:        {Kind: ContentPartImageRef, ImageRef: "img://1", ImageMIME: "image/png"},
		cFile:         {Kind: ContentPartFileRef, FileRef: "file://1", FileMIME: "text/plain", FileName: "a.txt"},
		cVideo:        {Kind: ContentPartVideoRef, VideoRef: "vid://1", VideoMIME: "video/mp4"},
		cAssistantRef: {Kind: ContentPartAssistantRef, AssistantRef: "msg_0"},
		cJSON:         {Kind: ContentPartJSON, Text: `{"a":[1,2]}`},
		cReasoning:    {Kind: ContentPartReasoning, Reasoning: reasoningPayload()},
		cAnnotation:   {Kind: ContentPartAnnotation, Annotation: &AnnotationPart{Type: "url_citation", Data: raw(`{"url":"u"}`)}},
		cExtension:    {Kind: ContentPartExtension, Extension: extensionPart()},
		cToolResult:   {Kind: ContentPartToolResult, Text: "out"},
	}
}

// itemCall returns a fresh valid item-authority call using every item kind
// and every content part kind, indexed by the i* and c* constants.
func itemCall() Call {
	return Call{
		ID: "req_1",
		Items: []Item{
			iUser:      {Kind: ItemKindMessage, Role: RoleUser, Content: []ContentPart{{Kind: ContentPartText, Text: "hi"}}},
			iAssistant: {Kind: ItemKindMessage, ID: "msg_1", Status: ItemStatusCompleted, Role: RoleAssistant, Phase: AssistantPhaseCommentary, Content: contentParts()},
			iCall1:     {Kind: ItemKindToolCall, ID: "fc_1", Status: ItemStatusCompleted, ToolCall: &ToolCallItem{CallID: "call_1", Name: "lookup", Arguments: raw(`{"q":"x"}`)}},
			iResult1:   {Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "call_1", Name: "lookup", Output: "found"}},
			iCall2:     {Kind: ItemKindToolCall, ToolCall: &ToolCallItem{CallID: "call_2", Name: "fetch"}},
			iResult2: {Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "call_2", Parts: []ContentPart{
				{Kind: ContentPartText, Text: "page"},
				{Kind: ContentPartImageRef, ImageRef: "img://2"},
			}}},
			iReasoning:  {Kind: ItemKindReasoning, ID: "rs_1", Reasoning: &ReasoningItem{Reasoning: reasoningPayload()}},
			iCompaction: {Kind: ItemKindCompaction, ID: "cmp_1", Compaction: &CompactionItem{EncapsulatedID: "enc_1", Dialect: "openai", Implementor: "openai", EncryptedContent: "blob", Opaque: raw(`{"v":1}`)}},
			iExtension:  {Kind: ItemKindExtension, Extension: &OpaqueExtension{Namespace: "acme", Type: "note", Implementor: "acme-adapter", Direction: "inbound", Data: raw(`{"n":1}`)}},
			iRefBack:    {Kind: ItemKindItemReference, ID: "ref_1", Reference: &ItemReference{ID: "msg_1"}},
			iRefUnknown: {Kind: ItemKindItemReference, Reference: &ItemReference{ID: "stored_9"}},
		},
	}
}

// legacyCall returns a fresh valid legacy call using every legacy part
// kind, indexed by the m* constants.
func legacyCall() Call {
	return Call{
		ID:           "req_2",
		Instructions: []Message{{Role: RoleSystem, Parts: []Part{TextPart("be brief")}}},
		Messages: []Message{
			mUser: {Role: RoleUser, Parts: []Part{
				TextPart("hi"),
				{Kind: PartImageRef, ImageRef: "img://1", ImageMIME: "image/png"},
				{Kind: PartFileRef, FileRef: "file://1", FileMIME: "text/plain", FileName: "a.txt"},
				{Kind: PartJSON, Content: raw(`{"a":1}`)},
			}},
			mAssistant: {Role: RoleAssistant, Parts: []Part{
				TextPart("hello"),
				{Kind: PartReasoning, Reasoning: reasoningPayload()},
			}},
			mTool: {Role: RoleTool, Parts: []Part{
				{Kind: PartToolResult, ToolCallID: "call_1", ToolName: "lookup", Content: raw(`{"ok":true}`)},
			}},
		},
	}
}
