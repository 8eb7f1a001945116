package lipapi

import "strings"

// check applies the item rules to it, with fields relative to the item.
func (it *Item) check() problem {
	if len(it.ID) > MaxItemReferenceIDBytes {
		return fail(".ID", "item id is too long")
	}
	if it.Status != "" && !it.Status.valid() {
		return fail(".Status", "invalid item status")
	}
	if it.Phase != "" && !it.Phase.valid() {
		return fail(".Phase", "invalid assistant phase")
	}
	if it.Phase != "" && (it.Kind != ItemKindMessage || it.Role != RoleAssistant) {
		return fail(".Phase", "phase is only allowed on assistant message items")
	}
	switch it.Kind {
	case ItemKindMessage:
		return it.checkMessage()
	case "":
		return fail(".Kind", "item kind is required")
	}
	own, known := it.ownVariant()
	if !known {
		return fail(".Kind", "unknown item kind")
	}
	n := it.variantCount()
	if own {
		n--
	}
	if n != 0 || len(it.Content) != 0 || it.Role != "" {
		return fail("", "item carries fields of another kind")
	}
	switch it.Kind {
	case ItemKindItemReference:
		if it.Reference == nil || blank(it.Reference.ID) {
			return fail(".Reference.ID", "item reference id is required")
		}
		if len(it.Reference.ID) > MaxItemReferenceIDBytes {
			return fail(".Reference.ID", "item reference id is too long")
		}
		return problem{}
	case ItemKindToolCall:
		return it.ToolCall.check()
	case ItemKindToolResult:
		return it.ToolResult.check()
	case ItemKindReasoning:
		if it.Reasoning == nil {
			return fail(".Reasoning", "reasoning item requires a payload")
		}
		if msg := it.Reasoning.Reasoning.check(); msg != "" {
			return fail(".Reasoning", msg)
		}
		return problem{}
	case ItemKindCompaction:
		return it.Compaction.check()
	default: // ItemKindExtension
		return it.Extension.check()
	}
}

// ownVariant reports, for a non-message kind, whether the variant pointer
// named after it.Kind is set; known is false for an unknown kind.
func (it *Item) ownVariant() (own, known bool) {
	switch it.Kind {
	case ItemKindItemReference:
		return it.Reference != nil, true
	case ItemKindToolCall:
		return it.ToolCall != nil, true
	case ItemKindToolResult:
		return it.ToolResult != nil, true
	case ItemKindReasoning:
		return it.Reasoning != nil, true
	case ItemKindCompaction:
		return it.Compaction != nil, true
	case ItemKindExtension:
		return it.Extension != nil, true
	}
	return false, false
}

// variantCount returns the number of non-nil variant pointers of it.
func (it *Item) variantCount() int {
	n := 0
	for _, set := range [...]bool{
		it.Reference != nil, it.ToolCall != nil, it.ToolResult != nil,
		it.Reasoning != nil, it.Compaction != nil, it.Extension != nil,
	} {
		if set {
			n++
		}
	}
	return n
}

// checkMessage applies the rules of a message item.
func (it *Item) checkMessage() problem {
	if it.variantCount() != 0 {
		return fail("", "message item carries a variant payload")
	}
	if it.Role == "" {
		return fail(".Role", "role is required")
	}
	if !it.Role.valid() {
		return fail(".Role", "invalid role")
	}
	if len(it.Content) == 0 {
		return fail(".Content", "content is required")
	}
	if len(it.Content) > MaxContentPartsPerItem {
		return fail(".Content", "too many content parts")
	}
	return checkContentParts(".Content", it.Content)
}

// check applies the rules of a tool_call item's payload, which may be nil.
func (tc *ToolCallItem) check() problem {
	switch {
	case tc == nil:
		return fail(".ToolCall", "tool_call item requires a tool call")
	case blank(tc.CallID):
		return fail(".ToolCall.CallID", "call id is required")
	case blank(tc.Name):
		return fail(".ToolCall.Name", "tool name is required")
	case len(tc.CallID) > MaxRefStringBytes:
		return fail(".ToolCall.CallID", "call id is too long")
	case len(tc.Name) > MaxToolNameBytes:
		return fail(".ToolCall.Name", "tool name is too long")
	case outerSpace(tc.Name):
		return fail(".ToolCall.Name", "tool name has leading or trailing white space")
	}
	return boundedJSON(".ToolCall.Arguments", tc.Arguments, MaxToolParametersBytes)
}

// check applies the rules of a tool_result item's payload, which may be nil.
func (tr *ToolResultItem) check() problem {
	switch {
	case tr == nil:
		return fail(".ToolResult", "tool_result item requires a tool result")
	case blank(tr.CallID):
		return fail(".ToolResult.CallID", "call id is required")
	case len(tr.CallID) > MaxRefStringBytes:
		return fail(".ToolResult.CallID", "call id is too long")
	case len(tr.Name) > MaxToolNameBytes:
		return fail(".ToolResult.Name", "tool name is too long")
	case outerSpace(tr.Name):
		return fail(".ToolResult.Name", "tool name has leading or trailing white space")
	case (tr.Output != "") == (len(tr.Parts) != 0):
		return fail(".ToolResult", "tool result requires exactly one of output and parts")
	case len(tr.Output) > MaxPartTextBytes:
		return fail(".ToolResult.Output", "output is too long")
	case len(tr.Parts) > MaxContentPartsPerItem:
		return fail(".ToolResult.Parts", "too many parts")
	}
	return checkContentParts(".ToolResult.Parts", tr.Parts)
}

// check applies the rules of a compaction item's payload, which may be nil.
func (cp *CompactionItem) check() problem {
	if cp == nil {
		return fail(".Compaction", "compaction item requires a compaction payload")
	}
	if p := cp.bounds(); p.failed() {
		return p
	}
	return withinDepth(".Compaction.Opaque", cp.Opaque)
}

// check applies the rules of an extension item's payload, which may be nil.
func (ext *OpaqueExtension) check() problem {
	switch {
	case ext == nil:
		return fail(".Extension", "extension item requires an extension payload")
	case blank(ext.Namespace):
		return fail(".Extension.Namespace", "namespace is required")
	case innerSpace(strings.TrimSpace(ext.Namespace)):
		return fail(".Extension.Namespace", "namespace contains white space")
	case len(ext.Namespace) > MaxExtensionNamespaceBytes:
		return fail(".Extension.Namespace", "namespace is too long")
	case blank(ext.Type):
		return fail(".Extension.Type", "extension type is required")
	case len(ext.Type) > MaxExtensionTypeBytes:
		return fail(".Extension.Type", "extension type is too long")
	case len(ext.Implementor) > MaxExtensionImplementorBytes:
		return fail(".Extension.Implementor", "implementor is too long")
	case len(ext.Direction) > MaxExtensionDirectionBytes:
		return fail(".Extension.Direction", "direction is too long")
	}
	return boundedJSON(".Extension.Data", ext.Data, MaxExtensionDataBytes)
}
