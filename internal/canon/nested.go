package canon

import "unicode/utf8"

// AppendCanonicalJSONString appends the canonical form of raw (as
// AppendCanonicalJSON writes it) as a JSON string (as AppendJSONString
// writes it): exactly AppendJSONString(dst, c) for c the output of
// AppendCanonicalJSON(nil, raw). raw must be one JSON value as
// AppendCanonicalJSON accepts it; on error dst is returned unchanged and d
// has hashed nothing of raw.
//
// With a nil d the canonical form is built whole and then escaped. With a
// streaming d a document of ChunkSize bytes or more is canonicalized
// through a window of its own whose contents are escaped straight into d's
// window, so the memory used is fixed (two windows) plus what the
// canonical writer records for reordering (see the package comment),
// whatever the length of the document or of its canonical form.
func (d *Digest) AppendCanonicalJSONString(dst, raw []byte) ([]byte, error) {
	var inner *Digest // nil: the canonical form is built whole
	var e *nestedEscaper
	if d != nil && len(raw) >= ChunkSize {
		// The escaper holds a copy of dst and of d (which share d's
		// state), so that neither the caller's buffer nor its Digest
		// escapes.
		e = &nestedEscaper{out: Digest{st: d.state()}, head: append(make([]byte, 0, len(dst)+1), dst...)}
		inner = &Digest{st: &hashState{h: e}}
	}
	var buf [512]byte
	rest, err := inner.AppendCanonicalJSON(buf[:0], raw)
	if err != nil {
		// The canonical writer validates the whole value before it writes
		// anything, so nothing has reached d.
		return dst, err
	}
	if e == nil || !e.open {
		// The canonical form never left the inner buffer: it is short.
		return d.Feed(AppendJSONString(dst, rest)), nil
	}
	inner.write(rest)
	if e.nc > 0 {
		// Only an invalid tail is left over; it escapes as it would have
		// within the whole.
		streamEscaped(d, e.carry[:e.nc], modeJSON)
	}
	return append(dst[:0], '"'), nil
}

// nestedEscaper is the hash.Hash an inner Digest feeds with canonical
// bytes: it escapes them as the body of a JSON string into the outer
// Digest. Canonical bytes are valid UTF-8, but the inner window may cut a
// sequence in two: the cut-off head is carried over to the next write.
type nestedEscaper struct {
	noSum
	out   Digest // the outer Digest
	head  []byte // its pending bytes, written before the opening quote
	open  bool   // the opening quote has been written
	carry [4]byte
	nc    int
}

// Write escapes p, preceded by the carried head of a sequence, into the
// outer digest.
func (e *nestedEscaper) Write(p []byte) (int, error) {
	n := len(p)
	if !e.open {
		e.out.write(append(e.head, '"'))
		e.open = true
	}
	if e.nc > 0 {
		// Complete the carried sequence from the start of p.
		for e.nc < len(e.carry) && len(p) > 0 && p[0]&0xc0 == 0x80 {
			e.carry[e.nc] = p[0]
			e.nc++
			p = p[1:]
		}
		streamEscaped(&e.out, e.carry[:e.nc], modeJSON)
		e.nc = 0
	}
	// Hold back a sequence the window cut off.
	cut := len(p)
	for k := 1; k <= 3 && k <= len(p); k++ {
		if utf8.RuneStart(p[len(p)-k]) {
			if !utf8.FullRune(p[len(p)-k:]) {
				cut = len(p) - k
			}
			break
		}
	}
	streamEscaped(&e.out, p[:cut], modeJSON)
	e.nc = copy(e.carry[:], p[cut:])
	return n, nil
}
