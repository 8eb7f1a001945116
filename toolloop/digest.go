package toolloop

import (
	"fmt"
	"strings"
)

// seedDigestPrefix is hashed before a conversation's direct form.
const seedDigestPrefix = "conversation-seeded:v1:"

// MarshalConversation returns the direct form of c, {"messages":[…]} with
// each message tagged by "role" first: the text a seed digest hashes. It
// fails with ErrEncode (returning nil) for a nil message, invalid UTF-8 or
// an invalid float layout.
func (enc Encoder) MarshalConversation(c Conversation) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectConversation, conv: &c})
}

// MarshalConversationDelta returns the direct form of d, tagged by "delta"
// first, e.g. {"delta":"message","message":{"role":"user","content":"hello"}}:
// the text a delta digest hashes. It fails like MarshalConversation, and for
// a nil d.
func (enc Encoder) MarshalConversationDelta(d ConversationDelta) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectDelta, delta: d})
}

// SeedDigest returns the seed digest of c: the ContentHash of
// "conversation-seeded:v1:" followed by MarshalConversation(c). It fails
// like MarshalConversation, returning "".
func (enc Encoder) SeedDigest(c Conversation) (string, error) {
	return enc.digest(seedDigestPrefix, "", &subject{kind: subjectConversation, conv: &c})
}

// DeltaDigest returns the digest of the delta d chained from priorDigest:
// the ContentHash of priorDigest, ":" and MarshalConversationDelta(d). It
// fails like MarshalConversationDelta, returning "".
func (enc Encoder) DeltaDigest(priorDigest string, d ConversationDelta) (string, error) {
	return enc.digest(priorDigest, ":", &subject{kind: subjectDelta, delta: d})
}

// NewConversationSeeded returns the seed record of c: event schema version
// ConversationEventSchemaVersion, a copy of c (its messages as values) and
// SeedDigest(c). It fails like SeedDigest.
func (enc Encoder) NewConversationSeeded(c Conversation) (ConversationSeeded, error) {
	digest, err := enc.SeedDigest(c)
	if err != nil {
		return ConversationSeeded{}, err
	}
	return ConversationSeeded{EventSchemaVersion: ConversationEventSchemaVersion,
		Conversation: copyConversation(c), Digest: digest}, nil
}

// NewConversationDeltaRecord returns the delta record of d chained from
// priorDigest: event schema version ConversationEventSchemaVersion,
// priorDigest, a copy of d (as a value) and DeltaDigest(priorDigest, d). It
// fails like DeltaDigest.
func (enc Encoder) NewConversationDeltaRecord(priorDigest string, d ConversationDelta) (ConversationDeltaRecord, error) {
	digest, err := enc.DeltaDigest(priorDigest, d)
	if err != nil {
		return ConversationDeltaRecord{}, err
	}
	return ConversationDeltaRecord{EventSchemaVersion: ConversationEventSchemaVersion, PriorDigest: priorDigest,
		Delta: copyConversationDelta(d), Digest: digest}, nil
}

// VerifySeed checks a seed record: its event schema version must be
// ConversationEventSchemaVersion and its digest the seed digest of its
// conversation in either float layout (records written by older perspt
// builds use the legacy one). A failure wraps ErrConversationRecord.
func VerifySeed(s ConversationSeeded) error {
	if s.EventSchemaVersion != ConversationEventSchemaVersion {
		return fmt.Errorf("%w: seed: event_schema_version is not %d", ErrConversationRecord,
			ConversationEventSchemaVersion)
	}
	return verifyDigest("seed", s.Digest, func(enc Encoder) (string, error) { return enc.SeedDigest(s.Conversation) })
}

// VerifyDeltaRecord checks a delta record against the conversation digest
// currentDigest it must extend: its event schema version must be
// ConversationEventSchemaVersion, its prior digest currentDigest, and its
// digest the delta digest of its delta in either float layout. A failure
// wraps ErrConversationRecord.
func VerifyDeltaRecord(currentDigest string, r ConversationDeltaRecord) error {
	if r.EventSchemaVersion != ConversationEventSchemaVersion {
		return fmt.Errorf("%w: delta: event_schema_version is not %d", ErrConversationRecord,
			ConversationEventSchemaVersion)
	}
	if r.PriorDigest != currentDigest {
		return fmt.Errorf("%w: delta: prior_digest is not the current digest", ErrConversationRecord)
	}
	return verifyDigest("delta", r.Digest, func(enc Encoder) (string, error) {
		return enc.DeltaDigest(r.PriorDigest, r.Delta)
	})
}

// verifyDigest compares digest with the one compute returns in the current
// layout, then in the legacy one.
func verifyDigest(what, digest string, compute func(Encoder) (string, error)) error {
	for _, enc := range [...]Encoder{{Floats: FloatLayoutCurrent}, {Floats: FloatLayoutLegacy}} {
		want, err := compute(enc)
		if err != nil {
			// Report the encoding failure (it names a path, not content)
			// under this function's sentinel only.
			return fmt.Errorf("%w: %s cannot be encoded: %s", ErrConversationRecord, what,
				strings.TrimPrefix(err.Error(), ErrEncode.Error()+": "))
		}
		if digest == want {
			return nil
		}
	}
	return fmt.Errorf("%w: %s: digest does not match in either float layout", ErrConversationRecord, what)
}
