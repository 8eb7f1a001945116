package lipapi

import "encoding/json"

// Call is one provider-neutral model request: a conversation carried either
// by legacy messages (Instructions and Messages) or by ordered Items.
//
// Which of the two authorities a call uses is decided by Items alone: a
// non-nil Items slice, even an empty one, selects item authority (see
// [Call.HasItemAuthority]). An empty Items is meaningful only together with
// a PreviousResponseID, for a continuation that adds nothing.
//
// The zero Call has legacy authority and no messages; it does not validate
// ("Messages: messages are required"). See [Call.Validate] for the rules a
// call must follow.
type Call struct {
	// ID is the request identifier; it may be empty.
	ID string `json:"id,omitempty"`
	// Instructions holds system-style instruction messages (legacy
	// authority only).
	Instructions []Message `json:"instructions,omitempty"`
	// Messages holds the conversation turns (legacy authority only).
	Messages []Message `json:"messages,omitempty"`
	// Items holds the ordered trajectory; non-nil selects item authority.
	// It is never omitted from JSON: nil is written as null and an empty
	// slice as [], and each decodes back to the same form.
	Items []Item `json:"items"`
	// PreviousResponseID names the response this call continues; when it is
	// non-blank an item-authority call may have no items.
	PreviousResponseID string `json:"previous_response_id,omitempty"`
}

// HasItemAuthority reports whether c carries its conversation as Items
// rather than as legacy messages, that is whether c.Items is non-nil. It is
// true for an empty non-nil Items.
func (c Call) HasItemAuthority() bool { return c.Items != nil }

// Message is one legacy conversation turn.
//
// [Call.Validate] requires a Role that is exactly one of the five roles
// (it is not trimmed), at least one part, every part valid (see [Part]), and
// reasoning parts only on assistant messages. The zero Message has no role
// and no parts and does not validate.
type Message struct {
	// Role is the author of the turn.
	Role Role `json:"role"`
	// Parts holds the content fragments, in order.
	Parts []Part `json:"parts,omitempty"`
	// Metadata is proxy-owned trace data. It is never serialized and never
	// accepted from clients; CloneCall copies it.
	Metadata map[string]string `json:"-"`
}

// Part is one legacy content fragment. Kind decides which fields carry
// meaning; Reasoning is set only on reasoning parts.
//
// [Call.Validate] checks a part's sizes first, with the call's other size
// bounds: a text part's Text is at most [MaxPartTextBytes]; ImageRef and
// ImageMIME (image_ref) and FileRef, FileMIME and FileName (file_ref) at most
// [MaxRefStringBytes]; a tool_result part's ToolName at most
// [MaxToolNameBytes] without leading or trailing white space, its Content,
// like a json part's, at most [MaxPartJSONBytes], and its Text, like a text
// part's, at most MaxPartTextBytes; a reasoning part's
// Dialect, Text, Signature and Opaque within their Max constants; and on
// every kind ToolCallID and ToolName at most MaxRefStringBytes. Then, with
// the message's other rules, its meaning, by Kind:
//
//   - any kind but reasoning: Reasoning must be nil;
//   - text: Text is not empty (white space alone is accepted);
//   - image_ref: ImageRef is not empty; file_ref: FileRef is not empty;
//   - tool_result: ToolCallID is not empty (Text may be);
//   - json: Content is not empty and is valid JSON;
//   - reasoning: Text, ImageRef, ImageMIME, FileRef, FileMIME, FileName,
//     ToolCallID, ToolName and Content are empty, and Reasoning passes the
//     reasoning rules (see [ReasoningPart]); only an assistant message may
//     carry it;
//   - "" fails as "part kind is required", any other kind as "unknown part
//     kind".
//
// The zero Part has no kind and does not validate.
type Part struct {
	// Kind is the fragment kind.
	Kind PartKind `json:"kind"`
	// Text is the text of a text part.
	Text string `json:"text,omitempty"`
	// ImageRef references the image of an image_ref part.
	ImageRef string `json:"image_ref,omitempty"`
	// ImageMIME is the media type of the referenced image.
	ImageMIME string `json:"image_mime,omitempty"`
	// FileRef references the file of a file_ref part.
	FileRef string `json:"file_ref,omitempty"`
	// FileMIME is the media type of the referenced file.
	FileMIME string `json:"file_mime,omitempty"`
	// FileName is the name of the referenced file.
	FileName string `json:"file_name,omitempty"`
	// ToolCallID identifies the call a tool_result part answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	// ToolName names the tool of a tool_result part.
	ToolName string `json:"tool_name,omitempty"`
	// Content is the payload of a json part or the structured output of a
	// tool_result part.
	Content json.RawMessage `json:"content,omitempty"`
	// Reasoning is the payload of a reasoning part.
	Reasoning *ReasoningPart `json:"reasoning,omitempty"`
}
