package toolloop

import "fmt"

// EnvelopeSchemaVersion is the schema_version of the only envelope this
// package writes and authoritatively reads.
const EnvelopeSchemaVersion = 1

// LedgerKindToolLoop is the kind member of a custom ledger row that holds a
// tool-loop event payload.
const LedgerKindToolLoop = "tool_loop"

// ConversationEventSchemaVersion is the event_schema_version written into
// ConversationSeeded and ConversationDeltaRecord values, and the only one
// their verification accepts.
const ConversationEventSchemaVersion = 1

// EnvelopeV1 is the versioned runtime-event envelope (perspt's
// LoopEventEnvelopeV1) that every post-cutover tool_loop ledger payload
// wraps its event in: {"schema_version":1,"body":…} in declaration order,
// written (as by MarshalEnvelopeV1) in the ledger form, its keys sorted:
// {"body":…,"schema_version":1}. NewEnvelopeV1 builds one; DecodePayload
// and DecodeLedgerRow read one into a DecodedEvent of Version 1. The zero
// EnvelopeV1, of version 0 and without a body, cannot be written.
type EnvelopeV1 struct {
	// SchemaVersion is the envelope version, EnvelopeSchemaVersion; any
	// other version cannot be written.
	SchemaVersion uint16 `json:"schema_version"`
	// Body is the wrapped event; a nil Body cannot be written.
	Body LoopEvent `json:"body"`
}

// NewEnvelopeV1 returns the envelope of body (perspt's
// LoopEventEnvelopeV1::new): schema version EnvelopeSchemaVersion and body
// as given, neither copied nor checked.
func NewEnvelopeV1(body LoopEvent) EnvelopeV1 {
	return EnvelopeV1{SchemaVersion: EnvelopeSchemaVersion, Body: body}
}

// DecodedEvent is an event decoded from a tool_loop payload or ledger row,
// with the envelope version it came in: 0 for a legacy (unversioned) row,
// which holds one of the 19 legacy events, or 1 for an EnvelopeV1 payload.
// The zero DecodedEvent holds no event.
type DecodedEvent struct {
	// Version is 0 for a legacy row, EnvelopeSchemaVersion for an envelope.
	Version uint16
	// Event is the decoded event, a value (never a pointer).
	Event LoopEvent
}

// The fixed bytes around an event in the ledger form: the envelope with
// its keys sorted (body before schema_version) inside the custom row.
const (
	ledgerRowPrefix = `{"event":"custom","kind":"` + LedgerKindToolLoop + `","payload":`
	ledgerRowSuffix = `}`
	envelopePrefix  = `{"body":`
	envelopeSuffix  = `,"schema_version":1}`
)

// MarshalEnvelope returns the version-1 envelope of ev in the ledger form:
// {"body":<event>,"schema_version":1} with every object's keys sorted
// bytewise at every depth, the "event" tag at its sorted place in the
// body. Members the direct form omits stay omitted; numbers, strings and
// array orders are those of the direct form. It is
// MarshalEnvelopeV1(NewEnvelopeV1(ev)) and fails like MarshalEvent.
func (enc Encoder) MarshalEnvelope(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectEnvelope, ev: ev})
}

// MarshalEnvelopeV1 returns env in the ledger form, as MarshalEnvelope
// writes the envelope of env.Body. It fails with ErrEncode, returning nil,
// when env.SchemaVersion is not EnvelopeSchemaVersion (this package writes
// no other version), and otherwise like MarshalEvent of env.Body.
func (enc Encoder) MarshalEnvelopeV1(env EnvelopeV1) ([]byte, error) {
	if env.SchemaVersion != EnvelopeSchemaVersion {
		return nil, fmt.Errorf("%w: envelope: schema_version %d is not %d", ErrEncode, env.SchemaVersion,
			EnvelopeSchemaVersion)
	}
	return enc.MarshalEnvelope(env.Body)
}

// MarshalLedgerRow returns the ledger row perspt stores for ev:
// {"event":"custom","kind":"tool_loop","payload":<envelope>} with the
// envelope of MarshalEnvelope. It fails like MarshalEvent, returning nil.
func (enc Encoder) MarshalLedgerRow(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectLedgerRow, ev: ev})
}

// AppendLedgerRow appends to dst the ledger row of ev (see
// MarshalLedgerRow) and returns the extended slice, like AppendEvent: on error it returns dst
// unchanged (nothing is appended), and the spare capacity of dst may have
// been written.
func (enc Encoder) AppendLedgerRow(dst []byte, ev LoopEvent) ([]byte, error) {
	return enc.appendTo(dst, &subject{kind: subjectLedgerRow, ev: ev})
}

// envelope writes the envelope of ev in the ledger form, inside its ledger
// row if row is set.
func (e *encoder) envelope(dst []byte, ev LoopEvent, row bool) ([]byte, *pathError) {
	e.sorted = true
	if row {
		dst = append(dst, ledgerRowPrefix...)
	}
	dst, err := e.writeLoopEvent(append(dst, envelopePrefix...), ev)
	if err != nil {
		return dst, err
	}
	dst = append(dst, envelopeSuffix...)
	if row {
		dst = append(dst, ledgerRowSuffix...)
	}
	return dst, nil
}
