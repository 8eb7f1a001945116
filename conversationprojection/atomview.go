package conversationprojection

import (
	"unsafe"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/lipapi"
)

// An element is one content element of an atom as the atom writer reads
// it: the members of a NormalizedContent, in atom order, each a value
// that says how it is written. Parts map to elements (elementOfPart,
// elementOfItemPart) for identities, which hash them without building the
// atom; AtomOfMessage and AtomOfItem materialize the same elements into
// NormalizedContent; an atom given maps back (elementOfContent) for
// CanonicalAtomBytes and HashAtom. So the mapping of a part is written
// once, and the layout of an element once (element.tokens).
type element struct {
	kind                                                   value
	text, imageRef, imageMIME, fileRef, fileData, fileMIME value
	fileName, videoRef, videoMIME, refusal                 value
	reasoning                                              reasoningView
	summary                                                value
	annotation                                             annotationView
	assistantRef, json                                     value
	extension                                              extensionView
}

// reasoningView, annotationView and extensionView are the nested objects
// of an element; present is false when the object is absent.
type reasoningView struct {
	present                                    bool
	dialect, text, signature                   value
	opaque, summary, content, encryptedContent value
	encryptedContentPresent                    bool
}

type annotationView struct {
	present   bool
	typ, data value
}

type extensionView struct {
	present                           bool
	namespace, typ, implementor, data value
}

// A value is one member value of an element: a string, or the bytes of a
// JSON value viewed as one (jsonValue), kept small because an element
// holds many. The zero value is absent: no member is written.
type value struct {
	s     string
	kind  valueKind
	field rawField // the field a compacted JSON value comes from, for errors
}

// jsonValue is the JSON value b as a value of the given kind, viewing b's
// bytes (never modified) as its string.
func jsonValue(b []byte, kind valueKind) value {
	if len(b) == 0 {
		return value{kind: kind}
	}
	return value{s: unsafe.String(&b[0], len(b)), kind: kind}
}

// bytes returns a JSON value's bytes, a view of its string.
func (v *value) bytes() []byte { return stringBytes(v.s) }

// A valueKind says what a value holds and how it is written.
type valueKind uint8

const (
	vNone     valueKind = iota // absent
	vStr                       // s as a JSON string
	vText                      // s with its line endings normalized, as a JSON string
	vJSON                      // b, canonical JSON, as it is
	vJSONStr                   // b, canonical JSON, as a JSON string
	vCompact                   // b, a JSON value of an atom given, compacted (canon.AppendCompactJSON)
	vCanon                     // b, raw JSON, canonicalized as it is written
	vCanonStr                  // b, raw JSON, canonicalized as it is written, as a JSON string
)

// str is s as a string value, absent when empty.
func str(s string) value {
	if s == "" {
		return value{}
	}
	return value{s: s, kind: vStr}
}

// text is s as a text value, absent when empty (normalizing never empties
// a text).
func text(s string) value {
	if s == "" {
		return value{}
	}
	return value{s: s, kind: vText}
}

// A rawField is a part field holding raw JSON, named in errors.
type rawField uint8

const (
	fieldContent rawField = iota
	fieldText
	fieldAnnotationData
	fieldExtensionData
	fieldReasoningOpaque
	fieldReasoningSummary
	fieldReasoningContent
	fieldReasoningEncryptedContent
	fieldJSON
)

// String returns the field's name.
func (f rawField) String() string {
	return [...]string{"content", "text", "annotation.data", "extension.data", "reasoning.opaque",
		"reasoning.summary", "reasoning.content", "reasoning.encrypted_content", "json"}[f]
}

// inlineJSON is the largest raw JSON value whose canonical form an
// element builds whole; a longer one is canonicalized once when its form
// is at most half as long again as the value (canon.CanonicalForm), else
// canonicalized each time it is written, streaming (vCanon), so that what
// an identity allocates stays within a small multiple of its input.
const inlineJSON = 64 << 10

// canonicalOf returns raw's canonical form as a value (absent for an empty
// raw), canonicalizing raw once: a form of up to inlineJSON bytes is raw
// itself or appended to buf (on its caller's stack while it fits), which
// it returns; a longer one is kept when it is short enough, else raw is
// canonicalized where it is written. The error names field of list[i].
func canonicalOf(buf, raw []byte, field rawField, list string, i int) (value, []byte, error) {
	if len(raw) == 0 {
		return value{}, buf, nil
	}
	if len(raw) > inlineJSON {
		form, fits, err := canon.CanonicalForm(raw, len(raw)+len(raw)/2)
		switch {
		case err != nil:
			return value{}, buf, fieldJSONError(list, i, field, err)
		case fits:
			return jsonValue(form, vJSON), buf, nil
		}
		return jsonValue(raw, vCanon), buf, nil
	}
	form, inScratch, err := canon.CanonicalJSONValue(buf, raw)
	if err != nil {
		return value{}, buf, fieldJSONError(list, i, field, err)
	}
	if inScratch {
		buf, form = form, form[len(buf):]
	}
	return jsonValue(form, vJSON), buf, nil
}

// asText returns v, a JSON value, written as a JSON string instead.
func asText(v value) value {
	switch v.kind {
	case vJSON:
		v.kind = vJSONStr
	case vCanon:
		v.kind = vCanonStr
	}
	return v
}

// fieldJSONError reports that the raw JSON of field of list[i] is not
// exactly one JSON value: the error CanonicalJSON gives, naming the field.
// The canon error carries only an offset.
func fieldJSONError(list string, i int, field rawField, err error) error {
	return errorf("%s[%d].%s: %w: %w", list, i, field, ErrInvalidJSON, err)
}

// stringBytes returns the bytes of s without copying them, for reading
// only: the canonical writer never writes to its input, and the view never
// outlives the element.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// kindValue is the kind member's value.
func kindValue(k string) value { return value{s: k, kind: vStr} }

// elementOfPart maps legacy part i (see AtomOfMessage), its JSON values
// canonicalized into buf (see canonicalOf).
func elementOfPart(p *lipapi.Part, i int, buf []byte) (e element, _ []byte, err error) {
	e.kind = kindValue(string(p.Kind))
	switch p.Kind {
	case lipapi.PartText, lipapi.PartToolResult:
		e.text = text(p.Text)
	case lipapi.PartImageRef:
		e.imageRef, e.imageMIME = str(p.ImageRef), str(p.ImageMIME)
		if len(p.Content) > 0 {
			e.annotation = annotationView{present: true, typ: str("image_detail")}
			e.annotation.data, buf, err = canonicalOf(buf, p.Content, fieldContent, "parts", i)
		}
	case lipapi.PartFileRef:
		e.fileRef, e.fileMIME, e.fileName = str(p.FileRef), str(p.FileMIME), str(p.FileName)
	case lipapi.PartJSON:
		// Text, the annotation's data and JSON are all the canonical JSON
		// of Content.
		var cj value
		cj, buf, err = canonicalOf(buf, p.Content, fieldContent, "parts", i)
		e.text, e.json = asText(cj), cj
		e.annotation = annotationView{present: true, typ: str("json_content"), data: cj}
	case lipapi.PartReasoning:
		e.reasoning, buf, err = reasoningOf(p.Reasoning, "parts", i, buf)
	default:
		return e, buf, unsupported("parts", i, p.Kind == "")
	}
	return e, buf, err
}

// elementOfItemPart maps item content part i (see AtomOfItem), its JSON
// values canonicalized into buf (see canonicalOf).
func elementOfItemPart(p *lipapi.ContentPart, i int, buf []byte) (e element, _ []byte, err error) {
	e.kind = kindValue(string(p.Kind))
	switch p.Kind {
	case lipapi.ContentPartText, lipapi.ContentPartToolResult:
		e.text = text(p.Text)
	case lipapi.ContentPartImageRef:
		e.imageRef, e.imageMIME = str(p.ImageRef), str(p.ImageMIME)
		e.annotation, buf, err = annotationOf(p.Annotation, i, buf)
	case lipapi.ContentPartFileRef:
		e.fileRef, e.fileData, e.fileMIME, e.fileName = str(p.FileRef), str(p.FileData), str(p.FileMIME), str(p.FileName)
	case lipapi.ContentPartVideoRef:
		e.videoRef, e.videoMIME = str(p.VideoRef), str(p.VideoMIME)
	case lipapi.ContentPartRefusal:
		e.refusal = text(p.Refusal)
	case lipapi.ContentPartReasoning:
		e.reasoning, buf, err = reasoningOf(p.Reasoning, "content", i, buf)
	case lipapi.ContentPartSummary:
		e.summary = text(p.Summary)
	case lipapi.ContentPartAnnotation:
		e.annotation, buf, err = annotationOf(p.Annotation, i, buf)
	case lipapi.ContentPartAssistantRef:
		e.assistantRef = str(p.AssistantRef)
	case lipapi.ContentPartJSON:
		// Text and JSON are the canonical JSON of Text, taken first.
		var cj value
		if cj, buf, err = canonicalOf(buf, stringBytes(p.Text), fieldText, "content", i); err == nil {
			e.text, e.json = asText(cj), cj
			e.annotation, buf, err = annotationOf(p.Annotation, i, buf)
		}
	case lipapi.ContentPartExtension:
		e.extension, buf, err = extensionOf(p.Extension, i, buf)
	default:
		return e, buf, unsupported("content", i, p.Kind == "")
	}
	return e, buf, err
}

// annotationOf is A(a) of item content part i.
func annotationOf(a *lipapi.AnnotationPart, i int, buf []byte) (annotationView, []byte, error) {
	if a == nil {
		return annotationView{}, buf, nil
	}
	data, buf, err := canonicalOf(buf, a.Data, fieldAnnotationData, "content", i)
	return annotationView{present: true, typ: str(a.Type), data: data}, buf, err
}

// extensionOf is E(e) of item content part i; its type is always written.
func extensionOf(e *lipapi.ExtensionContentPart, i int, buf []byte) (extensionView, []byte, error) {
	if e == nil {
		return extensionView{}, buf, nil
	}
	data, buf, err := canonicalOf(buf, e.Data, fieldExtensionData, "content", i)
	return extensionView{present: true, namespace: str(e.Namespace), typ: value{s: e.Type, kind: vStr},
		implementor: str(e.Implementor), data: data}, buf, err
}

// reasoningOf is R(r) of part list[i]: its JSON payloads are canonicalized
// in the order opaque, summary, content, encrypted_content.
func reasoningOf(r *lipapi.ReasoningPart, list string, i int, buf []byte) (v reasoningView, _ []byte, err error) {
	if r == nil {
		return v, buf, nil
	}
	v = reasoningView{present: true, dialect: str(string(lipapi.NormalizeReasoningDialect(r.Dialect))),
		text: text(r.Text), signature: str(r.Signature), encryptedContentPresent: r.EncryptedContentPresent}
	if v.opaque, buf, err = canonicalOf(buf, r.Opaque, fieldReasoningOpaque, list, i); err != nil {
		return v, buf, err
	}
	if v.summary, buf, err = canonicalOf(buf, r.Summary, fieldReasoningSummary, list, i); err != nil {
		return v, buf, err
	}
	if v.content, buf, err = canonicalOf(buf, r.Content, fieldReasoningContent, list, i); err != nil {
		return v, buf, err
	}
	v.encryptedContent, buf, err = canonicalOf(buf, r.EncryptedContent, fieldReasoningEncryptedContent, list, i)
	return v, buf, err
}

// elementOfContent maps a content element of an atom given: its strings
// written as they are, its JSON values compacted.
func elementOfContent(c *NormalizedContent) element {
	e := element{kind: kindValue(string(c.Kind)), text: str(c.Text), imageRef: str(c.ImageRef),
		imageMIME: str(c.ImageMIME), fileRef: str(c.FileRef), fileData: str(c.FileData), fileMIME: str(c.FileMIME),
		fileName: str(c.FileName), videoRef: str(c.VideoRef), videoMIME: str(c.VideoMIME), refusal: str(c.Refusal),
		summary: str(c.Summary), assistantRef: str(c.AssistantRef), json: compact(c.JSON, fieldJSON)}
	if r := c.Reasoning; r != nil {
		e.reasoning = reasoningView{present: true, dialect: str(r.Dialect), text: str(r.Text), signature: str(r.Signature),
			opaque: compact(r.Opaque, fieldReasoningOpaque), summary: compact(r.Summary, fieldReasoningSummary),
			content: compact(r.Content, fieldReasoningContent), encryptedContent: compact(r.EncryptedContent, fieldReasoningEncryptedContent),
			encryptedContentPresent: r.EncryptedContentPresent}
	}
	if a := c.Annotation; a != nil {
		e.annotation = annotationView{present: true, typ: str(a.Type), data: compact(a.Data, fieldAnnotationData)}
	}
	if x := c.Extension; x != nil {
		e.extension = extensionView{present: true, namespace: str(x.Namespace), typ: value{s: x.Type, kind: vStr},
			implementor: str(x.Implementor), data: compact(x.Data, fieldExtensionData)}
	}
	return e
}

// compact is raw, a JSON field of an atom given, as a value written
// compacted; field names it in errors.
func compact(raw []byte, field rawField) value {
	if len(raw) == 0 {
		return value{}
	}
	v := jsonValue(raw, vCompact)
	v.field = field
	return v
}
