package toolloop

import (
	"bytes"
	"fmt"
	"slices"
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
// enough spare capacity does not allocate; otherwise the output is counted
// while dst's spare capacity fills up and dst is grown once. In both cases,
// and on error, the spare capacity of dst past the returned length may have
// been written.
func (enc Encoder) AppendEvent(dst []byte, ev LoopEvent) ([]byte, error) {
	return enc.appendTo(dst, &subject{kind: subjectEvent, ev: ev}, false)
}

// AppendValue appends v's normalized text to dst in the encoder's layout:
// verbatim in the current layout; in the legacy layout, each '+' following
// an 'e' inside a number is dropped (strings are never touched). With an
// invalid layout it returns dst unchanged.
func (enc Encoder) AppendValue(dst []byte, v Value) []byte {
	if !enc.Floats.Valid() {
		return dst
	}
	e := encoder{plus: enc.Floats == FloatLayoutCurrent}
	return e.value(slices.Grow(dst, len(v.raw())), v)
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

// sorted reports whether s is written in the ledger form.
func (s *subject) sorted() bool {
	return s.kind == subjectEnvelope || s.kind == subjectLedgerRow
}

// write appends s to dst.
func (e *encoder) write(dst []byte, s *subject) ([]byte, *pathError) {
	switch s.kind {
	case subjectEnvelope:
		return e.envelope(dst, s.ev)
	case subjectLedgerRow:
		return e.ledgerRow(dst, s.ev)
	case subjectConversation:
		dst, err := e.conversation(dst, s.conv)
		return dst, err.named("conversation")
	case subjectDelta:
		dst, err := e.conversationDelta(dst, s.delta)
		return dst, err.named("delta")
	}
	return e.event(dst, s.ev)
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

// appendTo appends s to dst. The first pass writes into dst's spare
// capacity and, once that is full, only counts what it does not write; if
// anything was left unwritten, dst is grown once to the counted size and a
// second pass writes it all. owned tells that dst is one of the package's
// own buffers, whose spare capacity may be used as scratch. On error it
// returns dst unchanged.
func (enc Encoder) appendTo(dst []byte, s *subject, owned bool) ([]byte, error) {
	e, err := enc.start(s)
	if err != nil {
		return dst, err
	}
	e.blocks = owned
	out, perr := e.write(dst, s)
	if perr == nil && e.spill > 0 {
		out = make([]byte, len(dst), len(dst)+withSlack(len(out)-len(dst)+e.spill))
		copy(out, dst)
		e.spill = 0
		out, perr = e.write(out, s)
	}
	if perr != nil {
		return dst, perr.err()
	}
	return out, nil
}

// The stack buffers the Marshal functions write into before copying the
// result out, by size class of the written value (see subject.sizeClass):
// clearing a buffer costs in proportion to its size, so each class gets the
// smallest buffer that holds its values in the public corpus, ledger rows
// included. Larger output takes a second pass (see marshalVia).
const (
	smallScratch  = 384
	mediumScratch = 1024
	largeScratch  = 2048
)

// sizeClass returns 0, 1 or 2 for a value usually written within the
// small, medium or large scratch buffer: the events with a conversation,
// measurements, proposals, a prompt program or a control frame are medium,
// the durable checkpoint (a control frame and a conversation) large, every
// other event small; conversations and deltas are large.
func (s *subject) sizeClass() int {
	if s.kind != subjectEvent && s.kind != subjectEnvelope && s.kind != subjectLedgerRow {
		return 2
	}
	switch s.ev.(type) {
	case DurableCandidateCheckpointEvent, *DurableCandidateCheckpointEvent:
		return 2
	case ConversationSeededEvent, *ConversationSeededEvent, ConversationDeltaEvent, *ConversationDeltaEvent,
		ProposalObservedEvent, *ProposalObservedEvent, ProposalCheckedEvent, *ProposalCheckedEvent,
		CandidateMeasuredEvent, *CandidateMeasuredEvent, EffectBoundaryMeasuredEvent, *EffectBoundaryMeasuredEvent,
		ContextCheckpointCreatedEvent, *ContextCheckpointCreatedEvent,
		BranchCandidateMeasuredEvent, *BranchCandidateMeasuredEvent,
		PromptProgramCompiledEvent, *PromptProgramCompiledEvent:
		return 1
	}
	return 0
}

// marshal returns s written into a new slice, through a stack buffer sized
// for s. On error it returns nil.
func (enc Encoder) marshal(s *subject) ([]byte, error) {
	switch s.sizeClass() {
	case 0:
		var scratch [smallScratch]byte
		return enc.marshalVia(scratch[:0], s)
	case 1:
		var scratch [mediumScratch]byte
		return enc.marshalVia(scratch[:0], s)
	}
	var scratch [largeScratch]byte
	return enc.marshalVia(scratch[:0], s)
}

// marshalVia returns s written into a new slice. Output that fits in the
// scratch buffer is copied out (one allocation, of the exact size); larger
// output is written once more into a slice allocated at the counted size.
func (enc Encoder) marshalVia(scratch []byte, s *subject) ([]byte, error) {
	e, err := enc.start(s)
	if err != nil {
		return nil, err
	}
	e.blocks = true
	small, perr := e.write(scratch, s)
	if perr == nil && e.spill == 0 {
		return bytes.Clone(small), nil
	}
	if perr == nil {
		large := make([]byte, 0, withSlack(len(small)+e.spill))
		e.spill = 0
		if large, perr = e.write(large, s); perr == nil {
			return large, nil
		}
	}
	return nil, perr.err()
}

// withSlack returns the capacity to allocate for output counted at size
// bytes: a sixteenth more, for the escapes the count leaves out.
func withSlack(size int) int {
	return size + size>>4 + 16
}

// encoder holds the state of one write; the output itself goes through the
// writers' dst arguments and results, so that a caller's stack buffer stays
// on the stack. A write that does not fit in dst's capacity is not made but
// counted in spill: exactly, except that strings are counted without their
// escapes and the legacy layout of a Value as its current one. A pass that
// spilled produces no usable output, only the size to allocate.
type encoder struct {
	spill  int
	sorted bool // the ledger form: object members in bytewise key order
	plus   bool // the current float layout
	blocks bool // dst's spare capacity may be used as scratch (the encoder's own buffers)
}

// maxFloatLen bounds the length of a float written by canon.AppendSerdeFloat
// ("-1.7976931348623157e+308").
const maxFloatLen = 24

// maxUintLen is the length of the longest uint64 (18446744073709551615).
const maxUintLen = 20

func (e *encoder) lit(dst []byte, s string) []byte {
	if len(s) > cap(dst)-len(dst) {
		e.spill += len(s)
		return dst
	}
	return append(dst, s...)
}

func (e *encoder) byte(dst []byte, c byte) []byte {
	if len(dst) == cap(dst) {
		e.spill++
		return dst
	}
	return append(dst, c)
}

// str writes s as a JSON string (§5.3).
func (e *encoder) str(dst []byte, s string) ([]byte, *pathError) {
	if len(s)+2 > cap(dst)-len(dst) {
		e.spill += len(s) + 2
		return dst, nil
	}
	out, ok := canon.AppendSerdeString(dst, s)
	if !ok {
		return dst, failure("string is not valid UTF-8")
	}
	return out, nil
}

// optStr writes an Option<String>: null for nil.
func (e *encoder) optStr(dst []byte, p *string) ([]byte, *pathError) {
	if p == nil {
		return e.lit(dst, "null"), nil
	}
	return e.str(dst, *p)
}

// raw writes b, or counts it when it does not fit.
func (e *encoder) raw(dst, b []byte) []byte {
	if len(b) > cap(dst)-len(dst) {
		e.spill += len(b)
		return dst
	}
	return append(dst, b...)
}

func (e *encoder) uint(dst []byte, u uint64) []byte {
	if cap(dst)-len(dst) >= maxUintLen {
		return strconv.AppendUint(dst, u, 10)
	}
	var b [maxUintLen]byte
	return e.raw(dst, strconv.AppendUint(b[:0], u, 10))
}

func (e *encoder) float(dst []byte, f float64) []byte {
	if cap(dst)-len(dst) >= maxFloatLen {
		return canon.AppendSerdeFloat(dst, f, e.plus)
	}
	var b [maxFloatLen]byte
	return e.raw(dst, canon.AppendSerdeFloat(b[:0], f, e.plus))
}

// optFloat writes an Option<f64>: null for nil.
func (e *encoder) optFloat(dst []byte, p *float64) []byte {
	if p == nil {
		return e.lit(dst, "null")
	}
	return e.float(dst, *p)
}

func (e *encoder) boolean(dst []byte, b bool) []byte {
	if b {
		return e.lit(dst, "true")
	}
	return e.lit(dst, "false")
}

// value writes v's text in the encoder's layout (see Encoder.AppendValue).
// The legacy layout is produced in place: the text is appended verbatim and
// rewritten over itself, which never lengthens it.
func (e *encoder) value(dst []byte, v Value) []byte {
	s := v.raw()
	start := len(dst)
	dst = e.lit(dst, s)
	if !e.plus && len(dst) > start && strings.Contains(s, "e+") {
		dst = canon.AppendSerdeLegacy(dst[:start], dst[start:])
	}
	return dst
}

// optValue writes an Option<Value>: null for nil.
func (e *encoder) optValue(dst []byte, p *Value) []byte {
	if p == nil {
		return e.lit(dst, "null")
	}
	return e.value(dst, *p)
}

// enumValue is a unit-only enum: a named string type with a Valid method.
type enumValue interface {
	~string
	Valid() bool
}

// writeEnum writes a unit-enum value, which must be one of its constants.
// Enum values are plain ASCII identifiers: nothing to escape.
func writeEnum[T enumValue](e *encoder, dst []byte, v T) ([]byte, *pathError) {
	if !v.Valid() {
		return dst, failure(fmt.Sprintf("%T value outside its list", v))
	}
	dst = e.byte(dst, '"')
	dst = e.lit(dst, string(v))
	return e.byte(dst, '"'), nil
}

// writeStrings writes a slice of strings (or of a newtype over string) as a
// JSON array; nil is written [].
func writeStrings[T ~string](e *encoder, dst []byte, s []T) ([]byte, *pathError) {
	dst = e.byte(dst, '[')
	for j, v := range s {
		if j > 0 {
			dst = e.byte(dst, ',')
		}
		var err *pathError
		if dst, err = e.str(dst, string(v)); err != nil {
			return dst, err.at(j)
		}
	}
	return e.byte(dst, ']'), nil
}

// key writes the key of member i of f (with its value, for the tag of a
// tagged table), opening the object if it is the k-th member written, k = 0,
// or after a comma.
func (e *encoder) key(dst []byte, f *fields, i uint8, k int) []byte {
	if k == 0 {
		return e.block(dst, &f.fblk[i])
	}
	return e.block(dst, &f.kblk[i])
}

// block writes the literal of b, with a single fixed-size copy when dst has
// room for the whole block (the bytes past the literal are scratch: the
// encoder only does so in buffers it owns, see encoder.blocks).
func (e *encoder) block(dst []byte, b *keyBlock) []byte {
	if n := len(dst); e.blocks && b.n > 0 && cap(dst)-n >= len(b.b) {
		*(*[32]byte)(dst[n : n+len(b.b)]) = b.b
		return dst[:n+b.n]
	}
	return e.lit(dst, b.s)
}

// order returns the members of f in the order of the form being written.
func (e *encoder) order(f *fields) []uint8 {
	if e.sorted {
		return f.sorted
	}
	return f.direct
}

// unit writes an object holding only the tag of the tagged table f.
func (e *encoder) unit(dst []byte, f *fields) []byte {
	return e.byte(e.lit(dst, f.firsts[0]), '}')
}

// flat is one member of a flat object (see flatObject): a string, an
// unsigned integer, a boolean or a unit-enum value.
type flat struct {
	s    string // mstr and menum
	u    uint64 // muint, and mbool (0 or 1)
	kind uint8
	bad  string // menum: the failure reason of a value outside its list
}

// The kinds of flat members.
const (
	flatString uint8 = iota
	flatUint
	flatBool
	flatEnum
)

// mstr, muint, mbool and menum make the flat members of flatObject.
func mstr(s string) flat { return flat{s: s} }

func muint(u uint64) flat { return flat{u: u, kind: flatUint} }

func mbool(b bool) flat {
	if b {
		return flat{u: 1, kind: flatBool}
	}
	return flat{kind: flatBool}
}

func menum[T enumValue](v T) flat {
	m := flat{s: string(v), kind: flatEnum}
	if !v.Valid() {
		m.bad = fmt.Sprintf("%T value outside its list", v)
	}
	return m
}

// flatObject writes an object of f whose members after the tag (or all of
// whose members, untagged) are m, in declaration order.
func (e *encoder) flatObject(dst []byte, f *fields, m ...flat) ([]byte, *pathError) {
	base := len(f.names) - len(m) // 1 for a tagged table, else 0
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		if int(i) < base {
			continue
		}
		var err *pathError
		switch v := &m[int(i)-base]; v.kind {
		case flatString:
			dst, err = e.str(dst, v.s)
		case flatUint:
			dst = e.uint(dst, v.u)
		case flatBool:
			dst = e.boolean(dst, v.u != 0)
		default:
			if v.bad != "" {
				err = failure(v.bad)
			} else {
				dst = e.byte(e.lit(e.byte(dst, '"'), v.s), '"')
			}
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return e.byte(dst, '}'), nil
}
