package protocolstate

import (
	"bytes"
	"crypto/sha256"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// Fingerprint returns the canonical progress fingerprint of in: "sha256:" and
// the lowercase hexadecimal SHA-256 of a sequence of framed records.
//
// Each record is its name, ':', the decimal byte length of its value, ':', the
// value and '\n'. The records are, in order: cause, explicit_expected,
// explicit_observed (each boolean as "true" or "false"), objective,
// candidate, recent, action_count, then action_kind, action_status and
// action_name for each active action. Texts and action names are normalized:
// CRLF and lone CR become LF and outer Unicode white space is trimmed as by
// strings.TrimSpace; the cause, kinds and statuses are hashed raw.
//
// Volatile identity and budget metadata are never hashed: the candidate
// reference and commit flag, request and leg identifiers, policy, continuation
// evidence, lineage, deadline, action item and call identifiers, and every
// slot at or beyond the active count. An ActionCount above
// terminaldecision.MaxEvidenceActions is clamped.
//
// Fingerprint does not validate in (ValidateInput still rejects evidence
// populated beyond ActionCount) and never panics. It allocates only the
// result and runs in time linear in the hashed bytes: a small preimage is
// built whole in a stack buffer and hashed at once, a larger one streams
// into the hash through a fixed stack window.
func Fingerprint(in terminaldecision.Input) string {
	// h stays a local of this function and only this function calls its
	// methods: the compiler then knows its concrete type, devirtualizes
	// Write and Sum and keeps the hash state and the buffers on the stack.
	// Passing h to a helper as a hash.Hash would move them to the heap.
	h := sha256.New()
	var small [smallBytes]byte
	if n, ok := smallFits(&in); ok {
		pre := appendRecords(small[:0], &in, n, false)
		if bytes.IndexByte(pre, '\r') >= 0 {
			// Rarely, a value has a CR: the records are written again
			// with the line endings of the normalized values rewritten.
			// One scan of the whole preimage is cheaper than one per
			// normalized value.
			pre = appendRecords(small[:0], &in, n, true)
		}
		h.Write(pre)
	} else {
		p := preimage{in: &in}
		for {
			done := p.fill()
			h.Write(p.buf[:p.n])
			p.n = 0
			if done {
				break
			}
		}
	}
	// Allocating the result before summing lets the allocation run while
	// the hash of the last blocks is still in flight: it depends on nothing
	// the hash computes. The Builder's buffer becomes the result string
	// without a copy, so this is the only allocation.
	var out strings.Builder
	out.Grow(fingerprintBytes)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	// The hashed bytes are no longer needed: small holds the text.
	out.Write(canon.AppendHex(append(small[:0], FingerprintPrefix...), sum[:]))
	return out.String()
}

// Records whose whole text depends on one flag, spelled out without their
// '\n' so that each costs a single copy.
const (
	expectedTrue  = "explicit_expected:4:true"
	expectedFalse = "explicit_expected:5:false"
	observedTrue  = "explicit_observed:4:true"
	observedFalse = "explicit_observed:5:false"
)

// counts spells the action counts 0 to terminaldecision.MaxEvidenceActions.
const counts = "012345678"

// flagRecords returns the two completion-flag records, each with its '\n'.
func flagRecords(expected, observed bool) string {
	switch {
	case expected && observed:
		return expectedTrue + "\n" + observedTrue + "\n"
	case expected:
		return expectedTrue + "\n" + observedFalse + "\n"
	case observed:
		return expectedFalse + "\n" + observedTrue + "\n"
	}
	return expectedFalse + "\n" + observedFalse + "\n"
}

// smallBytes is the size of the stack buffer in which Fingerprint builds a
// small preimage whole, to hash it with a single Write. A larger preimage
// streams through preimage instead.
const smallBytes = 512

// Upper bounds of the bytes framing the values of a small preimage: the
// records without their values, each decimal length taking at most three
// digits.
const (
	headFraming = len("cause::\n") + len(expectedFalse+"\n"+observedFalse+"\n") +
		len("objective::\n") + len("candidate::\n") + len("recent::\n") + 4*3 +
		len("action_count:0:0\n")
	actionFraming = len("action_kind::\n") + len("action_status::\n") + len("action_name::\n") + 3*3
)

// Every value of a small preimage is shorter than smallBytes-headFraming
// bytes, so appendLength's three digits suffice: this constant overflows,
// failing the build, if smallBytes grows past that.
const _ = uint(999 - (smallBytes - headFraming))

// smallFits returns the number of active actions of in and reports
// whether its values, unnormalized, fit a small buffer with the framing
// bounds above.
func smallFits(in *terminaldecision.Input) (int, bool) {
	ev := &in.Evidence
	n := min(int(ev.ActionCount), terminaldecision.MaxEvidenceActions)
	room := smallBytes - headFraming - n*actionFraming -
		len(in.Candidate.Cause) - len(ev.Objective) - len(ev.CandidateText) - len(ev.RecentText)
	for i := range n {
		a := &ev.Actions[i]
		room -= len(a.Kind) + len(a.Status) + len(a.Name)
	}
	return n, room >= 0
}

// appendRecords appends the records of in with n active actions, trimming
// the normalized values and, with rewrite, rewriting their line endings too.
// The capacity of b must hold them.
func appendRecords(b []byte, in *terminaldecision.Input, n int, rewrite bool) []byte {
	ev := &in.Evidence
	objective, candidate, recent := ev.Objective, ev.CandidateText, ev.RecentText
	if mayTrim(objective) {
		objective = strings.TrimSpace(objective)
	}
	if mayTrim(candidate) {
		candidate = strings.TrimSpace(candidate)
	}
	if mayTrim(recent) {
		recent = strings.TrimSpace(recent)
	}
	b = appendRecord(b, "cause:", string(in.Candidate.Cause))
	b = append(b, flagRecords(ev.ExplicitCompletionExpected, ev.ExplicitCompletion)...)
	if rewrite {
		b = appendRewritten(b, "objective:", objective)
		b = appendRewritten(b, "candidate:", candidate)
		b = appendRewritten(b, "recent:", recent)
	} else {
		b = appendRecord(b, "objective:", objective)
		b = appendRecord(b, "candidate:", candidate)
		b = appendRecord(b, "recent:", recent)
	}
	b = append(b, "action_count:1:"...)
	b = append(b, counts[n], '\n')
	for i := range n {
		a := &ev.Actions[i]
		name := a.Name
		if mayTrim(name) {
			name = strings.TrimSpace(name)
		}
		b = appendRecord(b, "action_kind:", string(a.Kind))
		b = appendRecord(b, "action_status:", string(a.Status))
		if rewrite {
			b = appendRewritten(b, "action_name:", name)
		} else {
			b = appendRecord(b, "action_name:", name)
		}
	}
	return b
}

// appendRewritten is appendRecord for a value whose line endings are
// rewritten as it is copied. The capacity of b must hold the record.
func appendRewritten(b []byte, name, v string) []byte {
	if strings.IndexByte(v, '\r') < 0 {
		return appendRecord(b, name, v)
	}
	b = append(b, name...)
	b = appendLength(b, rewrittenLen(v))
	n, _ := copyRewritten(b[len(b):cap(b)], v)
	b = b[:len(b)+n]
	return append(b, '\n')
}

// rewrittenLen returns the length of v, which has a CR, with its line
// endings rewritten: only the CRs dropped before an LF shorten it.
func rewrittenLen(v string) int {
	return len(v) - strings.Count(v, "\r\n")
}

// copyRewritten copies v into dst as far as it fits, dropping each CR that
// v continues with an LF and turning every other CR into an LF. It returns
// the number of bytes written and the number of bytes of v consumed. The
// scan for CRs never looks further than dst has room for, so copying a long
// value window by window stays linear.
func copyRewritten(dst []byte, v string) (n, read int) {
	for read < len(v) && n < len(dst) {
		span := v[read:min(len(v), read+len(dst)-n)]
		i := strings.IndexByte(span, '\r')
		if i != 0 {
			if i < 0 {
				i = len(span)
			}
			n += copy(dst[n:], span[:i])
			read += i
			continue
		}
		if read+1 == len(v) || v[read+1] != '\n' {
			dst[n] = '\n'
			n++
		}
		read++
	}
	return n, read
}

// mayTrim reports whether strings.TrimSpace could shorten v: it returns v
// itself when v starts and ends with printable ASCII, which is never white
// space. The test is kept this small so that it inlines.
func mayTrim(v string) bool {
	return len(v) > 0 && (v[0]-'!' >= '~'-'!'+1 || v[len(v)-1]-'!' >= '~'-'!'+1)
}

// appendRecord appends the record name (which includes its ':') with value
// v, whose length is below 1000. It inlines, so the constant name costs no
// copy call.
func appendRecord(b []byte, name, v string) []byte {
	b = append(b, name...)
	b = appendLength(b, len(v))
	b = append(b, v...)
	return append(b, '\n')
}

// appendLength appends the decimal form of v, which is below 1000, and ':'.
func appendLength(b []byte, v int) []byte {
	switch {
	case v < 10:
		return append(b, byte('0'+v), ':')
	case v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10), ':')
	}
	return append(b, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10), ':')
}
