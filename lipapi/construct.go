package lipapi

import (
	"bytes"
	"encoding/json"
)

// TextPart returns a text Part holding s. It is valid when s is not empty
// and at most MaxPartTextBytes long.
func TextPart(s string) Part { return Part{Kind: PartText, Text: s} }

// ImagePart returns an image_ref Part referencing the image ref (a URL, a
// data URL or a provider file ID) of media type mime, which may be empty.
// It is valid when ref is not empty and ref and mime are at most
// MaxRefStringBytes long.
func ImagePart(ref, mime string) Part {
	return Part{Kind: PartImageRef, ImageRef: ref, ImageMIME: mime}
}

// FilePart returns a file_ref Part referencing the file ref of media type
// mime named name; mime and name may be empty. It is valid when ref is not
// empty and ref, mime and name are at most MaxRefStringBytes long.
func FilePart(ref, mime, name string) Part {
	return Part{Kind: PartFileRef, FileRef: ref, FileMIME: mime, FileName: name}
}

// JSONPart returns a json Part whose Content is a copy of content. It is
// valid when content is valid JSON, in valid UTF-8, of at most
// MaxPartJSONBytes.
func JSONPart(content json.RawMessage) Part {
	return Part{Kind: PartJSON, Content: bytes.Clone(content)}
}

// ToolResultPart returns a tool_result Part answering the tool call callID
// of the tool name with the text output. It is valid when callID is not
// empty and at most MaxRefStringBytes long, name (which may be empty) is at
// most MaxToolNameBytes long without leading or trailing white space, and
// output (which may be empty) is at most MaxPartTextBytes long.
func ToolResultPart(callID, name, output string) Part {
	return Part{Kind: PartToolResult, ToolCallID: callID, ToolName: name, Text: output}
}

// NewMessage returns a legacy Message of role holding a deep copy of parts.
// It is valid when role is one of the five roles and parts holds 1 to
// MaxPartsPerMessage valid parts, reasoning parts only under RoleAssistant.
func NewMessage(role Role, parts ...Part) Message {
	return CloneCall(Call{Messages: []Message{{Role: role, Parts: parts}}}).Messages[0]
}

// TextMessage returns a legacy Message of role holding one text part, text.
// It is valid when role is one of the five roles and text is not empty and
// at most MaxPartTextBytes long.
func TextMessage(role Role, text string) Message {
	return Message{Role: role, Parts: []Part{TextPart(text)}}
}

// ToolResultMessage returns a legacy Message of RoleTool holding one part,
// ToolResultPart(callID, name, output), and is valid when that part is.
func ToolResultMessage(callID, name, output string) Message {
	return Message{Role: RoleTool, Parts: []Part{ToolResultPart(callID, name, output)}}
}

// TextContent returns a text ContentPart holding s. It is valid when s is
// not empty and at most MaxPartTextBytes long.
func TextContent(s string) ContentPart { return ContentPart{Kind: ContentPartText, Text: s} }

// ImageContent returns an image_ref ContentPart referencing the image ref of
// media type mime, which may be empty. It is valid when ref is not empty
// and ref and mime are at most MaxRefStringBytes long.
func ImageContent(ref, mime string) ContentPart {
	return ContentPart{Kind: ContentPartImageRef, ImageRef: ref, ImageMIME: mime}
}

// FileContent returns a file_ref ContentPart referencing the file ref of
// media type mime named name; mime and name may be empty. It is valid when
// ref is not empty and ref, mime and name are at most MaxRefStringBytes
// long.
func FileContent(ref, mime, name string) ContentPart {
	return ContentPart{Kind: ContentPartFileRef, FileRef: ref, FileMIME: mime, FileName: name}
}

// JSONContent returns a json ContentPart whose Text is the JSON text
// content. It is valid when content is valid JSON, in valid UTF-8, of at
// most MaxPartJSONBytes.
func JSONContent(content json.RawMessage) ContentPart {
	return ContentPart{Kind: ContentPartJSON, Text: string(content)}
}

// MessageItem returns a message Item of role holding a deep copy of
// content. It is valid when role is one of the five roles and content holds
// 1 to MaxContentPartsPerItem valid parts.
func MessageItem(role Role, content ...ContentPart) Item {
	return cloneItem(Item{Kind: ItemKindMessage, Role: role, Content: content})
}

// TextItem returns a message Item of role holding one text part, text. It
// is valid when role is one of the five roles and text is not empty and at
// most MaxPartTextBytes long.
func TextItem(role Role, text string) Item {
	return Item{Kind: ItemKindMessage, Role: role, Content: []ContentPart{TextContent(text)}}
}

// ToolCall returns a tool_call Item in which the model calls the tool name
// with a copy of arguments, under the call ID callID. It is valid when
// callID is not blank, at most MaxRefStringBytes long and differs from the
// call ID of every earlier tool call of the call; name is not blank, at most
// MaxToolNameBytes long and without leading or trailing white space; and
// arguments is empty or valid JSON of at most MaxToolParametersBytes nested
// at most MaxJSONDepth deep.
func ToolCall(callID, name string, arguments json.RawMessage) Item {
	return Item{Kind: ItemKindToolCall, ToolCall: &ToolCallItem{
		CallID: callID, Name: name, Arguments: bytes.Clone(arguments),
	}}
}

// ToolResult returns a tool_result Item answering the tool call callID of
// the tool name with the text output. It is valid when callID is not blank,
// at most MaxRefStringBytes long and is the call ID of an earlier tool call
// of the call; name (which may be empty) is at most MaxToolNameBytes long
// without leading or trailing white space; and output is not empty and at
// most MaxPartTextBytes long.
func ToolResult(callID, name, output string) Item {
	return Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{
		CallID: callID, Name: name, Output: output,
	}}
}

// ToolResultParts returns a tool_result Item like ToolResult, whose output
// is a deep copy of parts (text, images, files, ...) instead of a text. It
// is valid under ToolResult's conditions on callID and name when parts holds
// 1 to MaxContentPartsPerItem valid parts.
func ToolResultParts(callID, name string, parts ...ContentPart) Item {
	return cloneItem(Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{
		CallID: callID, Name: name, Parts: parts,
	}})
}

// cloneItem returns a deep copy of it.
func cloneItem(it Item) Item {
	return CloneCall(Call{Items: []Item{it}}).Items[0]
}
