package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file classifies tool_loop ledger rows and payloads. Both functions
// scan their input once in the common case (an event is decoded where it
// stands, and only re-scanned when its decoding fails or its payload turns
// out to be an unversioned one), and report malformed JSON anywhere in the
// input before any classification.

// The member names of ledger rows and envelopes, and the decoding failures
// of members.
const (
	rowKind       = "kind"
	rowPayload    = "payload"
	envVersion    = "schema_version"
	envBody       = "body"
	rowCustom     = "custom"
	decDuplicate  = "duplicate member"
	decNotString  = "expected a string"
	decMissingMem = "missing member"
)

// DecodePayload decodes the payload of a tool_loop ledger row. An object
// with a schema_version member is an envelope: schema_version or body
// present twice fails with ErrDecode (checked first), a schema_version other
// than the integer literal 1 with ErrUnknownSchemaVersion (checked before
// the body is looked at), a missing body with ErrDecode; otherwise the body
// is decoded as a LoopEvent and the result has Version 1. Any other payload
// is an unversioned (legacy) row: it is decoded as a LoopEvent itself
// (failure: ErrDecode), must hold one of the 19 legacy events (else
// ErrUnversionedEvent) and gives Version 0. Malformed JSON anywhere in
// payload fails with ErrDecode before any of these checks. payload is
// neither modified nor retained.
func DecodePayload(payload []byte) (DecodedEvent, error) {
	var d decoder
	k, err := d.start(payload)
	if err != nil {
		return DecodedEvent{}, err
	}
	res, err := d.payload(k)
	if decIsSyntax(err) {
		return DecodedEvent{}, err
	}
	if ferr := d.finish(); ferr != nil {
		return DecodedEvent{}, ferr
	}
	if err != nil {
		return DecodedEvent{}, err
	}
	return res, nil
}

// DecodeLedgerRow decodes a whole ledger row: the row must be valid JSON
// under the syntax rules of the package documentation (nesting counted from
// the row itself), else ErrDecode; it must be an object with exactly one
// string member event (else ErrDecode); an event other than "custom" gives
// ErrNotToolLoopRow; a custom row needs exactly one string member kind and
// one member payload (else ErrDecode), and a kind other than "tool_loop"
// gives ErrNotToolLoopRow. Unknown members are ignored, also when repeated,
// and members may come in any order. The payload is then classified and
// decoded as by DecodePayload. row is neither modified nor retained.
func DecodeLedgerRow(row []byte) (DecodedEvent, error) {
	var d decoder
	k, err := d.start(row)
	if err != nil {
		return DecodedEvent{}, err
	}
	if k != canon.KindObjectBegin {
		return DecodedEvent{}, d.notARow(k)
	}
	var r ledgerRow
	if err := r.read(&d); err != nil {
		return DecodedEvent{}, err
	}
	if err := d.finish(); err != nil {
		return DecodedEvent{}, err
	}
	return r.result()
}

// notARow skips the value starting with k, which is not an object, to the
// end of the row and returns the failure of a row that is not an object,
// or the syntax error found first.
func (d *decoder) notARow(k canon.Kind) error {
	if err := d.skip(k); err != nil {
		return err
	}
	if err := d.finish(); err != nil {
		return err
	}
	return decMismatch(k, "a ledger row object")
}

// A ledgerRow is what DecodeLedgerRow has read of a row's members.
type ledgerRow struct {
	event, kind rowMember
	payloads    int          // the occurrences of the payload member
	res         DecodedEvent // the first payload, once decoded
	payloadErr  error        // the failure of its decoding
}

// read reads the members of the row up to its end; it fails only on a
// syntax error.
func (r *ledgerRow) read(d *decoder) error {
	for {
		name, vk, err := d.nextMember(&d.s)
		if err != nil {
			return err
		}
		if vk == canon.KindObjectEnd {
			return nil
		}
		if err := r.member(d, name, vk); err != nil {
			return err
		}
	}
}

// member reads the member name whose value starts with vk: the first
// payload is decoded where it stands while the row may still be a
// tool_loop row, every other value is skipped.
func (r *ledgerRow) member(d *decoder, name []byte, vk canon.Kind) error {
	switch string(name) {
	case eventTag:
		r.event.note(d, vk, rowCustom)
	case rowKind:
		r.kind.note(d, vk, LedgerKindToolLoop)
	case rowPayload:
		if r.payloads++; r.payloads == 1 && r.event.mayMatch() && r.kind.mayMatch() {
			if r.res, r.payloadErr = d.payload(vk); decIsSyntax(r.payloadErr) {
				return decAt(rowPayload, r.payloadErr)
			}
			return nil
		}
	}
	return d.skip(vk)
}

// result classifies the row read: the failure of its first broken rule, in
// the order of DecodeLedgerRow's documentation, or its decoded payload.
func (r *ledgerRow) result() (DecodedEvent, error) {
	switch {
	case r.event.err() != nil:
		return DecodedEvent{}, decAt(eventTag, r.event.err())
	case !r.event.matched:
		return DecodedEvent{}, decClassified(ErrNotToolLoopRow, eventTag, "not a custom row")
	case r.kind.err() != nil:
		return DecodedEvent{}, decAt(rowKind, r.kind.err())
	case r.payloads == 0:
		return DecodedEvent{}, decAt(rowPayload, decodeFail(decMissingMem))
	case r.payloads > 1:
		return DecodedEvent{}, decAt(rowPayload, decodeFail(decDuplicate))
	case !r.kind.matched:
		return DecodedEvent{}, decClassified(ErrNotToolLoopRow, rowKind, "not of kind tool_loop")
	case r.payloadErr != nil:
		return DecodedEvent{}, decAt(rowPayload, r.payloadErr)
	}
	return r.res, nil
}

// rowMember records the occurrences of the event or kind member of a row.
type rowMember struct {
	count     int
	notString bool // the first occurrence is not a string
	matched   bool // the first occurrence is the expected string
}

// note records an occurrence whose value starts with k; want is the value
// the row needs.
func (m *rowMember) note(d *decoder, k canon.Kind, want string) {
	m.count++
	if m.count > 1 {
		return
	}
	m.notString = k != canon.KindString
	m.matched = !m.notString && string(d.text(&d.s)) == want
}

// mayMatch reports whether the occurrences seen so far still allow the row
// to be a tool_loop row (so that its payload is worth decoding).
func (m *rowMember) mayMatch() bool {
	return m.count == 0 || m.count == 1 && m.matched
}

// err returns the ErrDecode failure of a member that is missing, repeated
// or not a string, or nil.
func (m *rowMember) err() error {
	switch {
	case m.count == 0:
		return decodeFail(decMissingMem)
	case m.count > 1:
		return decodeFail(decDuplicate)
	case m.notString:
		return decodeFail(decNotString)
	}
	return nil
}

// payload decodes the tool_loop payload whose first token is k. A
// syntax error is returned at once (it outranks every classification);
// after any other outcome the scanner stands just after the payload.
func (d *decoder) payload(k canon.Kind) (DecodedEvent, error) {
	if k != canon.KindObjectBegin {
		// An unversioned row, and no LoopEvent.
		if err := d.skip(k); err != nil {
			return DecodedEvent{}, err
		}
		return DecodedEvent{}, decMismatch(k, "an object")
	}
	start := d.s.Clone()
	var e envelope
	for name, vk, err := d.nextMember(&d.s); vk != canon.KindObjectEnd; name, vk, err = d.nextMember(&d.s) {
		if err != nil {
			return DecodedEvent{}, err
		}
		if err := e.member(d, name, vk); err != nil {
			return DecodedEvent{}, err
		}
	}
	if e.versions == 0 {
		return d.unversioned(start)
	}
	return e.result()
}

// An envelope is what payload has read of the members of an envelope.
type envelope struct {
	versions, bodies int
	versionOK        bool // the first schema_version is the integer 1
	body             LoopEvent
	bodyErr          error // the failure decoding the first body
}

// member reads the member name whose value starts with vk: the first
// schema_version is checked and the first body decoded where it stands,
// every other value is skipped. It fails only on a syntax error.
func (e *envelope) member(d *decoder, name []byte, vk canon.Kind) error {
	switch string(name) {
	case envVersion:
		if e.versions++; e.versions == 1 {
			e.versionOK = vk == canon.KindNumber && string(d.s.Raw()) == "1"
		}
	case envBody:
		if e.bodies++; e.bodies == 1 {
			// Decode the body where it stands; on failure, go back and
			// skip it so that the rest of the payload is still checked.
			at := d.s.Clone()
			if e.body, e.bodyErr = d.event(vk); e.bodyErr == nil {
				return nil
			}
			if decIsSyntax(e.bodyErr) {
				return decAt(envBody, e.bodyErr)
			}
			d.s = at
		}
	}
	return d.skip(vk)
}

// result classifies the envelope read: the failure of its first broken
// rule, in the order of DecodePayload's documentation, or its event.
func (e *envelope) result() (DecodedEvent, error) {
	switch {
	case e.versions > 1:
		return DecodedEvent{}, decAt(envVersion, decodeFail(decDuplicate))
	case e.bodies > 1:
		return DecodedEvent{}, decAt(envBody, decodeFail(decDuplicate))
	case !e.versionOK:
		return DecodedEvent{}, decClassified(ErrUnknownSchemaVersion, envVersion, "schema version is not the integer 1")
	case e.bodies == 0:
		return DecodedEvent{}, decAt(envBody, decodeFail(decMissingMem))
	case e.bodyErr != nil:
		return DecodedEvent{}, decAt(envBody, e.bodyErr)
	}
	return DecodedEvent{Version: EnvelopeSchemaVersion, Event: e.body}, nil
}

// unversioned decodes an unversioned payload, already scanned to its end,
// as a LoopEvent from start (the scanner just after its '{'), and leaves
// the scanner after the payload whatever the outcome.
func (d *decoder) unversioned(start canon.Scanner) (DecodedEvent, error) {
	end := d.s.Clone()
	d.s = start
	ev, err := d.event(canon.KindObjectBegin)
	d.s = end
	switch {
	case err != nil:
		return DecodedEvent{}, err
	case !IsLegacyEvent(ev.EventName()):
		return DecodedEvent{}, decClassified(ErrUnversionedEvent, eventTag, "the tag names one of the 24 envelope-only events")
	}
	return DecodedEvent{Event: ev}, nil
}
