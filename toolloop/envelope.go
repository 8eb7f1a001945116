package toolloop

// The fixed bytes around an event in the ledger form (§5.6): the envelope
// with its keys sorted (body before schema_version) inside the custom row.
const (
	ledgerRowPrefix = `{"event":"custom","kind":"` + LedgerKindToolLoop + `","payload":`
	ledgerRowSuffix = `}`
	envelopePrefix  = `{"body":`
	envelopeSuffix  = `,"schema_version":1}`
)

// MarshalEnvelope returns the version-1 envelope of ev in the ledger form
// (§5.6): {"body":<event>,"schema_version":1} with every object's keys
// sorted bytewise at every depth, the "event" tag at its sorted place in the
// body. Members the direct form omits stay omitted; numbers, strings and
// array orders are those of the direct form. It fails like MarshalEvent.
func (enc Encoder) MarshalEnvelope(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectEnvelope, ev: ev})
}

// MarshalLedgerRow returns the ledger row perspt stores for ev:
// {"event":"custom","kind":"tool_loop","payload":<envelope>} with the
// envelope of MarshalEnvelope. It fails like MarshalEvent, returning nil.
func (enc Encoder) MarshalLedgerRow(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectLedgerRow, ev: ev})
}

// AppendLedgerRow appends the ledger row of ev (see MarshalLedgerRow) to dst
// and returns the extended slice, like AppendEvent: on error it returns dst
// unchanged (nothing is appended), and the spare capacity of dst may have
// been written.
func (enc Encoder) AppendLedgerRow(dst []byte, ev LoopEvent) ([]byte, error) {
	return enc.appendTo(dst, &subject{kind: subjectLedgerRow, ev: ev})
}

// MarshalEnvelope returns the ledger-form envelope of ev in the current
// float layout: Encoder{}.MarshalEnvelope(ev).
func MarshalEnvelope(ev LoopEvent) ([]byte, error) {
	return Encoder{}.MarshalEnvelope(ev)
}

// MarshalLedgerRow returns the ledger row of ev in the current float layout:
// Encoder{}.MarshalLedgerRow(ev).
func MarshalLedgerRow(ev LoopEvent) ([]byte, error) {
	return Encoder{}.MarshalLedgerRow(ev)
}

// AppendLedgerRow appends the ledger row of ev in the current float layout
// to dst: Encoder{}.AppendLedgerRow(dst, ev).
func AppendLedgerRow(dst []byte, ev LoopEvent) ([]byte, error) {
	return Encoder{}.AppendLedgerRow(dst, ev)
}

// envelope writes the sorted envelope of ev; e must be in the ledger form.
func (e *encoder) envelope(dst []byte, ev LoopEvent) ([]byte, *pathError) {
	dst, err := e.event(append(dst, envelopePrefix...), ev)
	if err != nil {
		return dst, err
	}
	return append(dst, envelopeSuffix...), nil
}

// ledgerRow writes the ledger row of ev; e must be in the ledger form.
func (e *encoder) ledgerRow(dst []byte, ev LoopEvent) ([]byte, *pathError) {
	dst, err := e.envelope(append(dst, ledgerRowPrefix...), ev)
	if err != nil {
		return dst, err
	}
	return append(dst, ledgerRowSuffix...), nil
}
