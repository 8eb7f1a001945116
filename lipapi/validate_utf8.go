package lipapi

import (
	"encoding/json"
	"unicode/utf8"
)

// The text rule, Validate's last: every string and raw JSON value of a
// call is valid UTF-8, whatever its kind uses (Message.Metadata, which is
// never serialized, excepted). It is checked after every other rule, so
// that the first failure of a call holding invalid UTF-8 and breaking
// another rule stays that rule. Kinds, roles, statuses and phases are
// checked against their lists before, which hold ASCII only.

// Messages of the text rule.
const (
	msgStringNotUTF8 = "string is not valid UTF-8"
	msgJSONNotUTF8   = "JSON value is not valid UTF-8"
)

// textUTF8 returns the problem of field, a string at path, when it is not
// valid UTF-8.
func textUTF8(path, field string) problem {
	if utf8.ValidString(field) {
		return problem{}
	}
	return fail(path, msgStringNotUTF8)
}

// rawUTF8 returns the problem of raw, a JSON value at path, when it is not
// valid UTF-8.
func rawUTF8(path string, raw json.RawMessage) problem {
	if utf8.Valid(raw) {
		return problem{}
	}
	return fail(path, msgJSONNotUTF8)
}

// firstFailed returns the first of ps that failed, or none.
func firstFailed(ps ...problem) problem {
	for _, p := range ps {
		if p.failed() {
			return p
		}
	}
	return problem{}
}

// checkUTF8 applies the text rule to c.
func (c *Call) checkUTF8() problem {
	if p := firstFailed(textUTF8("ID", c.ID), textUTF8("PreviousResponseID", c.PreviousResponseID)); p.failed() {
		return p
	}
	if p := each("Items", c.Items, (*Item).checkUTF8); p.failed() {
		return p
	}
	return c.eachList(messagesUTF8)
}

// messagesUTF8 applies the text rule to the parts of the messages of the
// list named list.
func messagesUTF8(list string, msgs []Message) problem {
	for i := range msgs {
		for j := range msgs[i].Parts {
			if p := msgs[i].Parts[j].checkUTF8(); p.failed() {
				return p.under(indexed(indexed(list, i)+".Parts", j))
			}
		}
	}
	return problem{}
}

// checkUTF8 applies the text rule to a legacy part.
func (p *Part) checkUTF8() problem {
	return firstFailed(textUTF8(".Text", p.Text), textUTF8(".ImageRef", p.ImageRef),
		textUTF8(".ImageMIME", p.ImageMIME), textUTF8(".FileRef", p.FileRef),
		textUTF8(".FileMIME", p.FileMIME), textUTF8(".FileName", p.FileName),
		textUTF8(".ToolCallID", p.ToolCallID), textUTF8(".ToolName", p.ToolName),
		rawUTF8(".Content", p.Content), p.Reasoning.checkUTF8().under(".Reasoning"))
}

// checkUTF8 applies the text rule to an item and its variant.
func (it *Item) checkUTF8() problem {
	if p := textUTF8(".ID", it.ID); p.failed() {
		return p
	}
	if p := each(".Content", it.Content, (*ContentPart).checkUTF8); p.failed() {
		return p
	}
	if r := it.Reference; r != nil {
		if p := textUTF8(".Reference.ID", r.ID); p.failed() {
			return p
		}
	}
	if tc := it.ToolCall; tc != nil {
		p := firstFailed(textUTF8(".ToolCall.CallID", tc.CallID), textUTF8(".ToolCall.Name", tc.Name),
			rawUTF8(".ToolCall.Arguments", tc.Arguments))
		if p.failed() {
			return p
		}
	}
	if p := it.ToolResult.checkUTF8(); p.failed() {
		return p
	}
	if it.Reasoning != nil {
		if p := it.Reasoning.Reasoning.checkUTF8(); p.failed() {
			return p.under(".Reasoning.Reasoning")
		}
	}
	if p := it.Compaction.checkUTF8(); p.failed() {
		return p
	}
	return it.Extension.checkUTF8()
}

// checkUTF8 applies the text rule to a tool result, which may be nil.
func (tr *ToolResultItem) checkUTF8() problem {
	if tr == nil {
		return problem{}
	}
	p := firstFailed(textUTF8(".ToolResult.CallID", tr.CallID), textUTF8(".ToolResult.Name", tr.Name),
		textUTF8(".ToolResult.Output", tr.Output))
	if p.failed() {
		return p
	}
	return each(".ToolResult.Parts", tr.Parts, (*ContentPart).checkUTF8)
}

// checkUTF8 applies the text rule to a compaction, which may be nil.
func (cp *CompactionItem) checkUTF8() problem {
	if cp == nil {
		return problem{}
	}
	return firstFailed(textUTF8(".Compaction.EncapsulatedID", cp.EncapsulatedID),
		textUTF8(".Compaction.Dialect", cp.Dialect), textUTF8(".Compaction.Implementor", cp.Implementor),
		textUTF8(".Compaction.EncryptedContent", cp.EncryptedContent), rawUTF8(".Compaction.Opaque", cp.Opaque))
}

// checkUTF8 applies the text rule to an extension item, which may be nil.
func (ext *OpaqueExtension) checkUTF8() problem {
	if ext == nil {
		return problem{}
	}
	return firstFailed(textUTF8(".Extension.Namespace", ext.Namespace), textUTF8(".Extension.Type", ext.Type),
		textUTF8(".Extension.Implementor", ext.Implementor), textUTF8(".Extension.Direction", ext.Direction),
		rawUTF8(".Extension.Data", ext.Data))
}

// checkUTF8 applies the text rule to a content part.
func (cp *ContentPart) checkUTF8() problem {
	return firstFailed(textUTF8(".Text", cp.Text), textUTF8(".ImageRef", cp.ImageRef),
		textUTF8(".ImageMIME", cp.ImageMIME), textUTF8(".FileRef", cp.FileRef),
		textUTF8(".FileData", cp.FileData), textUTF8(".FileMIME", cp.FileMIME),
		textUTF8(".FileName", cp.FileName), textUTF8(".VideoRef", cp.VideoRef),
		textUTF8(".VideoMIME", cp.VideoMIME), textUTF8(".Refusal", cp.Refusal),
		textUTF8(".Summary", cp.Summary), textUTF8(".AssistantRef", cp.AssistantRef),
		cp.Annotation.checkUTF8(), cp.Extension.checkUTF8(), cp.Reasoning.checkUTF8().under(".Reasoning"))
}

// checkUTF8 applies the text rule to an annotation, which may be nil.
func (a *AnnotationPart) checkUTF8() problem {
	if a == nil {
		return problem{}
	}
	return firstFailed(textUTF8(".Annotation.Type", a.Type), rawUTF8(".Annotation.Data", a.Data))
}

// checkUTF8 applies the text rule to an extension part, which may be nil.
func (e *ExtensionContentPart) checkUTF8() problem {
	if e == nil {
		return problem{}
	}
	return firstFailed(textUTF8(".Extension.Namespace", e.Namespace), textUTF8(".Extension.Type", e.Type),
		textUTF8(".Extension.Implementor", e.Implementor), rawUTF8(".Extension.Data", e.Data))
}

// checkUTF8 applies the text rule to a reasoning payload, which may be
// nil; paths are relative to the payload.
func (r *ReasoningPart) checkUTF8() problem {
	if r == nil {
		return problem{}
	}
	return firstFailed(textUTF8(".Dialect", string(r.Dialect)), textUTF8(".Text", r.Text),
		textUTF8(".Signature", r.Signature), rawUTF8(".Opaque", r.Opaque), rawUTF8(".Summary", r.Summary),
		rawUTF8(".Content", r.Content), rawUTF8(".EncryptedContent", r.EncryptedContent))
}
