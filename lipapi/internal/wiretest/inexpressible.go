package wiretest

import (
	"encoding/json"
	"strings"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Inexpressible returns calls, by name, that no adapter encodes: each
// breaks a rule every API shares (authority, lipapi's bounds and rules, a
// tool result the extras cannot pair, an extension of no API). Their texts
// carry Secret.
func Inexpressible() map[string]lipapi.Call {
	user := lipapi.TextItem(lipapi.RoleUser, Secret)
	tooMany := make([]lipapi.Item, lipapi.MaxItems+1)
	for i := range tooMany {
		tooMany[i] = user
	}
	foreign := &lipapi.OpaqueExtension{Namespace: "elsewhere", Type: "note", Data: json.RawMessage(`{"text":"` + Secret + `"}`)}
	return map[string]lipapi.Call{
		"legacy authority":        {Messages: []lipapi.Message{lipapi.TextMessage(lipapi.RoleUser, Secret)}},
		"over a bound":            {Items: tooMany},
		"text over its bound":     {Items: []lipapi.Item{lipapi.TextItem(lipapi.RoleUser, strings.Repeat(Secret, lipapi.MaxPartTextBytes/len(Secret)+1))}},
		"breaks a rule":           {Items: []lipapi.Item{{Kind: lipapi.ItemKindMessage, Role: Secret, Content: []lipapi.ContentPart{lipapi.TextContent(Secret)}}}},
		"unpaired tool result":    {Items: []lipapi.Item{user, lipapi.TextItem(lipapi.RoleTool, Secret)}},
		"extension of no API":     {Items: []lipapi.Item{user, {Kind: lipapi.ItemKindExtension, Extension: foreign}}},
		"video part":              {Items: []lipapi.Item{lipapi.MessageItem(lipapi.RoleUser, lipapi.TextContent(Secret), lipapi.ContentPart{Kind: lipapi.ContentPartVideoRef, VideoRef: Secret})}},
		"invalid UTF-8":           {Items: []lipapi.Item{lipapi.TextItem(lipapi.RoleUser, Secret+"\xff")}},
		"reasoning of no dialect": {Items: []lipapi.Item{user, {Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: &lipapi.ReasoningPart{Dialect: "elsewhere", Text: Secret}}}}},
	}
}
