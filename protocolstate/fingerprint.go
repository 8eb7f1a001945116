package protocolstate

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/internal/newline"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// Fingerprint returns the canonical progress fingerprint of in: "sha256:" and
// the lowercase hexadecimal SHA-256 of a sequence of framed records.
//
// Each record is its name, ':', the decimal byte length of its value (no
// padding, no sign), ':', the value and '\n'. The records are, in order:
//
//	cause              in.Candidate.Cause, raw
//	explicit_expected  in.Evidence.ExplicitCompletionExpected, "true" or "false"
//	explicit_observed  in.Evidence.ExplicitCompletion, "true" or "false"
//	objective          in.Evidence.Objective, normalized
//	candidate          in.Evidence.CandidateText, normalized
//	recent             in.Evidence.RecentText, normalized
//	action_count       n = min(in.Evidence.ActionCount, 8), in decimal
//
// followed, for each active action i < n, by action_kind (Actions[i].Kind,
// raw), action_status (Actions[i].Status, raw) and action_name
// (Actions[i].Name, normalized). Normalizing replaces every CRLF and then
// every remaining lone CR by LF, then trims leading and trailing white space
// exactly as strings.TrimSpace does; nothing else changes (no case folding,
// no Unicode normalization, inner white space and invalid UTF-8 kept). Raw
// values are neither trimmed nor checked. So the zero Input hashes the
// preimage
//
//	cause:0:\nexplicit_expected:5:false\nexplicit_observed:5:false\nobjective:0:\ncandidate:0:\nrecent:0:\naction_count:1:0\n
//
// (each \n a line feed).
//
// Volatile identity and budget metadata are never hashed: the candidate
// reference and commit flag, request and leg identifiers, policy, continuation
// evidence, lineage, deadline, action item and call identifiers, and every
// slot at or beyond the active count. An ActionCount above
// terminaldecision.MaxEvidenceActions is clamped.
//
// Fingerprint does not validate in (ValidateInput still rejects evidence
// populated beyond ActionCount) and never panics. It allocates only the
// result and runs in time linear in the hashed bytes: a preimage of the
// size valid evidence can have (up to the text and identifier bounds of
// terminaldecision) is built whole in a stack buffer, in one pass, and
// hashed at once; a larger one streams into the hash through a fixed stack
// window.
func Fingerprint(in terminaldecision.Input) string {
	// The result is allocated while the hash of the last blocks is still
	// in flight: the allocation depends on nothing the hash computes. The
	// Builder's buffer becomes the result string without a copy, so this
	// is the only allocation.
	var out strings.Builder
	var small [smallBytes]byte
	var sum [sha256.Size]byte
	n, size := preimageBound(&in)
	if size <= largeBytes {
		buf := small[:0]
		switch {
		case size > mediumBytes:
			// Only the calls that need a larger buffer clear it.
			var large [largeBytes]byte
			buf = large[:0]
		case size > smallBytes:
			var medium [mediumBytes]byte
			buf = medium[:0]
		}
		pre := appendRecords(buf, &in, n)
		// h stays a local of this function and only this function calls
		// its methods: the compiler then knows its concrete type,
		// devirtualizes Write and Sum and keeps the hash state on the
		// stack. Passing h to a helper as a hash.Hash would move it to
		// the heap.
		h := sha256.New()
		h.Write(pre)
		out.Grow(fingerprintBytes)
		h.Sum(sum[:0])
	} else {
		sum = sumStreamed(&in, &out)
	}
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

// smallBytes, mediumBytes and largeBytes are the sizes of the stack buffers
// in which Fingerprint builds a preimage whole, to hash it with one call:
// the small one serves the common evidence, the medium one full action
// arrays and texts of several hundred bytes, the large one any evidence
// within the bounds terminaldecision.ValidateInput enforces (largeBytes is
// checked against them by a test), without making every call clear a large
// buffer. A larger preimage streams through preimage instead.
const (
	smallBytes  = 512
	mediumBytes = 2048
	largeBytes  = 9 << 10
)

// Upper bounds of the bytes framing the values of a preimage built whole:
// the records without their values, each decimal length taking at most four
// digits.
const (
	headFraming = len("cause::\n") + len(expectedFalse+"\n"+observedFalse+"\n") +
		len("objective::\n") + len("candidate::\n") + len("recent::\n") + 4*4 +
		len("action_count:0:0\n")
	actionFraming = len("action_kind::\n") + len("action_status::\n") + len("action_name::\n") + 3*4
)

// Every value of a preimage built whole is shorter than largeBytes bytes,
// so appendLength's four digits suffice: this constant overflows, failing
// the build, if largeBytes grows past that.
const _ = uint(9999 - largeBytes)

// preimageBound returns the number of active actions of in and an upper
// bound of the length of its preimage: the framing bounds above and the
// values unnormalized (normalizing only shortens them).
func preimageBound(in *terminaldecision.Input) (n, size int) {
	ev := &in.Evidence
	n = min(int(ev.ActionCount), terminaldecision.MaxEvidenceActions)
	size = headFraming + n*actionFraming +
		len(in.Candidate.Cause) + len(ev.Objective) + len(ev.CandidateText) + len(ev.RecentText)
	for i := range n {
		a := &ev.Actions[i]
		size += len(a.Kind) + len(a.Status) + len(a.Name)
	}
	return n, size
}

// appendRecords appends the records of in with n active actions, trimming
// the normalized values and rewriting their line endings, in one pass. The
// capacity of b must hold them.
func appendRecords(b []byte, in *terminaldecision.Input, n int) []byte {
	ev := &in.Evidence
	objective, candidate, recent := ev.Objective, ev.CandidateText, ev.RecentText
	if mayTrim(objective) {
		objective = trimSpace(objective)
	}
	if mayTrim(candidate) {
		candidate = trimSpace(candidate)
	}
	if mayTrim(recent) {
		recent = trimSpace(recent)
	}
	b = appendRecord(b, "cause:", string(in.Candidate.Cause))
	b = append(b, flagRecords(ev.ExplicitCompletionExpected, ev.ExplicitCompletion)...)
	b = appendRewritten(b, "objective:", objective)
	b = appendRewritten(b, "candidate:", candidate)
	b = appendRewritten(b, "recent:", recent)
	b = append(b, "action_count:1:"...)
	b = append(b, counts[n], '\n')
	at := len(b)
	b = appendActions(b, in, n, false)
	if bytes.IndexByte(b[at:], '\r') >= 0 {
		// Rarely, an action name has a CR: the action records are written
		// again with the names' line endings rewritten. One scan of them
		// all is cheaper than one per name.
		b = appendActions(b[:at], in, n, true)
	}
	return b
}

// appendActions appends the records of the n active actions of in,
// trimming their names and, with rewrite, rewriting the names' line
// endings too. The capacity of b must hold them.
func appendActions(b []byte, in *terminaldecision.Input, n int, rewrite bool) []byte {
	for i := range n {
		a := &in.Evidence.Actions[i]
		name := a.Name
		if mayTrim(name) {
			name = trimSpace(name)
		}
		if k, s := kindIndex(a.Kind), statusIndex(a.Status); k >= 0 && s >= 0 {
			b = append(b, actionRecords[k][s]...)
		} else {
			b = appendRecord(b, "action_kind:", string(a.Kind))
			b = appendRecord(b, "action_status:", string(a.Status))
		}
		if rewrite {
			b = appendRewritten(b, "action_name:", name)
		} else {
			b = appendRecord(b, "action_name:", name)
		}
	}
	return b
}

// actionRecords[k][s] is the action_kind and action_status records of the
// kind and status terminaldecision.ValidateInput accepts with kindIndex k
// and statusIndex s, spelled out in advance so that the pair costs a single
// copy. It is never modified.
var actionRecords = [3][3]string{
	{messageRecord + inProgressRecord, messageRecord + completedRecord, messageRecord + incompleteRecord},
	{toolCallRecord + inProgressRecord, toolCallRecord + completedRecord, toolCallRecord + incompleteRecord},
	{toolResultRecord + inProgressRecord, toolResultRecord + completedRecord, toolResultRecord + incompleteRecord},
}

// The records actionRecords combines.
const (
	messageRecord    = "action_kind:7:message\n"
	toolCallRecord   = "action_kind:9:tool_call\n"
	toolResultRecord = "action_kind:11:tool_result\n"
	inProgressRecord = "action_status:11:in_progress\n"
	completedRecord  = "action_status:9:completed\n"
	incompleteRecord = "action_status:10:incomplete\n"
)

// kindIndex returns the row of actionRecords for kind, or -1.
func kindIndex(kind lipapi.ItemKind) int {
	switch kind {
	case lipapi.ItemKindMessage:
		return 0
	case lipapi.ItemKindToolCall:
		return 1
	case lipapi.ItemKindToolResult:
		return 2
	}
	return -1
}

// statusIndex returns the column of actionRecords for status, or -1.
func statusIndex(status lipapi.ItemStatus) int {
	switch status {
	case lipapi.ItemStatusInProgress:
		return 0
	case lipapi.ItemStatusCompleted:
		return 1
	case lipapi.ItemStatusIncomplete:
		return 2
	}
	return -1
}

// appendRewritten is appendRecord for a value whose line endings are
// rewritten as it is copied. The capacity of b must hold the record.
func appendRewritten(b []byte, name, v string) []byte {
	if strings.IndexByte(v, '\r') < 0 {
		return appendRecord(b, name, v)
	}
	b = append(b, name...)
	// The value is copied first, after room for the length of v as it is:
	// rewriting only shortens it, and only rarely by a digit, in which
	// case the value moves down. No separate pass measures it.
	at := len(appendLength(b, len(v)))
	n, _ := newline.Copy(b[at:cap(b)], v)
	b = appendLength(b, n)
	if len(b) < at {
		copy(b[len(b):cap(b)], b[at:at+n])
	}
	b = b[:len(b)+n]
	return append(b, '\n')
}

// mayTrim reports whether strings.TrimSpace could shorten v: it returns v
// itself when v starts and ends with printable ASCII, which is never white
// space. The test is kept this small so that it inlines.
func mayTrim(v string) bool {
	return len(v) > 0 && (v[0]-'!' >= '~'-'!'+1 || v[len(v)-1]-'!' >= '~'-'!'+1)
}

// trimSpace is strings.TrimSpace: it drops the white space runes at both
// ends of v. ASCII white space, by far the most common (indentation, line
// breaks), costs one comparison a byte; a rune outside ASCII is decoded
// and looked up (unicode.IsSpace) only when its first byte (at the start)
// or its last byte (at the end) is one a white space rune has, so that an
// end in most scripts' text costs one comparison too. A rune that is not
// valid UTF-8 is never white space, as for TrimSpace.
func trimSpace(v string) string {
	start := 0
	for start < len(v) {
		c := v[start]
		if c < utf8.RuneSelf {
			if !asciiSpace(c) {
				break
			}
			start++
			continue
		}
		if c != 0xc2 && c-0xe1 > 0xe3-0xe1 {
			break // no white space rune starts with c
		}
		r, n := utf8.DecodeRuneInString(v[start:])
		if !unicode.IsSpace(r) {
			break
		}
		start += n
	}
	end := len(v)
	for end > start {
		c := v[end-1]
		if c < utf8.RuneSelf {
			if !asciiSpace(c) {
				break
			}
			end--
			continue
		}
		if c > 0xbf || spaceLastBytes>>(c&63)&1 == 0 {
			break // no white space rune ends with c
		}
		r, n := utf8.DecodeLastRuneInString(v[start:end])
		if !unicode.IsSpace(r) {
			break
		}
		end -= n
	}
	return v[start:end]
}

// spaceLastBytes has bit b&63 set for each continuation byte b that ends a
// white space rune outside ASCII: 0x80 to 0x8a, 0x9f, 0xa0, 0xa8, 0xa9
// and 0xaf, the last bytes of U+0085, U+00A0, U+1680, U+2000 to U+200A,
// U+2028, U+2029, U+202F, U+205F and U+3000 (which start with 0xc2 or 0xe1
// to 0xe3).
const spaceLastBytes uint64 = 1<<11 - 1 | 1<<0x1f | 1<<0x20 | 1<<0x28 | 1<<0x29 | 1<<0x2f

// asciiSpace reports whether c is ASCII white space: '\t', '\n', '\v',
// '\f', '\r' or ' '.
func asciiSpace(c byte) bool { return c == ' ' || c-'\t' <= '\r'-'\t' }

// appendRecord appends the record name (which includes its ':') with value
// v, whose length is below 10000. It inlines, so the constant name costs no
// copy call.
func appendRecord(b []byte, name, v string) []byte {
	b = append(b, name...)
	b = appendLength(b, len(v))
	b = append(b, v...)
	return append(b, '\n')
}

// appendLength appends the decimal form of v, which is below 10000, and ':'.
func appendLength(b []byte, v int) []byte {
	switch {
	case v < 10:
		return append(b, byte('0'+v), ':')
	case v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10), ':')
	case v < 1000:
		return append(b, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10), ':')
	}
	return append(b, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10), ':')
}
