package conversationprojection

import (
	"bytes"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Identity reuse. Reassert hashes the late call and the filtered baseline,
// and Verify the reasserted and the adapted call: pairs of calls that
// mostly hold the same messages. A message unit whose identity-relevant
// fields are all equal to those of an already hashed unit has the same
// identity, so its identity is taken from that unit instead of being
// hashed again. Equality is exact and conservative (every field that could
// matter is compared, pointers by address), so reuse never changes a
// result; it only saves hashing.

// maxReuseCandidates bounds the already hashed units compared with one
// unit: past it the unit is hashed, which keeps reuse linear even when
// many units share a first part.
const maxReuseCandidates = 8

// reuseKey buckets message units for reuse: units with equal identity-
// relevant fields have equal keys.
type reuseKey struct {
	role  lipapi.Role
	parts int
	kind  string
	text  string
}

// reuseKeyOf returns the key of unit i of t, and false when unit i is not
// a message unit.
func (t *trajectory) reuseKeyOf(i int) (reuseKey, bool) {
	if t.item {
		it := &t.items[i]
		if it.Kind != lipapi.ItemKindMessage {
			return reuseKey{}, false
		}
		k := reuseKey{role: it.Role, parts: len(it.Content)}
		if len(it.Content) > 0 {
			k.kind, k.text = string(it.Content[0].Kind), it.Content[0].Text
		}
		return k, true
	}
	m := t.message(i)
	k := reuseKey{role: m.Role, parts: len(m.Parts)}
	if len(m.Parts) > 0 {
		k.kind, k.text = string(m.Parts[0].Kind), m.Parts[0].Text
	}
	return k, true
}

// trajectoryReusing is trajectoryOf, except that a message unit equal to a
// message unit of known (same form) with a computed identity takes that
// identity instead of being hashed. It runs in O(n + len(known)) plus the
// bytes hashed and compared.
func (k *kernel) trajectoryReusing(c *lipapi.Call, item bool, known *trajectory) *trajectory {
	if known == nil || known.item != item || known.len() == 0 {
		return k.trajectoryOf(c, item)
	}
	// first[key] is the first unit of known with the key; next[i] the next
	// one after unit i (-1 at the end).
	first := make(map[reuseKey]int32, known.len())
	next := make([]int32, known.len())
	for i := known.len() - 1; i >= 0; i-- {
		next[i] = -1
		if known.ids[i] == "" {
			continue
		}
		key, _ := known.reuseKeyOf(i)
		if j, ok := first[key]; ok {
			next[i] = j
		}
		first[key] = int32(i)
	}
	t := &trajectory{item: item}
	if item {
		t.items = c.Items
	} else {
		t.ins, t.msgs = c.Instructions, c.Messages
	}
	t.ids = make([]MessageIdentity, len(t.items)+len(t.ins)+len(t.msgs))
	for i := range t.ids {
		key, ok := t.reuseKeyOf(i)
		if !ok {
			continue // a non-message item
		}
		if id := t.reuse(i, key, known, first, next); id != "" {
			t.ids[i] = id
			continue
		}
		var id MessageIdentity
		var err error
		if item {
			id, err = k.itemIdentity(&t.items[i])
		} else {
			id, err = k.messageIdentity(t.message(i))
		}
		t.setIdentity(i, id, err)
	}
	return t
}

// reuse returns the identity of a unit of known equal to unit i of t, or
// "" when none of the first candidates is.
func (t *trajectory) reuse(i int, key reuseKey, known *trajectory, first map[reuseKey]int32, next []int32) MessageIdentity {
	j, ok := first[key]
	for n := 0; ok && j >= 0 && n < maxReuseCandidates; n++ {
		if t.item && sameItemMessage(&t.items[i], &known.items[j]) ||
			!t.item && sameMessage(t.message(i), known.message(int(j))) {
			return known.ids[j]
		}
		j = next[j]
	}
	return ""
}

// sameItemMessage reports whether two message items without variant
// payloads have equal roles and content parts (pointer fields compared by
// address), and hence the same identity.
func sameItemMessage(a, b *lipapi.Item) bool {
	if a.Kind != b.Kind || a.Role != b.Role || len(a.Content) != len(b.Content) ||
		hasVariant(a) || hasVariant(b) {
		return false
	}
	for i := range a.Content {
		if a.Content[i] != b.Content[i] {
			return false
		}
	}
	return true
}

// hasVariant reports whether it carries a variant payload.
func hasVariant(it *lipapi.Item) bool {
	return it.Reference != nil || it.ToolCall != nil || it.ToolResult != nil ||
		it.Reasoning != nil || it.Compaction != nil || it.Extension != nil
}

// sameMessage reports whether two legacy messages have equal roles and
// parts (every field of every part; reasoning compared by address), and
// hence the same identity. Metadata is not part of identity.
func sameMessage(a, b *lipapi.Message) bool {
	if a.Role != b.Role || len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		p, q := &a.Parts[i], &b.Parts[i]
		if p.Kind != q.Kind || p.Text != q.Text || p.ImageRef != q.ImageRef || p.ImageMIME != q.ImageMIME ||
			p.FileRef != q.FileRef || p.FileMIME != q.FileMIME || p.FileName != q.FileName ||
			p.ToolCallID != q.ToolCallID || p.ToolName != q.ToolName || p.Reasoning != q.Reasoning ||
			!bytes.Equal(p.Content, q.Content) {
			return false
		}
	}
	return true
}
