package conversationprojection

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

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

// NormalizedAnnotation holds deterministic annotation data: Data is
// canonical JSON (see CanonicalJSON) when built by AtomOfMessage or
// AtomOfItem. The zero value is the empty annotation, written {}.
type NormalizedAnnotation struct {
	// Type is the annotation type, verbatim.
	Type string `json:"type,omitempty"`
	// Data is the annotation's JSON value.
	Data json.RawMessage `json:"data,omitempty"`
}

// NormalizedExtension carries vendor-prefixed custom content parts. Type is
// always written to the atom bytes, even when empty, so the zero value is
// written {"type":""}.
type NormalizedExtension struct {
	// Namespace optionally owns the part, verbatim.
	Namespace string `json:"namespace,omitempty"`
	// Type is the vendor-prefixed wire type, verbatim.
	Type string `json:"type"`
	// Implementor names the component that produced the part, verbatim.
	Implementor string `json:"implementor,omitempty"`
	// Data is the full JSON wire object.
	Data json.RawMessage `json:"data,omitempty"`
}

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
	role, err := atomRole(msg.Role)
	if err != nil {
		return MessageAtomV1{}, err
	}
	if len(msg.Parts) == 0 {
		return MessageAtomV1{}, fmt.Errorf("%w: message has no parts", ErrEmptyMessage)
	}
	return atomOf(role, msg.Parts, contentOfPart)
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
	return atomOf(role, item.Content, contentOfContentPart)
}

// atomOf builds the atom of role and parts, each part mapped by mapPart;
// the first failure is returned.
func atomOf[P any](role lipapi.Role, parts []P, mapPart func(*P, int) (NormalizedContent, error)) (MessageAtomV1, error) {
	content := make([]NormalizedContent, len(parts))
	for i := range parts {
		var err error
		if content[i], err = mapPart(&parts[i], i); err != nil {
			return MessageAtomV1{}, err
		}
	}
	return MessageAtomV1{Role: role, Content: content}, nil
}

// atomRole applies the role rule: trimmed, non-empty, one of the five.
// The error never echoes the role, which is client input.
func atomRole(r lipapi.Role) (lipapi.Role, error) {
	t := lipapi.Role(strings.TrimSpace(string(r)))
	switch t {
	case lipapi.RoleSystem, lipapi.RoleDeveloper, lipapi.RoleUser, lipapi.RoleAssistant, lipapi.RoleTool:
		return t, nil
	case "":
		return "", fmt.Errorf("%w: role is empty", ErrInvalidRole)
	}
	return "", fmt.Errorf("%w: role is not one of system, developer, user, assistant, tool", ErrInvalidRole)
}

// itemRole checks that item is a complete message item with a valid role
// and at least one content part, and returns the trimmed role.
func itemRole(item *lipapi.Item) (lipapi.Role, error) {
	if item.Kind != lipapi.ItemKindMessage {
		return "", fmt.Errorf("%w: item kind is not message", ErrNonMessageItem)
	}
	var variant string
	switch {
	case item.Reference != nil:
		variant = "reference"
	case item.ToolCall != nil:
		variant = "tool_call"
	case item.ToolResult != nil:
		variant = "tool_result"
	case item.Reasoning != nil:
		variant = "reasoning"
	case item.Compaction != nil:
		variant = "compaction"
	case item.Extension != nil:
		variant = "extension"
	}
	if variant != "" {
		return "", fmt.Errorf("%w: message item carries a %s variant", ErrNonMessageItem, variant)
	}
	role, err := atomRole(item.Role)
	if err != nil {
		return "", err
	}
	if len(item.Content) == 0 {
		return "", fmt.Errorf("%w: message item has no content", ErrEmptyMessage)
	}
	return role, nil
}

// contentOfPart maps legacy part i.
func contentOfPart(p *lipapi.Part, i int) (NormalizedContent, error) {
	c := NormalizedContent{Kind: ContentKind(p.Kind)}
	var err error
	switch p.Kind {
	case lipapi.PartText, lipapi.PartToolResult:
		c.Text = normalizeNewlines(p.Text)
	case lipapi.PartImageRef:
		c.ImageRef, c.ImageMIME = p.ImageRef, p.ImageMIME
		if len(p.Content) > 0 {
			c.Annotation = &NormalizedAnnotation{Type: "image_detail"}
			c.Annotation.Data, err = canonicalField(p.Content, "parts", i, "content")
		}
	case lipapi.PartFileRef:
		c.FileRef, c.FileMIME, c.FileName = p.FileRef, p.FileMIME, p.FileName
	case lipapi.PartJSON:
		var cj []byte
		if cj, err = canonicalField(p.Content, "parts", i, "content"); err == nil {
			c.Text = string(cj)
			c.Annotation = &NormalizedAnnotation{Type: "json_content", Data: cj}
			c.JSON = slices.Clone(cj)
		}
	case lipapi.PartReasoning:
		c.Reasoning, err = normalizeReasoning(p.Reasoning, "parts", i)
	default:
		return NormalizedContent{}, unsupported("parts", i, p.Kind == "")
	}
	if err != nil {
		return NormalizedContent{}, err
	}
	return c, nil
}

// contentOfContentPart maps item content part i.
func contentOfContentPart(p *lipapi.ContentPart, i int) (NormalizedContent, error) {
	c := NormalizedContent{Kind: ContentKind(p.Kind)}
	var err error
	switch p.Kind {
	case lipapi.ContentPartText, lipapi.ContentPartToolResult:
		c.Text = normalizeNewlines(p.Text)
	case lipapi.ContentPartImageRef:
		c.ImageRef, c.ImageMIME = p.ImageRef, p.ImageMIME
		c.Annotation, err = normalizeAnnotation(p.Annotation, i)
	case lipapi.ContentPartFileRef:
		c.FileRef, c.FileData, c.FileMIME, c.FileName = p.FileRef, p.FileData, p.FileMIME, p.FileName
	case lipapi.ContentPartVideoRef:
		c.VideoRef, c.VideoMIME = p.VideoRef, p.VideoMIME
	case lipapi.ContentPartRefusal:
		c.Refusal = normalizeNewlines(p.Refusal)
	case lipapi.ContentPartReasoning:
		c.Reasoning, err = normalizeReasoning(p.Reasoning, "content", i)
	case lipapi.ContentPartSummary:
		c.Summary = normalizeNewlines(p.Summary)
	case lipapi.ContentPartAnnotation:
		c.Annotation, err = normalizeAnnotation(p.Annotation, i)
	case lipapi.ContentPartAssistantRef:
		c.AssistantRef = p.AssistantRef
	case lipapi.ContentPartJSON:
		var cj []byte
		if cj, err = canonicalField([]byte(p.Text), "content", i, "text"); err == nil {
			if c.Annotation, err = normalizeAnnotation(p.Annotation, i); err == nil {
				c.Text, c.JSON = string(cj), cj
			}
		}
	case lipapi.ContentPartExtension:
		c.Extension, err = normalizeExtension(p.Extension, i)
	default:
		return NormalizedContent{}, unsupported("content", i, p.Kind == "")
	}
	if err != nil {
		return NormalizedContent{}, err
	}
	return c, nil
}

// unsupported reports an unknown or empty kind without echoing it.
func unsupported(list string, i int, empty bool) error {
	if empty {
		return fmt.Errorf("%w: %s[%d]: empty kind", ErrUnsupportedContent, list, i)
	}
	return fmt.Errorf("%w: %s[%d]: unknown kind", ErrUnsupportedContent, list, i)
}

// normalizeNewlines replaces every "\r\n", then every remaining "\r", with
// "\n" (newline.String): s itself when s holds no '\r'.
func normalizeNewlines(s string) string { return newline.String(s) }

// canonicalField is CanonicalJSON(raw) with the error naming the field
// list[i].field.
func canonicalField(raw []byte, list string, i int, field string) ([]byte, error) {
	cj, err := CanonicalJSON(raw)
	if err != nil {
		return nil, errorf("%s[%d].%s: %w", list, i, field, err)
	}
	return cj, nil
}

// normalizeAnnotation is A(a) of item content part i.
func normalizeAnnotation(a *lipapi.AnnotationPart, i int) (*NormalizedAnnotation, error) {
	if a == nil {
		return nil, nil
	}
	data, err := canonicalField(a.Data, "content", i, "annotation.data")
	if err != nil {
		return nil, err
	}
	return &NormalizedAnnotation{Type: a.Type, Data: data}, nil
}

// normalizeExtension is E(e) of item content part i.
func normalizeExtension(e *lipapi.ExtensionContentPart, i int) (*NormalizedExtension, error) {
	if e == nil {
		return nil, nil
	}
	data, err := canonicalField(e.Data, "content", i, "extension.data")
	if err != nil {
		return nil, err
	}
	return &NormalizedExtension{Namespace: e.Namespace, Type: e.Type, Implementor: e.Implementor, Data: data}, nil
}

// normalizeReasoning is R(r) of part list[i]; the JSON payloads are
// canonicalized in the order opaque, summary, content, encrypted_content.
func normalizeReasoning(r *lipapi.ReasoningPart, list string, i int) (*NormalizedReasoning, error) {
	if r == nil {
		return nil, nil
	}
	n := &NormalizedReasoning{
		Dialect:                 string(lipapi.NormalizeReasoningDialect(r.Dialect)),
		Text:                    normalizeNewlines(r.Text),
		Signature:               r.Signature,
		EncryptedContentPresent: r.EncryptedContentPresent,
	}
	var err error
	if n.Opaque, err = canonicalField(r.Opaque, list, i, "reasoning.opaque"); err != nil {
		return nil, err
	}
	if n.Summary, err = canonicalField(r.Summary, list, i, "reasoning.summary"); err != nil {
		return nil, err
	}
	if n.Content, err = canonicalField(r.Content, list, i, "reasoning.content"); err != nil {
		return nil, err
	}
	if n.EncryptedContent, err = canonicalField(r.EncryptedContent, list, i, "reasoning.encrypted_content"); err != nil {
		return nil, err
	}
	return n, nil
}
