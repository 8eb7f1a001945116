package conversationprojection_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
)

// The identity of a legacy message equals that of the message item with
// the same role and content: IDs and status are not part of identity.
func ExampleMessageIdentityOf() {
	msg := lipapi.TextMessage(lipapi.RoleUser, "Hello")
	item := lipapi.TextItem(lipapi.RoleUser, "Hello")
	item.ID, item.Status = "msg_001", lipapi.ItemStatusCompleted
	legacy, err := conversationprojection.MessageIdentityOf(msg)
	if err != nil {
		panic(err)
	}
	fromItem, err := conversationprojection.ItemIdentityOf(item)
	if err != nil {
		panic(err)
	}
	atom, _ := conversationprojection.AtomOfMessage(msg)
	b, _ := conversationprojection.CanonicalAtomBytes(atom)
	fmt.Println(string(b))
	fmt.Println(legacy)
	fmt.Println(legacy == fromItem, legacy.Version())
	// Output:
	// {"role":"user","content":[{"kind":"text","text":"Hello"}]}
	// v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4
	// true v1
}

func ExampleCanonicalJSON() {
	out, err := conversationprojection.CanonicalJSON([]byte(`{ "b": [1, 2.50], "a": "x<y", "b": [1e3] }`))
	fmt.Println(string(out), err)

	_, err = conversationprojection.CanonicalJSON([]byte(`{"a":1} trailing`))
	fmt.Println(errors.Is(err, conversationprojection.ErrInvalidJSON))
	// Output:
	// {"a":"x\u003cy","b":[1e3]} <nil>
	// true
}

// An anchor names the n-th message item with an identity; resolving it
// finds that item's index again.
func ExampleResolveAnchor() {
	items := []lipapi.Item{
		lipapi.TextItem(lipapi.RoleUser, "continue"),
		lipapi.ToolCall("c1", "lookup", json.RawMessage(`{}`)),
		lipapi.TextItem(lipapi.RoleAssistant, "done"),
		lipapi.TextItem(lipapi.RoleUser, "continue"),
	}
	anchor, err := conversationprojection.ItemAnchorAt(items, 3)
	if err != nil {
		panic(err)
	}
	fmt.Println(anchor.Occurrence, anchor.Identity == exampleItemIdentity(items[0]))

	index, found, err := conversationprojection.ResolveAnchor(items, anchor)
	fmt.Println(index, found, err)

	_, err = conversationprojection.ItemAnchorAt(items, 1)
	fmt.Println(errors.Is(err, conversationprojection.ErrNonMessageItem))
	// Output:
	// 2 true
	// 3 true <nil>
	// true
}

func exampleItemIdentity(item lipapi.Item) conversationprojection.MessageIdentity {
	id, err := conversationprojection.ItemIdentityOf(item)
	if err != nil {
		panic(err)
	}
	return id
}
