package conversationprojection

import (
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Where assemble injects an overlay under legacy authority: into the
// instructions, up to the stable prefix, or into the messages after it.
const (
	intoInstructions = true
	intoMessages     = false
)

// The two ways assemble builds the output trajectory: recording the
// identity of every unit, or only the units, for an output that is only
// turned into a call.
const (
	withIdentities    = true
	withoutIdentities = false
)

// injectedIntoInstructions returns the number of the injections of stable
// and resolved that assemble puts into the instructions (legacy authority;
// under item authority it is a count without meaning).
func (t *trajectory) injectedIntoInstructions(stable, resolved []injection) int {
	n := len(stable)
	for _, in := range resolved {
		if in.target < len(t.ins) {
			n++
		}
	}
	return n
}

// assemble builds the output trajectory of p from src (p's trajectory, or
// a deep copy of its units): the units not removed, each anchored overlay
// injected right after the unit its anchor names and the stable-prefix
// overlays at the stable prefix (see stablePrefixEnd), and the provenance
// of each injection, in rank order. The injected units and the
// provenance's pointers are allocated in one block per kind.
func (pj *projector) assemble(p *projection, src *trajectory, ids bool) (*trajectory, []OverlayProvenance) {
	a := pj.newAssembly(p, src, ids)
	prefix := src.stablePrefixEnd(p.removed)
	anchored := p.anchored // the anchored injections not yet made
	for i := 0; i < prefix; i++ {
		anchored = a.copyUnit(src, p.removed, anchored, i, intoInstructions)
	}
	for _, in := range p.stable {
		a.inject(in, intoInstructions)
	}
	a.nIns = len(a.out.ins)
	for i := prefix; i < src.len(); i++ {
		anchored = a.copyUnit(src, p.removed, anchored, i, intoMessages)
	}
	return a.out, a.prov
}

// An assembly is the output trajectory of a projection while assemble
// builds it, with what injecting an overlay reads. It holds nothing of the
// input, so that what it writes the output into never ties the input's
// memory to the output's.
type assembly struct {
	// steering are the snapshot's overlays; overlays, names and rank the
	// identities, formatted identities and ranks of their injected units.
	steering []Overlay
	overlays []sum
	names    []MessageIdentity
	rank     []int
	out      *trajectory
	prov     []OverlayProvenance // by rank
	blocks   injected
	nIns     int // the number of output instructions, once they are complete
}

// newAssembly returns the empty assembly of p's output from src, with room
// for every unit and injection.
func (pj *projector) newAssembly(p *projection, src *trajectory, ids bool) assembly {
	m := p.injections()
	mIns := src.injectedIntoInstructions(p.stable, p.anchored)
	a := assembly{steering: pj.snap.Steering, out: newTrajectoryLike(src, mIns, m-mIns, ids), nIns: -1}
	if m == 0 {
		return a
	}
	a.overlays, a.names, a.rank = pj.overlays, pj.overlayNames(), pj.rank
	a.prov = make([]OverlayProvenance, m)
	a.blocks = newInjected(src.item, m, len(p.anchored))
	if src.item {
		for _, ins := range [2][]injection{p.stable, p.anchored} {
			for _, in := range ins {
				a.blocks.idLen += len(steeringIDPrefix) + len(a.steering[in.ov].OverlayID)
			}
		}
	}
	return a
}

// stablePrefixEnd returns the position before which the stable-prefix
// overlays go: under item authority, past the leading system and
// developer message items (removed units skipped); under legacy
// authority, the end of the instructions.
func (t *trajectory) stablePrefixEnd(removed []bool) int {
	if !t.item {
		return len(t.ins)
	}
	i := 0
	for i < t.len() && (removed != nil && removed[i] || t.isMessage(i) &&
		(t.items[i].Role == lipapi.RoleSystem || t.items[i].Role == lipapi.RoleDeveloper)) {
		i++
	}
	return i
}

// copyUnit appends unit i of src unless removed marks it, then the
// overlays of anchored (ordered by target) anchored on it, and returns the
// rest of anchored; instr says whether those go into the instructions.
func (a *assembly) copyUnit(src *trajectory, removed []bool, anchored []injection, i int, instr bool) []injection {
	if removed != nil && removed[i] {
		return anchored
	}
	a.out.appendUnit(src, i)
	for len(anchored) > 0 && anchored[0].target == i {
		a.inject(anchored[0], instr)
		anchored = anchored[1:]
	}
	return anchored
}

// inject appends the unit of injection in (into the instructions when
// instr is set, under legacy authority) and records its provenance.
func (a *assembly) inject(in injection, instr bool) {
	o := &a.steering[in.ov]
	at := a.out.appendOverlay(o, a.overlays[in.ov], instr, &a.blocks)
	p := &a.prov[a.rank[in.ov]] // zero until now: ranks are distinct
	p.OverlayID, p.Revision, p.SlotOrdinal = o.OverlayID, o.Revision, o.SlotOrdinal
	p.ResolvedKind, p.InjectedIdentity = PlacementStablePrefix, a.names[in.ov]
	if in.target >= 0 {
		p.ResolvedKind = PlacementAfterMessage
		p.ResolvedAnchor = a.blocks.anchor(*in.anchor)
	}
	if a.out.item {
		p.InjectedAuthority = authorityItem
		p.InjectedItemIndex, p.InjectedTrajectoryIndex = at, at
		return
	}
	p.InjectedAuthority = authorityLegacy
	p.InjectedLegacyIsInstruction, p.InjectedLegacyIndex = a.blocks.legacyPosition(instr, at)
	p.InjectedTrajectoryIndex = at
	if !instr {
		p.InjectedTrajectoryIndex = a.nIns + at
	}
}

// injected holds the blocks the injected units and their provenance
// pointers are carved from: one allocation per kind instead of one per
// overlay. Each element is used by one unit or entry only.
type injected struct {
	content []lipapi.ContentPart
	parts   []lipapi.Part
	anchors []MessageAnchor
	flags   []bool
	indexes []int
	// ids holds the IDs of injected items, idLen bytes in all; it is
	// grown in place on first use.
	ids   strings.Builder
	idLen int
}

// newInjected returns the blocks for the m injections of stable and
// resolved (r of them), anchored.
func newInjected(item bool, m, r int) injected {
	var b injected
	if item {
		b.content = make([]lipapi.ContentPart, 0, m)
	} else {
		b.parts = make([]lipapi.Part, 0, m)
		b.flags = make([]bool, 0, m)
		b.indexes = make([]int, 0, m)
	}
	if r > 0 {
		b.anchors = make([]MessageAnchor, 0, r)
	}
	return b
}

// itemID returns the ID of the item injected for the overlay with the
// given ID, carved from b.ids.
func (b *injected) itemID(overlayID string) string {
	if b.ids.Cap() == 0 {
		b.ids.Grow(b.idLen)
	}
	start := b.ids.Len()
	b.ids.WriteString(steeringIDPrefix)
	b.ids.WriteString(overlayID)
	return b.ids.String()[start:]
}

// anchor returns a pointer to a copy of a.
func (b *injected) anchor(a MessageAnchor) *MessageAnchor {
	b.anchors = append(b.anchors, a)
	return &b.anchors[len(b.anchors)-1]
}

// legacyPosition returns pointers to copies of instr and at.
func (b *injected) legacyPosition(instr bool, at int) (*bool, *int) {
	b.flags = append(b.flags, instr)
	b.indexes = append(b.indexes, at)
	return &b.flags[len(b.flags)-1], &b.indexes[len(b.indexes)-1]
}

// appendOverlay appends the unit injected for o, with identity id, its
// content carved from b: an item under item authority, else a message in
// Instructions (instr) or Messages. It returns the unit's index within its
// slice.
func (t *trajectory) appendOverlay(o *Overlay, id sum, instr bool, b *injected) int {
	at := 0
	if t.item {
		var c *lipapi.ContentPart
		b.content, c = appendNew(b.content)
		c.Kind, c.Text = lipapi.ContentPartText, o.Message.Text
		n := len(b.content)
		at = len(t.items)
		var it *lipapi.Item
		t.items, it = appendNew(t.items)
		it.Kind, it.ID, it.Status = lipapi.ItemKindMessage, b.itemID(o.OverlayID), lipapi.ItemStatusCompleted
		it.Role, it.Content = overlayRole(o), b.content[n-1:n:n]
	} else {
		var p *lipapi.Part
		b.parts, p = appendNew(b.parts)
		p.Kind, p.Text = lipapi.PartText, o.Message.Text
		n := len(b.parts)
		m := lipapi.Message{Role: overlayRole(o), Parts: b.parts[n-1 : n : n]}
		if instr {
			at = len(t.ins)
			t.ins = append(t.ins, m)
		} else {
			at = len(t.msgs)
			t.msgs = append(t.msgs, m)
		}
	}
	if t.ids != nil {
		t.ids = append(t.ids, id)
		if t.errs != nil {
			t.errs = append(t.errs, nil)
		}
	}
	return at
}

// appendNew appends a zero element to s and returns s and a pointer to that
// element, to be filled in place: cheaper than building a large struct and
// copying it in.
func appendNew[T any](s []T) ([]T, *T) {
	var zero T
	s = append(s, zero)
	return s, &s[len(s)-1]
}
