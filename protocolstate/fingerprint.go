package protocolstate

import (
	"crypto/sha256"
	"strconv"
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
// populated beyond ActionCount) and never panics. It streams the records into
// the hash through a fixed stack window, so it allocates only the result and
// runs in time linear in the hashed bytes.
func Fingerprint(in terminaldecision.Input) string {
	// h stays a local of this function, and only this function calls its
	// methods, so the compiler keeps the hash state and the window on the
	// stack (see the package documentation).
	h := sha256.New()
	p := preimage{in: &in}
	for {
		done := p.fill()
		h.Write(p.buf[:p.n])
		p.n = 0
		if done {
			break
		}
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return canon.PrefixedHex(FingerprintPrefix, sum)
}

// Record names, in preimage order. Records 0 to 6 are fixed; each active
// action then contributes one record per actionRecords entry.
var (
	fixedRecords  = [...]string{"cause", "explicit_expected", "explicit_observed", "objective", "candidate", "recent", "action_count"}
	actionRecords = [...]string{"action_kind", "action_status", "action_name"}
)

const (
	// windowBytes is the size of the stack window the records stream
	// through; a typical preimage fits in one window.
	windowBytes = 512
	// maxHeaderBytes bounds a record header: the longest name, two colons
	// and the decimal length of any string.
	maxHeaderBytes = len("explicit_expected") + 2 + len("9223372036854775807")
	// digits spells the action counts 0 to 8.
	digits = "012345678"
)

// preimage enumerates the framed records of one Input and copies them,
// window by window, into buf. It holds the only mutable state of a
// Fingerprint call and lives on that call's stack.
type preimage struct {
	in      *terminaldecision.Input
	record  int    // index of the next record to start
	rest    string // unwritten remainder of the current record's value
	inValue bool   // the current record's header is written, not its '\n'
	norm    bool   // the current value is normalized while copied
	n       int    // bytes used in buf
	buf     [windowBytes]byte
}

// actions returns the number of active actions, clamped to the array.
func (p *preimage) actions() int {
	return min(int(p.in.Evidence.ActionCount), terminaldecision.MaxEvidenceActions)
}

// value returns the value of record r and whether it is normalized text. A
// normalized value is returned trimmed; its line endings are normalized while
// it is copied.
func (p *preimage) value(r int) (string, bool) {
	ev := &p.in.Evidence
	switch r {
	case 0:
		return string(p.in.Candidate.Cause), false
	case 1:
		return strconv.FormatBool(ev.ExplicitCompletionExpected), false
	case 2:
		return strconv.FormatBool(ev.ExplicitCompletion), false
	case 3:
		return strings.TrimSpace(ev.Objective), true
	case 4:
		return strings.TrimSpace(ev.CandidateText), true
	case 5:
		return strings.TrimSpace(ev.RecentText), true
	case 6:
		n := p.actions()
		return digits[n : n+1], false
	}
	a := &ev.Actions[(r-len(fixedRecords))/len(actionRecords)]
	switch (r - len(fixedRecords)) % len(actionRecords) {
	case 0:
		return string(a.Kind), false
	case 1:
		return string(a.Status), false
	}
	return strings.TrimSpace(a.Name), true
}

// name returns the name of record r.
func name(r int) string {
	if r < len(fixedRecords) {
		return fixedRecords[r]
	}
	return actionRecords[(r-len(fixedRecords))%len(actionRecords)]
}

// fill appends records to buf until it is full or every record is written,
// and reports the latter.
func (p *preimage) fill() bool {
	records := len(fixedRecords) + len(actionRecords)*p.actions()
	for {
		if !p.inValue {
			if p.record == records {
				return true
			}
			if p.n+maxHeaderBytes > len(p.buf) {
				return false
			}
			v, norm := p.value(p.record)
			size := len(v)
			if norm {
				// Trimming commutes with the CR rewrite (CR and LF
				// are both white space), so only the CRs dropped
				// before an LF shorten the trimmed value.
				size -= strings.Count(v, "\r\n")
			}
			b := append(p.buf[:p.n], name(p.record)...)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(size), 10)
			b = append(b, ':')
			p.n = len(b)
			p.rest, p.norm, p.inValue = v, norm, true
		}
		if p.rest != "" {
			p.copyValue()
			if p.rest != "" {
				return false
			}
		}
		if p.n == len(p.buf) {
			return false
		}
		p.buf[p.n] = '\n'
		p.n++
		p.inValue = false
		p.record++
	}
}

// copyValue copies as much of rest into buf as fits, rewriting line endings
// of a normalized value: a CR before an LF is dropped, any other CR becomes
// an LF.
func (p *preimage) copyValue() {
	for p.rest != "" && p.n < len(p.buf) {
		span := len(p.rest)
		if p.norm {
			if i := strings.IndexByte(p.rest, '\r'); i == 0 {
				if len(p.rest) == 1 || p.rest[1] != '\n' {
					p.buf[p.n] = '\n'
					p.n++
				}
				p.rest = p.rest[1:]
				continue
			} else if i > 0 {
				span = i
			}
		}
		c := copy(p.buf[p.n:], p.rest[:span])
		p.n += c
		p.rest = p.rest[c:]
	}
}
