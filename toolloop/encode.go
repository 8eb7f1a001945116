package toolloop

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// FloatLayout selects how floats are written: serde_json 1.0.147 and later
// put a '+' in non-negative exponents, earlier releases do not. The two
// layouts differ in nothing else (the package documentation gives the full
// float format). The zero value is FloatLayoutCurrent.
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

// MarshalEvent returns the direct form of ev: an object holding the
// "event" tag, then the event's members in declaration order, exactly as
// perspt's serde_json::to_vec writes it; these are the bytes EventHash
// hashes. ev may be an event value or a non-nil pointer to one.
//
// It fails with ErrEncode, and returns nil, for a nil event, a nil variant
// outside an Option member, an event or variant of a type outside the
// package (one embedding a package type), an enum value outside its list, a
// string that is not valid UTF-8 or an invalid float layout; the error names
// the member path (such as proposal.command.args[2]), never the offending
// text.
func (enc Encoder) MarshalEvent(ev LoopEvent) ([]byte, error) {
	return enc.marshal(&subject{kind: subjectEvent, ev: ev})
}

// AppendEvent appends to dst the direct form of ev (see MarshalEvent) and
// returns the extended slice. On error it returns dst unchanged (nothing is
// appended) and an error wrapping ErrEncode. Appending into a buffer with
// enough spare capacity does not allocate; otherwise dst grows as append
// grows it. In both cases, and on error, the spare capacity of dst past
// the returned length may have been written.
func (enc Encoder) AppendEvent(dst []byte, ev LoopEvent) ([]byte, error) {
	return enc.appendTo(dst, &subject{kind: subjectEvent, ev: ev})
}

// AppendValue appends to dst v's normalized text, in the encoder's layout:
// verbatim in the current layout; in the legacy layout, each '+' following
// an 'e' inside a number is dropped (strings are never touched). With an
// invalid layout it returns dst unchanged.
func (enc Encoder) AppendValue(dst []byte, v Value) []byte {
	if !enc.Floats.Valid() {
		return dst
	}
	e := encoder{plus: enc.Floats == FloatLayoutCurrent}
	return e.value(slices.Grow(dst, len(v.String())), v)
}

// subject is the top-level value of one write, dispatched with a switch.
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

// appendTo appends s to dst in the layout of enc, or returns dst unchanged
// and the error.
func (enc Encoder) appendTo(dst []byte, s *subject) ([]byte, error) {
	e, err := enc.encoder()
	if err != nil {
		return dst, err
	}
	out, perr := e.subject(dst, s)
	if perr != nil {
		return dst, perr
	}
	return out, nil
}

// encoder returns a writer in the layout of enc, or the error of an invalid
// layout.
func (enc Encoder) encoder() (encoder, error) {
	if enc.Floats.Valid() {
		return encoder{plus: enc.Floats == FloatLayoutCurrent}, nil
	}
	return encoder{}, enc.Floats.invalid()
}

// invalid returns the error of the invalid layout l.
func (l FloatLayout) invalid() error {
	return fmt.Errorf("%w: float layout %d is neither FloatLayoutCurrent nor FloatLayoutLegacy", ErrEncode, l)
}

// subject appends s to dst.
func (e *encoder) subject(dst []byte, s *subject) ([]byte, *pathError) {
	switch s.kind {
	case subjectEvent:
		return e.writeLoopEvent(dst, s.ev)
	case subjectEnvelope, subjectLedgerRow:
		return e.envelope(dst, s.ev, s.kind == subjectLedgerRow)
	case subjectConversation:
		dst, err := e.writeConversation(dst, s.conv)
		return dst, err.named("conversation")
	}
	dst, err := e.writeConversationDelta(dst, s.delta)
	return dst, err.named("delta")
}

// The stack buffers the writing and hashing functions write into first.
// Go clears a stack buffer on every call, at a cost that grows with its
// size, so the events made of scalars and small structs get a small one,
// the others (subject.large) a large one. Output that may not fit is never
// grown onto the heap: the write turns into a count (encoder.count) and is
// redone into one buffer of the size counted, or streamed into the hash
// (sum).
const (
	smallScratch = 512
	largeScratch = 2048
)

// large reports whether s is written through the large stack buffer: a
// conversation, a delta, or an event that holds one, a proposal, measured
// residuals, a checkpoint or a prompt program, whose output usually
// outgrows the small buffer.
func (s *subject) large() bool {
	if s.kind == subjectConversation || s.kind == subjectDelta {
		return true
	}
	switch s.ev.(type) {
	case ConversationSeededEvent, *ConversationSeededEvent, ConversationDeltaEvent, *ConversationDeltaEvent,
		ProposalObservedEvent, *ProposalObservedEvent, ProposalCheckedEvent, *ProposalCheckedEvent,
		CandidateMeasuredEvent, *CandidateMeasuredEvent, EffectBoundaryMeasuredEvent, *EffectBoundaryMeasuredEvent,
		ContextCheckpointCreatedEvent, *ContextCheckpointCreatedEvent,
		DurableCandidateCheckpointEvent, *DurableCandidateCheckpointEvent,
		BranchCandidateMeasuredEvent, *BranchCandidateMeasuredEvent,
		PromptProgramCompiledEvent, *PromptProgramCompiledEvent:
		return true
	}
	return false
}

// marshal returns s written into a new slice through a stack buffer sized
// for s: one allocation, of exactly the output's length when it fits in
// the buffer, else of the length counted (escapes may lengthen a string by
// a quarter before the buffer grows). On error it returns nil.
func (enc Encoder) marshal(s *subject) ([]byte, error) {
	e, err := enc.encoder()
	if err != nil {
		return nil, err
	}
	e.fit = true
	var out []byte
	var perr *pathError
	if s.large() {
		var scratch [largeScratch]byte
		out, perr = e.copyOut(e.subject(scratch[:0], s))
	} else {
		var scratch [smallScratch]byte
		out, perr = e.copyOut(e.subject(scratch[:0], s))
	}
	if e.spill {
		// Written again in full, which also reports the first failure.
		f := encoder{plus: e.plus}
		out, perr = f.subject(make([]byte, 0, e.size), s)
	}
	if perr != nil {
		return nil, perr
	}
	return out, nil
}

// copyOut returns a copy of b of exactly its length and capacity, made by
// make and copy, unless the write failed or turned into a count.
func (e *encoder) copyOut(b []byte, err *pathError) ([]byte, *pathError) {
	if e.spill || err != nil {
		e.size += len(b)
		return nil, err
	}
	out := make([]byte, len(b))
	copy(out, b)
	return out, nil
}

// encoder holds the settings and the state of one write. The output itself
// goes through the writers' dst arguments and results (plain appends), so
// that a caller's stack buffer stays on the stack: writers call each other
// only directly, never through function values, interfaces or mutual
// recursion (a pointer variant's writer calls itself, which escape
// analysis allows). TestMarshalAllocatesOnce fails if the buffer escapes.
//
// Before a string, a Value or a list element, a writer checks that dst's
// spare capacity can take it: if not, a digest is fed, or a write that
// must fit (fit) turns into a count (spill); writers may thus see the
// bytes they appended dropped, and never read them back.
type encoder struct {
	sorted     bool // the ledger form: object members in bytewise key order
	plus       bool // the current float layout
	fit, spill bool
	size       int           // the bytes counted once spilled
	d          *canon.Digest // set when the output is hashed as written
}

// reserve is the room kept beyond a string or Value for what is appended
// until the next check (numbers, keys, brackets, enum values).
const reserve = 64

// flush makes room in dst: it feeds the digest, or turns a write that must
// fit into a count. The list writers call it when less than reserve is
// left.
func (e *encoder) flush(dst []byte) []byte {
	switch {
	case e.d != nil:
		return e.d.Feed(dst)
	case e.fit:
		return e.count(dst, 0)
	}
	return dst
}

// count drops the bytes of dst in a write that must fit, counting them,
// n more and the reserve the full write checks for: from the first call
// on, the write only sizes its output (see marshal).
func (e *encoder) count(dst []byte, n int) []byte {
	e.spill = true
	e.size += len(dst) + n + reserve
	return dst[:0]
}

// str writes s as a JSON string: escaped as serde_json escapes it, and
// refused unless it is valid UTF-8. A write that must fit reserves a
// quarter more than s for escapes.
func (e *encoder) str(dst []byte, s string) ([]byte, *pathError) {
	if len(s)+len(s)>>2+(2+reserve) > cap(dst)-len(dst) {
		return e.longStr(dst, s)
	}
	out, ok := canon.AppendSerdeString(dst, s)
	if !ok {
		return dst, encodeFail(errInvalidString)
	}
	return out, nil
}

// longStr is str when s, escaped, may not fit in dst's spare capacity: in
// a write that must fit it counts s; a digest streams s unless it fits
// unescaped (escapes then grow the buffer at most a few times over, but
// need no digest state).
func (e *encoder) longStr(dst []byte, s string) ([]byte, *pathError) {
	out, ok := dst, true
	switch {
	case e.d != nil && len(s)+2+reserve > cap(dst)-len(dst):
		out, ok = e.d.AppendSerdeString(e.d.Feed(dst), s)
	case e.fit:
		out = e.count(dst, len(s)+len(s)>>2+2)
	default:
		out, ok = canon.AppendSerdeString(dst, s)
	}
	if !ok {
		return dst, encodeFail(errInvalidString)
	}
	return out, nil
}

// uint writes u in decimal.
func (e *encoder) uint(dst []byte, u uint64) []byte {
	return strconv.AppendUint(dst, u, 10)
}

// float writes f in the encoder's layout.
func (e *encoder) float(dst []byte, f float64) []byte {
	return canon.AppendSerdeFloat(dst, f, e.plus)
}

func (e *encoder) boolean(dst []byte, b bool) []byte {
	if b {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// value writes v's text in the encoder's layout (see Encoder.AppendValue).
// The legacy layout is produced in place: the text is appended verbatim and
// rewritten over itself, which never lengthens it (a digest converts a long
// Value holding an exponent whole, and streams any other).
func (e *encoder) value(dst []byte, v Value) []byte {
	s := v.String()
	legacy := !e.plus && strings.Contains(s, "e+")
	if len(s)+reserve > cap(dst)-len(dst) {
		if e.fit {
			return e.count(dst, len(s))
		}
		if e.d != nil && !legacy {
			return e.verbatim(e.d.Feed(dst), s)
		}
		dst = e.flush(dst)
	}
	start := len(dst)
	dst = append(dst, s...)
	if legacy {
		dst = canon.AppendSerdeLegacy(dst[:start], dst[start:])
	}
	return dst
}

// verbatim appends s through the digest, filling the buffer (which holds
// at least a chunk) and hashing it as often as s requires.
func (e *encoder) verbatim(dst []byte, s string) []byte {
	for len(s) > cap(dst)-len(dst) {
		k := cap(dst) - len(dst)
		dst = e.d.Feed(append(dst, s[:k]...))
		s = s[k:]
	}
	return append(dst, s...)
}

// enumValue is a unit-only enum: a named string type with a Valid method.
type enumValue interface {
	~string
	Valid() bool
}

// writeEnum writes a unit-enum value, which must be one of its constants.
// Enum values are plain ASCII identifiers: nothing to escape.
func writeEnum[T enumValue](dst []byte, v T) ([]byte, *pathError) {
	if !v.Valid() {
		return dst, encodeFail(fmt.Sprintf("%T value outside its list", v))
	}
	return append(append(append(dst, '"'), string(v)...), '"'), nil
}

// errInvalidString is the reason given for a string that is not valid
// UTF-8.
const errInvalidString = "string is not valid UTF-8"

// key is a literal the writers append (a member key, with the tag, braces
// and commas around it), kept both as a string and padded into a
// fixed-size array: an array copy is a few vector moves where appending the
// string calls memmove, a measurable part of the time of small events.
type key struct {
	b [64]byte
	n int    // len(s) if s fits in b, else 0
	s string // the literal
}

func newKey(s string) key {
	k := key{s: s}
	if len(s) <= len(k.b) {
		k.n = copy(k.b[:], s)
	}
	return k
}

// appendTo appends k's literal to dst. With 64 bytes of spare capacity it
// copies the whole array and keeps only its first n bytes: the rest of the
// copy lands in dst's spare capacity, which the writers may overwrite (see
// AppendEvent).
func (k *key) appendTo(dst []byte) []byte {
	if n := len(dst); k.n > 0 && cap(dst)-n >= len(k.b) {
		*(*[64]byte)(dst[n : n+len(k.b)]) = k.b
		return dst[:n+k.n]
	}
	return append(dst, k.s...)
}
