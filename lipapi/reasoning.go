package lipapi

import "encoding/json"

// ReasoningPart is a historical reasoning payload, replayed to the adapter
// that produced it. Dialect names the adapter-owned replay format.
//
// Summary, Content and EncryptedContent each have a Present flag telling an
// absent field from an explicit one: an explicit "encrypted_content": null is
// EncryptedContent holding the bytes null with EncryptedContentPresent set.
//
// Wherever a reasoning payload is carried (a reasoning Part, ContentPart or
// ReasoningItem), [Call.Validate] applies these rules, in order: the dialect,
// once normalized, is not empty and at most [MaxReasoningDialectBytes], and
// Dialect is already normalized; at least one of Text, Signature, Opaque,
// Summary and Content is not empty, or EncryptedContentPresent is set; a
// non-empty Summary or Content is valid JSON, and so is a non-empty
// EncryptedContent when EncryptedContentPresent is set; Text, Signature and
// Opaque are within [MaxReasoningTextBytes], [MaxReasoningSignatureBytes] and
// [MaxReasoningOpaqueBytes]; Summary, Content and EncryptedContent are at
// most [MaxPartJSONBytes]; a non-empty Opaque is valid JSON. SummaryPresent
// and ContentPresent are not checked. The payload bytes (every field but the
// dialect and the flags) count against [MaxReasoningBytesPerCall].
//
// The zero ReasoningPart has no dialect and no payload and does not
// validate.
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

// valuesOver returns the limit the first of r's Text, Signature and Opaque
// is over, or nil.
func (r *ReasoningPart) valuesOver() *limit {
	return firstOver(
		limitReasoningText.of(len(r.Text)), limitSignature.of(len(r.Signature)),
		limitReasoningOpaque.of(len(r.Opaque)),
	)
}

// jsonOver returns the limit the first of r's JSON payloads Summary,
// Content and EncryptedContent is over, or nil.
func (r *ReasoningPart) jsonOver() *limit {
	return firstOver(
		limitReasoningSummary.of(len(r.Summary)), limitReasoningContent.of(len(r.Content)),
		limitReasoningSecret.of(len(r.EncryptedContent)),
	)
}

// envelopeBounds checks the bounds of the dialect as given and of Text,
// Signature and Opaque of r, which may be nil: the legacy envelope's part,
// with the field of the limit exceeded under the part's Reasoning.
func (r *ReasoningPart) envelopeBounds() problem {
	var l *limit
	switch {
	case r == nil:
		return problem{}
	case limitDialect.over(len(r.Dialect)):
		l = &limitDialect
	default:
		l = r.valuesOver()
	}
	if l == nil {
		return problem{}
	}
	return fail(".Reasoning"+l.path, l.msg)
}

// boundsOver returns the limit the first of the fields of r, which may be
// nil, is over, in the order of the reasoning rules (the dialect as given,
// which they bound once normalized, then the payloads), or nil.
func (r *ReasoningPart) boundsOver() *limit {
	switch {
	case r == nil:
		return nil
	case limitDialect.over(len(r.Dialect)):
		return &limitDialect
	}
	if l := r.valuesOver(); l != nil {
		return l
	}
	return r.jsonOver()
}

// check applies the reasoning rules to r, which may be nil, and returns the
// reason it is invalid, or "". The caller chooses the field.
// SummaryPresent and ContentPresent are not checked.
func (r *ReasoningPart) check() string {
	if r == nil {
		return "reasoning payload is required"
	}
	norm := NormalizeReasoningDialect(r.Dialect)
	switch {
	case norm == "":
		return "reasoning dialect is required"
	case len(norm) > limitDialect.max:
		return limitDialect.msg
	case r.Dialect != norm:
		return "reasoning dialect is not normalized"
	case !r.hasPayload():
		return "reasoning payload is empty"
	}
	if msg := r.invalidJSON(); msg != "" {
		return msg
	}
	if l := r.valuesOver(); l != nil {
		return l.msg
	}
	if l := r.jsonOver(); l != nil {
		return l.msg
	}
	if len(r.Opaque) > 0 && !validJSON(r.Opaque) {
		return "reasoning opaque payload is not valid JSON"
	}
	return ""
}

// hasPayload reports whether one of Text, Signature, Opaque, Summary and
// Content is not empty, or EncryptedContentPresent is set.
func (r *ReasoningPart) hasPayload() bool {
	return r.Text != "" || r.Signature != "" || len(r.Opaque) != 0 || len(r.Summary) != 0 ||
		len(r.Content) != 0 || r.EncryptedContentPresent
}

// invalidJSON returns the reason a JSON payload of r other than Opaque is
// not valid JSON, or "": a non-empty Summary or Content, and a non-empty
// EncryptedContent when EncryptedContentPresent is set.
func (r *ReasoningPart) invalidJSON() string {
	switch {
	case len(r.Summary) > 0 && !validJSON(r.Summary):
		return "reasoning summary is not valid JSON"
	case len(r.Content) > 0 && !validJSON(r.Content):
		return "reasoning content is not valid JSON"
	case r.EncryptedContentPresent && len(r.EncryptedContent) > 0 && !validJSON(r.EncryptedContent):
		return "reasoning encrypted content is not valid JSON"
	}
	return ""
}
