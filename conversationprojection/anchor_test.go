package conversationprojection

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

func TestMessageAnchorValidate(t *testing.T) {
	tests := []struct {
		name  string
		a     MessageAnchor
		wants []error
	}{
		{"valid", MessageAnchor{Identity: helloIdentity, Occurrence: 1}, nil},
		{"max occurrence", MessageAnchor{Identity: helloIdentity, Occurrence: ^uint32(0)}, nil},
		{"zero occurrence", MessageAnchor{Identity: helloIdentity}, []error{ErrInvalidMessageAnchor}},
		{"bad identity", MessageAnchor{Identity: "v1:x", Occurrence: 1}, []error{ErrInvalidMessageAnchor, ErrInvalidMessageIdentity}},
		{"bad identity checked first", MessageAnchor{}, []error{ErrInvalidMessageAnchor, ErrInvalidMessageIdentity}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.a.Validate()
			if (err == nil) != (tt.wants == nil) {
				t.Fatalf("Validate() = %v", err)
			}
			for _, w := range tt.wants {
				if !errors.Is(err, w) {
					t.Errorf("error %v does not wrap %v", err, w)
				}
			}
			if tt.name == "zero occurrence" && errors.Is(err, ErrInvalidMessageIdentity) {
				t.Errorf("occurrence error wraps ErrInvalidMessageIdentity")
			}
		})
	}
}

func TestMessageAnchorString(t *testing.T) {
	if got := (MessageAnchor{Identity: helloIdentity, Occurrence: 12}).String(); got != helloIdentity+"#12" {
		t.Errorf("String() = %q", got)
	}
	if got := (MessageAnchor{}).String(); got != "#0" {
		t.Errorf("zero String() = %q", got)
	}
	if got := (MessageAnchor{Identity: "x", Occurrence: ^uint32(0)}).String(); got != "x#4294967295" {
		t.Errorf("String() = %q", got)
	}
}

// anchorTestItems returns items: A, tool call, B, A, reasoning, A, B.
func anchorTestItems() []lipapi.Item {
	a, b := textItem(lipapi.RoleUser, "A"), textItem(lipapi.RoleAssistant, "B")
	call := lipapi.Item{Kind: lipapi.ItemKindToolCall, ToolCall: &lipapi.ToolCallItem{CallID: "c", Name: "n"}}
	reasoning := lipapi.Item{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{}}
	return []lipapi.Item{a, call, b, a, reasoning, a, b}
}

// wantAnchors fails unless err is nil and got is want.
func wantAnchors(t *testing.T, got []MessageAnchor, err error, want []MessageAnchor) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("anchors\n got %v\nwant %v", got, want)
	}
}

func TestComputeItemAnchorsCountsOccurrences(t *testing.T) {
	items := anchorTestItems()
	idA, idB := mustItemIdentity(t, items[0]), mustItemIdentity(t, items[2])
	got, err := ComputeItemAnchors(items)
	wantAnchors(t, got, err, []MessageAnchor{{idA, 1}, {idB, 1}, {idA, 2}, {idA, 3}, {idB, 2}})
}

func TestComputeItemAnchorsEmptyIsNonNil(t *testing.T) {
	for _, items := range [][]lipapi.Item{nil, {}, {{Kind: lipapi.ItemKindToolCall}, {Kind: "unknown"}}} {
		got, err := ComputeItemAnchors(items)
		if err != nil || got == nil || len(got) != 0 {
			t.Errorf("ComputeItemAnchors(%v) = %#v, %v", items, got, err)
		}
	}
}

func TestComputeItemAnchorsReturnsIdentityErrors(t *testing.T) {
	items := append(anchorTestItems(), lipapi.Item{Kind: lipapi.ItemKindMessage, Role: "user", Content: []lipapi.ContentPart{{Kind: "bogus"}}})
	got, err := ComputeItemAnchors(items)
	if got != nil || !errors.Is(err, ErrUnsupportedContent) {
		t.Fatalf("got %v, %v", got, err)
	}
	// A message item with a variant pointer is a message unit that fails.
	bad := textItem("user", "x")
	bad.Reasoning = &lipapi.ReasoningItem{}
	if _, err := ComputeItemAnchors([]lipapi.Item{bad}); !errors.Is(err, ErrNonMessageItem) {
		t.Fatalf("variant message item: %v", err)
	}
}

func TestComputeCallAnchorsLegacySharesOneCounter(t *testing.T) {
	sys, user := textMessage(lipapi.RoleSystem, "S"), textMessage(lipapi.RoleUser, "U")
	call := lipapi.Call{Instructions: []lipapi.Message{sys, user}, Messages: []lipapi.Message{user, sys, user}}
	idS, idU := mustIdentity(t, sys), mustIdentity(t, user)
	got, err := ComputeCallAnchors(call)
	want := []MessageAnchor{{idS, 1}, {idU, 1}, {idU, 2}, {idS, 2}, {idU, 3}}
	wantAnchors(t, got, err, want)
	// Item and legacy forms of the same conversation have equal anchors.
	items := []lipapi.Item{textItem("system", "S"), textItem("user", "U"), textItem("user", "U"), textItem("system", "S"), textItem("user", "U")}
	fromItems, err := ComputeCallAnchors(lipapi.Call{Items: items, Messages: []lipapi.Message{sys}})
	wantAnchors(t, fromItems, err, want)
}

func TestComputeCallAnchorsAuthorityAndEmpty(t *testing.T) {
	// Empty non-nil Items selects item authority: legacy messages are ignored.
	got, err := ComputeCallAnchors(lipapi.Call{Items: []lipapi.Item{}, Messages: []lipapi.Message{textMessage("user", "x")}})
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("empty items: %#v, %v", got, err)
	}
	got, err = ComputeCallAnchors(lipapi.Call{})
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("zero call: %#v, %v", got, err)
	}
	bad := lipapi.Call{Instructions: []lipapi.Message{textMessage("user", "x")}, Messages: []lipapi.Message{{Role: "user"}}}
	got, err = ComputeCallAnchors(bad)
	if got != nil || !errors.Is(err, ErrEmptyMessage) {
		t.Fatalf("bad legacy message: %v, %v", got, err)
	}
}

func TestItemAnchorAtMatchesComputeItemAnchors(t *testing.T) {
	items := anchorTestItems()
	all, err := ComputeItemAnchors(items)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for i := range items {
		a, err := ItemAnchorAt(items, i)
		if items[i].Kind != lipapi.ItemKindMessage {
			if !errors.Is(err, ErrNonMessageItem) {
				t.Errorf("ItemAnchorAt(%d) on a non-message item: %v", i, err)
			}
			continue
		}
		if err != nil || a != all[k] {
			t.Errorf("ItemAnchorAt(%d) = %v, %v; want %v", i, a, err, all[k])
		}
		if idx, ok, err := ResolveAnchor(items, a); idx != i || !ok || err != nil {
			t.Errorf("ResolveAnchor(ItemAnchorAt(%d)) = %d, %v, %v", i, idx, ok, err)
		}
		k++
	}
}

// TestC6_ItemAnchorAtOutOfRange pins correction C6: an index out of range
// wraps ErrNonMessageItem.
func TestC6_ItemAnchorAtOutOfRange(t *testing.T) {
	items := anchorTestItems()
	for _, i := range []int{-1, len(items), len(items) + 5, math.MinInt} {
		a, err := ItemAnchorAt(items, i)
		if !errors.Is(err, ErrNonMessageItem) || a != (MessageAnchor{}) {
			t.Errorf("ItemAnchorAt(%d) = %v, %v", i, a, err)
		}
	}
	if _, err := ItemAnchorAt(nil, 0); !errors.Is(err, ErrNonMessageItem) {
		t.Errorf("ItemAnchorAt(nil, 0) = %v", err)
	}
}

func TestItemAnchorAtIdentityErrorsInRange(t *testing.T) {
	bad := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: "nobody", Content: []lipapi.ContentPart{{Kind: "text"}}}
	items := []lipapi.Item{textItem("user", "a"), bad, textItem("user", "a")}
	if _, err := ItemAnchorAt(items, 2); !errors.Is(err, ErrInvalidRole) {
		t.Errorf("error before target: %v", err)
	}
	if _, err := ItemAnchorAt(items, 1); !errors.Is(err, ErrInvalidRole) {
		t.Errorf("error at target: %v", err)
	}
	// Items after the target are not part of the range.
	if a, err := ItemAnchorAt(items, 0); err != nil || a.Occurrence != 1 {
		t.Errorf("ItemAnchorAt(0) = %v, %v", a, err)
	}
}

// TestCallAnchorAtMatchesComputeCallAnchors pins CallAnchorAt against
// ComputeCallAnchors in both authorities: legacy positions run through
// Instructions then Messages with one occurrence counter.
func TestCallAnchorAtMatchesComputeCallAnchors(t *testing.T) {
	a, b := textMessage("system", "A"), textMessage("user", "B")
	legacy := lipapi.Call{
		Instructions: []lipapi.Message{a, b},
		Messages:     []lipapi.Message{b, a, textMessage("user", "C"), a},
	}
	items := lipapi.Call{Items: anchorTestItems()}
	for _, call := range []lipapi.Call{legacy, items} {
		all, err := ComputeCallAnchors(call)
		if err != nil {
			t.Fatal(err)
		}
		n := len(call.Items)
		if !call.HasItemAuthority() {
			n = len(call.Instructions) + len(call.Messages)
		}
		k := 0
		for i := 0; i < n; i++ {
			got, err := CallAnchorAt(call, i)
			if call.HasItemAuthority() && call.Items[i].Kind != lipapi.ItemKindMessage {
				if !errors.Is(err, ErrNonMessageItem) || got != (MessageAnchor{}) {
					t.Errorf("CallAnchorAt(%d) on a non-message item: %v, %v", i, got, err)
				}
				continue
			}
			if err != nil || got != all[k] {
				t.Errorf("CallAnchorAt(%d) = %v, %v; want %v", i, got, err, all[k])
			}
			k++
		}
		for _, i := range []int{-1, n, math.MaxInt, math.MinInt} {
			if got, err := CallAnchorAt(call, i); !errors.Is(err, ErrNonMessageItem) || got != (MessageAnchor{}) {
				t.Errorf("CallAnchorAt(%d) out of range: %v, %v", i, got, err)
			}
		}
	}
	// The shared counter: the last A is the third A of the trajectory.
	if got, err := CallAnchorAt(legacy, 5); err != nil || got.Occurrence != 3 || got.Identity != mustIdentity(t, a) {
		t.Errorf("CallAnchorAt(legacy, 5) = %v, %v; want the third A", got, err)
	}
	if _, err := CallAnchorAt(lipapi.Call{}, 0); !errors.Is(err, ErrNonMessageItem) {
		t.Errorf("CallAnchorAt of the zero call: %v", err)
	}
}

func TestCallAnchorAtIdentityErrorsUpToTheUnit(t *testing.T) {
	bad := lipapi.Message{Role: "user"} // no parts
	call := lipapi.Call{
		Instructions: []lipapi.Message{textMessage("system", "s")},
		Messages:     []lipapi.Message{textMessage("user", "a"), bad, textMessage("user", "a")},
	}
	for _, i := range []int{2, 3} {
		_, err := CallAnchorAt(call, i)
		if !errors.Is(err, ErrEmptyMessage) || !strings.HasPrefix(err.Error(), "conversationprojection: messages[1]: ") {
			t.Errorf("CallAnchorAt(%d) = %v, want the error of messages[1]", i, err)
		}
	}
	// Units after i are not hashed.
	if got, err := CallAnchorAt(call, 1); err != nil || got.Occurrence != 1 {
		t.Errorf("CallAnchorAt(1) = %v, %v", got, err)
	}
}

func TestResolveAnchor(t *testing.T) {
	items := anchorTestItems()
	idA, idB := mustItemIdentity(t, items[0]), mustItemIdentity(t, items[2])
	idC := mustItemIdentity(t, textItem("user", "C"))
	tests := []struct {
		name  string
		a     MessageAnchor
		index int
		found bool
	}{
		{"first A", MessageAnchor{idA, 1}, 0, true},
		{"third A", MessageAnchor{idA, 3}, 5, true},
		{"second B", MessageAnchor{idB, 2}, 6, true},
		{"occurrence past the end", MessageAnchor{idA, 4}, -1, false},
		{"absent identity", MessageAnchor{idC, 1}, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			idx, ok, err := ResolveAnchor(items, tt.a)
			if idx != tt.index || ok != tt.found || err != nil {
				t.Errorf("ResolveAnchor = %d, %v, %v; want %d, %v", idx, ok, err, tt.index, tt.found)
			}
		})
	}
	if idx, ok, err := ResolveAnchor(nil, MessageAnchor{idA, 1}); idx != -1 || ok || err != nil {
		t.Errorf("empty items: %d, %v, %v", idx, ok, err)
	}
}

func TestResolveAnchorErrors(t *testing.T) {
	items := anchorTestItems()
	idA := mustItemIdentity(t, items[0])
	for _, a := range []MessageAnchor{{idA, 0}, {"v1:nothex", 1}, {}} {
		idx, ok, err := ResolveAnchor(items, a)
		if idx != -1 || ok || !errors.Is(err, ErrInvalidMessageAnchor) {
			t.Errorf("ResolveAnchor(%v) = %d, %v, %v", a, idx, ok, err)
		}
	}
	bad := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: "user"}
	// An identity error before the match is returned...
	withBad := append([]lipapi.Item{bad}, items...)
	if idx, ok, err := ResolveAnchor(withBad, MessageAnchor{idA, 1}); idx != -1 || ok || !errors.Is(err, ErrEmptyMessage) {
		t.Errorf("error before match: %d, %v, %v", idx, ok, err)
	}
	// ...one after it is never reached.
	if idx, ok, err := ResolveAnchor(append(items[:1:1], bad), MessageAnchor{idA, 1}); idx != 0 || !ok || err != nil {
		t.Errorf("error after match: %d, %v, %v", idx, ok, err)
	}
	// Without a match every message item is hashed, so the error surfaces.
	if _, _, err := ResolveAnchor(append(items[:1:1], bad), MessageAnchor{idA, 2}); !errors.Is(err, ErrEmptyMessage) {
		t.Errorf("error without match: %v", err)
	}
}

func TestAnchorsDoNotMutateInput(t *testing.T) {
	items := anchorTestItems()
	items[0].Content[0].Text = "a\r\nb"
	before := lipapi.CloneCall(lipapi.Call{Items: items})
	if _, err := ComputeItemAnchors(items); err != nil {
		t.Fatal(err)
	}
	if _, err := ItemAnchorAt(items, 5); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ResolveAnchor(items, MessageAnchor{Identity: helloIdentity, Occurrence: 1}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before.Items, items) {
		t.Fatal("input items mutated")
	}
}
