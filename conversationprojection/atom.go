package conversationprojection

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/internal/newline"
	"github.com/agentkernel/agentkernel/lipapi"
)

// ContentKind classifies normalized content parts for semantic identity
// calculation. A NormalizedContent's Kind is always the kind string of the
// part it was derived from. The zero ContentKind, "", is the kind of no part:
// AtomOfMessage and AtomOfItem reject a part of empty kind with
// ErrUnsupportedContent and so never produce it.
type ContentKind string

// The content kinds an atom can hold: the legacy part kinds and the item
// content part kinds.
const (
	// ContentKindText is a text part: the text with line breaks normalized.
	ContentKindText ContentKind = "text"
	// ContentKindImageRef is an image reference and MIME type, verbatim,
	// with its detail annotation.
	ContentKindImageRef ContentKind = "image_ref"
	// ContentKindFileRef is a file reference with its MIME type and name
	// (and, in item content, inline file data), verbatim.
	ContentKindFileRef ContentKind = "file_ref"
	// ContentKindVideoRef is a video reference (item content only).
	ContentKindVideoRef ContentKind = "video_ref"
	// ContentKindRefusal is a model refusal (item content only).
	ContentKindRefusal ContentKind = "refusal"
	// ContentKindReasoning is a reasoning part: normalized dialect, text,
	// signature and canonical JSON payloads.
	ContentKindReasoning ContentKind = "reasoning"
	// ContentKindSummary is a reasoning summary (item content only).
	ContentKindSummary ContentKind = "summary"
	// ContentKindAnnotation is an annotation with canonical JSON data (item
	// content only).
	ContentKindAnnotation ContentKind = "annotation"
	// ContentKindAssistantRef references an assistant output (item content
	// only).
	ContentKindAssistantRef ContentKind = "assistant_ref"
	// ContentKindJSON is a JSON value in canonical form.
	ContentKindJSON ContentKind = "json"
	// ContentKindToolResult is a tool result: its text with line breaks
	// normalized; the call ID, tool name and content are not part of
	// identity.
	ContentKindToolResult ContentKind = "tool_result"
	// ContentKindExtension is a vendor-prefixed extension part (item content
	// only).
	ContentKindExtension ContentKind = "extension"
)

// MessageAtomV1 is the internal representation-neutral projection of a
// complete message: what a legacy Message and a message Item have in common
// once identity-irrelevant fields (IDs, status, phase, tool call IDs,
// metadata) are dropped and payloads are normalized. Its canonical bytes
// (CanonicalAtomBytes) are hashed into a MessageIdentity.
//
// The zero MessageAtomV1 has an empty role and nil content; it hashes (its
// bytes are {"role":"","content":null}) but AtomOfMessage and AtomOfItem
// never produce it.
type MessageAtomV1 struct {
	// Role is the trimmed role, one of the five lipapi roles.
	Role lipapi.Role `json:"role"`
	// Content holds one normalized fragment per part, in part order.
	Content []NormalizedContent `json:"content"`
}

// NormalizedContent is one ordered semantic content fragment in a message
// atom. Fields that are empty (empty string, nil pointer, empty raw value)
// are omitted from the atom bytes. The zero NormalizedContent has an empty
// kind and no fields; it is written {"kind":""}, and AtomOfMessage and
// AtomOfItem never produce it.
type NormalizedContent struct {
	// Kind is the kind of the part the fragment was derived from.
	Kind ContentKind `json:"kind"`

	// Text is the line-break-normalized text of text and tool_result
	// parts, or the canonical JSON text of json parts.
	Text string `json:"text,omitempty"`

	// ImageRef references the image of an image_ref part.
	ImageRef string `json:"image_ref,omitempty"`
	// ImageMIME is the media type of the referenced image.
	ImageMIME string `json:"image_mime,omitempty"`

	// FileRef references the file of a file_ref part.
	FileRef string `json:"file_ref,omitempty"`
	// FileData is the inline file data of an item file_ref part, verbatim.
	FileData string `json:"file_data,omitempty"`
	// FileMIME is the media type of the file.
	FileMIME string `json:"file_mime,omitempty"`
	// FileName is the name of the file.
	FileName string `json:"file_name,omitempty"`

	// VideoRef references the video of a video_ref part.
	VideoRef string `json:"video_ref,omitempty"`
	// VideoMIME is the media type of the referenced video.
	VideoMIME string `json:"video_mime,omitempty"`

	// Refusal is the line-break-normalized text of a refusal part.
	Refusal string `json:"refusal,omitempty"`

	// Reasoning is the normalized payload of a reasoning part.
	Reasoning *NormalizedReasoning `json:"reasoning,omitempty"`

	// Summary is the line-break-normalized text of a summary part.
	Summary string `json:"summary,omitempty"`

	// Annotation is the normalized annotation of an annotation, image_ref
	// or json part.
	Annotation *NormalizedAnnotation `json:"annotation,omitempty"`

	// AssistantRef references an assistant output of an assistant_ref part.
	AssistantRef string `json:"assistant_ref,omitempty"`

	// JSON is the canonical JSON value of a json part.
	JSON json.RawMessage `json:"json,omitempty"`

	// Extension is the normalized payload of an extension part.
	Extension *NormalizedExtension `json:"extension,omitempty"`
}

// NormalizedAnnotation is the annotation of a NormalizedContent: Type
// verbatim and Data canonical JSON (see CanonicalJSON) when built by
// AtomOfMessage or AtomOfItem. It is lipapi.AnnotationPart, so the atom and
// the call share one definition of the shape. The zero value is the empty
// annotation, written {}.
type NormalizedAnnotation = lipapi.AnnotationPart

// NormalizedExtension is the vendor-prefixed custom content of a
// NormalizedContent: Namespace, Type and Implementor verbatim, Data the
// full JSON wire object. It is lipapi.ExtensionContentPart, so the atom and
// the call share one definition of the shape. Type is always written to the
// atom bytes, even when empty, so the zero value is written {"type":""}.
type NormalizedExtension = lipapi.ExtensionContentPart

// NormalizedReasoning holds normalized reasoning metadata and payload: the
// normalized dialect, text with line breaks normalized, the signature
// verbatim and the JSON payloads in canonical form. The Summary and Content
// presence flags of lipapi.ReasoningPart are not part of identity. The zero
// value has no member to write and is written {}.
type NormalizedReasoning struct {
	// Dialect is lipapi.NormalizeReasoningDialect of the part's dialect.
	Dialect string `json:"dialect,omitempty"`
	// Text is the line-break-normalized reasoning text.
	Text string `json:"text,omitempty"`
	// Signature is the provider's signature, verbatim.
	Signature string `json:"signature,omitempty"`
	// Opaque is the provider-specific JSON payload.
	Opaque json.RawMessage `json:"opaque,omitempty"`
	// Summary is the JSON reasoning summary.
	Summary json.RawMessage `json:"summary,omitempty"`
	// Content is the JSON reasoning content.
	Content json.RawMessage `json:"content,omitempty"`
	// EncryptedContent is the JSON encrypted reasoning.
	EncryptedContent json.RawMessage `json:"encrypted_content,omitempty"`
	// EncryptedContentPresent reports that the encrypted content was
	// given explicitly, possibly as null.
	EncryptedContentPresent bool `json:"encrypted_content_present,omitempty"`
}

// AtomOfMessage projects a legacy message to its normalized MessageAtomV1.
//
// The role is trimmed (strings.TrimSpace) and must then be one of the five
// roles (ErrInvalidRole); the atom holds the trimmed role. Then the message
// needs at least one part (ErrEmptyMessage); then each part is mapped in
// order and the first failure is returned: an unknown or empty kind wraps
// ErrUnsupportedContent, a JSON payload that is not exactly one JSON value
// wraps ErrInvalidJSON. Each part becomes one NormalizedContent of the same
// kind, where norm(s) replaces every CRLF and then every remaining CR of s
// by LF (nothing is trimmed) and CJ(x) is CanonicalJSON(x):
//
//	text         Text = norm(Text)
//	image_ref    ImageRef, ImageMIME; when Content is not empty also
//	             Annotation = {Type: "image_detail", Data: CJ(Content)}
//	file_ref     FileRef, FileMIME, FileName
//	tool_result  Text = norm(Text)
//	json         with c = CJ(Content) (nil when Content is empty):
//	             Text = string(c), Annotation = {Type: "json_content", Data: c}, JSON = c
//	reasoning    Reasoning = the normalized Reasoning (see AtomOfItem), none if nil
//
// Fields not listed are ignored: Metadata, ToolCallID, ToolName, a
// tool_result's Content. Identity does not validate the message (an empty
// text or a nil reasoning payload is accepted). The atom shares no memory
// with msg.
func AtomOfMessage(msg lipapi.Message) (MessageAtomV1, error) {
	role, err := messageRole(&msg)
	if err != nil {
		return MessageAtomV1{}, err
	}
	return atomOf(role, &partSource{legacy: msg.Parts})
}

// AtomOfItem projects a message item to its normalized MessageAtomV1.
//
// The item must be of kind message and carry no variant pointer
// (ErrNonMessageItem); then the role and content rules of AtomOfMessage
// apply to Role and Content. ID, Status and Phase are ignored. Each content
// part becomes one NormalizedContent of the same kind (norm and CJ as for
// AtomOfMessage; strings not normalized are copied verbatim):
//
//	text, tool_result  Text = norm(Text)
//	image_ref          ImageRef, ImageMIME, Annotation = A(Annotation)
//	file_ref           FileRef, FileData, FileMIME, FileName
//	video_ref          VideoRef, VideoMIME
//	refusal            Refusal = norm(Refusal)
//	summary            Summary = norm(Summary)
//	reasoning          Reasoning = R(Reasoning)
//	annotation         Annotation = A(Annotation)
//	assistant_ref      AssistantRef
//	json               with c = CJ(Text), taken first: Text = string(c), JSON = c,
//	                   Annotation = A(Annotation)
//	extension          Extension = E(Extension)
//
// where A, R and E map a nil pointer to nil and otherwise: A(a) = {Type,
// Data: CJ(Data)}; E(e) = {Namespace, Type, Implementor, Data: CJ(Data)};
// R(r) = {Dialect: lipapi.NormalizeReasoningDialect(Dialect) (which, like
// strings.ToLower, turns invalid UTF-8 into U+FFFD unless the dialect is pure
// ASCII), Text:
// norm(Text), Signature, Opaque, Summary, Content, EncryptedContent: each
// CJ of itself, in that order, EncryptedContentPresent}. CJ leaves an empty
// value empty. Content fields not listed for a kind are ignored (a text
// part's Annotation, an image part's Text). So the legacy and item forms of
// a message have equal atoms for text, file_ref, tool_result and reasoning
// parts, and for image_ref and json parts only when the item carries the
// annotation the legacy form synthesizes. The atom shares no memory with
// item.
func AtomOfItem(item lipapi.Item) (MessageAtomV1, error) {
	role, err := itemRole(&item)
	if err != nil {
		return MessageAtomV1{}, err
	}
	return atomOf(role, &partSource{items: item.Content})
}

// atomOf builds the atom of role and the parts of src, each mapped to its
// element and materialized; the first failure is returned.
func atomOf(role lipapi.Role, src *partSource) (MessageAtomV1, error) {
	content := make([]NormalizedContent, src.len())
	for i := range content {
		e, _, err := src.element(i, nil)
		if err != nil {
			return MessageAtomV1{}, err
		}
		content[i] = e.content()
	}
	return MessageAtomV1{Role: role, Content: content}, nil
}

// atomRole applies the role rule: trimmed, non-empty, one of the five.
// The error never echoes the role, which is client input.
func atomRole(r lipapi.Role) (lipapi.Role, error) {
	t := lipapi.Role(strings.TrimSpace(string(r)))
	switch {
	case t.IsKnown():
		return t, nil
	case t == "":
		return "", fmt.Errorf("%w: role is empty", ErrInvalidRole)
	}
	return "", fmt.Errorf("%w: role is not one of system, developer, user, assistant, tool", ErrInvalidRole)
}

// messageRole checks that the legacy message m has a valid role and at
// least one part, and returns the trimmed role.
func messageRole(m *lipapi.Message) (lipapi.Role, error) {
	return nonEmptyRole(m.Role, len(m.Parts), "message has no parts")
}

// nonEmptyRole returns the trimmed role r of a message of n parts, or why
// it has none: r is not a valid role (ErrInvalidRole), or n is 0
// (ErrEmptyMessage, with the reason empty).
func nonEmptyRole(r lipapi.Role, n int, empty string) (lipapi.Role, error) {
	role, err := atomRole(r)
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", fmt.Errorf("%w: %s", ErrEmptyMessage, empty)
	}
	return role, nil
}

// itemRole checks that item is a complete message item with a valid role
// and at least one content part, and returns the trimmed role.
func itemRole(item *lipapi.Item) (lipapi.Role, error) {
	if item.Kind != lipapi.ItemKindMessage {
		return "", fmt.Errorf("%w: item kind is not message", ErrNonMessageItem)
	}
	if variant := variantOf(item); variant != "" {
		return "", fmt.Errorf("%w: message item carries a %s variant", ErrNonMessageItem, variant)
	}
	return nonEmptyRole(item.Role, len(item.Content), "message item has no content")
}

// unsupported reports an unknown or empty kind without echoing it.
func unsupported(list string, i int, empty bool) error {
	if empty {
		return fmt.Errorf("%w: %s[%d]: empty kind", ErrUnsupportedContent, list, i)
	}
	return fmt.Errorf("%w: %s[%d]: unknown kind", ErrUnsupportedContent, list, i)
}

// content materializes e as the NormalizedContent it stands for, sharing
// no memory with the part it was mapped from.
func (e *element) content() NormalizedContent {
	c := NormalizedContent{Kind: ContentKind(e.kind.s), Text: e.text.text(), ImageRef: e.imageRef.s,
		ImageMIME: e.imageMIME.s, FileRef: e.fileRef.s, FileData: e.fileData.s, FileMIME: e.fileMIME.s,
		FileName: e.fileName.s, VideoRef: e.videoRef.s, VideoMIME: e.videoMIME.s, Refusal: e.refusal.text(),
		Summary: e.summary.text(), AssistantRef: e.assistantRef.s, JSON: e.json.json()}
	if r := &e.reasoning; r.present {
		c.Reasoning = &NormalizedReasoning{Dialect: r.dialect.s, Text: r.text.text(), Signature: r.signature.s,
			Opaque: r.opaque.json(), Summary: r.summary.json(), Content: r.content.json(),
			EncryptedContent: r.encryptedContent.json(), EncryptedContentPresent: r.encryptedContentPresent}
	}
	if a := &e.annotation; a.present {
		c.Annotation = &NormalizedAnnotation{Type: a.typ.s, Data: a.data.json()}
	}
	if x := &e.extension; x.present {
		c.Extension = &NormalizedExtension{Namespace: x.namespace.s, Type: x.typ.s, Implementor: x.implementor.s,
			Data: x.data.json()}
	}
	return c
}

// text materializes a string value: a text normalized, canonical JSON as
// its text.
func (v *value) text() string {
	switch v.kind {
	case vText:
		return newline.String(v.s)
	case vJSONStr:
		return strings.Clone(v.s) // a view of the part or of scratch space
	case vCanonStr:
		return string(v.json())
	}
	return v.s
}

// json materializes a JSON value: a copy of its canonical form, nil when
// absent.
func (v *value) json() json.RawMessage {
	switch v.kind {
	case vJSON, vJSONStr:
		return slices.Clone(v.bytes())
	case vCanon, vCanonStr:
		// Validated when it was read: it cannot fail.
		cj, _ := canon.AppendCanonicalJSON(nil, v.bytes())
		return cj
	}
	return nil
}
