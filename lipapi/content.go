package lipapi

import "encoding/json"

// ContentPart is one part of a message item's content or of a tool result's
// structured output. Kind decides which fields carry meaning; the others are
// ignored by validation.
//
// [Call.Validate] checks, by Kind, only the fields the kind uses:
//
//   - text and tool_result: Text; summary: Summary; refusal: Refusal; each
//     not empty and at most [MaxPartTextBytes];
//   - image_ref: ImageRef not empty; ImageRef and ImageMIME at most
//     [MaxRefStringBytes];
//   - file_ref: FileRef or FileData not empty; FileRef, FileMIME and
//     FileName at most MaxRefStringBytes, FileData at most
//     [MaxFileDataBytes];
//   - video_ref: VideoRef not empty; VideoRef and VideoMIME at most
//     MaxRefStringBytes;
//   - assistant_ref: AssistantRef not empty and at most MaxRefStringBytes;
//   - json: Text not empty, at most [MaxPartJSONBytes] and valid JSON;
//   - reasoning: Reasoning non-nil and valid (see [ReasoningPart]);
//   - annotation: Annotation non-nil and valid (see [AnnotationPart]);
//   - extension: Extension non-nil and valid (see [ExtensionContentPart]);
//   - "" fails as "content part kind is required", any other kind as
//     "unknown content part kind".
//
// The zero ContentPart has no kind and does not validate.
type ContentPart struct {
	// Kind is the part kind.
	Kind ContentPartKind `json:"kind"`
	// Text is the text of text and tool_result parts and the JSON text of
	// json parts.
	Text string `json:"text,omitempty"`
	// ImageRef references the image of an image_ref part.
	ImageRef string `json:"image_ref,omitempty"`
	// ImageMIME is the media type of the referenced image.
	ImageMIME string `json:"image_mime,omitempty"`
	// FileRef references the file of a file_ref part.
	FileRef string `json:"file_ref,omitempty"`
	// FileData is the inline base64 file of a file_ref part.
	FileData string `json:"file_data,omitempty"`
	// FileMIME is the media type of the file.
	FileMIME string `json:"file_mime,omitempty"`
	// FileName is the name of the file.
	FileName string `json:"file_name,omitempty"`
	// VideoRef references the video of a video_ref part.
	VideoRef string `json:"video_ref,omitempty"`
	// VideoMIME is the media type of the referenced video.
	VideoMIME string `json:"video_mime,omitempty"`
	// Refusal is the text of a refusal part.
	Refusal string `json:"refusal,omitempty"`
	// Reasoning is the payload of a reasoning part.
	Reasoning *ReasoningPart `json:"reasoning,omitempty"`
	// Summary is the text of a summary part.
	Summary string `json:"summary,omitempty"`
	// Annotation is the payload of an annotation part.
	Annotation *AnnotationPart `json:"annotation,omitempty"`
	// AssistantRef references an assistant output of an assistant_ref part.
	AssistantRef string `json:"assistant_ref,omitempty"`
	// Extension is the payload of an extension part.
	Extension *ExtensionContentPart `json:"extension,omitempty"`
}

// AnnotationPart is an annotation attached to content, such as a citation.
// Type is at most [MaxRefStringBytes]; Data, when not empty, is valid JSON of
// at most [MaxPartJSONBytes] nested at most [MaxJSONDepth] deep. The zero
// AnnotationPart is a valid, empty annotation.
type AnnotationPart struct {
	// Type is the annotation type.
	Type string `json:"type,omitempty"`
	// Data is the JSON annotation.
	Data json.RawMessage `json:"data,omitempty"`
}

// ExtensionContentPart is a vendor-specific content part. Data is the full
// wire object, whose "type" member equals Type.
//
// [Call.Validate] checks, in order: a Namespace that is not blank has no
// space, tab, CR or LF once trimmed and is at most
// [MaxExtensionNamespaceBytes]; Implementor is at most
// [MaxExtensionImplementorBytes]; Type is not blank, contains ':' or '/' (a
// vendor prefix), has no leading or trailing white space and is at most
// [MaxExtensionTypeBytes]; Data is at most [MaxExtensionDataBytes], not empty,
// valid JSON nested at most [MaxJSONDepth] deep, and an object whose "type"
// member is a string equal to Type (read as encoding/json reads it into a
// struct field tagged "type", on its v1 and json/v2 engines alike: the
// member name matches case-insensitively, the last match wins, a later null
// keeps the earlier value, and invalid UTF-8 and unpaired surrogate escapes
// read as U+FFFD; Data holding invalid UTF-8 then fails Validate's text
// rule all the same). The zero
// ExtensionContentPart has no type and no data and does not validate.
type ExtensionContentPart struct {
	// Namespace optionally owns the part.
	Namespace string `json:"namespace,omitempty"`
	// Type is the vendor-prefixed wire type, such as "vendor:widget".
	Type string `json:"type"`
	// Implementor names the component that produced the part.
	Implementor string `json:"implementor,omitempty"`
	// Data is the full JSON wire object.
	Data json.RawMessage `json:"data,omitempty"`
}
