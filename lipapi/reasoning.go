package lipapi

import "encoding/json"

// ReasoningPart is a historical reasoning payload, replayed to the adapter
// that produced it. Dialect names the adapter-owned replay format.
//
// Summary, Content and EncryptedContent each have a Present flag telling an
// absent field from an explicit one: an explicit "encrypted_content": null is
// EncryptedContent holding the bytes null with EncryptedContentPresent set.
type ReasoningPart struct {
	// Dialect is the replay format, in normalized form (see
	// NormalizeReasoningDialect).
	Dialect ReasoningDialect `json:"dialect,omitempty"`
	// Text is the readable reasoning text.
	Text string `json:"text,omitempty"`
	// Signature is the provider's signature over the reasoning.
	Signature string `json:"signature,omitempty"`
	// Opaque is a provider-specific JSON payload.
	Opaque json.RawMessage `json:"opaque,omitempty"`
	// Summary is the JSON reasoning summary.
	Summary json.RawMessage `json:"summary,omitempty"`
	// SummaryPresent reports that Summary was given explicitly.
	SummaryPresent bool `json:"summary_present,omitempty"`
	// Content is the JSON reasoning content.
	Content json.RawMessage `json:"content,omitempty"`
	// ContentPresent reports that Content was given explicitly.
	ContentPresent bool `json:"content_present,omitempty"`
	// EncryptedContent is the JSON encrypted reasoning.
	EncryptedContent json.RawMessage `json:"encrypted_content,omitempty"`
	// EncryptedContentPresent reports that EncryptedContent was given
	// explicitly, possibly as null.
	EncryptedContentPresent bool `json:"encrypted_content_present,omitempty"`
}

// payloadBytes returns the reasoning payload size counted against
// MaxReasoningBytesPerCall: every field but the dialect and the flags.
func (r *ReasoningPart) payloadBytes() int {
	return len(r.Text) + len(r.Signature) + len(r.Opaque) + len(r.Summary) +
		len(r.Content) + len(r.EncryptedContent)
}
