package conversationprojection

import (
	"slices"
	"strconv"

	"github.com/agentkernel/agentkernel/lipapi"
)

// carry computes the carried anchors of §8.2: when cleaned (the late call
// after Reassert's removals) is proven to descend from the frozen baseline
// by payload-only rewrites, each active after_message overlay whose
// provenance shows it was placed by its stored anchor gets an anchor on
// the rewritten form of the anchored unit. Project consults a carried
// anchor only when the stored one does not resolve. The result maps
// overlay IDs to carried anchors; it is nil when there are none.
func (r *reassertion) carry(cleaned *trajectory, prov []OverlayProvenance) map[string]MessageAnchor {
	b := r.baseline
	if b.HasItemAuthority() != cleaned.item || !sameLineage(b, cleaned) {
		return nil
	}
	first := make(map[string]*OverlayProvenance, len(prov))
	for i := range prov {
		if _, dup := first[prov[i].OverlayID]; !dup {
			first[prov[i].OverlayID] = &prov[i]
		}
	}
	var overlays []*Overlay // candidates, in Steering order
	var anchors []MessageAnchor
	for i := range r.k.snap.Steering {
		o := &r.k.snap.Steering[i]
		if !o.Active || o.Placement.Kind != PlacementAfterMessage {
			continue
		}
		e := first[o.OverlayID]
		if e == nil || e.ResolvedKind != PlacementAfterMessage || e.ResolvedAnchor == nil ||
			*e.ResolvedAnchor != *o.Placement.Anchor {
			continue
		}
		overlays = append(overlays, o)
		anchors = append(anchors, *o.Placement.Anchor)
	}
	if len(overlays) == 0 {
		return nil
	}
	slots := r.baselineUnits(cleaned.item).resolveAnchors(anchors, nil)
	if !cleaned.item {
		distinct := distinctSlots(b, slots)
		for j := range slots {
			if !distinct[j] {
				slots[j] = -1
			}
		}
	}
	occ := occurrencesAt(cleaned, slots)
	var carried map[string]MessageAnchor
	for j, o := range overlays {
		if slots[j] < 0 {
			continue
		}
		a := MessageAnchor{Identity: cleaned.ids[slots[j]], Occurrence: occ[j]}
		if a.Validate() != nil || a == anchors[j] {
			continue
		}
		if carried == nil {
			carried = make(map[string]MessageAnchor)
		}
		carried[o.OverlayID] = a
	}
	return carried
}

// occurrencesAt returns, for each slot of t (-1 for none), the number of
// units of t up to and including the slot with the slot's identity, in one
// pass over t.
func occurrencesAt(t *trajectory, slots []int) []uint32 {
	occ := make([]uint32, len(slots))
	order := make([]int, 0, len(slots)) // indexes of slots, by ascending slot
	counts := make(map[MessageIdentity]uint32, len(slots))
	for j, s := range slots {
		if s >= 0 && t.ids[s] != "" {
			order = append(order, j)
			counts[t.ids[s]] = 0
		}
	}
	slices.SortFunc(order, func(a, b int) int { return slots[a] - slots[b] })
	next := 0
	for i, id := range t.ids {
		if next == len(order) {
			break
		}
		n, ok := counts[id]
		if !ok || id == "" {
			continue
		}
		n++
		counts[id] = n
		for ; next < len(order) && slots[order[next]] == i; next++ {
			occ[order[next]] = n
		}
	}
	return occ
}

// distinctSlots reports, for each legacy slot of baseline b (combined
// index, -1 for none), whether no other message of the slot's region of b
// is compatible with the slot's message: only then does the slot identify
// its message by shape alone.
func distinctSlots(b *lipapi.Call, slots []int) []bool {
	distinct := make([]bool, len(slots))
	var shapes [2]map[string]int // per region: shape key → number of messages
	regions := [2][]lipapi.Message{b.Instructions, b.Messages}
	for j, s := range slots {
		if s < 0 {
			continue
		}
		reg, idx := 0, s
		if s >= len(b.Instructions) {
			reg, idx = 1, s-len(b.Instructions)
		}
		if shapes[reg] == nil {
			shapes[reg] = make(map[string]int, len(regions[reg]))
			for i := range regions[reg] {
				shapes[reg][string(appendMessageShape(nil, &regions[reg][i]))]++
			}
		}
		distinct[j] = shapes[reg][string(appendMessageShape(nil, &regions[reg][idx]))] == 1
	}
	return distinct
}

// appendMessageShape appends to dst a key of the fields of m that the
// lineage proof compares: two legacy messages are compatible exactly when
// their keys are equal. Strings are length-prefixed, so keys never
// collide.
func appendMessageShape(dst []byte, m *lipapi.Message) []byte {
	dst = appendShapeString(dst, string(m.Role))
	dst = strconv.AppendInt(dst, int64(len(m.Parts)), 10)
	for i := range m.Parts {
		p := &m.Parts[i]
		for _, s := range [...]string{string(p.Kind), p.ToolCallID, p.ToolName, p.ImageRef, p.ImageMIME, p.FileRef, p.FileMIME, p.FileName} {
			dst = appendShapeString(dst, s)
		}
		if r := p.Reasoning; r == nil {
			dst = append(dst, 'n')
		} else {
			dst = appendShapeString(append(dst, 'r'), string(lipapi.NormalizeReasoningDialect(r.Dialect)))
			dst = strconv.AppendBool(dst, r.EncryptedContentPresent)
		}
	}
	return dst
}

// appendShapeString appends s to dst, prefixed by its length.
func appendShapeString(dst []byte, s string) []byte {
	dst = strconv.AppendInt(dst, int64(len(s)), 10)
	dst = append(dst, ':')
	return append(dst, s...)
}

// sameLineage is the lineage proof of §8.2 between the frozen baseline b
// and cleaned, of the same authority: equal lengths and every pair of
// units at the same position compatible. Payloads are never compared.
func sameLineage(b *lipapi.Call, cleaned *trajectory) bool {
	if cleaned.item {
		return len(b.Items) == len(cleaned.items) && allPairs(b.Items, cleaned.items, compatibleItems)
	}
	return len(b.Instructions) == len(cleaned.ins) && len(b.Messages) == len(cleaned.msgs) &&
		allPairs(b.Instructions, cleaned.ins, compatibleMessages) &&
		allPairs(b.Messages, cleaned.msgs, compatibleMessages)
}

// allPairs reports whether a and b have equal lengths and ok holds for
// every pair at the same index.
func allPairs[T any](a, b []T, ok func(x, y *T) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !ok(&a[i], &b[i]) {
			return false
		}
	}
	return true
}

// compatibleMessages compares two legacy messages' shapes: role, part
// count, and per part the kind, tool and reference fields and the
// reasoning shape.
func compatibleMessages(a, b *lipapi.Message) bool {
	return a.Role == b.Role && allPairs(a.Parts, b.Parts, func(p, q *lipapi.Part) bool {
		return p.Kind == q.Kind && p.ToolCallID == q.ToolCallID && p.ToolName == q.ToolName &&
			p.ImageRef == q.ImageRef && p.ImageMIME == q.ImageMIME &&
			p.FileRef == q.FileRef && p.FileMIME == q.FileMIME && p.FileName == q.FileName &&
			compatibleReasoning(p.Reasoning, q.Reasoning)
	})
}

// compatibleReasoning compares reasoning shapes: both nil, or both non-nil
// with equal normalized dialects and EncryptedContentPresent.
func compatibleReasoning(a, b *lipapi.ReasoningPart) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return lipapi.NormalizeReasoningDialect(a.Dialect) == lipapi.NormalizeReasoningDialect(b.Dialect) &&
		a.EncryptedContentPresent == b.EncryptedContentPresent
}

// compatibleContent compares two content part lists' shapes.
func compatibleContent(a, b []lipapi.ContentPart) bool {
	return allPairs(a, b, func(p, q *lipapi.ContentPart) bool {
		return p.Kind == q.Kind && p.ImageRef == q.ImageRef && p.ImageMIME == q.ImageMIME &&
			p.FileRef == q.FileRef && p.FileMIME == q.FileMIME && p.FileName == q.FileName &&
			p.VideoRef == q.VideoRef && p.VideoMIME == q.VideoMIME && p.AssistantRef == q.AssistantRef &&
			compatibleReasoning(p.Reasoning, q.Reasoning) &&
			bothOr(p.Extension, q.Extension, func(x, y *lipapi.ExtensionContentPart) bool {
				return x.Namespace == y.Namespace && x.Type == y.Type && x.Implementor == y.Implementor
			})
	})
}

// bothOr reports whether a and b are both nil, or both non-nil and same
// holds for them. Exactly one nil side is incompatible and never
// dereferenced.
func bothOr[T any](a, b *T, same func(x, y *T) bool) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return same(a, b)
}

// compatibleItems compares two items' shapes (§8.2).
func compatibleItems(a, b *lipapi.Item) bool {
	if a.Kind != b.Kind || a.ID != b.ID || a.Status != b.Status || a.Phase != b.Phase || a.Role != b.Role {
		return false
	}
	switch a.Kind {
	case lipapi.ItemKindMessage:
		return compatibleContent(a.Content, b.Content)
	case lipapi.ItemKindItemReference:
		return a.Reference != nil && b.Reference != nil && *a.Reference == *b.Reference
	case lipapi.ItemKindToolCall:
		return bothOr(a.ToolCall, b.ToolCall, func(x, y *lipapi.ToolCallItem) bool {
			return x.CallID == y.CallID && x.Name == y.Name
		})
	case lipapi.ItemKindToolResult:
		return bothOr(a.ToolResult, b.ToolResult, func(x, y *lipapi.ToolResultItem) bool {
			return x.CallID == y.CallID && x.Name == y.Name && compatibleContent(x.Parts, y.Parts)
		})
	case lipapi.ItemKindReasoning:
		return bothOr(a.Reasoning, b.Reasoning, func(x, y *lipapi.ReasoningItem) bool {
			return compatibleReasoning(x.Reasoning, y.Reasoning)
		})
	case lipapi.ItemKindCompaction:
		return bothOr(a.Compaction, b.Compaction, func(x, y *lipapi.CompactionItem) bool {
			return x.EncapsulatedID == y.EncapsulatedID && x.Dialect == y.Dialect
		})
	}
	return bothOr(a.Extension, b.Extension, func(x, y *lipapi.OpaqueExtension) bool {
		return x.Namespace == y.Namespace && x.Type == y.Type && x.Implementor == y.Implementor && x.Direction == y.Direction
	})
}
