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
		return requiredText(".Text", p.Text)
	case ContentPartSummary:
		return requiredText(".Summary", p.Summary)
	case ContentPartRefusal:
		return requiredText(".Refusal", p.Refusal)
	case ContentPartImageRef:
		switch {
		case p.ImageRef == "":
			return fail(".ImageRef", "image reference is required")
		case len(p.ImageRef) > MaxRefStringBytes:
			return fail(".ImageRef", "image reference is too long")
		case len(p.ImageMIME) > MaxRefStringBytes:
			return fail(".ImageMIME", "image media type is too long")
		}
	case ContentPartFileRef:
		switch {
		case p.FileRef == "" && p.FileData == "":
			return fail(".FileRef", "file reference or file data is required")
		case len(p.FileRef) > MaxRefStringBytes:
			return fail(".FileRef", "file reference is too long")
		case len(p.FileData) > MaxFileDataBytes:
			return fail(".FileData", "file data is too long")
		case len(p.FileMIME) > MaxRefStringBytes:
			return fail(".FileMIME", "file media type is too long")
		case len(p.FileName) > MaxRefStringBytes:
			return fail(".FileName", "file name is too long")
		}
	case ContentPartVideoRef:
		switch {
		case p.VideoRef == "":
			return fail(".VideoRef", "video reference is required")
		case len(p.VideoRef) > MaxRefStringBytes:
			return fail(".VideoRef", "video reference is too long")
		case len(p.VideoMIME) > MaxRefStringBytes:
			return fail(".VideoMIME", "video media type is too long")
		}
	case ContentPartAssistantRef:
		switch {
		case p.AssistantRef == "":
			return fail(".AssistantRef", "assistant reference is required")
		case len(p.AssistantRef) > MaxRefStringBytes:
			return fail(".AssistantRef", "assistant reference is too long")
		}
	case ContentPartJSON:
		switch {
		case p.Text == "":
			return fail(".Text", "json text is required")
		case len(p.Text) > MaxPartJSONBytes:
			return fail(".Text", "json text is too long")
		case !validJSONString(p.Text):
			return fail(".Text", "json text is not valid JSON")
		}
	case ContentPartReasoning:
		if msg := p.Reasoning.check(); msg != "" {
			return fail(".Reasoning", msg)
		}
	case ContentPartAnnotation:
		a := p.Annotation
		switch {
		case a == nil:
			return fail(".Annotation", "annotation part requires an annotation")
		case len(a.Type) > MaxRefStringBytes:
			return fail(".Annotation.Type", "annotation type is too long")
		}
		return boundedJSON(".Annotation.Data", a.Data, MaxPartJSONBytes)
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
	return problem{}
}

// requiredText checks a text field that must be non-empty and at most
// MaxPartTextBytes.
func requiredText(field, s string) problem {
	if s == "" {
		return fail(field, "text is required")
	}
	if len(s) > MaxPartTextBytes {
		return fail(field, "text is too long")
	}
	return problem{}
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
