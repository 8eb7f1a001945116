package lipapi

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Validate reports whether c is a well-formed canonical call. It returns nil
// or a [*ValidationError] (wrapping [ErrInvalidCall]) for the first rule c
// breaks, checking in a fixed order: under item authority the envelope, item
// ID uniqueness, then each item in turn (its own rules, then reference order,
// call-ID pairing and the reasoning budget); under legacy authority the
// envelope and every size bound first, then each message's semantic rules.
//
// Validate does not allocate on a valid call, except once per json content
// part (its Text is copied for the JSON check) and to decode the Data of
// extension content parts; it runs in time linear in the size of c plus
// O(n log n) for n items.
func (c Call) Validate() error {
	var p problem
	if c.HasItemAuthority() {
		p = c.validateItems()
	} else {
		p = c.validateLegacy()
	}
	if !p.failed() {
		return nil
	}
	return &ValidationError{Field: p.field, Message: p.msg}
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

// under returns p with prefix prepended to its field.
func (p problem) under(prefix string) problem {
	p.field = prefix + p.field
	return p
}

// fail returns the problem msg on the field suffix.
func fail(field, msg string) problem { return problem{field: field, msg: msg} }

// indexed returns name[i].
func indexed(name string, i int) string {
	return name + "[" + strconv.Itoa(i) + "]"
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
	if len(c.ID) > MaxCallIDBytes {
		return fail("ID", "call id is too long")
	}
	if len(c.Items) > MaxItems {
		return fail("Items", "too many items")
	}
	items := c.Items

	// Item positions sorted by (ID, position) and tool-call positions
	// sorted by (CallID, position). len(items) <= MaxItems, so the buffers
	// live on the stack and positions fit in uint16.
	var idBuf, callBuf [MaxItems]uint16
	ids, calls := idBuf[:0], callBuf[:0]
	for i := range items {
		if items[i].ID != "" {
			ids = append(ids, uint16(i))
		}
		if items[i].Kind == ItemKindToolCall && items[i].ToolCall != nil {
			calls = append(calls, uint16(i))
		}
	}
	sortPositions(items, ids, itemID)
	if i := firstDuplicate(items, ids, itemID); i >= 0 {
		return fail(indexed("Items", i)+".ID", "duplicate item id")
	}
	sortPositions(items, calls, toolCallID)

	total := 0
	for i := range items {
		it := &items[i]
		if p := it.check(); p.failed() {
			return p.under(indexed("Items", i))
		}
		switch it.Kind {
		case ItemKindItemReference:
			if firstPosition(items, ids, itemID, it.Reference.ID) > i {
				return fail(indexed("Items", i)+".Reference.ID", "item reference points forward")
			}
		case ItemKindToolCall:
			if j := firstPosition(items, calls, toolCallID, it.ToolCall.CallID); j >= 0 && j < i {
				return fail(indexed("Items", i)+".ToolCall.CallID", "duplicate tool call id")
			}
		case ItemKindToolResult:
			if j := firstPosition(items, calls, toolCallID, it.ToolResult.CallID); j < 0 || j > i {
				return fail(indexed("Items", i)+".ToolResult.CallID", "tool result has no earlier tool call")
			}
		}
		if !addItemReasoning(&total, it) {
			return fail(indexed("Items", i), "reasoning payload exceeds the per-call budget")
		}
	}
	return problem{}
}

// addItemReasoning adds the reasoning payload bytes of it to *total and
// reports whether the total stays within MaxReasoningBytesPerCall. It stops
// at the first excess, so the total cannot overflow.
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

// addReasoning adds the payload bytes of r to *total and reports whether
// the total stays within MaxReasoningBytesPerCall. Callers pass payloads
// that already passed the reasoning rules, so r is never nil.
func addReasoning(total *int, r *ReasoningPart) bool {
	*total += r.payloadBytes()
	return *total <= MaxReasoningBytesPerCall
}

// itemKey extracts the string an item position is sorted by.
type itemKey func(*Item) string

func itemID(it *Item) string     { return it.ID }
func toolCallID(it *Item) string { return it.ToolCall.CallID }

// sortPositions sorts the item positions pos by (key, position).
func sortPositions(items []Item, pos []uint16, key itemKey) {
	slices.SortFunc(pos, func(a, b uint16) int {
		if c := strings.Compare(key(&items[a]), key(&items[b])); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}

// firstDuplicate returns the smallest position in pos (sorted by
// sortPositions) whose key equals the key of an earlier position, or -1.
func firstDuplicate(items []Item, pos []uint16, key itemKey) int {
	first := -1
	for k := 1; k < len(pos); k++ {
		if key(&items[pos[k]]) == key(&items[pos[k-1]]) && (first < 0 || int(pos[k]) < first) {
			first = int(pos[k])
		}
	}
	return first
}

// firstPosition returns the smallest position in pos (sorted by
// sortPositions) whose key is want, or -1.
func firstPosition(items []Item, pos []uint16, key itemKey, want string) int {
	k, found := slices.BinarySearchFunc(pos, want, func(p uint16, want string) int {
		return strings.Compare(key(&items[p]), want)
	})
	if !found {
		return -1
	}
	return int(pos[k])
}
