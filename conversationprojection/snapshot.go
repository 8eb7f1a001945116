package conversationprojection

import (
	"fmt"
	"hash/maphash"
	"time"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// Snapshot is the coherent per-turn conversation view of one A-leg: the
// never_backend exclusions and the steering overlays that projection
// applies to a call. A Snapshot is a plain value; this package only reads
// it.
//
// The zero Snapshot is valid: it excludes nothing and injects nothing.
type Snapshot struct {
	// StateRevision is the caller's revision of the view; it is reported
	// in summaries and never interpreted.
	StateRevision uint64 `json:"state_revision"`
	// NeverBackend lists the identities of messages that must never reach
	// the backend, at most [MaxNeverBackendTags] tags. Duplicates are
	// allowed.
	NeverBackend []Tag `json:"never_backend"`
	// Steering lists the overlays, active and inactive. Overlay IDs are
	// unique; equal SlotOrdinals are allowed.
	Steering []Overlay `json:"steering"`
}

// Tag is a never_backend exclusion record: every message unit whose
// identity equals Identity is removed before a call reaches the backend.
// The zero value has an empty identity and is invalid.
type Tag struct {
	// Identity is the identity of the excluded message.
	Identity MessageIdentity `json:"identity"`
	// Reason optionally explains the exclusion; empty means no reason.
	Reason ReasonCode `json:"reason,omitempty"`
	// CreatedAt records when the tag was made; it is never checked or
	// interpreted.
	CreatedAt time.Time `json:"created_at"`
}

// Validate checks that Identity is a valid message identity (the error
// wraps [ErrInvalidMessageIdentity]) and then, when Reason is not empty,
// that Reason validates (the error wraps [ErrInvalidReasonCode]).
// CreatedAt is not checked.
func (t Tag) Validate() error {
	if err := t.Identity.Validate(); err != nil {
		return err
	}
	if t.Reason != "" {
		if err := t.Reason.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// linearDuplicateScan is the longest Steering list whose overlay IDs are
// compared pairwise; longer lists go through a hash table.
const linearDuplicateScan = 16

// smallIDTable is the longest Steering list whose hash table lives on the
// stack, which keeps the validation of every snapshot within the active
// overlay bound free of allocations.
const smallIDTable = 128

// firstDuplicate returns the first position i whose OverlayID an earlier
// overlay of steering holds, and the position j of the first overlay
// holding it; (-1, -1) when the IDs are distinct. Long lists go through an
// open-addressing table of positions (load factor at most one half) that
// reads the IDs from steering itself; IDs are hashed with a seed drawn per
// call, as Go's maps do, so no choice of IDs can make probing degenerate,
// and results never depend on the seed.
func firstDuplicate(steering []Overlay) (i, j int) {
	if len(steering) <= linearDuplicateScan {
		for i := range steering {
			for j := range i {
				if steering[j].OverlayID == steering[i].OverlayID {
					return i, j
				}
			}
		}
		return -1, -1
	}
	size := 16
	for size < 2*len(steering) {
		size *= 2
	}
	var buf [2 * smallIDTable]int32
	var slots []int32 // position+1 of the first overlay hashed to each slot, 0 for none
	if size <= len(buf) {
		slots = buf[:size]
	} else {
		slots = make([]int32, size)
	}
	seed, mask := maphash.MakeSeed(), uint64(size-1)
	for i := range steering {
		id := steering[i].OverlayID
		for h := maphash.String(seed, id) & mask; ; h = (h + 1) & mask {
			p := slots[h]
			if p == 0 {
				slots[h] = int32(i + 1)
				break
			}
			if steering[p-1].OverlayID == id {
				return i, int(p - 1)
			}
		}
	}
	return -1, -1
}

// Validate checks s, stopping at the first failure, in this order:
//  1. at most [MaxNeverBackendTags] tags;
//  2. each tag, in order, with [Tag.Validate];
//  3. each overlay, in order, with [Overlay.Validate] (inactive overlays
//     included), then its OverlayID must differ from every earlier
//     overlay's ([ErrInvalidOverlayID]);
//  4. at most [MaxActiveOverlays] active overlays
//     ([ErrInvalidSteeringMessage]);
//  5. the text lengths of the active overlays sum to at most
//     [MaxTotalSteeringBytes] ([ErrInvalidSteeringMessage]).
//
// Every failure wraps [ErrInvalidSnapshot] and, except for rule 1, the
// failing element's sentinels as well. Messages name elements by index,
// such as "steering[3]", and never contain identities, IDs or text.
// Duplicate tags and equal SlotOrdinals are allowed.
//
// Validate runs in O(t + m) time for t tags and m overlays, plus the
// length of the validated strings.
func (s Snapshot) Validate() error { return s.validate(nil) }

// snapshotSums receives what Snapshot.validate learns of a snapshot's
// identities while it checks them: the anchors' sums (the tags are only
// validated; the tag set is built from them when first needed).
type snapshotSums struct {
	anchors []sum // anchors[i]: the anchor identity of Steering[i]; zero without an anchor
}

// newSnapshotSums returns room for the sums of s.
func newSnapshotSums(s *Snapshot) *snapshotSums {
	return &snapshotSums{anchors: make([]sum, len(s.Steering))}
}

// validate is Validate; with p non-nil (from newSnapshotSums(s)) it also
// parses every anchor identity into p as it checks it.
func (s *Snapshot) validate(p *snapshotSums) error {
	if n := len(s.NeverBackend); n > MaxNeverBackendTags {
		return tooManyTags(n)
	}
	if err := s.validateTags(); err != nil {
		return err
	}
	return s.validateSteering(p)
}

// validateTags checks each tag, in order, with Tag.Validate.
func (s *Snapshot) validateTags() error {
	var valid ReasonCode // the reason code validated last
	for i := range s.NeverBackend {
		t := &s.NeverBackend[i]
		// The common case, a valid tag, in one check of its identity, and
		// a reason code equal to the last one (tags made by one policy
		// share theirs) is not checked again. Anything else is checked
		// again below, rule by rule, for its error.
		ok := canon.IsPrefixedDigest(string(t.Identity), IdentityVersion1+":")
		if ok && (t.Reason == "" || t.Reason == valid || t.Reason.Validate() == nil) {
			if t.Reason != "" {
				valid = t.Reason
			}
			continue
		}
		if err := t.Validate(); err != nil {
			return errorf("%w: never_backend[%d]: %w", ErrInvalidSnapshot, i, err)
		}
	}
	return nil
}

// validateSteering checks each overlay, in order, and that its ID is not
// an earlier one's, then the bounds of the active overlays; with p non-nil
// it parses every anchor identity into p.
func (s *Snapshot) validateSteering(p *snapshotSums) error {
	dup, dupOf := firstDuplicate(s.Steering)
	active, total := 0, 0
	for i := range s.Steering {
		o := &s.Steering[i]
		var out *sum
		if p != nil {
			out = &p.anchors[i]
		}
		if err := o.validate(out); err != nil {
			return errorf("%w: steering[%d]: %w", ErrInvalidSnapshot, i, err)
		}
		if i == dup {
			return errorf("%w: steering[%d]: %w: duplicates the id of steering[%d]",
				ErrInvalidSnapshot, i, ErrInvalidOverlayID, dupOf)
		}
		if o.Active {
			active++
			total += len(o.Message.Text)
		}
	}
	if active > MaxActiveOverlays {
		return errorf("%w: %w: %d active overlays exceed the limit of %d",
			ErrInvalidSnapshot, ErrInvalidSteeringMessage, active, MaxActiveOverlays)
	}
	if total > MaxTotalSteeringBytes {
		return errorf("%w: %w: active overlay texts total %d bytes, exceeding the limit of %d",
			ErrInvalidSnapshot, ErrInvalidSteeringMessage, total, MaxTotalSteeringBytes)
	}
	return nil
}

// tooManyTags is the error of a snapshot holding n > MaxNeverBackendTags
// tags.
func tooManyTags(n int) error {
	return fmt.Errorf("%w: %d never_backend tags exceed the limit of %d",
		ErrInvalidSnapshot, n, MaxNeverBackendTags)
}
