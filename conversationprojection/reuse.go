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
// matter is compared; a legacy part's reasoning by value, so that a copy of
// a message matches it, other pointers by address), so reuse never changes
// a result; it only saves hashing.

// maxReuseCandidates bounds the already hashed units compared with one
// unit through the index: past it the unit is hashed, which keeps reuse
// linear even when many units share a first part.
const maxReuseCandidates = 8

// maxWindowMisses bounds the units looked for in the window ahead of the
// last match (see reuser) before reuse relies on the index alone.
const maxWindowMisses = 32

// reuseKey buckets message units for the index: units with equal
// identity-relevant fields have equal keys.
type reuseKey struct {
	role  lipapi.Role
	parts int
	kind  string
	text  string
}

// reuseKeyOf returns the key of message unit i of t.
func (t *trajectory) reuseKeyOf(i int) reuseKey {
	if t.item {
		it := &t.items[i]
		k := reuseKey{role: it.Role, parts: len(it.Content)}
		if len(it.Content) > 0 {
			k.kind, k.text = string(it.Content[0].Kind), it.Content[0].Text
		}
		return k
	}
	m := t.message(i)
	k := reuseKey{role: m.Role, parts: len(m.Parts)}
	if len(m.Parts) > 0 {
		k.kind, k.text = string(m.Parts[0].Kind), m.Parts[0].Text
	}
	return k
}

// sameUnit reports whether message unit i of t and unit j of u (same form)
// are equal in every identity-relevant field.
func sameUnit(t *trajectory, i int, u *trajectory, j int) bool {
	if t.item {
		return sameItemMessage(&t.items[i], &u.items[j])
	}
	return sameMessage(t.message(i), u.message(j))
}

// trajectoryReusing is trajectoryOf, except that a message unit equal to a
// message unit of known (same form) with a computed identity takes that
// identity instead of being hashed. window is how far ahead of the last
// match to look first (the length of the longest run of known units
// expected to be absent from c). It runs in O(n + len(known)) plus the
// bytes hashed and compared.
func (pj *projector) trajectoryReusing(c *lipapi.Call, item bool, known *trajectory, window int) *trajectory {
	if known == nil || known.item != item || known.len() == 0 {
		return pj.trajectoryOf(c, item)
	}
	t := &trajectory{item: item}
	t.setUnits(c)
	t.ids = make([]sum, len(t.items)+len(t.ins)+len(t.msgs))
	r := reuser{known: known, window: window}
	for i := range t.ids {
		if !t.isMessage(i) {
			continue
		}
		if j := r.find(t, i); j >= 0 {
			t.ids[i] = known.ids[j]
			continue
		}
		var id sum
		var err error
		if item {
			id, err = pj.itemIdentity(&t.items[i])
		} else {
			id, err = pj.messageIdentity(t.message(i))
		}
		t.setIdentity(i, id, err)
	}
	return t
}

// A reuser finds, for the units of a trajectory in order, equal units of
// known. Both usually hold the same units in the same order, with runs of
// units present in only one of them, so it first looks in a window ahead
// of its last match; after maxWindowMisses misses, or for a unit not in
// the window, it uses an index of known by reuseKey, built on first need.
type reuser struct {
	known  *trajectory
	window int
	next   int // position in known after the last match
	misses int
	first  map[reuseKey]int32 // first unit of known with a key
	chain  []int32            // chain[j]: the next unit after j with its key, -1 at the end
}

// find returns the position of a unit of known with an identity, equal to
// message unit i of t, or -1.
func (r *reuser) find(t *trajectory, i int) int {
	known := r.known
	if r.misses < maxWindowMisses {
		for j := r.next; j < known.len() && j <= r.next+r.window; j++ {
			if !known.ids[j].isZero() && sameUnit(t, i, known, j) {
				r.next = j + 1
				return j
			}
		}
		r.misses++
	}
	if r.first == nil {
		r.index()
	}
	j, ok := r.first[t.reuseKeyOf(i)]
	for n := 0; ok && j >= 0 && n < maxReuseCandidates; n++ {
		if sameUnit(t, i, known, int(j)) {
			r.next = int(j) + 1
			return int(j)
		}
		j = r.chain[j]
	}
	return -1
}

// index builds the index of known's message units with an identity.
func (r *reuser) index() {
	known := r.known
	r.first = make(map[reuseKey]int32, known.len())
	r.chain = make([]int32, known.len())
	for j := known.len() - 1; j >= 0; j-- {
		r.chain[j] = -1
		if known.ids[j].isZero() {
			continue
		}
		key := known.reuseKeyOf(j)
		if f, ok := r.first[key]; ok {
			r.chain[j] = f
		}
		r.first[key] = int32(j)
	}
}

// overlayIdentitiesFrom takes the identity of each active overlay's
// injected unit from t when a provenance entry for the overlay points at a
// unit of t equal to that injected unit (an earlier copy), instead of
// hashing it later. Entries are only hints: the unit is compared in full,
// once per overlay (the first entry for it pointing at a unit with an
// identity), so the comparisons cost at most the overlays' texts, however
// long the provenance.
func (pj *projector) overlayIdentitiesFrom(t *trajectory, prov []OverlayProvenance) {
	if len(prov) == 0 {
		return
	}
	steering := pj.snap.Steering
	byID := make(map[string]int, len(steering))
	for i := range steering {
		if steering[i].Active {
			byID[steering[i].OverlayID] = i
		}
	}
	if pj.overlays == nil {
		pj.overlays = make([]sum, len(steering))
	}
	for e := range prov {
		i, ok := byID[prov[e].OverlayID]
		x := prov[e].InjectedTrajectoryIndex
		if !ok || !pj.overlays[i].isZero() || x < 0 || x >= t.len() || t.ids[x].isZero() {
			continue
		}
		// One comparison per overlay: the entries of an overlay point at
		// one copy, and comparing the others would cost up to
		// MaxSteeringTextBytes per entry, however many entries repeat.
		delete(byID, prov[e].OverlayID)
		if t.isInjectedUnit(x, &steering[i]) {
			pj.overlays[i] = t.ids[x]
		}
	}
}

// isInjectedUnit reports whether unit x of t equals the unit injected for
// o in t's form, and so has its identity.
func (t *trajectory) isInjectedUnit(x int, o *Overlay) bool {
	if t.item {
		content := [1]lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: o.Message.Text}}
		unit := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: overlayRole(o), Content: content[:]}
		return sameItemMessage(&t.items[x], &unit)
	}
	parts := [1]lipapi.Part{lipapi.TextPart(o.Message.Text)}
	unit := lipapi.Message{Role: overlayRole(o), Parts: parts[:]}
	return sameMessage(t.message(x), &unit)
}

// sameItemMessage reports whether two message items without variant
// payloads have equal roles and content parts (pointer fields compared by
// address), and hence the same identity.
func sameItemMessage(a, b *lipapi.Item) bool {
	if a.Kind != b.Kind || a.Role != b.Role || len(a.Content) != len(b.Content) ||
		variantOf(a) != "" || variantOf(b) != "" {
		return false
	}
	for i := range a.Content {
		if a.Content[i] != b.Content[i] {
			return false
		}
	}
	return true
}

// variantOf returns the name of the variant payload it carries (the first
// in the order of lipapi.Item's fields), or "" when it carries none.
func variantOf(it *lipapi.Item) string {
	for _, v := range [...]struct {
		set  bool
		name string
	}{
		{it.Reference != nil, "reference"}, {it.ToolCall != nil, "tool_call"},
		{it.ToolResult != nil, "tool_result"}, {it.Reasoning != nil, "reasoning"},
		{it.Compaction != nil, "compaction"}, {it.Extension != nil, "extension"},
	} {
		if v.set {
			return v.name
		}
	}
	return ""
}

// sameMessage reports whether two legacy messages have equal roles and
// parts (every field of every part, reasoning included), and hence the same
// identity. Metadata is not part of identity.
func sameMessage(a, b *lipapi.Message) bool {
	return a.Role == b.Role && allPairs(a.Parts, b.Parts, func(p, q *lipapi.Part) bool {
		return shapeOfPart(p) == shapeOfPart(q) && p.Text == q.Text && bytes.Equal(p.Content, q.Content) &&
			sameReasoning(p.Reasoning, q.Reasoning)
	})
}

// sameReasoning reports whether two reasoning parts are the same one, or
// both set with every field equal (raw values byte for byte, nil and empty
// apart): a copy of a message (CloneCall, a projection) holds a copy of
// its reasoning, which has the same identity.
func sameReasoning(a, b *lipapi.ReasoningPart) bool {
	if a == b {
		return true
	}
	return a != nil && b != nil && fieldsOfReasoning(a) == fieldsOfReasoning(b) &&
		sameRaw(a.Opaque, b.Opaque) && sameRaw(a.Summary, b.Summary) &&
		sameRaw(a.Content, b.Content) && sameRaw(a.EncryptedContent, b.EncryptedContent)
}

// reasoningFields are the fields of a reasoning part other than its raw
// values.
type reasoningFields struct {
	dialect                                          lipapi.ReasoningDialect
	text, signature                                  string
	summaryPresent, contentPresent, encryptedPresent bool
}

// fieldsOfReasoning returns the fields of r other than its raw values.
func fieldsOfReasoning(r *lipapi.ReasoningPart) reasoningFields {
	return reasoningFields{r.Dialect, r.Text, r.Signature, r.SummaryPresent, r.ContentPresent, r.EncryptedContentPresent}
}

// sameRaw reports whether two raw values hold the same bytes and are both
// nil or both not.
func sameRaw(a, b []byte) bool { return (a == nil) == (b == nil) && bytes.Equal(a, b) }
