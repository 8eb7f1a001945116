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
		if err := d.skip(k); err != nil {
			return DecodedEvent{}, err
		}
		if err := d.finish(); err != nil {
			return DecodedEvent{}, err
		}
		return DecodedEvent{}, decMismatch(k, "a ledger row object")
	}
	var event, kind rowMember
	var nPayload int
	var res DecodedEvent
	var payloadErr error
	for {
		name, vk, err := d.nextMember(&d.s)
		if err != nil {
			return DecodedEvent{}, err
		}
		if vk == canon.KindObjectEnd {
			break
		}
		switch string(name) {
		case eventTag:
			event.note(&d, vk, rowCustom)
		case rowKind:
			kind.note(&d, vk, LedgerKindToolLoop)
		case rowPayload:
			// Decoded where it stands while the row may be a tool_loop row.
			if nPayload++; nPayload == 1 && event.mayMatch() && kind.mayMatch() {
				if res, payloadErr = d.payload(vk); decIsSyntax(payloadErr) {
					return DecodedEvent{}, decAt(rowPayload, payloadErr)
				}
				continue
			}
		}
		if err := d.skip(vk); err != nil {
			return DecodedEvent{}, err
		}
	}
	if err := d.finish(); err != nil {
		return DecodedEvent{}, err
	}
	switch {
	case event.err() != nil:
		return DecodedEvent{}, decAt(eventTag, event.err())
	case !event.matched:
		return DecodedEvent{}, decClassified(ErrNotToolLoopRow, eventTag, "not a custom row")
	case kind.err() != nil:
		return DecodedEvent{}, decAt(rowKind, kind.err())
	case nPayload == 0:
		return DecodedEvent{}, decAt(rowPayload, decodeFail(decMissingMem))
	case nPayload > 1:
		return DecodedEvent{}, decAt(rowPayload, decodeFail(decDuplicate))
	case !kind.matched:
		return DecodedEvent{}, decClassified(ErrNotToolLoopRow, rowKind, "not of kind tool_loop")
	case payloadErr != nil:
		return DecodedEvent{}, decAt(rowPayload, payloadErr)
	}
	return res, nil
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
	var nVersion, nBody int
	var versionOK bool
	var body LoopEvent
	var bodyErr error
	for name, vk, err := d.nextMember(&d.s); vk != canon.KindObjectEnd; name, vk, err = d.nextMember(&d.s) {
		if err != nil {
			return DecodedEvent{}, err
		}
		switch string(name) {
		case envVersion:
			if nVersion++; nVersion == 1 {
				versionOK = vk == canon.KindNumber && string(d.s.Raw()) == "1"
			}
		case envBody:
			if nBody++; nBody == 1 {
				// Decode the body where it stands; on failure, go back and
				// skip it so that the rest of the payload is still checked.
				at := d.s.Clone()
				if body, bodyErr = d.event(vk); bodyErr == nil {
					continue
				}
				if decIsSyntax(bodyErr) {
					return DecodedEvent{}, decAt(envBody, bodyErr)
				}
				d.s = at
			}
		}
		if err := d.skip(vk); err != nil {
			return DecodedEvent{}, err
		}
	}
	if nVersion == 0 {
		return d.unversioned(start)
	}
	switch {
	case nVersion > 1:
		return DecodedEvent{}, decAt(envVersion, decodeFail(decDuplicate))
	case nBody > 1:
		return DecodedEvent{}, decAt(envBody, decodeFail(decDuplicate))
	case !versionOK:
		return DecodedEvent{}, decClassified(ErrUnknownSchemaVersion, envVersion, "schema version is not the integer 1")
	case nBody == 0:
		return DecodedEvent{}, decAt(envBody, decodeFail(decMissingMem))
	case bodyErr != nil:
		return DecodedEvent{}, decAt(envBody, bodyErr)
	}
	return DecodedEvent{Version: EnvelopeSchemaVersion, Event: body}, nil
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
