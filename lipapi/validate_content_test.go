package lipapi

import (
	"encoding/json"
	"fmt"
	"testing"
)

// partRule is a mutation of one content part of the base call's assistant
// message (Items[iAssistant].Content[part]) and the failure it must produce
// at that part's path followed by suffix; an empty msg means valid.
type partRule struct {
	name   string
	part   int
	mutate func(*ContentPart)
	suffix string
	msg    string
}

func TestValidateContentPartRules(t *testing.T) {
	rows := []partRule{
		{"text required", cText, func(p *ContentPart) { p.Text = "" }, ".Text", "required"},
		{"text whitespace allowed", cText, func(p *ContentPart) { p.Text = " " }, "", ""},
		{"text at bound", cText, func(p *ContentPart) { p.Text = bytesOf(MaxPartTextBytes) }, "", ""},
		{"text over bound", cText, func(p *ContentPart) { p.Text = bytesOf(MaxPartTextBytes + 1) }, ".Text", "too long"},
		{"text ignores other fields", cText, func(p *ContentPart) { p.ImageRef, p.Refusal, p.FileData = "x", bytesOf(MaxPartTextBytes+1), "y" }, "", ""},
		{"summary required", cSummary, func(p *ContentPart) { p.Summary = "" }, ".Summary", "required"},
		{"summary over bound", cSummary, func(p *ContentPart) { p.Summary = bytesOf(MaxPartTextBytes + 1) }, ".Summary", "too long"},
		{"tool result text required", cToolResult, func(p *ContentPart) { p.Text = "" }, ".Text", "required"},
		{"tool result text over bound", cToolResult, func(p *ContentPart) { p.Text = bytesOf(MaxPartTextBytes + 1) }, ".Text", "too long"},
		{"refusal required", cRefusal, func(p *ContentPart) { p.Refusal = "" }, ".Refusal", "required"},
		{"refusal over bound", cRefusal, func(p *ContentPart) { p.Refusal = bytesOf(MaxPartTextBytes + 1) }, ".Refusal", "too long"},
		{"image ref required", cImage, func(p *ContentPart) { p.ImageRef = "" }, ".ImageRef", "required"},
		{"image ref at bound", cImage, func(p *ContentPart) { p.ImageRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"image ref over bound", cImage, func(p *ContentPart) { p.ImageRef = bytesOf(MaxRefStringBytes + 1) }, ".ImageRef", "too long"},
		{"image mime at bound", cImage, func(p *ContentPart) { p.ImageMIME = bytesOf(MaxRefStringBytes) }, "", ""},
		{"image mime over bound", cImage, func(p *ContentPart) { p.ImageMIME = bytesOf(MaxRefStringBytes + 1) }, ".ImageMIME", "too long"},
		{"file ref or data required", cFile, func(p *ContentPart) { p.FileRef = "" }, ".FileRef", "required"},
		{"file data alone allowed", cFile, func(p *ContentPart) { p.FileRef, p.FileData = "", "aGk=" }, "", ""},
		{"file ref at bound", cFile, func(p *ContentPart) { p.FileRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file ref over bound", cFile, func(p *ContentPart) { p.FileRef = bytesOf(MaxRefStringBytes + 1) }, ".FileRef", "too long"},
		{"file data at bound", cFile, func(p *ContentPart) { p.FileData = bytesOf(MaxFileDataBytes) }, "", ""},
		{"file data over bound", cFile, func(p *ContentPart) { p.FileData = bytesOf(MaxFileDataBytes + 1) }, ".FileData", "too long"},
		{"file mime at bound", cFile, func(p *ContentPart) { p.FileMIME = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file mime over bound", cFile, func(p *ContentPart) { p.FileMIME = bytesOf(MaxRefStringBytes + 1) }, ".FileMIME", "too long"},
		{"file name at bound", cFile, func(p *ContentPart) { p.FileName = bytesOf(MaxRefStringBytes) }, "", ""},
		{"file name over bound", cFile, func(p *ContentPart) { p.FileName = bytesOf(MaxRefStringBytes + 1) }, ".FileName", "too long"},
		{"video ref required", cVideo, func(p *ContentPart) { p.VideoRef = "" }, ".VideoRef", "required"},
		{"video ref at bound", cVideo, func(p *ContentPart) { p.VideoRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"video ref over bound", cVideo, func(p *ContentPart) { p.VideoRef = bytesOf(MaxRefStringBytes + 1) }, ".VideoRef", "too long"},
		{"video mime at bound", cVideo, func(p *ContentPart) { p.VideoMIME = bytesOf(MaxRefStringBytes) }, "", ""},
		{"video mime over bound", cVideo, func(p *ContentPart) { p.VideoMIME = bytesOf(MaxRefStringBytes + 1) }, ".VideoMIME", "too long"},
		{"assistant ref required", cAssistantRef, func(p *ContentPart) { p.AssistantRef = "" }, ".AssistantRef", "required"},
		{"assistant ref at bound", cAssistantRef, func(p *ContentPart) { p.AssistantRef = bytesOf(MaxRefStringBytes) }, "", ""},
		{"assistant ref over bound", cAssistantRef, func(p *ContentPart) { p.AssistantRef = bytesOf(MaxRefStringBytes + 1) }, ".AssistantRef", "too long"},
		{"json text required", cJSON, func(p *ContentPart) { p.Text = "" }, ".Text", "required"},
		{"json text at bound", cJSON, func(p *ContentPart) { p.Text = string(jsonString(MaxPartJSONBytes)) }, "", ""},
		{"json text over bound", cJSON, func(p *ContentPart) { p.Text = string(jsonString(MaxPartJSONBytes + 1)) }, ".Text", "too long"},
		{"json text invalid", cJSON, func(p *ContentPart) { p.Text = `{"a":}` }, ".Text", "not valid JSON"},
		{"json text has no depth bound", cJSON, func(p *ContentPart) { p.Text = nested(MaxJSONDepth + 100) }, "", ""},
		{"reasoning part missing", cReasoning, func(p *ContentPart) { p.Reasoning = nil }, ".Reasoning", "required"},
		{"annotation missing", cAnnotation, func(p *ContentPart) { p.Annotation = nil }, ".Annotation", "requires"},
		{"annotation empty allowed", cAnnotation, func(p *ContentPart) { p.Annotation = &AnnotationPart{} }, "", ""},
		{"annotation type at bound", cAnnotation, func(p *ContentPart) { p.Annotation.Type = bytesOf(MaxRefStringBytes) }, "", ""},
		{"annotation type over bound", cAnnotation, func(p *ContentPart) { p.Annotation.Type = bytesOf(MaxRefStringBytes + 1) }, ".Annotation.Type", "too long"},
		{"annotation data at bound", cAnnotation, func(p *ContentPart) { p.Annotation.Data = jsonString(MaxPartJSONBytes) }, "", ""},
		{"annotation data over bound", cAnnotation, func(p *ContentPart) { p.Annotation.Data = jsonString(MaxPartJSONBytes + 1) }, ".Annotation.Data", "too long"},
		{"annotation data invalid", cAnnotation, func(p *ContentPart) { p.Annotation.Data = raw(`{"url"}`) }, ".Annotation.Data", "invalid JSON"},
		{"annotation data too deep", cAnnotation, func(p *ContentPart) { p.Annotation.Data = raw(nested(MaxJSONDepth + 1)) }, ".Annotation.Data", "deeper"},
		{"extension missing", cExtension, func(p *ContentPart) { p.Extension = nil }, ".Extension", "requires"},
		{"extension namespace may be empty", cExtension, func(p *ContentPart) { p.Extension.Namespace = "" }, "", ""},
		{"extension namespace may be blank", cExtension, func(p *ContentPart) { p.Extension.Namespace = " \t " }, "", ""},
		{"extension namespace outer space allowed", cExtension, func(p *ContentPart) { p.Extension.Namespace = " acme " }, "", ""},
		{"extension namespace inner space", cExtension, func(p *ContentPart) { p.Extension.Namespace = "ac me" }, ".Extension.Namespace", "white space"},
		{"extension namespace inner tab", cExtension, func(p *ContentPart) { p.Extension.Namespace = "ac\tme" }, ".Extension.Namespace", "white space"},
		{"extension namespace inner CR", cExtension, func(p *ContentPart) { p.Extension.Namespace = "ac\rme" }, ".Extension.Namespace", "white space"},
		{"extension namespace inner LF", cExtension, func(p *ContentPart) { p.Extension.Namespace = "ac\nme" }, ".Extension.Namespace", "white space"},
		{"extension namespace at bound", cExtension, func(p *ContentPart) { p.Extension.Namespace = bytesOf(MaxExtensionNamespaceBytes) }, "", ""},
		{"extension namespace over bound", cExtension, func(p *ContentPart) { p.Extension.Namespace = bytesOf(MaxExtensionNamespaceBytes + 1) }, ".Extension.Namespace", "too long"},
		{"extension implementor at bound", cExtension, func(p *ContentPart) { p.Extension.Implementor = bytesOf(MaxExtensionImplementorBytes) }, "", ""},
		{"extension implementor over bound", cExtension, func(p *ContentPart) { p.Extension.Implementor = bytesOf(MaxExtensionImplementorBytes + 1) }, ".Extension.Implementor", "too long"},
		{"extension type blank", cExtension, func(p *ContentPart) { p.Extension.Type = " " }, ".Extension.Type", "required"},
		{"extension type without vendor prefix", cExtension, func(p *ContentPart) { setExtType(p, "widget") }, ".Extension.Type", "vendor prefix"},
		{"extension type with slash prefix", cExtension, func(p *ContentPart) { setExtType(p, "acme/widget") }, "", ""},
		{"extension type outer space", cExtension, func(p *ContentPart) { setExtType(p, "acme:widget ") }, ".Extension.Type", "white space"},
		{"extension type at bound", cExtension, func(p *ContentPart) { setExtType(p, "a:"+bytesOf(MaxExtensionTypeBytes-2)) }, "", ""},
		{"extension type over bound", cExtension, func(p *ContentPart) { setExtType(p, "a:"+bytesOf(MaxExtensionTypeBytes-1)) }, ".Extension.Type", "too long"},
		{"extension data at bound", cExtension, func(p *ContentPart) { p.Extension.Data = paddedWire(MaxExtensionDataBytes) }, "", ""},
		{"extension data over bound", cExtension, func(p *ContentPart) { p.Extension.Data = paddedWire(MaxExtensionDataBytes + 1) }, ".Extension.Data", "too long"},
		{"extension data required", cExtension, func(p *ContentPart) { p.Extension.Data = raw("") }, ".Extension.Data", "required"},
		{"extension data invalid", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":"acme:widget",}`) }, ".Extension.Data", "invalid JSON"},
		{"extension data too deep", cExtension, func(p *ContentPart) {
			p.Extension.Data = raw(`{"type":"acme:widget","x":` + nested(MaxJSONDepth) + `}`)
		}, ".Extension.Data", "deeper"},
		{"extension data at depth bound", cExtension, func(p *ContentPart) {
			p.Extension.Data = raw(`{"type":"acme:widget","x":` + nested(MaxJSONDepth-1) + `}`)
		}, "", ""},
		{"extension data not an object", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`["acme:widget"]`) }, ".Extension.Data", "not an object"},
		{"extension data type not a string", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":7}`) }, ".Extension.Data", "not an object"},
		{"extension data type mismatch", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":"acme:gadget"}`) }, ".Extension.Data", "differs"},
		{"extension data type missing", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"size":1}`) }, ".Extension.Data", "differs"},
		{"extension data null", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`null`) }, ".Extension.Data", "differs"},
		{"extension data type key matched as encoding/json does", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"TYPE":"acme:widget"}`) }, "", ""},
		// How the type member is read, the same on every toolchain (on the
		// v1 and the json/v2 engine of encoding/json alike).
		{"extension data type: the last of case variants wins", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":"acme:gadget","tYpE":"acme:widget"}`) }, "", ""},
		{"extension data type: an earlier case variant loses", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"Type":"acme:widget","type":"acme:gadget"}`) }, ".Extension.Data", "differs"},
		{"extension data type: a later null keeps the value", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":"acme:widget","TYPE":null}`) }, "", ""},
		{"extension data type: a later non-string fails", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"type":"acme:widget","type":7}`) }, ".Extension.Data", "not an object"},
		{"extension data type: an escaped name matches", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"typ\u0065":"acme:widget"}`) }, "", ""},
		{"extension data type: a name with a delimiter does not match", cExtension, func(p *ContentPart) { p.Extension.Data = raw(`{"ty_pe":"acme:widget"}`) }, ".Extension.Data", "differs"},
		{"extension data type: invalid UTF-8 reads as U+FFFD, then fails the text rule", cExtension, func(p *ContentPart) {
			p.Extension.Type, p.Extension.Data = "acme:w\uFFFD", raw("{\"type\":\"acme:w\xff\"}")
		}, ".Extension.Data", "not valid UTF-8"},
		{"extension data type: invalid UTF-8 never equals itself", cExtension, func(p *ContentPart) {
			p.Extension.Type, p.Extension.Data = "acme:w\xff", raw("{\"type\":\"acme:w\xff\"}")
		}, ".Extension.Data", "differs"},
		{"extension data type: an unpaired surrogate escape reads as U+FFFD", cExtension, func(p *ContentPart) {
			p.Extension.Type, p.Extension.Data = "acme:w\uFFFD", raw(`{"type":"acme:w\ud800"}`)
		}, "", ""},
		{"content part kind required", cText, func(p *ContentPart) { p.Kind = "" }, ".Kind", "required"},
		{"unknown content part kind", cText, func(p *ContentPart) { p.Kind = "audio" }, ".Kind", "unknown"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			c := itemCall()
			r.mutate(&c.Items[iAssistant].Content[r.part])
			field := ""
			if r.msg != "" {
				field = fmt.Sprintf("Items[%d].Content[%d]%s", iAssistant, r.part, r.suffix)
			}
			checkValidate(t, c, field, r.msg)
		})
	}
}

// setExtType sets the Type of an extension part and the type member of its
// data to typ.
func setExtType(p *ContentPart, typ string) {
	p.Extension.Type = typ
	b, err := json.Marshal(struct {
		Type string `json:"type"`
	}{typ})
	if err != nil {
		panic(err)
	}
	p.Extension.Data = b
}

// paddedWire returns extension data of exactly n bytes whose type member is
// "acme:widget".
func paddedWire(n int) json.RawMessage {
	head, tail := `{"type":"acme:widget","pad":"`, `"}`
	return raw(head + bytesOf(n-len(head)-len(tail)) + tail)
}
