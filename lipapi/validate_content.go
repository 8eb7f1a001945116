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
	case ContentPartText, ContentPartToolResult:
		if p.Text == "" {
			return fail(".Text", "text is required")
		}
	case ContentPartSummary:
		if p.Summary == "" {
			return fail(".Summary", "text is required")
		}
	case ContentPartRefusal:
		if p.Refusal == "" {
			return fail(".Refusal", "text is required")
		}
	case ContentPartImageRef:
		if p.ImageRef == "" {
			return fail(".ImageRef", "image reference is required")
		}
	case ContentPartFileRef:
		if p.FileRef == "" && p.FileData == "" {
			return fail(".FileRef", "file reference or file data is required")
		}
	case ContentPartVideoRef:
		if p.VideoRef == "" {
			return fail(".VideoRef", "video reference is required")
		}
	case ContentPartAssistantRef:
		if p.AssistantRef == "" {
			return fail(".AssistantRef", "assistant reference is required")
		}
	case ContentPartJSON:
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
	case "":
		return fail(".Kind", "content part kind is required")
	default:
		return fail(".Kind", "unknown content part kind")
	}
	return p.bounds()
}

// check applies the rules of a non-nil extension content part, with fields
// relative to the part's Extension.
func (e *ExtensionContentPart) check() problem {
	if ns := strings.TrimSpace(e.Namespace); ns != "" {
		if innerSpace(ns) {
			return fail(".Namespace", "namespace contains white space")
		}
		if len(e.Namespace) > MaxExtensionNamespaceBytes {
			return fail(".Namespace", "namespace is too long")
		}
	}
	switch {
	case len(e.Implementor) > MaxExtensionImplementorBytes:
		return fail(".Implementor", "implementor is too long")
	case blank(e.Type):
		return fail(".Type", "extension type is required")
	case !strings.ContainsAny(e.Type, ":/"):
		return fail(".Type", "extension type lacks a vendor prefix")
	case outerSpace(e.Type):
		return fail(".Type", "extension type has leading or trailing white space")
	case len(e.Type) > MaxExtensionTypeBytes:
		return fail(".Type", "extension type is too long")
	case len(e.Data) > MaxExtensionDataBytes:
		return fail(".Data", "extension data is too long")
	case len(e.Data) == 0:
		return fail(".Data", "extension data is required")
	case !validJSONWithinDepth(e.Data):
		return fail(".Data", "invalid JSON or nesting deeper than MaxJSONDepth")
	}
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
