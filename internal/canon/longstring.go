package canon

import (
	"encoding/binary"
	"slices"
)

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
// (longDecoding), each after two bytes holding its length (textAt):
// at most restRoomMax bytes, also in a document streamed through a
// Digest, whose memory so stays within a constant of what it was.

// longStringMin is the length from which the first pass records a string
// value (in strs), so that the second pass does not scan it again.
const longStringMin = 64

// textAt is where the first pass put the decoded text of a long string
// value in canonicalizer.text: just past two bytes holding its length
// (little-endian), so never at 0, which stands for a string it did not
// decode. Two bytes suffice: the texts take at most restRoomMax bytes in
// all; and the room they take is there, since a text with its two bytes
// is never longer than its token with its quotes.
type textAt uint16

// recordLong records the long string value s has just returned, for which
// s.next returned text: c.text itself, or c.text followed by two bytes
// and the decoded text (longDecoding).
func (c *canonicalizer) recordLong(s *Scanner, text []byte) {
	v := longString{start: uint32(s.tokStart), end: uint32(s.tokEnd), flags: s.flags}
	if n := len(c.text) + 2; len(text) >= n {
		binary.LittleEndian.PutUint16(text[n-2:], uint16(len(text)-n))
		v.text, c.text = textAt(n), text
	}
	c.strs.push(v)
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
	if c.nextStr == 0 {
		return nil, false
	}
	v := c.strs.at(c.nextStr - 1)
	if v.start != uint32(s.tokStart) || v.text == 0 {
		return nil, false
	}
	n := int(binary.LittleEndian.Uint16(c.text[v.text-2:]))
	return c.text[v.text:][:n], true
}

// findStr moves nextStr to the first long string at or after p, where
// the second pass has jumped.
func (c *canonicalizer) findStr(p int) {
	c.nextStr, _ = slices.BinarySearchFunc(c.strs.all(), uint32(p), func(l longString, p uint32) int {
		return int(l.start) - int(p)
	})
}
