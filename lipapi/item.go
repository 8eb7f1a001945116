package lipapi

import "encoding/json"

// Item is one element of an item-authority trajectory. Kind selects the
// variant: message items use Role, Phase and Content; every other kind uses
// exactly the variant pointer named after it (Reference, ToolCall,
// ToolResult, Reasoning, Compaction or Extension) and leaves the rest empty.
type Item struct {
	// Kind is the discriminator.
	Kind ItemKind `json:"kind"`
	// ID identifies the item; non-empty IDs are unique within a call.
	ID string `json:"id,omitempty"`
	// Status is the lifecycle status; empty means unspecified.
	Status ItemStatus `json:"status,omitempty"`
	// Role is the author of a message item.
	Role Role `json:"role,omitempty"`
	// Phase is the output phase of an assistant message item.
	Phase AssistantPhase `json:"phase,omitempty"`
	// Content holds the parts of a message item.
	Content []ContentPart `json:"content,omitempty"`
	// Reference is the target of an item_reference item.
	Reference *ItemReference `json:"reference,omitempty"`
	// ToolCall is the request of a tool_call item.
	ToolCall *ToolCallItem `json:"tool_call,omitempty"`
	// ToolResult is the output of a tool_result item.
	ToolResult *ToolResultItem `json:"tool_result,omitempty"`
	// Reasoning is the payload of a reasoning item.
	Reasoning *ReasoningItem `json:"reasoning,omitempty"`
	// Compaction is the blob of a compaction item.
	Compaction *CompactionItem `json:"compaction,omitempty"`
	// Extension is the record of an extension item.
	Extension *OpaqueExtension `json:"extension,omitempty"`
}

// ItemReference points at an item by ID, typically one stored by the
// provider from an earlier response.
type ItemReference struct {
	// ID is the referenced item's ID.
	ID string `json:"id"`
}

// ToolCallItem is a function call requested by the model.
type ToolCallItem struct {
	// CallID pairs the call with its tool_result.
	CallID string `json:"call_id"`
	// Name is the tool name.
	Name string `json:"name"`
	// Arguments is the JSON argument value.
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// ToolResultItem is the output of a function call. Exactly one of Output
// and Parts is non-empty.
type ToolResultItem struct {
	// CallID names the tool_call this result answers.
	CallID string `json:"call_id"`
	// Name is the tool name; it may be empty.
	Name string `json:"name"`
	// Output is the textual output.
	Output string `json:"output,omitempty"`
	// Parts is the structured output.
	Parts []ContentPart `json:"parts,omitempty"`
}

// ReasoningItem carries a reasoning payload as a trajectory item.
type ReasoningItem struct {
	// Reasoning is the payload.
	Reasoning *ReasoningPart `json:"reasoning,omitempty"`
}

// CompactionItem is a provider context-compaction blob, replayed verbatim.
type CompactionItem struct {
	// EncapsulatedID is the provider's ID of the compacted context.
	EncapsulatedID string `json:"encapsulated_id,omitempty"`
	// Dialect names the compaction format.
	Dialect string `json:"dialect,omitempty"`
	// Implementor names the provider that produced the blob.
	Implementor string `json:"implementor,omitempty"`
	// EncryptedContent is the encrypted blob.
	EncryptedContent string `json:"encrypted_content,omitempty"`
	// Opaque is a provider-specific JSON payload.
	Opaque json.RawMessage `json:"opaque,omitempty"`
}

// OpaqueExtension is a namespaced record the kernel carries without
// interpreting it.
type OpaqueExtension struct {
	// Namespace owns the record; it contains no inner white space.
	Namespace string `json:"namespace"`
	// Type is the record type within the namespace.
	Type string `json:"type"`
	// Implementor names the component that produced the record.
	Implementor string `json:"implementor,omitempty"`
	// Direction tells which way the record travels.
	Direction string `json:"direction,omitempty"`
	// Data is the JSON record.
	Data json.RawMessage `json:"data,omitempty"`
}
