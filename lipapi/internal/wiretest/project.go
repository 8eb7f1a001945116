package wiretest

import (
	"fmt"
	"testing"

	cp "github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// Codec is an adapter under test: Decode returns the call and an encoder
// of calls with the decoded extras.
type Codec func(body []byte) (lipapi.Call, func(lipapi.Call) ([]byte, error), error)

// Pairing is an adapter's ToolCallID (the call a tool-role message item
// answers), for the strict pairing check of Chat Completions and Messages,
// or nil to skip it.
type Pairing func(body []byte, it lipapi.Item) (string, bool)

// checkProjections checks on body that every projection of its call (each
// message unit excluded in turn, a stable-prefix overlay and an overlay
// after each other unit injected) encodes to a body that decodes again,
// and that the excluded unit is gone from it. It returns the number of
// projections checked.
func checkProjections(t *testing.T, name string, body []byte, decode Codec, pairing Pairing) int {
	t.Helper()
	call, encode, err := decode(body)
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	anchors, err := cp.ComputeCallAnchors(call)
	if err != nil {
		t.Fatalf("%s: anchors: %v", name, err)
	}
	n := 0
	for ex := range anchors {
		for at := range anchors {
			if at != ex && projection(t, fmt.Sprintf("%s: exclude %d, after %d", name, ex, at), call, anchors[ex], anchors[at], encode, decode, pairing) {
				n++
			}
		}
	}
	return n
}

// projection checks one projection of call, unit ex excluded and an
// overlay after unit at injected: it encodes to a body that decodes again,
// without ex, and with its tool calls paired (when pairing is not nil). It
// returns false when the projection fails, which some do (everything
// excluded, or an anchor counted before the exclusion).
func projection(t *testing.T, name string, call lipapi.Call, ex, at cp.MessageAnchor, encode func(lipapi.Call) ([]byte, error), decode Codec, pairing Pairing) bool {
	t.Helper()
	projected, _, err := cp.Project(call, snapshot(ex, at))
	if err != nil {
		return false
	}
	out, err := encode(projected)
	if err != nil {
		t.Errorf("%s: encode: %v", name, err)
		return false
	}
	again, _, err := decode(out)
	if err != nil {
		t.Errorf("%s: re-decode: %v\n%s", name, err, out)
		return false
	}
	checkExcluded(t, name, again, ex.Identity)
	if pairing != nil {
		checkPairing(t, name+": "+string(out), again, func(it lipapi.Item) (string, bool) { return pairing(out, it) })
	}
	return true
}

func snapshot(ex, at cp.MessageAnchor) cp.Snapshot {
	after := at
	return cp.Snapshot{
		NeverBackend: []cp.Tag{{Identity: ex.Identity}},
		Steering: []cp.Overlay{{
			OverlayID: "prefix", Active: true, Message: cp.OverlayMessage{Text: "Stay on topic."},
			Placement:           cp.Placement{Kind: cp.PlacementStablePrefix},
			AnchorMissingPolicy: cp.AnchorStablePrefixFallback,
		}, {
			OverlayID: "after", SlotOrdinal: 1, Active: true,
			Message:             cp.OverlayMessage{Role: lipapi.RoleDeveloper, Text: "Check before answering."},
			Placement:           cp.Placement{Kind: cp.PlacementAfterMessage, Anchor: &after},
			AnchorMissingPolicy: cp.AnchorStablePrefixFallback,
		}},
	}
}

// checkExcluded fails unless no message unit of call has identity id,
// unless the overlay texts produce it.
func checkExcluded(t *testing.T, name string, call lipapi.Call, id cp.MessageIdentity) {
	t.Helper()
	for _, it := range call.Items {
		if it.Kind != lipapi.ItemKindMessage {
			continue
		}
		if got, err := cp.ItemIdentityOf(it); err == nil && got == id {
			t.Errorf("%s: an excluded unit reached the encoded body", name)
		}
	}
}

// checkPairing fails unless every tool call of call is answered by a tool
// result that follows it with no user, system or developer message in
// between, and every tool result that answers a tool call of call answers an earlier
// one: the order Chat
// Completions and Messages require.
func checkPairing(t *testing.T, name string, call lipapi.Call, answers func(lipapi.Item) (string, bool)) {
	t.Helper()
	known := toolCallIDs(call)
	open := map[string]bool{}
	for _, it := range call.Items {
		switch {
		case it.Kind == lipapi.ItemKindToolCall:
			open[it.ToolCall.CallID] = true
		case it.Kind == lipapi.ItemKindMessage && it.Role == lipapi.RoleTool:
			id, ok := answers(it)
			if !ok || !known[id] {
				continue // answers a call lipapi does not model (a custom tool, a function message)
			}
			if !open[id] {
				t.Errorf("%s: a tool result answers no open tool call", name)
			}
			delete(open, id)
		case it.Kind == lipapi.ItemKindMessage && it.Role != lipapi.RoleAssistant && len(open) > 0:
			t.Errorf("%s: a message comes between a tool call and its result", name)
		}
	}
	if len(open) > 0 {
		t.Errorf("%s: a tool call has no result %v", name, open)
	}
}

// toolCallIDs returns the set of the call IDs of call's tool calls.
func toolCallIDs(call lipapi.Call) map[string]bool {
	ids := map[string]bool{}
	for _, it := range call.Items {
		if it.Kind == lipapi.ItemKindToolCall {
			ids[it.ToolCall.CallID] = true
		}
	}
	return ids
}
