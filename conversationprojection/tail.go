package conversationprojection

import (
	"fmt"

	"github.com/agentkernel/agentkernel/lipapi"
)

// ResolveAfterIngressTailAnchor anchors the terminal user message of an
// ingress call, once the never_backend messages of snap are removed. The
// tags are not validated; snap's overlays are ignored.
//
// Under item authority the terminal unit is the last message item: none
// gives ErrTerminalUserNotFound, and so does a tagged one (there is no
// fallback to an earlier user message); a role other than exactly "user"
// gives ErrTerminalNotUser. After exclusion nothing may follow it but item
// references to removed message items, which exclusion cleans away: any
// other trailing item (a tool call, a reasoning item, a reference to an
// absent target) gives ErrTerminalNotUser. Under legacy authority the
// terminal unit is the last of Instructions followed by Messages, with the
// same rules. The anchor's occurrence counts the surviving message units
// with the terminal identity.
//
// An agent loop's follow-up requests end in a tool call or tool result
// (under the wire adapters, a tool result is a tool-role message), not in
// the user's message, so they fail with ErrTerminalNotUser: the anchor
// belongs to the user's turn, not to each request. Resolve it once, on the
// request that brings the user's message, keep it in the overlay's
// Placement.Anchor, and project the turn's later requests with that
// overlay: Project finds the anchored message wherever it now stands and
// injects after it. A caller that did not see the turn's first request
// anchors the last user message itself: ItemAnchorAt at its index (under
// legacy authority, its entry of ComputeCallAnchors) gives the anchor
// Project resolves, unless that message's identity is never_backend.
//
// An identity error on any message unit wraps ErrProjectionFailed and the
// cause. Before anything is hashed, snap must hold at most
// MaxNeverBackendTags tags and call must be within the count and size
// bounds of lipapi (lipapi.Call.CheckBounds); both failures wrap
// ErrProjectionFailed. Errors never contain identities or text. It hashes
// each message unit once: O(n) plus the hashed bytes.
func ResolveAfterIngressTailAnchor(call lipapi.Call, snap Snapshot) (MessageAnchor, error) {
	var pj projector
	return pj.tailAnchor(&call, &snap)
}

// tailAnchor is ResolveAfterIngressTailAnchor.
func (pj *projector) tailAnchor(call *lipapi.Call, snap *Snapshot) (MessageAnchor, error) {
	if err := tagBounds(snap); err != nil {
		return MessageAnchor{}, err
	}
	if err := callBounds(call, ErrProjectionFailed, ""); err != nil {
		return MessageAnchor{}, err
	}
	pj.use(snap, nil)
	if call.HasItemAuthority() {
		return pj.itemTailAnchor(call.Items)
	}
	return pj.legacyTailAnchor(call)
}

// itemTailAnchor is ResolveAfterIngressTailAnchor under item authority.
func (pj *projector) itemTailAnchor(items []lipapi.Item) (MessageAnchor, error) {
	term := lastMessageItem(items)
	if term < 0 {
		return MessageAnchor{}, fmt.Errorf("%w: no message item", ErrTerminalUserNotFound)
	}
	id, err := pj.itemIdentity(&items[term])
	if err != nil {
		return MessageAnchor{}, errorf("%w: items[%d]: %w", ErrProjectionFailed, term, err)
	}
	if pj.tagged(id) {
		return MessageAnchor{}, fmt.Errorf("%w: the last message item is never_backend", ErrTerminalUserNotFound)
	}
	if items[term].Role != lipapi.RoleUser {
		return MessageAnchor{}, fmt.Errorf("%w: the last message item is not a user message", ErrTerminalNotUser)
	}
	occ, gone, err := pj.earlierItems(items[:term], id)
	if err != nil {
		return MessageAnchor{}, err
	}
	for i := len(items) - 1; i > term; i-- {
		if !refersTo(&items[i], gone) {
			return MessageAnchor{}, fmt.Errorf("%w: items[%d] follows the last user message", ErrTerminalNotUser, i)
		}
	}
	return MessageAnchor{Identity: identityOfSum(id), Occurrence: occ}, nil
}

// lastMessageItem returns the position of the last message item of items,
// or -1.
func lastMessageItem(items []lipapi.Item) int {
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].Kind == lipapi.ItemKindMessage {
			return i
		}
	}
	return -1
}

// earlierItems hashes each message item of items, the items before the
// terminal one, whose untagged identity is id, once: it returns the
// occurrence of the terminal item (one more than the untagged items with
// its identity) and the IDs of the tagged message items, which exclusion
// removes.
func (pj *projector) earlierItems(items []lipapi.Item, id sum) (uint32, map[string]struct{}, error) {
	var occ uint32 = 1
	var gone map[string]struct{}
	for i := range items {
		it := &items[i]
		if it.Kind != lipapi.ItemKindMessage {
			continue
		}
		other, err := pj.itemIdentity(it)
		if err != nil {
			return 0, nil, errorf("%w: items[%d]: %w", ErrProjectionFailed, i, err)
		}
		switch {
		case pj.tagged(other):
			if it.ID != "" {
				if gone == nil {
					gone = make(map[string]struct{})
				}
				gone[it.ID] = struct{}{}
			}
		case other == id:
			occ++
		}
	}
	return occ, gone, nil
}

// legacyTailAnchor is ResolveAfterIngressTailAnchor under legacy
// authority, over Instructions followed by Messages.
func (pj *projector) legacyTailAnchor(call *lipapi.Call) (MessageAnchor, error) {
	t := &trajectory{ins: call.Instructions, msgs: call.Messages}
	n := len(call.Instructions) + len(call.Messages)
	if n == 0 {
		return MessageAnchor{}, fmt.Errorf("%w: no message", ErrTerminalUserNotFound)
	}
	term := n - 1
	id, err := pj.messageIdentity(t.message(term))
	if err != nil {
		return MessageAnchor{}, errorf("%w: %s: %w", ErrProjectionFailed, t.unitName(term), err)
	}
	if pj.tagged(id) {
		return MessageAnchor{}, fmt.Errorf("%w: the last message is never_backend", ErrTerminalUserNotFound)
	}
	if t.message(term).Role != lipapi.RoleUser {
		return MessageAnchor{}, fmt.Errorf("%w: the last message is not a user message", ErrTerminalNotUser)
	}
	var occ uint32 = 1
	for i := 0; i < term; i++ {
		other, err := pj.messageIdentity(t.message(i))
		if err != nil {
			return MessageAnchor{}, errorf("%w: %s: %w", ErrProjectionFailed, t.unitName(i), err)
		}
		if other == id {
			occ++ // an untagged identity: equal units survive exclusion
		}
	}
	return MessageAnchor{Identity: identityOfSum(id), Occurrence: occ}, nil
}
