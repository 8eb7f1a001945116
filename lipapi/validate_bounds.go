package lipapi

import "strings"

// CheckBounds reports whether c is within the count and size bounds that
// [Call.Validate] enforces, judging from lengths alone: it parses no JSON,
// copies and allocates nothing (unless it fails) and runs in time linear in
// the number of c's items, messages and parts, whatever their sizes. It
// returns nil or the [*ValidationError] (wrapping [ErrInvalidCall]) of the
// first bound c exceeds, with the Field and Message Validate gives for that
// bound.
//
// The bounds are those of c's authority, checked in Validate's order: the
// call ID and the item, message and instruction counts; the part counts; the
// byte length of every field the rules of a unit's kind bound (the content
// parts of message items, tool calls and results, reasoning payloads,
// compactions, extensions); and the per-call reasoning budget. Two bounds
// need more than a length and are left to Validate: the nesting of JSON
// values (MaxJSONDepth) and the length of a reasoning dialect once
// normalized (CheckBounds bounds the dialect as given, which a valid call,
// whose dialects are normalized, keeps too).
//
// Every call that passes Validate passes CheckBounds, and when the first rule
// a call breaks is a bound CheckBounds checks, both return the same error. A
// call within its bounds may still break other rules. CheckBounds is the
// cheap first gate for code about to hash, copy or parse a call: an
// oversized call is rejected before any work proportional to its size.
func (c Call) CheckBounds() error {
	var p problem
	if c.HasItemAuthority() {
		p = c.itemBounds()
	} else {
		p = c.legacyBounds()
	}
	if !p.failed() {
		return nil
	}
	return &ValidationError{Field: p.field, Message: p.msg}
}

// Validate runs most bound checks of this file as steps of its own rules
// (envelopes, parts, compactions, reasoning sizes); the bounds it
// interleaves with other rules (tool calls and results, extensions) are
// restated here in its order, and the tests check that both agree.

// itemEnvelopeBounds checks the envelope bounds of an item-authority call.
func (c *Call) itemEnvelopeBounds() problem {
	if len(c.ID) > MaxCallIDBytes {
		return fail("ID", "call id is too long")
	}
	if len(c.Items) > MaxItems {
		return fail("Items", "too many items")
	}
	return problem{}
}

// itemBounds checks the bounds of a call under item authority, in the order
// of validateItems: envelope, then each item's own bounds and the running
// reasoning budget.
func (c *Call) itemBounds() problem {
	if p := c.itemEnvelopeBounds(); p.failed() {
		return p
	}
	total := 0
	for i := range c.Items {
		it := &c.Items[i]
		if p := it.bounds(); p.failed() {
			return p.under(indexed("Items", i))
		}
		if !addItemReasoning(&total, it) {
			return fail(indexed("Items", i), "reasoning payload exceeds the per-call budget")
		}
	}
	return problem{}
}

// bounds checks the size bounds the item rules apply to it, in their order,
// for the fields its kind uses (the fields of other kinds are not bounded by
// Validate either: they make the item invalid whatever their size).
func (it *Item) bounds() problem {
	if len(it.ID) > MaxItemReferenceIDBytes {
		return fail(".ID", "item id is too long")
	}
	switch it.Kind {
	case ItemKindMessage:
		if len(it.Content) > MaxContentPartsPerItem {
			return fail(".Content", "too many content parts")
		}
		return contentBounds(".Content", it.Content)
	case ItemKindItemReference:
		if it.Reference != nil && len(it.Reference.ID) > MaxItemReferenceIDBytes {
			return fail(".Reference.ID", "item reference id is too long")
		}
	case ItemKindToolCall:
		if tc := it.ToolCall; tc != nil {
			switch {
			case len(tc.CallID) > MaxRefStringBytes:
				return fail(".ToolCall.CallID", "call id is too long")
			case len(tc.Name) > MaxToolNameBytes:
				return fail(".ToolCall.Name", "tool name is too long")
			}
			return jsonBound(".ToolCall.Arguments", tc.Arguments, MaxToolParametersBytes)
		}
	case ItemKindToolResult:
		if tr := it.ToolResult; tr != nil {
			switch {
			case len(tr.CallID) > MaxRefStringBytes:
				return fail(".ToolResult.CallID", "call id is too long")
			case len(tr.Name) > MaxToolNameBytes:
				return fail(".ToolResult.Name", "tool name is too long")
			case len(tr.Output) > MaxPartTextBytes:
				return fail(".ToolResult.Output", "output is too long")
			case len(tr.Parts) > MaxContentPartsPerItem:
				return fail(".ToolResult.Parts", "too many parts")
			}
			return contentBounds(".ToolResult.Parts", tr.Parts)
		}
	case ItemKindReasoning:
		if it.Reasoning != nil {
			if msg := it.Reasoning.Reasoning.bounds(); msg != "" {
				return fail(".Reasoning", msg)
			}
		}
	case ItemKindCompaction:
		if it.Compaction != nil {
			return it.Compaction.bounds()
		}
	case ItemKindExtension:
		if ext := it.Extension; ext != nil {
			switch {
			case len(ext.Namespace) > MaxExtensionNamespaceBytes:
				return fail(".Extension.Namespace", "namespace is too long")
			case len(ext.Type) > MaxExtensionTypeBytes:
				return fail(".Extension.Type", "extension type is too long")
			case len(ext.Implementor) > MaxExtensionImplementorBytes:
				return fail(".Extension.Implementor", "implementor is too long")
			case len(ext.Direction) > MaxExtensionDirectionBytes:
				return fail(".Extension.Direction", "direction is too long")
			}
			return jsonBound(".Extension.Data", ext.Data, MaxExtensionDataBytes)
		}
	}
	return problem{}
}

// bounds checks the size bounds of a non-nil compaction payload.
func (cp *CompactionItem) bounds() problem {
	switch {
	case len(cp.EncapsulatedID) > MaxRefStringBytes:
		return fail(".Compaction.EncapsulatedID", "encapsulated id is too long")
	case len(cp.Dialect) > MaxCompactionDialectBytes:
		return fail(".Compaction.Dialect", "compaction dialect is too long")
	case len(cp.Implementor) > MaxExtensionImplementorBytes:
		return fail(".Compaction.Implementor", "implementor is too long")
	case len(cp.EncryptedContent) > MaxCompactionEncryptedContentBytes:
		return fail(".Compaction.EncryptedContent", "encrypted content is too long")
	}
	return jsonBound(".Compaction.Opaque", cp.Opaque, MaxPartJSONBytes)
}

// contentBounds checks the size bounds of each of parts, the slice at the
// relative path name.
func contentBounds(name string, parts []ContentPart) problem {
	for j := range parts {
		if p := parts[j].bounds(); p.failed() {
			return p.under(indexed(name, j))
		}
	}
	return problem{}
}

// bounds checks the size bounds the content part rules apply to p, for the
// fields of its kind, in their order. Validate runs them right after the
// presence checks, except for reasoning and extension parts, whose rules
// interleave sizes with other checks.
func (p *ContentPart) bounds() problem {
	switch p.Kind {
	case ContentPartText, ContentPartToolResult:
		return textBound(".Text", p.Text)
	case ContentPartSummary:
		return textBound(".Summary", p.Summary)
	case ContentPartRefusal:
		return textBound(".Refusal", p.Refusal)
	case ContentPartImageRef:
		switch {
		case len(p.ImageRef) > MaxRefStringBytes:
			return fail(".ImageRef", "image reference is too long")
		case len(p.ImageMIME) > MaxRefStringBytes:
			return fail(".ImageMIME", "image media type is too long")
		}
	case ContentPartFileRef:
		switch {
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
		case len(p.VideoRef) > MaxRefStringBytes:
			return fail(".VideoRef", "video reference is too long")
		case len(p.VideoMIME) > MaxRefStringBytes:
			return fail(".VideoMIME", "video media type is too long")
		}
	case ContentPartAssistantRef:
		if len(p.AssistantRef) > MaxRefStringBytes {
			return fail(".AssistantRef", "assistant reference is too long")
		}
	case ContentPartJSON:
		if len(p.Text) > MaxPartJSONBytes {
			return fail(".Text", "json text is too long")
		}
	case ContentPartReasoning:
		if msg := p.Reasoning.bounds(); msg != "" {
			return fail(".Reasoning", msg)
		}
	case ContentPartAnnotation:
		if a := p.Annotation; a != nil {
			if len(a.Type) > MaxRefStringBytes {
				return fail(".Annotation.Type", "annotation type is too long")
			}
			return jsonBound(".Annotation.Data", a.Data, MaxPartJSONBytes)
		}
	case ContentPartExtension:
		if e := p.Extension; e != nil {
			// Validate bounds a namespace only when it is not blank.
			switch {
			case len(e.Namespace) > MaxExtensionNamespaceBytes && strings.TrimSpace(e.Namespace) != "":
				return fail(".Extension.Namespace", "namespace is too long")
			case len(e.Implementor) > MaxExtensionImplementorBytes:
				return fail(".Extension.Implementor", "implementor is too long")
			case len(e.Type) > MaxExtensionTypeBytes:
				return fail(".Extension.Type", "extension type is too long")
			case len(e.Data) > MaxExtensionDataBytes:
				return fail(".Extension.Data", "extension data is too long")
			}
		}
	}
	return problem{}
}

// textBound checks a text field bounded by MaxPartTextBytes.
func textBound(field, s string) problem {
	if len(s) > MaxPartTextBytes {
		return fail(field, "text is too long")
	}
	return problem{}
}

// bounds returns the reason the sizes of r, which may be nil, break the
// reasoning rules (in their order, the dialect as given), or "".
func (r *ReasoningPart) bounds() string {
	switch {
	case r == nil:
		return ""
	case len(r.Dialect) > MaxReasoningDialectBytes:
		return "reasoning dialect is too long"
	}
	return r.sizeBounds()
}

// sizeBounds returns the reason the payload sizes of a non-nil r break the
// reasoning rules, in their order, or "".
func (r *ReasoningPart) sizeBounds() string {
	switch {
	case len(r.Text) > MaxReasoningTextBytes:
		return "reasoning text is too long"
	case len(r.Signature) > MaxReasoningSignatureBytes:
		return "reasoning signature is too long"
	case len(r.Opaque) > MaxReasoningOpaqueBytes:
		return "reasoning opaque payload is too long"
	}
	return r.jsonBounds()
}

// jsonBounds returns the reason the JSON payloads of a non-nil r exceed
// MaxPartJSONBytes, or "".
func (r *ReasoningPart) jsonBounds() string {
	switch {
	case len(r.Summary) > MaxPartJSONBytes:
		return "reasoning summary is too long"
	case len(r.Content) > MaxPartJSONBytes:
		return "reasoning content is too long"
	case len(r.EncryptedContent) > MaxPartJSONBytes:
		return "reasoning encrypted content is too long"
	}
	return ""
}

// legacySizes checks the envelope of a legacy call and every size bound of
// its parts: the first step of validateLegacy after the presence of
// messages.
func (c *Call) legacySizes() problem {
	switch {
	case len(c.ID) > MaxCallIDBytes:
		return fail("ID", "call id is too long")
	case len(c.Messages) > MaxMessages:
		return fail("Messages", "too many messages")
	case len(c.Instructions) > MaxInstructionMessages:
		return fail("Instructions", "too many instruction messages")
	}
	if p := checkMessageSizes("Messages", c.Messages); p.failed() {
		return p
	}
	return checkMessageSizes("Instructions", c.Instructions)
}

// legacyBounds checks the bounds of a call under legacy authority, in the
// order of validateLegacy: the envelope and every size bound of the parts,
// then, in the order of the semantic pass, the JSON payload bounds of the
// reasoning parts and the running reasoning budget.
func (c *Call) legacyBounds() problem {
	if p := c.legacySizes(); p.failed() {
		return p
	}
	total := 0
	if p := reasoningBounds("Messages", c.Messages, &total); p.failed() {
		return p
	}
	return reasoningBounds("Instructions", c.Instructions, &total)
}

// reasoningBounds checks, for each reasoning part of the messages of the
// list named list, the bounds of its JSON payloads and then the running
// budget *total.
func reasoningBounds(list string, msgs []Message, total *int) problem {
	for i := range msgs {
		for j := range msgs[i].Parts {
			p := &msgs[i].Parts[j]
			if p.Kind != PartReasoning || p.Reasoning == nil {
				continue
			}
			msg := p.Reasoning.jsonBounds()
			if msg == "" && !addReasoning(total, p.Reasoning) {
				msg = "reasoning payload exceeds the per-call budget"
			}
			if msg != "" {
				return fail(indexed(indexed(list, i)+".Parts", j), msg)
			}
		}
	}
	return problem{}
}
