package lipapi

import (
	"strconv"
	"strings"
)

// Validate reports whether c is a well-formed canonical call. It returns nil
// or a [*ValidationError] (wrapping [ErrInvalidCall]) for the first rule c
// breaks, in this order.
//
// Under item authority ([Call.HasItemAuthority]):
//  1. Messages and Instructions are empty (else "conflicting raw item and
//     legacy message authorities", Field "Items");
//  2. Items is not empty, or PreviousResponseID is not blank;
//  3. ID is at most [MaxCallIDBytes] bytes (it may be empty) and there are at
//     most [MaxItems] items;
//  4. no non-empty item ID equals an earlier item's (Field "Items[i].ID" of
//     the later one);
//  5. each item in turn: its own rules (see [Item]); an item_reference does
//     not name the ID of an item at a later index (IDs of no item, and the
//     referring item's own, are allowed); a tool_call's CallID differs from
//     every earlier tool_call's; a tool_result's CallID is that of an
//     earlier tool_call; and the reasoning payload bytes of the items so far
//     stay within [MaxReasoningBytesPerCall].
//
// Under legacy authority:
//  1. Messages is not empty (instructions alone are not enough);
//  2. every count and size bound: ID at most MaxCallIDBytes, at most
//     [MaxMessages] messages and [MaxInstructionMessages] instructions, then,
//     for each message of Messages and then of Instructions, at most
//     [MaxPartsPerMessage] parts and each part's size bounds (see [Part]);
//  3. each message of Messages and then of Instructions: its rules (see
//     [Message] and [Part]), and the reasoning payload bytes of both lists
//     so far within MaxReasoningBytesPerCall.
//
// Under both, last, the text rule: every string and raw JSON value of c is
// valid UTF-8 (Message.Metadata excepted), else Message "string is not
// valid UTF-8" or "JSON value is not valid UTF-8" at the first offending
// value, in the order of the fields.
//
// In these rules "blank" means empty after strings.TrimSpace, "valid JSON"
// means accepted by encoding/json's Valid, and "nested at most MaxJSONDepth
// deep" counts the arrays and objects open at once. Field is the path of Go
// field names with indexes of the offending value, such as
// "Items[3].ToolCall.CallID" or "Messages[0].Parts[2]".
//
// Validate reads payloads in place and never copies them. Each JSON value
// is measured against its size bound before it is parsed, except the
// Summary, Content and EncryptedContent of a reasoning payload, whose
// validity the reasoning rules check first. It does not allocate on a
// valid call, except to decode the Data of extension content parts, once
// per key kind (item IDs, tool call IDs) when a call has more than 256 of
// that kind, and once per JSON value checked without a depth bound (json
// content, reasoning Opaque, Summary, Content and EncryptedContent) nested
// more than 64 levels deep; it runs in expected time linear in the size of
// c. [Call.CheckBounds] checks only the count and size bounds, in time
// independent of the payloads' sizes.
func (c Call) Validate() error {
	var p problem
	if c.HasItemAuthority() {
		p = c.validateItems()
	} else {
		p = c.validateLegacy()
	}
	if !p.failed() {
		p = c.checkUTF8()
	}
	return p.err()
}

// problem is a broken rule: the path of the offending field, relative to
// the value checked (empty for the value itself, else starting with '.'),
// and the reason. The zero problem means no rule is broken. Paths are built
// only on failure, which keeps validation of a valid call allocation-free.
type problem struct {
	field string
	msg   string
}

func (p problem) failed() bool { return p.msg != "" }

// under returns p with prefix prepended to its field when p failed, and
// no problem otherwise.
func (p problem) under(prefix string) problem {
	if !p.failed() {
		return p
	}
	p.field = prefix + p.field
	return p
}

// err returns p as the error Validate and CheckBounds return: nil when no
// rule is broken, else a *ValidationError.
func (p problem) err() error {
	if !p.failed() {
		return nil
	}
	return &ValidationError{Field: p.field, Message: p.msg}
}

// fail returns the problem msg on the field suffix.
func fail(field, msg string) problem { return problem{field: field, msg: msg} }

// msgReasoningBudget is the message of the problem of the unit whose
// reasoning payload takes the call's total over MaxReasoningBytesPerCall.
const msgReasoningBudget = "reasoning payload exceeds the per-call budget"

// indexed returns name[i].
func indexed(name string, i int) string {
	return name + "[" + strconv.Itoa(i) + "]"
}

// each applies check to the elements of s, the slice at the relative path
// name, in order, and returns the first problem, its field under name[i].
func each[T any](name string, s []T, check func(*T) problem) problem {
	for i := range s {
		if p := check(&s[i]); p.failed() {
			return p.under(indexed(name, i))
		}
	}
	return problem{}
}

// eachList applies check to Messages and then to Instructions, each with
// its field name: the order in which every legacy rule walks them.
func (c *Call) eachList(check func(list string, msgs []Message) problem) problem {
	if p := check("Messages", c.Messages); p.failed() {
		return p
	}
	return check("Instructions", c.Instructions)
}

// checkRole checks that role, a message's, is set and one of the five.
func checkRole(role Role) problem {
	if role == "" {
		return fail(".Role", "role is required")
	}
	if !role.IsKnown() {
		return fail(".Role", "invalid role")
	}
	return problem{}
}

// blank reports whether s is empty after strings.TrimSpace.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// outerSpace reports whether s differs from its strings.TrimSpace form.
func outerSpace(s string) bool { return strings.TrimSpace(s) != s }

// innerSpace reports whether s contains a space, tab, CR or LF.
func innerSpace(s string) bool { return strings.ContainsAny(s, " \t\r\n") }

// validateItems checks a call under item authority (HasItemAuthority).
func (c *Call) validateItems() problem {
	if len(c.Messages) > 0 || len(c.Instructions) > 0 {
		return fail("Items", "conflicting raw item and legacy message authorities")
	}
	if len(c.Items) == 0 && blank(c.PreviousResponseID) {
		return fail("Items", "items are required without a previous response id")
	}
	if p := c.itemEnvelopeBounds(); p.failed() {
		return p
	}
	var idBuf, callBuf [smallIndexSlots]uint16
	ids, calls, dup := indexItems(c.Items, &idBuf, &callBuf)
	if dup >= 0 {
		return fail(indexed("Items", dup)+".ID", "duplicate item id")
	}
	total := 0
	for i := range c.Items {
		if p := checkItemAt(c.Items, i, &ids, &calls, &total); p.failed() {
			return p
		}
	}
	return problem{}
}

// indexItems returns the first position of each item ID and of each tool
// call ID of items, their tables carved from idBuf and callBuf while they
// fit, and the first position whose ID an earlier item holds (-1 for
// none). Item positions fit in uint16 since len(items) <= MaxItems.
func indexItems(items []Item, idBuf, callBuf *[smallIndexSlots]uint16) (ids, calls itemIndex, dup int) {
	nIDs, nCalls := 0, 0
	for i := range items {
		if items[i].ID != "" {
			nIDs++
		}
		if items[i].isToolCall() {
			nCalls++
		}
	}
	ids = newItemIndex(items, byItemID, nIDs, idBuf)
	calls = newItemIndex(items, byToolCallID, nCalls, callBuf)
	dup = -1
	for i := range items {
		if items[i].ID != "" && ids.add(i) >= 0 && dup < 0 {
			dup = i
		}
		if items[i].isToolCall() {
			calls.add(i)
		}
	}
	return ids, calls, dup
}

// isToolCall reports whether it is a tool_call item with its payload.
func (it *Item) isToolCall() bool { return it.Kind == ItemKindToolCall && it.ToolCall != nil }

// checkItemAt applies to items[i] its own rules, then the rules across
// items (an item reference does not point forward; tool call IDs are
// unique and each tool result follows its call), then the reasoning budget,
// *total holding the reasoning payload bytes of the items before it.
func checkItemAt(items []Item, i int, ids, calls *itemIndex, total *int) problem {
	it := &items[i]
	if p := it.check(); p.failed() {
		return p.under(indexed("Items", i))
	}
	switch it.Kind {
	case ItemKindItemReference:
		if ids.first(it.Reference.ID) > i {
			return fail(indexed("Items", i)+".Reference.ID", "item reference points forward")
		}
	case ItemKindToolCall:
		if j := calls.first(it.ToolCall.CallID); j >= 0 && j < i {
			return fail(indexed("Items", i)+".ToolCall.CallID", "duplicate tool call id")
		}
	case ItemKindToolResult:
		if j := calls.first(it.ToolResult.CallID); j < 0 || j > i {
			return fail(indexed("Items", i)+".ToolResult.CallID", "tool result has no earlier tool call")
		}
	}
	if !addItemReasoning(total, it) {
		return fail(indexed("Items", i), msgReasoningBudget)
	}
	return problem{}
}

// addItemReasoning adds the reasoning payload bytes of it to *total and
// reports whether the total stays within MaxReasoningBytesPerCall. It stops
// at the first excess, so the total cannot overflow. Payloads may be nil
// (CheckBounds counts items that break the item rules).
func addItemReasoning(total *int, it *Item) bool {
	if it.Reasoning != nil && !addReasoning(total, it.Reasoning.Reasoning) {
		return false
	}
	if !addContentReasoning(total, it.Content) {
		return false
	}
	return it.ToolResult == nil || addContentReasoning(total, it.ToolResult.Parts)
}

func addContentReasoning(total *int, parts []ContentPart) bool {
	for j := range parts {
		if parts[j].Kind == ContentPartReasoning && !addReasoning(total, parts[j].Reasoning) {
			return false
		}
	}
	return true
}

// addReasoning adds the payload bytes of r (none for nil) to *total and
// reports whether the total stays within MaxReasoningBytesPerCall. Callers
// check each field's own bound first, so the total cannot overflow.
func addReasoning(total *int, r *ReasoningPart) bool {
	if r != nil {
		*total += r.payloadBytes()
	}
	return *total <= MaxReasoningBytesPerCall
}
