package conversationprojection

import (
	"slices"

	"github.com/agentkernel/agentkernel/lipapi"
)

// carry computes the carried anchors: when cleaned (the units of the late
// call ct that Reassert did not remove) is proven to descend from the
// frozen baseline by payload-only rewrites, each active after_message
// overlay whose provenance shows it was placed by its stored anchor gets an
// anchor on the rewritten form of the anchored unit. Project consults a
// carried anchor only when the stored one does not resolve. The result
// maps overlay IDs to carried anchors; it is nil when there are none.
func (r *reassertion) carry(ct *trajectory, removed []bool, prov []OverlayProvenance) map[string]MessageAnchor {
	if r.baseline.HasItemAuthority() != ct.item {
		return nil
	}
	kept := make([]int, 0, ct.len()) // kept[j]: the position in ct of cleaned's unit j
	for i := range removed {
		if !removed[i] {
			kept = append(kept, i)
		}
	}
	if !sameLineage(r.baseline, ct, kept) {
		return nil
	}
	overlays, anchors := r.placedByStoredAnchor(prov)
	if len(overlays) == 0 {
		return nil
	}
	slots := r.slotsInCall(ct, kept, anchors)
	occ := occurrencesAt(ct, removed, slots)
	var carried map[string]MessageAnchor
	for j, o := range overlays {
		if slots[j] < 0 {
			continue
		}
		a := MessageAnchor{Identity: identityOfSum(ct.ids[slots[j]]), Occurrence: occ[j]}
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

// placedByStoredAnchor returns the active after_message overlays, in
// Steering order, whose first provenance entry shows them placed by their
// stored anchor, and those anchors.
func (r *reassertion) placedByStoredAnchor(prov []OverlayProvenance) ([]*Overlay, []MessageAnchor) {
	first := make(map[string]*OverlayProvenance, len(prov))
	for i := range prov {
		if _, dup := first[prov[i].OverlayID]; !dup {
			first[prov[i].OverlayID] = &prov[i]
		}
	}
	var overlays []*Overlay
	var anchors []MessageAnchor
	for i := range r.pj.snap.Steering {
		o := &r.pj.snap.Steering[i]
		if !o.activeAfterMessage() {
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
	return overlays, anchors
}

// slotsInCall returns, for each anchor, the position in ct of the unit of
// cleaned (kept[j] being the position of its unit j) that holds the slot
// the anchor names in the baseline, or -1: when the anchor does not
// resolve there, or, under legacy authority, when another message of the
// slot's region of the baseline is compatible with the slot's, since the
// two cannot be told apart.
func (r *reassertion) slotsInCall(ct *trajectory, kept []int, anchors []MessageAnchor) []int {
	slots := r.baselineUnits(ct.item).resolveAnchors(anchors, nil)
	var distinct []bool
	if !ct.item {
		distinct = distinctSlots(r.baseline, slots)
	}
	for j, s := range slots {
		switch {
		case s < 0:
		case distinct != nil && !distinct[j]:
			slots[j] = -1
		default:
			slots[j] = kept[s]
		}
	}
	return slots
}

// occurrencesAt returns, for each slot of t (-1 for none), the number of
// units of t not removed, up to and including the slot, with the slot's
// identity, in one pass over t.
func occurrencesAt(t *trajectory, removed []bool, slots []int) []uint32 {
	occ := make([]uint32, len(slots))
	order := make([]int, 0, len(slots)) // indexes of slots, by ascending slot
	counts := make(map[sum]uint32, len(slots))
	for j, s := range slots {
		if s >= 0 && !t.ids[s].isZero() {
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
		if !ok || removed[i] {
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
//
// It walks each region once. A message is compared exactly only with the
// undecided slots sharing its coarse shape (role, part count, first part's
// kind and references), and a slot is decided by its first compatible
// peer, so the walk is linear in practice.
func distinctSlots(b *lipapi.Call, slots []int) []bool {
	distinct := make([]bool, len(slots))
	regions := [2][]lipapi.Message{b.Instructions, b.Messages}
	var pending [2]map[coarseShape][]int // per region: undecided slot indexes by coarse shape
	for j, s := range slots {
		if s < 0 {
			continue
		}
		reg, idx := 0, s
		if s >= len(b.Instructions) {
			reg, idx = 1, s-len(b.Instructions)
		}
		if pending[reg] == nil {
			pending[reg] = make(map[coarseShape][]int)
		}
		k := coarseShapeOf(&regions[reg][idx])
		pending[reg][k] = append(pending[reg][k], j)
		distinct[j] = true
	}
	base := [2]int{0, len(b.Instructions)}
	for reg, msgs := range regions {
		if pending[reg] != nil {
			decideSlots(msgs, base[reg], slots, pending[reg], distinct)
		}
	}
	return distinct
}

// decideSlots walks the messages msgs of one region, whose first message
// has the combined index base, and marks as not distinct each slot of
// pending (slot indexes by coarse shape) that another message of the
// region is compatible with, deciding it.
func decideSlots(msgs []lipapi.Message, base int, slots []int, pending map[coarseShape][]int, distinct []bool) {
	for i := range msgs {
		k := coarseShapeOf(&msgs[i])
		js := pending[k]
		for n := 0; n < len(js); {
			j := js[n]
			if slots[j] == base+i || !compatibleMessages(&msgs[slots[j]-base], &msgs[i]) {
				n++
				continue
			}
			distinct[j] = false // decided: another message has its shape
			js = append(js[:n], js[n+1:]...)
		}
		if len(js) == 0 {
			delete(pending, k)
		} else {
			pending[k] = js
		}
	}
}

// coarseShape is a necessary condition of compatibility: compatible legacy
// messages have equal coarse shapes.
type coarseShape struct {
	role                  lipapi.Role
	parts                 int
	kind                  lipapi.PartKind
	toolCallID, ref, file string
}

// coarseShapeOf returns m's coarse shape.
func coarseShapeOf(m *lipapi.Message) coarseShape {
	k := coarseShape{role: m.Role, parts: len(m.Parts)}
	if len(m.Parts) > 0 {
		p := &m.Parts[0]
		k.kind, k.toolCallID, k.ref, k.file = p.Kind, p.ToolCallID, p.ImageRef, p.FileRef
	}
	return k
}

// sameLineage is the lineage proof between the frozen baseline b
// and cleaned (the units kept[j] of ct), of the same authority: equal
// lengths (per region under legacy authority) and every pair of units at
// the same position compatible. Payloads are never compared.
func sameLineage(b *lipapi.Call, ct *trajectory, kept []int) bool {
	if ct.item {
		if len(b.Items) != len(kept) {
			return false
		}
		for j, i := range kept {
			if !compatibleItems(&b.Items[j], &ct.items[i]) {
				return false
			}
		}
		return true
	}
	nIns, _ := slices.BinarySearch(kept, len(ct.ins)) // kept instructions
	if len(b.Instructions) != nIns || len(b.Messages) != len(kept)-nIns {
		return false
	}
	for j, i := range kept {
		var m *lipapi.Message
		if j < nIns {
			m = &b.Instructions[j]
		} else {
			m = &b.Messages[j-nIns]
		}
		if !compatibleMessages(m, ct.message(i)) {
			return false
		}
	}
	return true
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
// count, and per part its shape (partShape) and the reasoning shape.
func compatibleMessages(a, b *lipapi.Message) bool {
	return a.Role == b.Role && allPairs(a.Parts, b.Parts, func(p, q *lipapi.Part) bool {
		return shapeOfPart(p) == shapeOfPart(q) && compatibleReasoning(p.Reasoning, q.Reasoning)
	})
}

// A partShape is what the lineage proof compares of a legacy part besides
// its reasoning: every field but the payloads Text, Content and Reasoning.
type partShape struct {
	kind                                                                   lipapi.PartKind
	toolCallID, toolName, imageRef, imageMIME, fileRef, fileMIME, fileName string
}

// shapeOfPart returns the shape of p.
func shapeOfPart(p *lipapi.Part) partShape {
	return partShape{p.Kind, p.ToolCallID, p.ToolName, p.ImageRef, p.ImageMIME, p.FileRef, p.FileMIME, p.FileName}
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

// compatibleContent compares two content part lists' shapes: per part its
// shape (contentShape), the reasoning shape, and an Extension on both or
// neither, with equal Namespace, Type and Implementor.
func compatibleContent(a, b []lipapi.ContentPart) bool {
	return allPairs(a, b, func(p, q *lipapi.ContentPart) bool {
		return shapeOfContent(p) == shapeOfContent(q) && compatibleReasoning(p.Reasoning, q.Reasoning) &&
			bothOr(p.Extension, q.Extension, func(x, y *lipapi.ExtensionContentPart) bool {
				return x.Namespace == y.Namespace && x.Type == y.Type && x.Implementor == y.Implementor
			})
	})
}

// A contentShape is what the lineage proof compares of a content part
// besides its reasoning and extension: its kind and references.
type contentShape struct {
	kind                                                                                lipapi.ContentPartKind
	imageRef, imageMIME, fileRef, fileMIME, fileName, videoRef, videoMIME, assistantRef string
}

// shapeOfContent returns the shape of p.
func shapeOfContent(p *lipapi.ContentPart) contentShape {
	return contentShape{p.Kind, p.ImageRef, p.ImageMIME, p.FileRef, p.FileMIME, p.FileName, p.VideoRef, p.VideoMIME, p.AssistantRef}
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

// compatibleItems compares two items' shapes for the lineage proof: equal
// Kind, ID, Status, Phase and Role, then the kind's own shape (never its
// payload).
func compatibleItems(a, b *lipapi.Item) bool {
	return a.Kind == b.Kind && a.ID == b.ID && a.Status == b.Status && a.Phase == b.Phase && a.Role == b.Role &&
		compatibleKindShapes(a, b)
}

// compatibleKindShapes compares the shapes of the payloads of two items of
// the same kind: a variant present on one side only is incompatible.
func compatibleKindShapes(a, b *lipapi.Item) bool {
	switch a.Kind {
	case lipapi.ItemKindMessage:
		return compatibleContent(a.Content, b.Content)
	case lipapi.ItemKindItemReference:
		return a.Reference != nil && b.Reference != nil && *a.Reference == *b.Reference
	case lipapi.ItemKindToolCall:
		return bothOr(a.ToolCall, b.ToolCall, compatibleToolCalls)
	case lipapi.ItemKindToolResult:
		return bothOr(a.ToolResult, b.ToolResult, compatibleToolResults)
	case lipapi.ItemKindReasoning:
		return bothOr(a.Reasoning, b.Reasoning, func(x, y *lipapi.ReasoningItem) bool {
			return compatibleReasoning(x.Reasoning, y.Reasoning)
		})
	case lipapi.ItemKindCompaction:
		return bothOr(a.Compaction, b.Compaction, compatibleCompactions)
	}
	return bothOr(a.Extension, b.Extension, compatibleExtensions)
}

// compatibleToolCalls compares tool calls: equal CallID and Name.
func compatibleToolCalls(x, y *lipapi.ToolCallItem) bool {
	return x.CallID == y.CallID && x.Name == y.Name
}

// compatibleToolResults compares tool results: equal CallID and Name, and
// parts compatible as a message's content.
func compatibleToolResults(x, y *lipapi.ToolResultItem) bool {
	return x.CallID == y.CallID && x.Name == y.Name && compatibleContent(x.Parts, y.Parts)
}

// compatibleCompactions compares compactions: equal EncapsulatedID and
// Dialect.
func compatibleCompactions(x, y *lipapi.CompactionItem) bool {
	return x.EncapsulatedID == y.EncapsulatedID && x.Dialect == y.Dialect
}

// compatibleExtensions compares extension items: equal Namespace, Type,
// Implementor and Direction.
func compatibleExtensions(x, y *lipapi.OpaqueExtension) bool {
	return x.Namespace == y.Namespace && x.Type == y.Type && x.Implementor == y.Implementor && x.Direction == y.Direction
}
