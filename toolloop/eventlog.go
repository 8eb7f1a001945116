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

// EventLog is perspt's in-memory event log: it counts pushed events and
// chains their hashes into a root, rootₙ = NextChainRoot(rootₙ₋₁, hₙ) from
// root₀ = "", where hₙ is the log encoder's EventHash of the n-th event. A
// retaining log also keeps the pushed events (the values given, not deep
// copies: do not mutate them afterwards); a non-retaining one keeps only
// the count and the root, so its memory grows neither with the number of
// pushes nor with the size of the events pushed.
//
// The zero EventLog is an empty, non-retaining log writing the current
// float layout. An EventLog is not safe for concurrent use.
type EventLog struct {
	enc    Encoder
	retain bool
	count  uint64
	root   [canon.SHA256HexLen]byte // the hex root; meaningful when count > 0
	events []LoopEvent
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

// Push appends ev to the log: it hashes ev's direct form, advances the chain
// root and the count, and retains ev if the log retains events. If ev cannot
// be encoded, Push returns the error (wrapping ErrEncode) and leaves the log
// unchanged. The direct form is hashed as EventHash hashes it, never held
// whole: without retention Push does not allocate for an event whose direct
// form is at most 16 KiB, and a longer one costs the few fixed allocations
// of the digest it streams through.
func (l *EventLog) Push(ev LoopEvent) error {
	sum, err := l.enc.sum("", "", &subject{kind: subjectEvent, ev: ev})
	if err != nil {
		return err
	}
	var hash [canon.SHA256HexLen]byte
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
	return slices.Clone(l.events) // nil unless an event was retained
}

// Retains reports whether the log keeps the pushed events.
func (l *EventLog) Retains() bool {
	return l.retain
}
