package toolloop

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// FloatLayout selects how floats are written (§5.1 of the specification):
// serde_json 1.0.147 and later put a '+' in non-negative exponents, earlier
// releases do not. The two layouts differ in nothing else. The zero value
// is FloatLayoutCurrent.
type FloatLayout uint8

const (
	// FloatLayoutCurrent is the layout of serde_json 1.0.147 and later
	// (1e+16, 1.5e+300), the default.
	FloatLayoutCurrent FloatLayout = iota
	// FloatLayoutLegacy is the layout of serde_json 1.0.146 and earlier
	// (1e16, 1.5e300), in which older ledgers, event hashes, chain roots and
	// conversation digests were made.
	FloatLayoutLegacy
)

// Valid reports whether l is FloatLayoutCurrent or FloatLayoutLegacy. Every
// Encoder method fails with ErrEncode when its layout is not valid.
func (l FloatLayout) Valid() bool {
	return l <= FloatLayoutLegacy
}

// Encoder writes events, conversations and Values in one float layout. The
// zero Encoder writes the current layout; every package-level writing or
// hashing function is the method of the zero Encoder. An Encoder is a small
// immutable value, safe to copy and to use concurrently.
//
// With Floats outside the two FloatLayout constants every method fails with
// ErrEncode (AppendValue returns dst unchanged).
type Encoder struct {
	// Floats is the float layout written; the zero value is
	// FloatLayoutCurrent.
	Floats FloatLayout
}

// MarshalEvent returns the direct form of ev (§5.5): an object holding the
// "event" tag, then the event's members in declaration order, exactly as
// perspt's serde_json::to_vec writes it; these are the bytes EventHash
// hashes. ev may be an event value or a non-nil pointer to one.
//
// It fails with ErrEncode, and returns nil, for a nil event, a nil variant
// outside an Option member, an enum value outside its list, a string that is
// not valid UTF-8 or an invalid float layout; the error names the member path
// (such as proposal.command.args[2]), never the offending text.
func (enc Encoder) MarshalEvent(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectEvent, ev: ev})
}

// AppendEvent appends the direct form of ev (see MarshalEvent) to dst and
// returns the extended slice. On error it returns dst unchanged (nothing is
// appended) and an error wrapping ErrEncode. Appending into a buffer with
// enough spare capacity does not allocate.
func (enc Encoder) AppendEvent(dst []byte, ev LoopEvent) ([]byte, error) {
	return enc.append(dst, &subject{kind: subjectEvent, ev: ev})
}

// AppendValue appends v's normalized text to dst in the encoder's layout:
// verbatim in the current layout; in the legacy layout, each '+' following
// an 'e' inside a number is dropped (strings are never touched). With an
// invalid layout it returns dst unchanged.
func (enc Encoder) AppendValue(dst []byte, v Value) []byte {
	if !enc.Floats.Valid() {
		return dst
	}
	e := encoder{buf: dst, plus: enc.Floats == FloatLayoutCurrent}
	e.value(v)
	return e.buf
}

// MarshalEvent returns the direct form of ev in the current float layout:
// Encoder{}.MarshalEvent(ev).
func MarshalEvent(ev LoopEvent) ([]byte, error) {
	return Encoder{}.MarshalEvent(ev)
}

// AppendEvent appends the direct form of ev in the current float layout to
// dst: Encoder{}.AppendEvent(dst, ev).
func AppendEvent(dst []byte, ev LoopEvent) ([]byte, error) {
	return Encoder{}.AppendEvent(dst, ev)
}

// subject is the top-level value of one write. It is passed by pointer
// and dispatched with a switch (not a function value), so that the encoder
// state stays on the caller's stack.
type subject struct {
	kind  subjectKind
	ev    LoopEvent         // subjectEvent, subjectEnvelope, subjectLedgerRow
	conv  *Conversation     // subjectConversation
	delta ConversationDelta // subjectDelta
}

// subjectKind selects what a subject writes.
type subjectKind uint8

const (
	subjectEvent        subjectKind = iota // an event, direct form
	subjectEnvelope                        // an event's envelope, ledger form
	subjectLedgerRow                       // an event's ledger row
	subjectConversation                    // a Conversation, direct form
	subjectDelta                           // a ConversationDelta, direct form
)

// sorted reports whether s is written in the ledger form.
func (s *subject) sorted() bool {
	return s.kind == subjectEnvelope || s.kind == subjectLedgerRow
}

// write writes s.
func (e *encoder) write(s *subject) *pathError {
	switch s.kind {
	case subjectEnvelope:
		return e.envelope(s.ev)
	case subjectLedgerRow:
		return e.ledgerRow(s.ev)
	case subjectConversation:
		return e.conversation(s.conv).named("conversation")
	case subjectDelta:
		return e.conversationDelta(s.delta).named("delta")
	}
	return e.event(s.ev)
}

// start returns an encoder for the layout of enc and the form of s, or the
// error of an invalid layout.
func (enc Encoder) start(s *subject) (encoder, error) {
	if !enc.Floats.Valid() {
		return encoder{}, fmt.Errorf("%w: float layout %d is neither FloatLayoutCurrent nor FloatLayoutLegacy",
			ErrEncode, enc.Floats)
	}
	return encoder{sorted: s.sorted(), plus: enc.Floats == FloatLayoutCurrent}, nil
}

// append writes s after dst; on error it returns dst unchanged.
func (enc Encoder) append(dst []byte, s *subject) ([]byte, error) {
	e, err := enc.start(s)
	if err != nil {
		return dst, err
	}
	e.buf = dst
	if perr := e.write(s); perr != nil {
		return dst, perr.err()
	}
	return e.buf, nil
}

// marshal writes s into a new slice: a sizing pass first, so that the
// result is allocated once, with a sixteenth of slack for the escapes the
// sizing pass does not count (text so full of escapes that it outgrows the
// slack makes the write pass grow the slice). On error it returns nil.
func (enc Encoder) marshal(s *subject) ([]byte, error) {
	e, err := enc.start(s)
	if err != nil {
		return nil, err
	}
	e.sizing = true
	if perr := e.write(s); perr != nil {
		return nil, perr.err()
	}
	e.sizing = false
	e.buf = make([]byte, 0, e.size+e.size>>4+16)
	if perr := e.write(s); perr != nil {
		return nil, perr.err()
	}
	return e.buf, nil
}

// encoder is the state of one write: the output and the form and layout
// written. In the sizing pass nothing is written and size counts the bytes
// the write pass will append: exactly, except that strings are counted
// without their escapes, floats as 24 bytes and the legacy layout of a Value
// as its current one (so the count is a tight estimate, an upper bound for
// text without escapes).
type encoder struct {
	buf    []byte
	size   int
	sizing bool
	sorted bool // the ledger form: object members in bytewise key order
	plus   bool // the current float layout
}

// maxFloatLen bounds the length of a float written by canon.AppendSerdeFloat
// ("-1.7976931348623157e+308").
const maxFloatLen = 24

func (e *encoder) lit(s string) {
	if e.sizing {
		e.size += len(s)
		return
	}
	e.buf = append(e.buf, s...)
}

func (e *encoder) byte(c byte) {
	if e.sizing {
		e.size++
		return
	}
	e.buf = append(e.buf, c)
}

// str writes s as a JSON string (§5.3).
func (e *encoder) str(s string) *pathError {
	if e.sizing {
		e.size += len(s) + 2
		return nil
	}
	b, ok := canon.AppendSerdeString(e.buf, s)
	if !ok {
		return failure("string is not valid UTF-8")
	}
	e.buf = b
	return nil
}

// optStr writes an Option<String>: null for nil.
func (e *encoder) optStr(p *string) *pathError {
	if p == nil {
		e.lit("null")
		return nil
	}
	return e.str(*p)
}

func (e *encoder) uint(u uint64) {
	if e.sizing {
		n := 1
		for ; u >= 10; u /= 10 {
			n++
		}
		e.size += n
		return
	}
	e.buf = strconv.AppendUint(e.buf, u, 10)
}

func (e *encoder) float(f float64) {
	if e.sizing {
		e.size += maxFloatLen
		return
	}
	e.buf = canon.AppendSerdeFloat(e.buf, f, e.plus)
}

// optFloat writes an Option<f64>: null for nil.
func (e *encoder) optFloat(p *float64) {
	if p == nil {
		e.lit("null")
		return
	}
	e.float(*p)
}

func (e *encoder) boolean(b bool) {
	if b {
		e.lit("true")
	} else {
		e.lit("false")
	}
}

// value writes v's text in the encoder's layout (see Encoder.AppendValue).
// The legacy layout is produced in place: the text is appended verbatim and
// rewritten over itself, which never lengthens it.
func (e *encoder) value(v Value) {
	s := v.raw()
	if e.sizing {
		e.size += len(s)
		return
	}
	start := len(e.buf)
	e.buf = append(e.buf, s...)
	if !e.plus && strings.Contains(s, "e+") {
		e.buf = canon.AppendSerdeLegacy(e.buf[:start], e.buf[start:])
	}
}

// optValue writes an Option<Value>: null for nil.
func (e *encoder) optValue(p *Value) {
	if p == nil {
		e.lit("null")
		return
	}
	e.value(*p)
}

// enumValue is a unit-only enum: a named string type with a Valid method.
type enumValue interface {
	~string
	Valid() bool
}

// writeEnum writes a unit-enum value, which must be one of its constants.
func writeEnum[T enumValue](e *encoder, v T) *pathError {
	if !v.Valid() {
		return failure(fmt.Sprintf("%T value outside its list", v))
	}
	// Enum values are plain ASCII identifiers: nothing to escape.
	e.byte('"')
	e.lit(string(v))
	e.byte('"')
	return nil
}

// writeStrings writes a slice of strings (or of a newtype over string) as a
// JSON array; nil is written [].
func writeStrings[T ~string](e *encoder, s []T) *pathError {
	e.byte('[')
	for j, v := range s {
		if j > 0 {
			e.byte(',')
		}
		if err := e.str(string(v)); err != nil {
			return err.at(j)
		}
	}
	e.byte(']')
	return nil
}

// array writes a JSON array of n elements, element j written by elem(j)
// (a closure over the slice: element writers are not passed as function
// values taking the encoder, which would move it to the heap); a failing
// element's index is added to the error path.
func (e *encoder) array(n int, elem func(j int) *pathError) *pathError {
	e.byte('[')
	for j := range n {
		if j > 0 {
			e.byte(',')
		}
		if err := elem(j); err != nil {
			return err.at(j)
		}
	}
	e.byte(']')
	return nil
}

// object writes an object of the type described by f, its members in the
// order of the form being written: the tag of a tagged table, then member
// writes member i for every other member i (1 and up in a tagged table, 0
// and up otherwise) whose bit is clear in omit. A failing member's name is
// added to the error path.
func (e *encoder) object(f *fields, omit uint32, member func(i int) *pathError) *pathError {
	order := f.direct
	if e.sorted {
		order = f.sorted
	}
	e.byte('{')
	first := true
	for _, i := range order {
		if omit>>i&1 != 0 {
			continue
		}
		k := f.keys[i]
		if first {
			k, first = k[1:], false
		}
		e.lit(k)
		if i == 0 && f.tag != "" {
			e.lit(f.tag)
			continue
		}
		if err := member(int(i)); err != nil {
			if f.root != "" {
				err.root = f.root
			}
			return err.in(f.names[i])
		}
	}
	e.byte('}')
	return nil
}
