package conversationprojection

import (
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

func TestResolveAfterIngressTailAnchorItem(t *testing.T) {
	q := pjItem("u3", lipapi.RoleUser, "q")
	secret := pjItem("x", lipapi.RoleUser, pjSecret)
	tags := Snapshot{NeverBackend: pjTags(mustItemIdentity(t, secret))}
	qID := mustItemIdentity(t, q)
	cases := []struct {
		name  string
		items []lipapi.Item
		snap  Snapshot
		want  *MessageAnchor
		err   error
	}{
		{"single", []lipapi.Item{q}, Snapshot{}, pjAnchor(qID, 1), nil},
		{"counts equal earlier messages", []lipapi.Item{pjItem("a", lipapi.RoleUser, "q"), pjToolCall("c"), q}, Snapshot{}, pjAnchor(qID, 2), nil},
		{"excluded messages do not count", []lipapi.Item{pjItem("a", lipapi.RoleUser, "q"), secret, q}, tags, pjAnchor(qID, 2), nil},
		{"reference to excluded message is cleaned away", []lipapi.Item{secret, q, pjRef("x")}, tags, pjAnchor(qID, 1), nil},
		{"no message", []lipapi.Item{pjToolCall("c")}, Snapshot{}, nil, ErrTerminalUserNotFound},
		{"empty", []lipapi.Item{}, Snapshot{}, nil, ErrTerminalUserNotFound},
		{"terminal excluded, no fallback to earlier user", []lipapi.Item{q, secret}, tags, nil, ErrTerminalUserNotFound},
		{"terminal assistant", []lipapi.Item{q, pjItem("a", lipapi.RoleAssistant, "r")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"role must be exact", []lipapi.Item{pjItem("a", " user", "q")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"trailing tool call", []lipapi.Item{q, pjToolCall("c")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"trailing reference to a present item", []lipapi.Item{q, pjRef("u3")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"trailing reference to an absent item", []lipapi.Item{q, pjRef("nowhere")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"identity error", []lipapi.Item{{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser, Content: []lipapi.ContentPart{{Kind: "odd", Text: pjSecret}}}, q}, Snapshot{}, nil, ErrProjectionFailed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ResolveAfterIngressTailAnchor(lipapi.Call{Items: tc.items}, tc.snap)
			if tc.err != nil {
				pjWantErr(t, err, []error{tc.err})
				if strings.Contains(err.Error(), "v1:") {
					t.Errorf("err = %q names an identity", err)
				}
				return
			}
			pjMust(t, err)
			if got != *tc.want {
				t.Errorf("anchor = %v, want %v", got, *tc.want)
			}
		})
	}
}

func TestResolveAfterIngressTailAnchorLegacy(t *testing.T) {
	q := pjMsg(lipapi.RoleUser, "q")
	secret := pjMsg(lipapi.RoleUser, pjSecret)
	tags := Snapshot{NeverBackend: pjTags(mustIdentity(t, secret))}
	qID := mustIdentity(t, q)
	cases := []struct {
		name      string
		ins, msgs []lipapi.Message
		snap      Snapshot
		want      *MessageAnchor
		err       error
	}{
		{"shared counter", []lipapi.Message{q}, []lipapi.Message{secret, q}, tags, pjAnchor(qID, 2), nil},
		{"terminal instruction", []lipapi.Message{q}, nil, Snapshot{}, pjAnchor(qID, 1), nil},
		{"empty", nil, nil, Snapshot{}, nil, ErrTerminalUserNotFound},
		{"terminal excluded", nil, []lipapi.Message{q, secret}, tags, nil, ErrTerminalUserNotFound},
		{"terminal not user", nil, []lipapi.Message{q, pjMsg(lipapi.RoleTool, "r")}, Snapshot{}, nil, ErrTerminalNotUser},
		{"identity error", nil, []lipapi.Message{{Role: lipapi.RoleUser}, q}, Snapshot{}, nil, ErrProjectionFailed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ResolveAfterIngressTailAnchor(lipapi.Call{Instructions: tc.ins, Messages: tc.msgs}, tc.snap)
			if tc.err != nil {
				pjWantErr(t, err, []error{tc.err})
				return
			}
			pjMust(t, err)
			if got != *tc.want {
				t.Errorf("anchor = %v, want %v", got, *tc.want)
			}
		})
	}
}

func TestResolveAfterIngressTailAnchorDoesNotValidateTags(t *testing.T) {
	q := pjItem("u", lipapi.RoleUser, "q")
	got, err := ResolveAfterIngressTailAnchor(lipapi.Call{Items: []lipapi.Item{q}}, Snapshot{NeverBackend: []Tag{{Identity: "junk"}}})
	pjMust(t, err)
	if got != *pjAnchor(mustItemIdentity(t, q), 1) {
		t.Errorf("anchor = %v", got)
	}
}

func TestResolveAfterIngressTailAnchorResolvesInProjection(t *testing.T) {
	// The tail anchor of an ingress call places an after_message overlay
	// right after the terminal user message.
	call := lipapi.Call{Items: []lipapi.Item{pjItem("a", lipapi.RoleUser, "q"), pjItem("b", lipapi.RoleAssistant, "r"), pjItem("c", lipapi.RoleUser, "q")}}
	a, err := ResolveAfterIngressTailAnchor(call, Snapshot{})
	pjMust(t, err)
	out, _, err := Project(call, Snapshot{Steering: []Overlay{pjAfter("o", 1, "x", &a, AnchorFailClosed)}})
	pjMust(t, err)
	pjWantUnits(t, out, "a:user:q", "b:assistant:r", "c:user:q", "lip-steering-o:developer:x")
}
