package canon

// CanonicalForm returns the canonical form of raw, exactly as
// AppendCanonicalJSON(nil, raw) writes it, when that form is at most limit
// bytes long: a subslice of raw itself when raw holds it already (white
// space around the value aside), which costs one validating pass and no
// memory; else a new slice, allocated once, of capacity limit. When the
// form is longer than limit it returns fits false and a nil form, having
// used a fixed window and at most limit bytes besides what the canonical
// writer records (see the package comment: for reordering and, for a raw
// of at most limit bytes, the decoded texts of its long strings, which
// the second pass then does not decode) to find that out, in time linear
// in raw. Errors are those of AppendCanonicalJSON.
//
// A caller that writes the canonical form of one value several times calls
// CanonicalForm once and then writes the form itself (Digest.AppendSpan,
// Digest.AppendJSONStringBytes); when it does not fit, it canonicalizes the
// value each time, streaming (Digest.AppendCanonicalJSON).
func CanonicalForm(raw []byte, limit int) (form []byte, fits bool, err error) {
	c := formCanonicalizer(raw, limit)
	start, end, err := c.readDocument(raw, false, MaxDepth)
	if err != nil {
		return nil, false, err
	}
	if c.isCanonical() {
		if end-start > limit {
			return nil, false, nil
		}
		return raw[start:end:end], true, nil
	}
	// The second pass writes through a Digest whose hash keeps the bytes,
	// up to limit.
	keep := &formKeeper{limit: limit}
	d := Digest{st: &hashState{h: keep}}
	var buf [512]byte
	rest, err := c.emit(buf[:0], &d, start, end)
	if err != nil {
		return nil, false, err
	}
	keep.Write(rest) //nolint:errcheck // a formKeeper never fails
	if keep.over {
		return nil, false, nil
	}
	return keep.form, true, nil
}

// formCanonicalizer returns the canonicalizer of CanonicalForm(raw,
// limit): a whole one (decodeWhole) when raw fits in limit bytes, so that
// the first pass decodes the needless escapes of its long strings
// wherever they are (the texts take about their length, as the form
// takes its).
func formCanonicalizer(raw []byte, limit int) canonicalizer {
	return canonicalizer{st: styleJSON, whole: len(raw) <= limit}
}

// formKeeper is the hash.Hash through which CanonicalForm's Digest keeps
// the canonical bytes: the form is allocated at the first write, with the
// capacity limit, and dropped once it would grow past it.
type formKeeper struct {
	noSum
	form  []byte
	limit int
	over  bool
}

// Write appends p to the form while it fits in limit bytes.
func (k *formKeeper) Write(p []byte) (int, error) {
	switch {
	case k.over:
	case len(k.form)+len(p) > k.limit:
		k.form, k.over = nil, true
	default:
		if k.form == nil {
			k.form = make([]byte, 0, k.limit)
		}
		k.form = append(k.form, p...)
	}
	return len(p), nil
}

// noSum is the rest of hash.Hash, which a Digest never calls, for the
// writers a Digest feeds in place of a hash.
type noSum struct{}

func (noSum) Sum(b []byte) []byte { return b }
func (noSum) Reset()              {}
func (noSum) Size() int           { return 0 }
func (noSum) BlockSize() int      { return 1 }
