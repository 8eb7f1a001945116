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
	p := newPreimage(&in)
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

// Record names with their ':' separator, in preimage order. Records 0 to 6
// are fixed; each active action then adds one record per actionRecords entry.
var (
	fixedRecords  = [...]string{"cause:", "explicit_expected:", "explicit_observed:", "objective:", "candidate:", "recent:", "action_count:"}
	actionRecords = [...]string{"action_kind:", "action_status:", "action_name:"}
)

const (
	// windowBytes is the size of the stack window the records stream
	// through; a typical preimage fits in one window.
	windowBytes = 512
	// maxHeaderBytes bounds a record header: the longest name with its
	// colon, the decimal length of any string and the second colon.
	maxHeaderBytes = len("explicit_expected:") + len("9223372036854775807") + 1
	// digits spells the action counts 0 to 8.
	digits = "012345678"
)

// preimage enumerates the framed records of one Input and copies them,
// window by window, into buf. It holds the only mutable state of a
// Fingerprint call and lives on that call's stack.
type preimage struct {
	in      *terminaldecision.Input
	records int    // number of records: 7 plus 3 per active action
	record  int    // index of the current record
	rest    string // unwritten remainder of the current record's value
	open    bool   // the current record's header is written, not its '\n'
	crs     bool   // rest contains a CR to rewrite while it is copied
	n       int    // bytes used in buf
	buf     [windowBytes]byte
}

// newPreimage returns the record enumerator for in.
func newPreimage(in *terminaldecision.Input) preimage {
	actions := min(int(in.Evidence.ActionCount), terminaldecision.MaxEvidenceActions)
	return preimage{in: in, records: len(fixedRecords) + len(actionRecords)*actions}
}

// next returns the name and value of the current record and whether the value
// is normalized text. A normalized value is returned trimmed; its line
// endings are rewritten while it is copied. Trimming first is equivalent to
// trimming after the rewrite, because CR and LF are both white space.
func (p *preimage) next() (name, value string, norm bool) {
	r := p.record
	ev := &p.in.Evidence
	switch r {
	case 0:
		return fixedRecords[r], string(p.in.Candidate.Cause), false
	case 1:
		return fixedRecords[r], strconv.FormatBool(ev.ExplicitCompletionExpected), false
	case 2:
		return fixedRecords[r], strconv.FormatBool(ev.ExplicitCompletion), false
	case 3:
		return fixedRecords[r], strings.TrimSpace(ev.Objective), true
	case 4:
		return fixedRecords[r], strings.TrimSpace(ev.CandidateText), true
	case 5:
		return fixedRecords[r], strings.TrimSpace(ev.RecentText), true
	case 6:
		n := (p.records - len(fixedRecords)) / len(actionRecords)
		return fixedRecords[r], digits[n : n+1], false
	}
	r -= len(fixedRecords)
	a := &ev.Actions[r/len(actionRecords)]
	switch r % len(actionRecords) {
	case 0:
		return actionRecords[0], string(a.Kind), false
	case 1:
		return actionRecords[1], string(a.Status), false
	}
	return actionRecords[2], strings.TrimSpace(a.Name), true
}

// fill appends records to buf until it is full or every record is written,
// and reports the latter.
func (p *preimage) fill() bool {
	for p.record < p.records {
		if !p.open {
			if len(p.buf)-p.n < maxHeaderBytes {
				return false
			}
			name, v, norm := p.next()
			size, crs := len(v), false
			if norm {
				if i := strings.IndexByte(v, '\r'); i >= 0 {
					// Only the CRs dropped before an LF shorten the
					// value; the others become LFs.
					size -= strings.Count(v[i:], "\r\n")
					crs = true
				}
			}
			n := p.n + copy(p.buf[p.n:], name)
			n = putDecimal(&p.buf, n, size)
			p.buf[n] = ':'
			p.n = n + 1
			p.rest, p.crs, p.open = v, crs, true
		}
		p.copyValue()
		if p.rest != "" || p.n == len(p.buf) {
			return false
		}
		p.buf[p.n] = '\n'
		p.n++
		p.open = false
		p.record++
	}
	return true
}

// putDecimal writes the decimal form of v (not negative) at buf[n:] and
// returns the index after it. The caller guarantees room for 19 digits.
func putDecimal(buf *[windowBytes]byte, n, v int) int {
	if v < 10 {
		buf[n] = byte('0' + v)
		return n + 1
	}
	var tmp [20]byte
	i := len(tmp)
	for v > 0 {
		i--
		tmp[i] = byte('0' + v%10)
		v /= 10
	}
	return n + copy(buf[n:], tmp[i:])
}

// copyValue copies as much of rest into buf as fits, rewriting line endings
// when the value has CRs: a CR before an LF is dropped, any other CR becomes
// an LF.
func (p *preimage) copyValue() {
	for p.rest != "" && p.n < len(p.buf) {
		span := len(p.rest)
		if p.crs {
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
