package toolloop

import (
	"crypto/sha256"
	"slices"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// EventHash returns the event hash of ev: the ContentHash of its direct form
// (MarshalEvent in the encoder's layout), the bare event and not its
// envelope. It fails like MarshalEvent, returning "".
func (enc Encoder) EventHash(ev LoopEvent) (string, error) {
	return enc.digest("", "", &subject{kind: subjectEvent, ev: ev})
}

// EventHash returns the event hash of ev in the current float layout:
// Encoder{}.EventHash(ev).
func EventHash(ev LoopEvent) (string, error) {
	return Encoder{}.EventHash(ev)
}

// NextChainRoot returns the event-log chain root after root when an event
// with hash eventHash is pushed: ContentHash(root + ":" + eventHash). The
// root of an empty log is "".
func NextChainRoot(root, eventHash string) string {
	return canon.Hex(chainSum(root, eventHash))
}

// chainSum returns the SHA-256 of root, ":" and eventHash, one step of the
// event-log chain.
func chainSum[S ~string | ~[]byte](root, eventHash S) [sha256.Size]byte {
	var line [2*canon.SHA256HexLen + 1]byte
	b := append(append(append(line[:0], root...), ':'), eventHash...)
	return sha256.Sum256(b)
}

// EventLog is perspt's in-memory event log (§8.2): it counts pushed events
// and chains their hashes into a root, rootₙ = NextChainRoot(rootₙ₋₁, hₙ)
// from root₀ = "", where hₙ is the log encoder's EventHash of the n-th
// event. A retaining log also keeps the pushed events (the values given, not
// deep copies: do not mutate them afterwards); a non-retaining one keeps only
// the count, the root and a reusable scratch buffer of at most 64 KiB, so
// its memory grows neither with the number of pushes nor with the size of
// the largest event pushed.
//
// The zero EventLog is an empty, non-retaining log writing the current
// float layout. An EventLog is not safe for concurrent use.
type EventLog struct {
	enc     Encoder
	retain  bool
	count   uint64
	root    [canon.SHA256HexLen]byte // the hex root; meaningful when count > 0
	scratch []byte                   // reused to write each event
	events  []LoopEvent
}

// NewEventLog returns an empty log writing the current float layout, which
// keeps the pushed events when retain is set.
func NewEventLog(retain bool) *EventLog {
	return &EventLog{retain: retain}
}

// NewEventLogWith returns an empty log hashing events with enc (for
// instance Encoder{Floats: FloatLayoutLegacy} to reproduce roots computed by
// older perspt builds), which keeps the pushed events when retain is set.
// With an invalid layout in enc every Push fails with ErrEncode.
func NewEventLogWith(enc Encoder, retain bool) *EventLog {
	return &EventLog{enc: enc, retain: retain}
}

// maxKeptScratch bounds the capacity of the scratch buffer an EventLog
// keeps between pushes, so that one large event does not pin a buffer of
// its size for the log's lifetime. Events this small (almost all) are
// pushed without allocating.
const maxKeptScratch = 64 << 10

// Push appends ev to the log: it hashes ev's direct form, advances the chain
// root and the count, and retains ev if the log retains events. If ev cannot
// be encoded, Push returns the error (wrapping ErrEncode) and leaves the log
// unchanged. Without retention Push does not allocate once its scratch
// buffer has grown to the size of the largest event pushed, up to 64 KiB:
// an event whose direct form is larger is written into a buffer of its
// own, dropped when Push returns, and the scratch buffer is kept as it was.
func (l *EventLog) Push(ev LoopEvent) error {
	b, err := l.enc.appendTo(l.scratch[:0], &subject{kind: subjectEvent, ev: ev})
	if err != nil {
		return err
	}
	if cap(b) <= maxKeptScratch {
		l.scratch = b[:0]
	}
	var hash [canon.SHA256HexLen]byte
	sum := sha256.Sum256(b)
	canon.AppendHex(hash[:0], sum[:])
	root := l.root[:]
	if l.count == 0 {
		root = nil
	}
	sum = chainSum(root, hash[:])
	canon.AppendHex(l.root[:0], sum[:])
	l.count++
	if l.retain {
		l.events = append(l.events, ev)
	}
	return nil
}

// Count returns the number of events pushed.
func (l *EventLog) Count() uint64 {
	return l.count
}

// ChainRoot returns the chain root over the pushed events, 64 lowercase
// hexadecimal characters, or "" before the first push.
func (l *EventLog) ChainRoot() string {
	if l.count == 0 {
		return ""
	}
	return string(l.root[:])
}

// Events returns a new slice holding the retained events in push order (the
// values pushed, shared with the log), or nil if the log does not retain
// events or nothing was pushed.
func (l *EventLog) Events() []LoopEvent {
	if !l.retain || len(l.events) == 0 {
		return nil
	}
	return slices.Clone(l.events)
}

// Retains reports whether the log keeps the pushed events.
func (l *EventLog) Retains() bool {
	return l.retain
}
