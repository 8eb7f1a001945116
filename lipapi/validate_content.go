package lipapi

import (
	"encoding/json"
	"strings"
)

// check applies the content part rules to p, with fields relative to the
// part. Only the fields its kind uses are checked.
func (p *ContentPart) check() problem {
	switch p.Kind {
	case ContentPartText, ContentPartToolResult: // the common case, at once
		if p.Text == "" {
			return fail(".Text", "text is required")
		}
		return limitText.check(len(p.Text))
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

// bounds checks the size bounds the content part rules apply to p, for the
// fields of its kind, in their order.
func (p *ContentPart) bounds() problem {
	switch p.Kind {
	case ContentPartReasoning:
		if l := p.Reasoning.boundsOver(); l != nil {
			return fail(".Reasoning", l.msg)
		}
		return problem{}
	case ContentPartExtension:
		return p.Extension.bounds().under(".Extension")
	case ContentPartAnnotation:
		if a := p.Annotation; a != nil {
			return sizeProblem(limitAnnotationType.of(len(a.Type)), limitAnnotationData.of(len(a.Data)))
		}
		return problem{}
	}
	return p.referenceBounds()
}

// referenceBounds checks the bounds of the text or the references of a
// part of a kind other than reasoning, extension and annotation.
func (p *ContentPart) referenceBounds() problem {
	switch p.Kind {
	case ContentPartText, ContentPartToolResult:
		return limitText.check(len(p.Text))
	case ContentPartSummary:
		return limitSummary.check(len(p.Summary))
	case ContentPartRefusal:
		return limitRefusal.check(len(p.Refusal))
	case ContentPartImageRef:
		return sizeProblem(limitImageRef.of(len(p.ImageRef)), limitImageMIME.of(len(p.ImageMIME)))
	case ContentPartFileRef:
		return p.fileBounds()
	case ContentPartVideoRef:
		return sizeProblem(limitVideoRef.of(len(p.VideoRef)), limitVideoMIME.of(len(p.VideoMIME)))
	case ContentPartAssistantRef:
		return limitAssistantRef.check(len(p.AssistantRef))
	case ContentPartJSON:
		return limitJSONText.check(len(p.Text))
	}
	return problem{}
}

// fileBounds checks the bounds of a file part's reference, data, media type
// and name.
func (p *ContentPart) fileBounds() problem {
	return sizeProblem(
		limitFileRef.of(len(p.FileRef)), limitFileData.of(len(p.FileData)),
		limitFileMIME.of(len(p.FileMIME)), limitFileName.of(len(p.FileName)),
	)
}

// earlyBounds checks the bounds of e's namespace, when it is not blank
// (Validate does not bound a blank one), and implementor, which come
// before the type's rules.
func (e *ExtensionContentPart) earlyBounds() problem {
	if limitPartNamespace.over(len(e.Namespace)) && strings.TrimSpace(e.Namespace) != "" {
		return limitPartNamespace.fail()
	}
	return limitPartImplementor.check(len(e.Implementor))
}

// laterBounds checks the bounds of e's type and data.
func (e *ExtensionContentPart) laterBounds() problem {
	return sizeProblem(limitPartType.of(len(e.Type)), limitPartData.of(len(e.Data)))
}

// bounds checks the size bounds of e, which may be nil.
func (e *ExtensionContentPart) bounds() problem {
	if e == nil {
		return problem{}
	}
	if q := e.earlyBounds(); q.failed() {
		return q
	}
	return e.laterBounds()
}

// check applies the rules of a non-nil extension content part, with fields
// relative to the part's Extension.
func (e *ExtensionContentPart) check() problem {
	if ns := strings.TrimSpace(e.Namespace); ns != "" && innerSpace(ns) {
		return fail(".Namespace", "namespace contains white space")
	}
	if p := e.earlyBounds(); p.failed() {
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
	if p := e.laterBounds(); p.failed() {
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
