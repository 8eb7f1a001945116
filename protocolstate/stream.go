package protocolstate

import (
	"crypto/sha256"
	"strings"

	"github.com/agentkernel/agentkernel/internal/newline"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

const (
	// windowBytes is the size of the stack window the records of a
	// preimage larger than mediumBytes stream through.
	windowBytes = 512
	// maxHeaderBytes bounds a record header: the longest name with its
	// colon, the decimal length of any string and the second colon.
	maxHeaderBytes = len("explicit_expected:") + len("9223372036854775807") + 1
)

// sumStreamed returns the SHA-256 of the records of in, streamed into the
// hash window by window. Before it sums, it grows out to hold the
// fingerprint.
func sumStreamed(in *terminaldecision.Input, out *strings.Builder) [sha256.Size]byte {
	// h stays a local of this function and only this function calls its
	// methods: the compiler then knows its concrete type, devirtualizes
	// Write and Sum and keeps the hash state and the window on the stack.
	// Passing h to a helper as a hash.Hash would move them to the heap.
	h := sha256.New()
	p := preimage{in: in}
	for {
		done := p.fill()
		h.Write(p.buf[:p.n])
		p.n = 0
		if done {
			break
		}
	}
	out.Grow(fingerprintBytes)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// preimage copies the framed records of one Input, window by window, into
// buf. Each call of fill visits the records in order, skips those completed
// in earlier windows, resumes the one left open, and stops when buf is full.
// It holds the only mutable state of a Fingerprint call and lives on that
// call's stack.
type preimage struct {
	in   *terminaldecision.Input
	done int    // records completely written
	at   int    // index of the record visited in the current pass
	rest string // unwritten remainder of record done's value while open
	open bool   // record done has its header written, not its '\n'
	crs  bool   // rest contains a CR to rewrite while it is copied
	n    int    // bytes used in buf
	buf  [windowBytes]byte
}

// fill appends records to buf until it is full or every record is written,
// and reports the latter. The records are, in order: cause, the two
// completion flags, objective, candidate, recent, the action count, and
// kind, status and name of each active action.
func (p *preimage) fill() bool {
	p.at = 0
	ev := &p.in.Evidence
	actions := min(int(ev.ActionCount), terminaldecision.MaxEvidenceActions)
	ok := p.put("cause:", string(p.in.Candidate.Cause), false) &&
		p.put("", pick(ev.ExplicitCompletionExpected, expectedTrue, expectedFalse), false) &&
		p.put("", pick(ev.ExplicitCompletion, observedTrue, observedFalse), false) &&
		p.put("objective:", ev.Objective, true) &&
		p.put("candidate:", ev.CandidateText, true) &&
		p.put("recent:", ev.RecentText, true) &&
		p.put("action_count:", counts[actions:actions+1], false)
	for i := 0; ok && i < actions; i++ {
		a := &ev.Actions[i]
		ok = p.put("action_kind:", string(a.Kind), false) &&
			p.put("action_status:", string(a.Status), false) &&
			p.put("action_name:", a.Name, true)
	}
	return ok
}

// pick returns yes if b is true and no otherwise.
func pick(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// put writes the record name (which includes its ':') with value v, or
// resumes it, and reports whether it is complete. An empty name marks a
// record spelled out in advance: v is then its whole text. A normalized
// value is trimmed here and its line endings are rewritten while it is
// copied; trimming first is equivalent to trimming after the rewrite,
// because CR and LF are both white space.
func (p *preimage) put(name, v string, norm bool) bool {
	i := p.at
	p.at++
	if i < p.done {
		return true
	}
	if !p.open {
		n := p.n
		if len(p.buf)-n < maxHeaderBytes {
			return false
		}
		crs := false
		if norm {
			if mayTrim(v) {
				v = trimSpace(v)
			}
			crs = strings.IndexByte(v, '\r') >= 0
		}
		if name != "" {
			size := len(v)
			if crs {
				size = newline.Len(v)
			}
			n += copy(p.buf[n:], name)
			n = putDecimal(&p.buf, n, size)
			p.buf[n] = ':'
			n++
		}
		if !crs && len(v) < len(p.buf)-n {
			// Fast path: the value and its '\n' fit as they are.
			n += copy(p.buf[n:], v)
			p.buf[n] = '\n'
			p.n = n + 1
			p.done++
			return true
		}
		p.n = n
		p.rest, p.crs, p.open = v, crs, true
	}
	p.copyValue()
	if p.rest != "" || p.n == len(p.buf) {
		return false
	}
	p.buf[p.n] = '\n'
	p.n++
	p.open = false
	p.done++
	return true
}

// putDecimal writes the decimal form of v (not negative) at buf[n:] and
// returns the index after it. The caller guarantees room for 19 digits.
func putDecimal(buf *[windowBytes]byte, n, v int) int {
	switch {
	case v < 10:
		buf[n] = byte('0' + v)
		return n + 1
	case v < 100:
		buf[n], buf[n+1] = byte('0'+v/10), byte('0'+v%10)
		return n + 2
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

// copyValue copies as much of rest into buf as fits, rewriting the line
// endings of a value with CRs.
func (p *preimage) copyValue() {
	written, read := 0, 0
	if p.crs {
		written, read = newline.Copy(p.buf[p.n:], p.rest)
	} else {
		written = copy(p.buf[p.n:], p.rest)
		read = written
	}
	p.n += written
	p.rest = p.rest[read:]
}
