package lipapi

import "encoding/json"

// Item is one element of an item-authority trajectory. Kind selects the
// variant: message items use Role, Phase and Content; every other kind uses
// exactly the variant pointer named after it (Reference, ToolCall,
// ToolResult, Reasoning, Compaction or Extension) and leaves the rest empty.
//
// [Call.Validate] checks each item, in this order: ID is at most
// [MaxItemReferenceIDBytes]; Status is empty or one of the three statuses;
// Phase is empty, or one of the two phases on a message item whose Role is
// assistant. Then, by Kind:
//
//   - message: every variant pointer is nil, Role is one of the five roles,
//     and Content holds 1 to [MaxContentPartsPerItem] parts, each valid (see
//     [ContentPart]);
//   - any other known kind: Content and Role are empty and every variant
//     pointer but the kind's own is nil ("item carries fields of another
//     kind"), then the kind's own pointer is non-nil and valid (see
//     [ItemReference], [ToolCallItem], [ToolResultItem], [ReasoningItem],
//     [CompactionItem] and [OpaqueExtension]);
//   - "" fails as "item kind is required", any other kind as "unknown item
//     kind".
//
// Rules across items (unique IDs, reference order, call-ID pairing, the
// reasoning budget) are the call's; see [Call.Validate]. The zero Item has
// no kind and does not validate.
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
// provider from an earlier response. Its ID must not be blank and is at
// most [MaxItemReferenceIDBytes]; it may name an unknown item (one the
// provider stores) or the referring item itself, but not an item at a later
// index of the call. The zero ItemReference has an empty ID and does not
// validate.
type ItemReference struct {
	// ID is the referenced item's ID.
	ID string `json:"id"`
}

// ToolCallItem is a function call requested by the model.
//
// CallID must not be blank, is at most [MaxRefStringBytes] and differs from
// the CallID of every earlier tool_call of the call. Name must not be blank,
// is at most [MaxToolNameBytes] and has no leading or trailing white space.
// Arguments, when not empty, is valid JSON of at most
// [MaxToolParametersBytes] nested at most [MaxJSONDepth] deep. The zero
// ToolCallItem has no call ID and no name and does not validate.
type ToolCallItem struct {
	// CallID pairs the call with its tool_result.
	CallID string `json:"call_id"`
	// Name is the tool name.
	Name string `json:"name"`
	// Arguments is the JSON argument value.
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// ToolResultItem is the output of a function call.
//
// CallID must not be blank, is at most [MaxRefStringBytes] and equals the
// CallID of an earlier tool_call of the call (a result without its call is
// an orphan). Name may be empty; it is at most [MaxToolNameBytes] without
// leading or trailing white space. Exactly one of Output and Parts is
// non-empty: Output is at most [MaxPartTextBytes]; Parts holds at most
// [MaxContentPartsPerItem] parts, each valid (see [ContentPart]). The zero
// ToolResultItem has no call ID and no output and does not validate.
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

// ReasoningItem carries a reasoning payload as a trajectory item. Its
// Reasoning must be non-nil and pass the reasoning rules (see
// [ReasoningPart]); its payload bytes count against
// [MaxReasoningBytesPerCall]. The zero ReasoningItem has no payload and does
// not validate.
type ReasoningItem struct {
	// Reasoning is the payload.
	Reasoning *ReasoningPart `json:"reasoning,omitempty"`
}

// CompactionItem is a provider context-compaction blob, replayed verbatim.
//
// Every field is optional, within bounds: EncapsulatedID at most
// [MaxRefStringBytes], Dialect at most [MaxCompactionDialectBytes],
// Implementor at most [MaxExtensionImplementorBytes], EncryptedContent at
// most [MaxCompactionEncryptedContentBytes], and Opaque, when not empty,
// valid JSON of at most [MaxPartJSONBytes] nested at most [MaxJSONDepth]
// deep. The zero CompactionItem is a valid, empty blob.
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
//
// Namespace must not be blank, its trimmed form contains no space, tab, CR
// or LF, and it is at most [MaxExtensionNamespaceBytes]. Type must not be
// blank and is at most [MaxExtensionTypeBytes]. Implementor is at most
// [MaxExtensionImplementorBytes] and Direction at most
// [MaxExtensionDirectionBytes]. Data, when not empty, is valid JSON of at
// most [MaxExtensionDataBytes] nested at most [MaxJSONDepth] deep. The zero
// OpaqueExtension has no namespace and does not validate.
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
