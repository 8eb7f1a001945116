package conversationprojection

import (
	"cmp"
	"strings"
)

// compareOrderKey compares two overlays' order keys (SlotOrdinal, then
// OverlayID bytewise).
func compareOrderKey(aSlot uint64, aID string, bSlot uint64, bID string) int {
	if c := cmp.Compare(aSlot, bSlot); c != 0 {
		return c
	}
	return strings.Compare(aID, bID)
}

// compareProvenance orders provenance entries by their overlays' order
// keys.
func compareProvenance(a, b *OverlayProvenance) int {
	return compareOrderKey(a.SlotOrdinal, a.OverlayID, b.SlotOrdinal, b.OverlayID)
}

// compareAnchors orders anchors by identity, then occurrence.
func compareAnchors(a, b MessageAnchor) int {
	if c := cmp.Compare(a.Identity, b.Identity); c != 0 {
		return c
	}
	return cmp.Compare(a.Occurrence, b.Occurrence)
}

// A provIndex groups provenance entries by injected identity, one group of
// type T per distinct identity: entry[i] is the group of entry i, and the
// groups of valid identities are found by sum.
type provIndex[T any] struct {
	entry []*T
	sums  map[sum]*T
}

// newProvIndex returns the index of prov, each group made by first from
// its first entry. The groups are allocated in one block.
func newProvIndex[T any](prov []OverlayProvenance, first func(e *OverlayProvenance) T) *provIndex[T] {
	x := &provIndex[T]{entry: make([]*T, len(prov)), sums: make(map[sum]*T, len(prov))}
	block := make([]T, 0, len(prov)) // never grows: pointers stay valid
	var invalid map[MessageIdentity]*T
	for i := range prov {
		e := &prov[i]
		s, valid := parseIdentity(e.InjectedIdentity)
		var g *T
		if valid {
			g = x.sums[s]
		} else {
			g = invalid[e.InjectedIdentity]
		}
		if g == nil {
			block = append(block, first(e))
			g = &block[len(block)-1]
			if valid {
				x.sums[s] = g
			} else {
				if invalid == nil {
					invalid = make(map[MessageIdentity]*T)
				}
				invalid[e.InjectedIdentity] = g
			}
		}
		x.entry[i] = g
	}
	return x
}

// of returns the group of identity id, or nil when no entry has it (always
// for the zero sum, "no identity").
func (x *provIndex[T]) of(id sum) *T { return x.sums[id] }
