package lipapi

import "hash/maphash"

// An itemIndex maps a string key of items (their IDs, or their tool call
// IDs) to the first position holding it: an open-addressing hash table of
// positions. Keys are hashed with a seed drawn per table, as Go's maps do,
// so no input can make probing degenerate; results never depend on the
// seed. Validation builds one per key kind.
type itemIndex struct {
	items []Item
	by    itemKey
	slots []uint16 // position+1 of the first item with a key; 0 for empty
	seed  maphash.Seed
}

// An itemKey is the key an itemIndex maps.
type itemKey int

// The keys of an itemIndex.
const (
	byItemID     itemKey = iota // Item.ID
	byToolCallID                // ToolCall.CallID of a tool_call item
)

// key returns the key of it.
func (x *itemIndex) key(it *Item) string {
	if x.by == byToolCallID {
		return it.ToolCall.CallID
	}
	return it.ID
}

// smallIndexSlots is the size of the tables kept on the stack: calls with
// up to half as many keys index them without allocating.
const smallIndexSlots = 512

// newItemIndex returns an empty index for n keys of items, its table carved
// from buf (zeroed) when that is large enough for a load factor of at most
// one half, else allocated.
func newItemIndex(items []Item, by itemKey, n int, buf *[smallIndexSlots]uint16) itemIndex {
	size := 8
	for size < 2*n {
		size *= 2
	}
	x := itemIndex{items: items, by: by, seed: maphash.MakeSeed()}
	if size <= len(buf) {
		x.slots = buf[:size]
	} else {
		x.slots = make([]uint16, size)
	}
	return x
}

// add indexes position i under its key. If an earlier position holds the
// same key it is kept and add returns it; otherwise add returns -1.
// Positions must be added in ascending order, so the one kept is the first.
func (x *itemIndex) add(i int) int {
	k := x.key(&x.items[i])
	mask := uint64(len(x.slots) - 1)
	for h := maphash.String(x.seed, k) & mask; ; h = (h + 1) & mask {
		p := x.slots[h]
		if p == 0 {
			x.slots[h] = uint16(i + 1)
			return -1
		}
		if x.key(&x.items[p-1]) == k {
			return int(p - 1)
		}
	}
}

// first returns the first position whose key is k, or -1.
func (x *itemIndex) first(k string) int {
	mask := uint64(len(x.slots) - 1)
	for h := maphash.String(x.seed, k) & mask; ; h = (h + 1) & mask {
		p := x.slots[h]
		if p == 0 {
			return -1
		}
		if x.key(&x.items[p-1]) == k {
			return int(p - 1)
		}
	}
}
