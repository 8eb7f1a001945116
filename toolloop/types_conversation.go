package toolloop

// ConversationEventSchemaVersion is the event_schema_version written into
// ConversationSeeded and ConversationDeltaRecord values, and the only one
// their verification accepts.
const ConversationEventSchemaVersion = 1

// ModelID names a provider model (perspt's ModelId). JSON:
// {"provider":…,"model":…}.
type ModelID struct {
	// Provider is the provider name (required).
	Provider string `json:"provider"`
	// Model is the provider's model name (required).
	Model string `json:"model"`
}

// ProviderToolCall is one tool call as the provider returned it. JSON:
// {"call_id":…,"name":…,"arguments":…}.
type ProviderToolCall struct {
	// CallID is the provider's call identifier (required).
	CallID string `json:"call_id"`
	// Name is the called tool's name (required).
	Name string `json:"name"`
	// Arguments is the call's argument value (required; the zero Value,
	// null, is allowed and written as null).
	Arguments Value `json:"arguments"`
}

// Conversation is a provider-neutral message list, the model context. JSON:
// {"messages":[…]}; its direct form prefixed with "conversation-seeded:v1:"
// is what a seed digest hashes.
type Conversation struct {
	// Messages are the conversation's messages in order (required; nil and
	// empty are both written []).
	Messages []Message `json:"messages"`
}

// ConversationSeeded is the fold base of the model context: the seeded
// conversation and its digest. JSON:
// {"event_schema_version":…,"conversation":…,"digest":…}.
type ConversationSeeded struct {
	// EventSchemaVersion is the record's schema version (required;
	// ConversationEventSchemaVersion when built by this package).
	EventSchemaVersion uint32 `json:"event_schema_version"`
	// Conversation is the seeded conversation (required).
	Conversation Conversation `json:"conversation"`
	// Digest is the seed digest of Conversation (required).
	Digest string `json:"digest"`
}

// ConversationDeltaRecord is one digest-chained change of the model
// context. JSON:
// {"event_schema_version":…,"prior_digest":…,"delta":…,"digest":…}.
type ConversationDeltaRecord struct {
	// EventSchemaVersion is the record's schema version (required;
	// ConversationEventSchemaVersion when built by this package).
	EventSchemaVersion uint32 `json:"event_schema_version"`
	// PriorDigest is the conversation digest before the change (required).
	PriorDigest string `json:"prior_digest"`
	// Delta is the change (required; a nil Delta cannot be encoded).
	Delta ConversationDelta `json:"delta"`
	// Digest is the delta digest chained from PriorDigest (required).
	Digest string `json:"digest"`
}
