package conversationprojection

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Fixtures shared by the projection tests (Project, Reassert, Verify,
// ResolveAfterIngressTailAnchor). Names start with pj to stay clear of the
// identity and snapshot tests' helpers.

// pjSecret is text that error messages must never contain; it appears in
// messages and overlays of the error tests.
const pjSecret = "PJ-SECRET-payload"

// pjMsg returns a legacy message with one text part.
func pjMsg(role lipapi.Role, text string) lipapi.Message {
	return lipapi.Message{Role: role, Parts: []lipapi.Part{lipapi.TextPart(text)}}
}

// pjItem returns a message item with one text part.
func pjItem(id string, role lipapi.Role, text string) lipapi.Item {
	return lipapi.Item{Kind: lipapi.ItemKindMessage, ID: id, Role: role,
		Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: text}}}
}

// pjRef returns an item_reference item pointing at target.
func pjRef(target string) lipapi.Item {
	return lipapi.Item{Kind: lipapi.ItemKindItemReference, Reference: &lipapi.ItemReference{ID: target}}
}

// pjToolCall returns a tool_call item.
func pjToolCall(callID string) lipapi.Item {
	return lipapi.Item{Kind: lipapi.ItemKindToolCall, ToolCall: &lipapi.ToolCallItem{CallID: callID, Name: "lookup"}}
}

// pjAnchor returns a pointer to the anchor (id, occ).
func pjAnchor(id MessageIdentity, occ uint32) *MessageAnchor {
	return &MessageAnchor{Identity: id, Occurrence: occ}
}

// pjStable returns an active stable_prefix overlay.
func pjStable(id string, slot uint64, text string) Overlay {
	return Overlay{OverlayID: id, Revision: 1, SlotOrdinal: slot, Active: true,
		Message:             OverlayMessage{Text: text},
		Placement:           Placement{Kind: PlacementStablePrefix},
		AnchorMissingPolicy: AnchorStablePrefixFallback}
}

// pjAfter returns an active after_message overlay anchored at a.
func pjAfter(id string, slot uint64, text string, a *MessageAnchor, policy AnchorMissingPolicy) Overlay {
	return Overlay{OverlayID: id, Revision: 2, SlotOrdinal: slot, Active: true,
		Message:             OverlayMessage{Role: lipapi.RoleDeveloper, Text: text},
		Placement:           Placement{Kind: PlacementAfterMessage, Anchor: a},
		AnchorMissingPolicy: policy}
}

// pjTags returns tags for the identities.
func pjTags(ids ...MessageIdentity) []Tag {
	out := make([]Tag, len(ids))
	for i, id := range ids {
		out[i] = Tag{Identity: id, Reason: "test.tag"}
	}
	return out
}

// pjUnits renders the trajectory of c compactly, one string per unit:
// "I:role:text" / "M:role:text" for legacy units, "id:role:text" for
// message items and "kind" for other items.
func pjUnits(c lipapi.Call) []string {
	var out []string
	if c.HasItemAuthority() {
		for _, it := range c.Items {
			if it.Kind != lipapi.ItemKindMessage {
				s := string(it.Kind)
				if it.Reference != nil {
					s += ">" + it.Reference.ID
				}
				out = append(out, s)
				continue
			}
			out = append(out, fmt.Sprintf("%s:%s:%s", it.ID, it.Role, pjItemText(it)))
		}
		return out
	}
	for _, m := range c.Instructions {
		out = append(out, fmt.Sprintf("I:%s:%s", m.Role, pjMsgText(m)))
	}
	for _, m := range c.Messages {
		out = append(out, fmt.Sprintf("M:%s:%s", m.Role, pjMsgText(m)))
	}
	return out
}

func pjItemText(it lipapi.Item) string {
	var b strings.Builder
	for _, p := range it.Content {
		b.WriteString(p.Text)
	}
	return b.String()
}

func pjMsgText(m lipapi.Message) string {
	var b strings.Builder
	for _, p := range m.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// pjWantUnits fails unless c's trajectory renders as want.
func pjWantUnits(t *testing.T, c lipapi.Call, want ...string) {
	t.Helper()
	if got := pjUnits(c); !reflect.DeepEqual(got, want) {
		t.Fatalf("trajectory\n got  %q\n want %q", got, want)
	}
}

// pjWantErr fails unless err wraps every sentinel of want and none of not,
// names the package once and never contains pjSecret.
func pjWantErr(t *testing.T, err error, want []error, not ...error) {
	t.Helper()
	wantValidationErr(t, err, want, not, "", pjSecret)
}

// pjMust fails on err.
func pjMust(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// pjAliases reports whether any slice, map or pointer reachable from a is
// also reachable from b (strings excluded, being immutable).
func pjAliases(a, b any) bool {
	seen := map[uintptr]bool{}
	pjCollect(reflect.ValueOf(a), seen, nil)
	found := false
	pjCollect(reflect.ValueOf(b), nil, func(p uintptr) {
		if seen[p] {
			found = true
		}
	})
	return found
}

// pjCollect walks v, recording (or reporting) the address of every
// non-empty slice backing array, map and non-nil pointer.
func pjCollect(v reflect.Value, seen map[uintptr]bool, report func(uintptr)) {
	note := func(p uintptr) {
		if seen != nil {
			seen[p] = true
		} else {
			report(p)
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			note(v.Pointer())
			pjCollect(v.Elem(), seen, report)
		}
	case reflect.Slice:
		if v.Len() > 0 {
			note(v.Pointer())
		}
		for i := 0; i < v.Len(); i++ {
			pjCollect(v.Index(i), seen, report)
		}
	case reflect.Map:
		if !v.IsNil() {
			note(v.Pointer())
		}
		for _, k := range v.MapKeys() {
			pjCollect(v.MapIndex(k), seen, report)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			pjCollect(v.Field(i), seen, report)
		}
	case reflect.Interface:
		if !v.IsNil() {
			pjCollect(v.Elem(), seen, report)
		}
	}
}

// pjDeepEqual is reflect.DeepEqual.
func pjDeepEqual(a, b any) bool { return reflect.DeepEqual(a, b) }
