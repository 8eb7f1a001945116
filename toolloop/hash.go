package toolloop

import (
	"crypto/sha256"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// ContentHash returns the SHA-256 of data as 64 lowercase hexadecimal
// characters, without prefix: perspt's content_hash. It is the handle of a
// recorded artifact, the event hash of an event's direct form and the step
// function of the event-log chain root.
func ContentHash(data []byte) string {
	return canon.SumHex(data)
}

// digest returns the ContentHash of prefix, sep and the direct form of s.
func (enc Encoder) digest(prefix, sep string, s *subject) (string, error) {
	sum, err := enc.sum(prefix, sep, s)
	if err != nil {
		return "", err
	}
	return canon.Hex(sum), nil
}

// sum returns the SHA-256 of prefix, sep and the output of s, written into
// a stack buffer sized for s and hashed whole when it fits, else streamed
// (streamSum).
func (enc Encoder) sum(prefix, sep string, s *subject) (sum [sha256.Size]byte, _ error) {
	e, err := enc.encoder()
	if err != nil {
		return sum, err
	}
	if len(prefix)+len(sep) > smallScratch/2 {
		return enc.streamSum(prefix, sep, s)
	}
	e.fit = true
	var b []byte
	var perr *pathError
	if s.large() {
		var scratch [largeScratch]byte
		b, perr = e.subject(append(append(scratch[:0], prefix...), sep...), s)
	} else {
		var scratch [smallScratch]byte
		b, perr = e.subject(append(append(scratch[:0], prefix...), sep...), s)
	}
	switch {
	case e.spill:
		return enc.streamSum(prefix, sep, s)
	case perr != nil:
		return sum, perr
	}
	return sha256.Sum256(b), nil
}

// streamSum is sum through a canon.Digest fed only when its 16 KiB buffer
// is full: shorter output is hashed whole and needs no digest state;
// longer output reaches the hash a window at a time, never whole.
func (enc Encoder) streamSum(prefix, sep string, s *subject) (sum [sha256.Size]byte, _ error) {
	var d canon.Digest
	e := encoder{plus: enc.Floats == FloatLayoutCurrent, d: &d}
	var scratch [4 * canon.ChunkSize]byte
	b, err := e.subject(e.verbatim(e.verbatim(scratch[:0], prefix), sep), s)
	if err != nil {
		return sum, err
	}
	return d.Sum256(b), nil
}
