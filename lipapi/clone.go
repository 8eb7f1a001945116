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
// CloneCall runs in time linear in the size of c and performs one allocation
// per non-empty slice or raw value, non-nil map and non-nil pointer.
func CloneCall(c Call) Call {
	c.Instructions = cloneMessages(c.Instructions)
	c.Messages = cloneMessages(c.Messages)
	c.Items = cloneItems(c.Items)
	return c
}

func cloneMessages(ms []Message) []Message {
	if ms == nil {
		return nil
	}
	out := make([]Message, len(ms))
	for i := range ms {
		m := &out[i]
		*m = ms[i]
		m.Parts = cloneParts(m.Parts)
		m.Metadata = maps.Clone(m.Metadata)
	}
	return out
}

func cloneParts(ps []Part) []Part {
	if ps == nil {
		return nil
	}
	out := make([]Part, len(ps))
	for i := range ps {
		p := &out[i]
		*p = ps[i]
		p.Content = cloneRaw(p.Content)
		p.Reasoning = cloneReasoning(p.Reasoning)
	}
	return out
}

func cloneItems(items []Item) []Item {
	if items == nil {
		return nil
	}
	out := make([]Item, len(items))
	for i := range items {
		it := &out[i]
		*it = items[i]
		it.Content = cloneContentParts(it.Content)
		if ref := it.Reference; ref != nil {
			dup := *ref
			it.Reference = &dup
		}
		if tc := it.ToolCall; tc != nil {
			dup := *tc
			dup.Arguments = cloneRaw(tc.Arguments)
			it.ToolCall = &dup
		}
		if tr := it.ToolResult; tr != nil {
			dup := *tr
			dup.Parts = cloneContentParts(tr.Parts)
			it.ToolResult = &dup
		}
		if r := it.Reasoning; r != nil {
			dup := *r
			dup.Reasoning = cloneReasoning(r.Reasoning)
			it.Reasoning = &dup
		}
		if cp := it.Compaction; cp != nil {
			dup := *cp
			dup.Opaque = cloneRaw(cp.Opaque)
			it.Compaction = &dup
		}
		if ext := it.Extension; ext != nil {
			dup := *ext
			dup.Data = cloneRaw(ext.Data)
			it.Extension = &dup
		}
	}
	return out
}

func cloneContentParts(ps []ContentPart) []ContentPart {
	if ps == nil {
		return nil
	}
	out := make([]ContentPart, len(ps))
	for i := range ps {
		p := &out[i]
		*p = ps[i]
		p.Reasoning = cloneReasoning(p.Reasoning)
		if a := p.Annotation; a != nil {
			dup := *a
			dup.Data = cloneRaw(a.Data)
			p.Annotation = &dup
		}
		if ext := p.Extension; ext != nil {
			dup := *ext
			dup.Data = cloneRaw(ext.Data)
			p.Extension = &dup
		}
	}
	return out
}

func cloneReasoning(r *ReasoningPart) *ReasoningPart {
	if r == nil {
		return nil
	}
	dup := *r
	dup.Opaque = cloneRaw(r.Opaque)
	dup.Summary = cloneRaw(r.Summary)
	dup.Content = cloneRaw(r.Content)
	dup.EncryptedContent = cloneRaw(r.EncryptedContent)
	return &dup
}

// cloneRaw copies b into a new slice of exactly len(b) bytes. Unlike
// append(json.RawMessage(nil), b...), it keeps an empty non-nil b non-nil.
func cloneRaw(b json.RawMessage) json.RawMessage {
	if b == nil {
		return nil
	}
	out := make(json.RawMessage, len(b))
	copy(out, b)
	return out
}
