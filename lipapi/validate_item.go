package lipapi

import "strings"

// check applies the item rules to it, with fields relative to the item.
func (it *Item) check() problem {
	if p := it.idBound(); p.failed() {
		return p
	}
	if p := it.checkStatusAndPhase(); p.failed() {
		return p
	}
	switch it.Kind {
	case ItemKindMessage:
		return it.checkMessage()
	case "":
		return fail(".Kind", "item kind is required")
	}
	if p := it.checkOwnVariantOnly(); p.failed() {
		return p
	}
	return it.checkVariant()
}

// checkStatusAndPhase checks that Status is empty or valid, and Phase empty
// or valid on an assistant message item.
func (it *Item) checkStatusAndPhase() problem {
	switch {
	case it.Status != "" && !it.Status.IsKnown():
		return fail(".Status", "invalid item status")
	case it.Phase != "" && !it.Phase.IsKnown():
		return fail(".Phase", "invalid assistant phase")
	case it.Phase != "" && (it.Kind != ItemKindMessage || it.Role != RoleAssistant):
		return fail(".Phase", "phase is only allowed on assistant message items")
	}
	return problem{}
}

// checkOwnVariantOnly checks that an item of a kind other than message is
// of a known kind and carries no content, role or variant but its own.
func (it *Item) checkOwnVariantOnly() problem {
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
	return problem{}
}

// idBound checks the bound of the item's ID.
func (it *Item) idBound() problem { return limitItemID.check(len(it.ID)) }

// contentBound checks the bound of the number of the item's content parts.
func (it *Item) contentBound() problem { return limitItemContent.check(len(it.Content)) }

// checkVariant applies the rules of the variant of an item of a known
// kind other than message, which carries no other variant.
func (it *Item) checkVariant() problem {
	switch it.Kind {
	case ItemKindItemReference:
		if it.Reference == nil || blank(it.Reference.ID) {
			return fail(".Reference.ID", "item reference id is required")
		}
		return it.Reference.bounds()
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
	if p := checkRole(it.Role); p.failed() {
		return p
	}
	if len(it.Content) == 0 {
		return fail(".Content", "content is required")
	}
	if p := it.contentBound(); p.failed() {
		return p
	}
	return each(".Content", it.Content, (*ContentPart).check)
}

// A callRef holds the limits of the call ID and the tool name of a tool
// call or a tool result; their paths name the two fields.
type callRef struct{ id, name *limit }

// The call references of tool calls and tool results.
var (
	toolCallRef   = callRef{&limitToolCallID, &limitToolCallName}
	toolResultRef = callRef{&limitToolResultCallID, &limitToolResultName}
)

// bounds checks the bounds of a call ID and a tool name.
func (r *callRef) bounds(callID, toolName string) problem {
	return sizeProblem(r.id.of(len(callID)), r.name.of(len(toolName)))
}

// check applies the rules a tool call and a tool result share to a call ID
// and a tool name: the call ID is required, and so is the name when
// nameRequired; both are within their bounds; the name has no leading or
// trailing white space.
func (r *callRef) check(callID, toolName string, nameRequired bool) problem {
	switch {
	case blank(callID):
		return fail(r.id.path, "call id is required")
	case nameRequired && blank(toolName):
		return fail(r.name.path, "tool name is required")
	}
	if p := r.bounds(callID, toolName); p.failed() {
		return p
	}
	if outerSpace(toolName) {
		return fail(r.name.path, "tool name has leading or trailing white space")
	}
	return problem{}
}

// check applies the rules of a tool_call item's payload, which may be nil.
func (tc *ToolCallItem) check() problem {
	if tc == nil {
		return fail(".ToolCall", "tool_call item requires a tool call")
	}
	if p := toolCallRef.check(tc.CallID, tc.Name, true); p.failed() {
		return p
	}
	if p := limitToolArguments.check(len(tc.Arguments)); p.failed() {
		return p
	}
	return withinDepth(".ToolCall.Arguments", tc.Arguments)
}

// outputBounds checks the bounds of tr's output and number of parts.
func (tr *ToolResultItem) outputBounds() problem {
	return sizeProblem(limitToolOutput.of(len(tr.Output)), limitToolResultParts.of(len(tr.Parts)))
}

// check applies the rules of a tool_result item's payload, which may be nil.
func (tr *ToolResultItem) check() problem {
	if tr == nil {
		return fail(".ToolResult", "tool_result item requires a tool result")
	}
	if p := toolResultRef.check(tr.CallID, tr.Name, false); p.failed() {
		return p
	}
	if (tr.Output != "") == (len(tr.Parts) != 0) {
		return fail(".ToolResult", "tool result requires exactly one of output and parts")
	}
	if p := tr.outputBounds(); p.failed() {
		return p
	}
	return each(".ToolResult.Parts", tr.Parts, (*ContentPart).check)
}

// sizeBounds checks the bounds of every field of cp, a non-nil compaction.
func (cp *CompactionItem) sizeBounds() problem {
	return sizeProblem(
		limitEncapsulatedID.of(len(cp.EncapsulatedID)), limitCompactionDialect.of(len(cp.Dialect)),
		limitCompactionImpl.of(len(cp.Implementor)), limitCompactionSecret.of(len(cp.EncryptedContent)),
		limitCompactionOpaque.of(len(cp.Opaque)),
	)
}

// check applies the rules of a compaction item's payload, which may be nil.
func (cp *CompactionItem) check() problem {
	if cp == nil {
		return fail(".Compaction", "compaction item requires a compaction payload")
	}
	if p := cp.sizeBounds(); p.failed() {
		return p
	}
	return withinDepth(".Compaction.Opaque", cp.Opaque)
}

// laterBounds checks the bounds of ext's type, implementor, direction and
// data, which come after the type's presence.
func (ext *OpaqueExtension) laterBounds() problem {
	return sizeProblem(
		limitExtType.of(len(ext.Type)), limitExtImplementor.of(len(ext.Implementor)),
		limitExtDirection.of(len(ext.Direction)), limitExtData.of(len(ext.Data)),
	)
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
	}
	if p := limitExtNamespace.check(len(ext.Namespace)); p.failed() {
		return p
	}
	if blank(ext.Type) {
		return fail(".Extension.Type", "extension type is required")
	}
	if p := ext.laterBounds(); p.failed() {
		return p
	}
	return withinDepth(".Extension.Data", ext.Data)
}
