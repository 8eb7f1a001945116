package conversationprojection

import (
	"fmt"
	"strconv"

	"github.com/agentkernel/agentkernel/lipapi"
)

// MessageAnchor pairs a replay-stable message identity with an explicit
// occurrence ordinal: it names the Occurrence-th (1-based) message unit
// with that identity in a trajectory.
//
// A message unit is a message item (non-message items are skipped and never
// hashed) or, in legacy authority, each message of Instructions followed by
// each message of Messages, counted with one shared occurrence counter.
//
// The zero MessageAnchor does not validate.
type MessageAnchor struct {
	// Identity is the identity of the named message unit.
	Identity MessageIdentity `json:"identity"`
	// Occurrence is the 1-based rank of the unit among the units with
	// that identity.
	Occurrence uint32 `json:"occurrence"`
}

// String returns the formatted anchor representation
// "v1:<hex>#<occurrence>", without validating a.
func (a MessageAnchor) String() string {
	return string(a.Identity) + "#" + strconv.FormatUint(uint64(a.Occurrence), 10)
}

// Validate checks that the anchor has a valid v1 identity (else the error
// wraps ErrInvalidMessageIdentity and ErrInvalidMessageAnchor) and a
// non-zero occurrence ordinal (else ErrInvalidMessageAnchor).
func (a MessageAnchor) Validate() error { return a.validate(nil) }

// validate is Validate; with s non-nil it also parses the identity into
// *s (see MessageIdentity.validate).
func (a *MessageAnchor) validate(s *sum) error {
	if err := a.Identity.validate(s); err != nil {
		return errorf("%w: identity: %w", ErrInvalidMessageAnchor, err)
	}
	if a.Occurrence == 0 {
		return fmt.Errorf("%w: occurrence is 0", ErrInvalidMessageAnchor)
	}
	return nil
}

// occurrences counts message units per identity while walking a
// trajectory in order.
type occurrences map[MessageIdentity]uint32

// next counts one more unit with identity id and returns its anchor.
func (o occurrences) next(id MessageIdentity) MessageAnchor {
	o[id]++
	return MessageAnchor{Identity: id, Occurrence: o[id]}
}

// ComputeItemAnchors computes occurrence-indexed MessageAnchors for all
// message items in items, in order; non-message items (tool calls, tool
// results, ...) are skipped. The first identity error is returned, naming
// the item index, with a nil slice. Without message items the result is a
// non-nil empty slice. It hashes each message item once: O(total bytes).
//
// Before hashing, items are checked against the count and size bounds of
// an item-authority lipapi.Call (lipapi.Call.CheckBounds): more than
// lipapi.MaxItems items, or a part over its size bound, gives an error
// wrapping ErrBoundExceeded and lipapi.ErrInvalidCall. The other anchor
// functions check their input the same way.
func ComputeItemAnchors(items []lipapi.Item) ([]MessageAnchor, error) {
	if err := itemBounds(items); err != nil {
		return nil, err
	}
	return computeItemAnchors(items)
}

// computeItemAnchors is ComputeItemAnchors on items within their bounds.
func computeItemAnchors(items []lipapi.Item) ([]MessageAnchor, error) {
	n := 0
	for i := range items {
		if items[i].Kind == lipapi.ItemKindMessage {
			n++
		}
	}
	out := make([]MessageAnchor, 0, n)
	seen := make(occurrences, n)
	for i := range items {
		if items[i].Kind != lipapi.ItemKindMessage {
			continue
		}
		id, err := ItemIdentityOf(items[i])
		if err != nil {
			return nil, errorf("items[%d]: %w", i, err)
		}
		out = append(out, seen.next(id))
	}
	return out, nil
}

// ComputeCallAnchors computes occurrence-indexed MessageAnchors for all
// message units in call: with item authority (call.HasItemAuthority) those
// of ComputeItemAnchors(call.Items); with legacy authority one anchor per
// message of Instructions then Messages, occurrences counted across both.
// Errors and the empty result are as for ComputeItemAnchors; call is
// checked against the bounds of its authority (lipapi.Call.CheckBounds)
// before anything is hashed.
func ComputeCallAnchors(call lipapi.Call) ([]MessageAnchor, error) {
	if err := callBounds(&call, ErrBoundExceeded, ""); err != nil {
		return nil, err
	}
	if call.HasItemAuthority() {
		return computeItemAnchors(call.Items)
	}
	n := len(call.Instructions) + len(call.Messages)
	out := make([]MessageAnchor, 0, n)
	seen := make(occurrences, n)
	for r, msgs := range [2][]lipapi.Message{call.Instructions, call.Messages} {
		for i := range msgs {
			id, err := MessageIdentityOf(msgs[i])
			if err != nil {
				return nil, errorf("%s[%d]: %w", legacyRegion(r), i, err)
			}
			out = append(out, seen.next(id))
		}
	}
	return out, nil
}

// legacyRegion names region r of a legacy trajectory.
func legacyRegion(r int) string {
	if r == 0 {
		return "instructions"
	}
	return "messages"
}

// ItemAnchorAt returns the MessageAnchor for the message item at index i in
// items: its identity and the number of message items in items[0:i+1] with
// that identity. An index out of range or a non-message item at i wraps
// ErrNonMessageItem; then items are checked against their bounds (as by
// ComputeItemAnchors, ErrBoundExceeded); then the first identity error
// among the message items of items[0:i+1] is returned. CallAnchorAt does
// the same for a whole call, in either authority.
func ItemAnchorAt(items []lipapi.Item, i int) (MessageAnchor, error) {
	if i < 0 || i >= len(items) {
		return MessageAnchor{}, fmt.Errorf("%w: index %d out of range [0,%d)", ErrNonMessageItem, i, len(items))
	}
	if items[i].Kind != lipapi.ItemKindMessage {
		return MessageAnchor{}, fmt.Errorf("%w: items[%d] is not a message item", ErrNonMessageItem, i)
	}
	if err := itemBounds(items); err != nil {
		return MessageAnchor{}, err
	}
	ids := make([]MessageIdentity, 0, i+1)
	for j := 0; j <= i; j++ {
		if items[j].Kind != lipapi.ItemKindMessage {
			continue
		}
		id, err := ItemIdentityOf(items[j])
		if err != nil {
			return MessageAnchor{}, errorf("items[%d]: %w", j, err)
		}
		ids = append(ids, id)
	}
	return anchorOfLast(ids), nil
}

// CallAnchorAt returns the MessageAnchor of the message unit at position i
// of call's trajectory, the counterpart of ItemAnchorAt for both
// authorities: with item authority (call.HasItemAuthority) it is
// ItemAnchorAt(call.Items, i); with legacy authority i indexes Instructions
// followed by Messages (0 to len(Instructions)-1 for instructions, then
// len(Instructions)+j for Messages[j], as OverlayProvenance's
// InjectedTrajectoryIndex does), and the occurrence counts the units with
// the same identity in the trajectory up to and including i, instructions
// and messages together. So CallAnchorAt(call, i) is the anchor that
// ComputeCallAnchors(call) returns for that unit.
//
// A position out of range, or a non-message item at i, gives an error
// wrapping ErrNonMessageItem; the first identity error among the units up to
// i is returned, naming the unit. Units after i are not hashed.
func CallAnchorAt(call lipapi.Call, i int) (MessageAnchor, error) {
	if call.HasItemAuthority() {
		return ItemAnchorAt(call.Items, i)
	}
	nIns := len(call.Instructions)
	if n := nIns + len(call.Messages); i < 0 || i >= n {
		return MessageAnchor{}, fmt.Errorf("%w: index %d out of range [0,%d)", ErrNonMessageItem, i, n)
	}
	if err := callBounds(&call, ErrBoundExceeded, ""); err != nil {
		return MessageAnchor{}, err
	}
	ids := make([]MessageIdentity, 0, i+1)
	for j := 0; j <= i; j++ {
		r, at, m := 0, j, call.Instructions
		if j >= nIns {
			r, at, m = 1, j-nIns, call.Messages
		}
		id, err := MessageIdentityOf(m[at])
		if err != nil {
			return MessageAnchor{}, errorf("%s[%d]: %w", legacyRegion(r), at, err)
		}
		ids = append(ids, id)
	}
	return anchorOfLast(ids), nil
}

// anchorOfLast returns the anchor of the last of the identities ids, in
// trajectory order: its identity and how often it occurs in ids.
func anchorOfLast(ids []MessageIdentity) MessageAnchor {
	target := ids[len(ids)-1]
	var n uint32
	for _, id := range ids {
		if id == target {
			n++
		}
	}
	return MessageAnchor{Identity: target, Occurrence: n}
}

// ResolveAnchor locates the 0-based index of the item the anchor names in
// items: the a.Occurrence-th message item whose identity is a.Identity. If
// found, it returns (index, true, nil); if not, (-1, false, nil). An anchor
// that does not validate, items over their bounds (as for
// ComputeItemAnchors, ErrBoundExceeded) or an identity error on a message
// item scanned before the match gives (-1, false, err). Items after the
// match are not hashed.
func ResolveAnchor(items []lipapi.Item, a MessageAnchor) (int, bool, error) {
	if err := a.Validate(); err != nil {
		return -1, false, err
	}
	if err := itemBounds(items); err != nil {
		return -1, false, err
	}
	var n uint32
	for i := range items {
		if items[i].Kind != lipapi.ItemKindMessage {
			continue
		}
		id, err := ItemIdentityOf(items[i])
		if err != nil {
			return -1, false, errorf("items[%d]: %w", i, err)
		}
		if id == a.Identity {
			if n++; n == a.Occurrence {
				return i, true, nil
			}
		}
	}
	return -1, false, nil
}
