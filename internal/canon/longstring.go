package canon

import "slices"

// The long string values of a document: the first pass of the
// canonicalizer records each string value of at least longStringMin bytes
// (strs), so that the second pass neither scans it again nor, when the
// first pass decoded it (decodeLong), decodes it again. The first pass
// decodes only strings that hold a character escaped without need, which
// the second pass would decode anyway: it meets such an escape while it
// validates the string, and scans the string again from its start,
// decoding, instead of scanning it whole twice, when the rest of the
// document from it is at most restRoomMax bytes. The decoded texts are
// appended to one buffer (canonicalizer.text), allocated once with the
// length of the rest of the document from the first of them
// (longDecoding):
// at most restRoomMax bytes, also in a document streamed through a
// Digest, whose memory so stays within a constant of what it was.

// longStringMin is the length from which the first pass records a string
// value (in strs), so that the second pass does not scan it again.
const longStringMin = 64

// textSpan locates the decoded text of the long string value whose token
// starts at start: it ends at text[end], and starts where the text of the
// string before it ends (or at 0).
type textSpan struct {
	start, end uint32
}

// recordLong records the long string value s has just returned, for which
// s.next returned text: the decoded text (beyond c.text) or c.text itself.
func (c *canonicalizer) recordLong(s *Scanner, text []byte) {
	c.strs.push(longString{start: uint32(s.tokStart), end: uint32(s.tokEnd), flags: s.flags})
	if len(text) > len(c.text) {
		c.texts.push(textSpan{start: uint32(s.tokStart), end: uint32(len(text))})
		c.text = text
	}
}

// nextToken returns s's next token, giving s the long string the first
// pass recorded next, which s then takes as it was read.
func (c *canonicalizer) nextToken(s *Scanner) (Kind, error) {
	s.known = longString{}
	if c.nextStr < c.strs.n {
		s.known = *c.strs.at(c.nextStr)
	}
	k, err := s.Next()
	if err == nil && k == KindString && uint32(s.tokStart) == s.known.start && s.known.end != 0 {
		c.nextStr++ // taken as read
	}
	return k, err
}

// decodedText returns the text the first pass decoded of the string value
// s has just returned, if it did.
func (c *canonicalizer) decodedText(s *Scanner) ([]byte, bool) {
	spans := c.texts.all()
	i, ok := slices.BinarySearchFunc(spans, uint32(s.tokStart), func(t textSpan, p uint32) int {
		return int(t.start) - int(p)
	})
	if !ok {
		return nil, false
	}
	from := uint32(0)
	if i > 0 {
		from = spans[i-1].end
	}
	return c.text[from:spans[i].end], true
}

// findStr moves nextStr to the first long string at or after p, where
// the second pass has jumped.
func (c *canonicalizer) findStr(p int) {
	c.nextStr, _ = slices.BinarySearchFunc(c.strs.all(), uint32(p), func(l longString, p uint32) int {
		return int(l.start) - int(p)
	})
}
