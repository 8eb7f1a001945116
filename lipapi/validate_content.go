package lipapi

import (
	"encoding/json"
	"strings"
)

// checkContentParts applies the content part rules to each of parts, the
// slice at the relative path name.
func checkContentParts(name string, parts []ContentPart) problem {
	for j := range parts {
		if p := parts[j].check(); p.failed() {
			return p.under(indexed(name, j))
		}
	}
	return problem{}
}

// check applies the content part rules to p, with fields relative to the
// part. Only the fields its kind uses are checked.
func (p *ContentPart) check() problem {
	switch p.Kind {
	case ContentPartJSON:
		return p.checkJSON()
	case ContentPartReasoning:
		if msg := p.Reasoning.check(); msg != "" {
			return fail(".Reasoning", msg)
		}
		return problem{}
	case ContentPartAnnotation:
		if p.Annotation == nil {
			return fail(".Annotation", "annotation part requires an annotation")
		}
		if q := p.bounds(); q.failed() {
			return q
		}
		return withinDepth(".Annotation.Data", p.Annotation.Data)
	case ContentPartExtension:
		if p.Extension == nil {
			return fail(".Extension", "extension part requires an extension payload")
		}
		return p.Extension.check().under(".Extension")
	}
	if q := p.required(); q.failed() {
		return q
	}
	return p.bounds()
}

// required checks that a part of a kind carrying a text or a reference
// has it, and that the kind is known.
func (p *ContentPart) required() problem {
	switch p.Kind {
	case ContentPartText, ContentPartToolResult:
		return requiredField(".Text", p.Text != "", "text is required")
	case ContentPartSummary:
		return requiredField(".Summary", p.Summary != "", "text is required")
	case ContentPartRefusal:
		return requiredField(".Refusal", p.Refusal != "", "text is required")
	case ContentPartImageRef:
		return requiredField(".ImageRef", p.ImageRef != "", "image reference is required")
	case ContentPartFileRef:
		return requiredField(".FileRef", p.FileRef != "" || p.FileData != "", "file reference or file data is required")
	case ContentPartVideoRef:
		return requiredField(".VideoRef", p.VideoRef != "", "video reference is required")
	case ContentPartAssistantRef:
		return requiredField(".AssistantRef", p.AssistantRef != "", "assistant reference is required")
	case "":
		return fail(".Kind", "content part kind is required")
	}
	return fail(".Kind", "unknown content part kind")
}

// requiredField fails with msg on field unless the field is present.
func requiredField(field string, present bool, msg string) problem {
	if !present {
		return fail(field, msg)
	}
	return problem{}
}

// checkJSON applies the rules of a json part: its text is not empty, within
// its bound and valid JSON.
func (p *ContentPart) checkJSON() problem {
	if p.Text == "" {
		return fail(".Text", "json text is required")
	}
	if q := p.bounds(); q.failed() {
		return q
	}
	if !validJSONString(p.Text) {
		return fail(".Text", "json text is not valid JSON")
	}
	return problem{}
}

// sizes returns the sizes of the fields p's kind bounds, in Validate's
// order, and their number; the payloads of reasoning and extension parts
// have their own.
func (p *ContentPart) sizes() (s [4]size, n int) {
	switch p.Kind {
	case ContentPartText, ContentPartToolResult:
		return [4]size{{len(p.Text), &limitText}}, 1
	case ContentPartSummary:
		return [4]size{{len(p.Summary), &limitSummary}}, 1
	case ContentPartRefusal:
		return [4]size{{len(p.Refusal), &limitRefusal}}, 1
	case ContentPartImageRef:
		return [4]size{{len(p.ImageRef), &limitImageRef}, {len(p.ImageMIME), &limitImageMIME}}, 2
	case ContentPartFileRef:
		return [4]size{{len(p.FileRef), &limitFileRef}, {len(p.FileData), &limitFileData},
			{len(p.FileMIME), &limitFileMIME}, {len(p.FileName), &limitFileName}}, 4
	case ContentPartVideoRef:
		return [4]size{{len(p.VideoRef), &limitVideoRef}, {len(p.VideoMIME), &limitVideoMIME}}, 2
	case ContentPartAssistantRef:
		return [4]size{{len(p.AssistantRef), &limitAssistantRef}}, 1
	case ContentPartJSON:
		return [4]size{{len(p.Text), &limitJSONText}}, 1
	case ContentPartAnnotation:
		if a := p.Annotation; a != nil {
			return [4]size{{len(a.Type), &limitAnnotationType}, {len(a.Data), &limitAnnotationData}}, 2
		}
	}
	return s, 0
}

// bounds checks the size bounds the content part rules apply to p, for the
// fields of its kind, in their order.
func (p *ContentPart) bounds() problem {
	switch p.Kind {
	case ContentPartReasoning:
		if msg := p.Reasoning.bounds(); msg != "" {
			return fail(".Reasoning", msg)
		}
		return problem{}
	case ContentPartExtension:
		return p.Extension.bounds().under(".Extension")
	}
	s, n := p.sizes()
	return firstOver(s[:n]...)
}

// sizes returns the sizes of e's bounded fields, in Validate's order: the
// namespace (none when it is blank, which is not bounded) and the
// implementor, then the type and the data.
func (e *ExtensionContentPart) sizes() [4]size {
	ns := len(e.Namespace)
	if strings.TrimSpace(e.Namespace) == "" {
		ns = 0
	}
	return [...]size{
		{ns, &limitPartNamespace},
		{len(e.Implementor), &limitPartImplementor},
		{len(e.Type), &limitPartType},
		{len(e.Data), &limitPartData},
	}
}

// bounds checks the size bounds of e, which may be nil.
func (e *ExtensionContentPart) bounds() problem {
	if e == nil {
		return problem{}
	}
	s := e.sizes()
	return firstOver(s[:]...)
}

// check applies the rules of a non-nil extension content part, with fields
// relative to the part's Extension.
func (e *ExtensionContentPart) check() problem {
	if ns := strings.TrimSpace(e.Namespace); ns != "" && innerSpace(ns) {
		return fail(".Namespace", "namespace contains white space")
	}
	s := e.sizes()
	if p := firstOver(s[:2]...); p.failed() { // the namespace and the implementor
		return p
	}
	switch {
	case blank(e.Type):
		return fail(".Type", "extension type is required")
	case !strings.ContainsAny(e.Type, ":/"):
		return fail(".Type", "extension type lacks a vendor prefix")
	case outerSpace(e.Type):
		return fail(".Type", "extension type has leading or trailing white space")
	}
	if p := firstOver(s[2:]...); p.failed() { // the type and the data
		return p
	}
	switch {
	case len(e.Data) == 0:
		return fail(".Data", "extension data is required")
	case !validJSONWithinDepth(e.Data):
		return fail(".Data", "invalid JSON or nesting deeper than MaxJSONDepth")
	}
	return e.checkWireType()
}

// checkWireType checks that e's Data is an object whose "type" member is a
// string equal to Type, read as encoding/json reads it into a struct field
// tagged "type".
func (e *ExtensionContentPart) checkWireType() problem {
	var wire struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(e.Data, &wire); err != nil {
		return fail(".Data", "extension data is not an object with a string type")
	}
	if wire.Type != e.Type {
		return fail(".Data", "extension data type differs from the part type")
	}
	return problem{}
}
