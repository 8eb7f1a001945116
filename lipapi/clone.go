package lipapi

import (
	"encoding/json"
	"maps"
)

// CloneCall returns a deep copy of c that shares no mutable memory with it.
//
// Every non-nil slice, map, pointer and json.RawMessage of c is freshly
// allocated in the copy, at exactly its length; strings are shared, being
// immutable. Nil stays nil and empty non-nil stays empty non-nil at every
// level, so reflect.DeepEqual(CloneCall(c), c) holds and an empty Items keeps
// item authority. CloneCall never fails; the copy has the same
// HasItemAuthority and Validate results as c.
//
// CloneCall runs in time linear in the size of c. It allocates in bulk: one
// block per element type (parts, content parts, each pointer type, raw
// bytes), each value of the copy being carved from its block at exactly its
// length, plus one allocation per trajectory slice and what maps.Clone needs
// per non-nil Metadata map. A copy therefore costs a constant number of
// allocations however many messages or items it holds (maps aside); the
// blocks stay allocated as long as any value carved from them is reachable.
func CloneCall(c Call) Call {
	var z cloneSizes
	z.messages(c.Instructions)
	z.messages(c.Messages)
	z.items(c.Items)
	b := z.blocks()
	c.Instructions = b.messages(c.Instructions)
	c.Messages = b.messages(c.Messages)
	c.Items = b.items(c.Items)
	return c
}

// cloneSizes counts the values of each element type a deep copy holds.
type cloneSizes struct {
	parts, contents                              int
	reasonings, annotations, extParts            int
	refs, toolCalls, toolResults, reasoningItems int
	compactions, extensions                      int
	raw                                          int // bytes of raw values
}

func (z *cloneSizes) messages(ms []Message) {
	for i := range ms {
		z.parts += len(ms[i].Parts)
		for j := range ms[i].Parts {
			p := &ms[i].Parts[j]
			z.raw += len(p.Content)
			z.reasoning(p.Reasoning)
		}
	}
}

func (z *cloneSizes) items(items []Item) {
	for i := range items {
		it := &items[i]
		z.contentParts(it.Content)
		if it.Reference != nil {
			z.refs++
		}
		if tc := it.ToolCall; tc != nil {
			z.toolCalls++
			z.raw += len(tc.Arguments)
		}
		if tr := it.ToolResult; tr != nil {
			z.toolResults++
			z.contentParts(tr.Parts)
		}
		if r := it.Reasoning; r != nil {
			z.reasoningItems++
			z.reasoning(r.Reasoning)
		}
		if cp := it.Compaction; cp != nil {
			z.compactions++
			z.raw += len(cp.Opaque)
		}
		if ext := it.Extension; ext != nil {
			z.extensions++
			z.raw += len(ext.Data)
		}
	}
}

func (z *cloneSizes) contentParts(ps []ContentPart) {
	z.contents += len(ps)
	for i := range ps {
		p := &ps[i]
		z.reasoning(p.Reasoning)
		if a := p.Annotation; a != nil {
			z.annotations++
			z.raw += len(a.Data)
		}
		if ext := p.Extension; ext != nil {
			z.extParts++
			z.raw += len(ext.Data)
		}
	}
}

func (z *cloneSizes) reasoning(r *ReasoningPart) {
	if r != nil {
		z.reasonings++
		z.raw += len(r.Opaque) + len(r.Summary) + len(r.Content) + len(r.EncryptedContent)
	}
}

// cloneBlocks holds the blocks the values of a deep copy are carved from.
type cloneBlocks struct {
	parts          block[Part]
	contents       block[ContentPart]
	reasonings     block[ReasoningPart]
	annotations    block[AnnotationPart]
	extParts       block[ExtensionContentPart]
	refs           block[ItemReference]
	toolCalls      block[ToolCallItem]
	toolResults    block[ToolResultItem]
	reasoningItems block[ReasoningItem]
	compactions    block[CompactionItem]
	extensions     block[OpaqueExtension]
	raw            block[byte]
}

// blocks allocates the blocks for the counted values; a block of nothing
// costs no allocation.
func (z *cloneSizes) blocks() cloneBlocks {
	return cloneBlocks{
		parts:          newBlock[Part](z.parts),
		contents:       newBlock[ContentPart](z.contents),
		reasonings:     newBlock[ReasoningPart](z.reasonings),
		annotations:    newBlock[AnnotationPart](z.annotations),
		extParts:       newBlock[ExtensionContentPart](z.extParts),
		refs:           newBlock[ItemReference](z.refs),
		toolCalls:      newBlock[ToolCallItem](z.toolCalls),
		toolResults:    newBlock[ToolResultItem](z.toolResults),
		reasoningItems: newBlock[ReasoningItem](z.reasoningItems),
		compactions:    newBlock[CompactionItem](z.compactions),
		extensions:     newBlock[OpaqueExtension](z.extensions),
		raw:            newBlock[byte](z.raw),
	}
}

// A block is the unused rest of an allocation that copies are carved from.
// Carving never fails: once the block is used up, copies are allocated on
// their own, so a miscount costs allocations, never correctness.
type block[T any] struct{ free []T }

// newBlock returns a block of n values; it is non-nil even for n = 0, so
// that empty copies carved from it are non-nil.
func newBlock[T any](n int) block[T] { return block[T]{make([]T, n)} }

// take carves n values from the block, with capacity n, or allocates them
// once it is used up.
func (b *block[T]) take(n int) []T {
	if n > len(b.free) {
		return make([]T, n)
	}
	out := b.free[:n:n]
	b.free = b.free[n:]
	return out
}

// slice returns a copy of s with capacity len(s), nil for nil.
func (b *block[T]) slice(s []T) []T {
	if s == nil {
		return nil
	}
	out := b.take(len(s))
	copy(out, s)
	return out
}

// ptr returns a pointer to a copy of *p, nil for nil.
func (b *block[T]) ptr(p *T) *T {
	if p == nil {
		return nil
	}
	out := &b.take(1)[0]
	*out = *p
	return out
}

// ownCopy returns a copy of s with capacity len(s), nil for nil, in an
// allocation of its own: the copy of a trajectory slice, which a caller may
// keep without the blocks.
func ownCopy[T any](s []T) []T {
	own := newBlock[T](len(s))
	return own.slice(s)
}

// messages returns a copy of ms, a trajectory slice, in an allocation of
// its own.
func (b *cloneBlocks) messages(ms []Message) []Message {
	out := ownCopy(ms)
	for i := range out {
		m := &out[i]
		m.Parts = b.parts.slice(m.Parts)
		for j := range m.Parts {
			p := &m.Parts[j]
			p.Content = b.rawCopy(p.Content)
			p.Reasoning = b.reasoning(p.Reasoning)
		}
		m.Metadata = maps.Clone(m.Metadata)
	}
	return out
}

// items returns a copy of items, a trajectory slice, in an allocation of
// its own.
func (b *cloneBlocks) items(items []Item) []Item {
	out := ownCopy(items)
	for i := range out {
		it := &out[i]
		it.Content = b.contentParts(it.Content)
		it.Reference = b.refs.ptr(it.Reference)
		if it.ToolCall = b.toolCalls.ptr(it.ToolCall); it.ToolCall != nil {
			it.ToolCall.Arguments = b.rawCopy(it.ToolCall.Arguments)
		}
		if it.ToolResult = b.toolResults.ptr(it.ToolResult); it.ToolResult != nil {
			it.ToolResult.Parts = b.contentParts(it.ToolResult.Parts)
		}
		if it.Reasoning = b.reasoningItems.ptr(it.Reasoning); it.Reasoning != nil {
			it.Reasoning.Reasoning = b.reasoning(it.Reasoning.Reasoning)
		}
		if it.Compaction = b.compactions.ptr(it.Compaction); it.Compaction != nil {
			it.Compaction.Opaque = b.rawCopy(it.Compaction.Opaque)
		}
		if it.Extension = b.extensions.ptr(it.Extension); it.Extension != nil {
			it.Extension.Data = b.rawCopy(it.Extension.Data)
		}
	}
	return out
}

func (b *cloneBlocks) contentParts(ps []ContentPart) []ContentPart {
	out := b.contents.slice(ps)
	for i := range out {
		p := &out[i]
		p.Reasoning = b.reasoning(p.Reasoning)
		if p.Annotation = b.annotations.ptr(p.Annotation); p.Annotation != nil {
			p.Annotation.Data = b.rawCopy(p.Annotation.Data)
		}
		if p.Extension = b.extParts.ptr(p.Extension); p.Extension != nil {
			p.Extension.Data = b.rawCopy(p.Extension.Data)
		}
	}
	return out
}

func (b *cloneBlocks) reasoning(r *ReasoningPart) *ReasoningPart {
	out := b.reasonings.ptr(r)
	if out != nil {
		out.Opaque = b.rawCopy(out.Opaque)
		out.Summary = b.rawCopy(out.Summary)
		out.Content = b.rawCopy(out.Content)
		out.EncryptedContent = b.rawCopy(out.EncryptedContent)
	}
	return out
}

// rawCopy copies raw at exactly its length, keeping nil and empty non-nil
// apart.
func (b *cloneBlocks) rawCopy(raw json.RawMessage) json.RawMessage {
	return b.raw.slice(raw)
}
