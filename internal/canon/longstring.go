package canon

import (
	"encoding/binary"
	"slices"
)

// The long string values of a document: the first pass of the
// canonicalizer records each string value of at least longStringMin bytes
// (strs), so that the second pass neither scans it again nor, when the
// first pass decoded it (decodeLong, decodeWhole; longDecoding says when
// and into how much room), decodes it again.

// longStringMin is the length from which the first pass records a string
// value (in strs), so that the second pass does not scan it again.
const longStringMin = 64

// textAt is where the first pass put the decoded text of a long string
// value in canonicalizer.text: just past four bytes holding its length
// (little-endian), so never at 0, which stands for a string it did not
// decode. It is three bytes (little-endian), so that a longString takes
// twelve: a text whose end would lie past 16 MiB in canonicalizer.text is
// not kept, but decoded by the second pass.
type textAt [3]byte

// textAtOf returns the textAt of offset n, below maxText.
func textAtOf(n int) textAt { return textAt{byte(n), byte(n >> 8), byte(n >> 16)} }

// offset returns the offset t stands for.
func (t textAt) offset() int { return int(t[0]) | int(t[1])<<8 | int(t[2])<<16 }

// recordLong records the long string value s has just returned, for which
// s.next returned text: c.text itself, or c.text followed by four bytes
// and the decoded text (longDecoding).
func (c *canonicalizer) recordLong(s *Scanner, text []byte) {
	v := longString{start: uint32(s.tokStart), end: uint32(s.tokEnd), flags: s.flags}
	if n := len(c.text) + 4; len(text) >= n && uint64(len(text)) <= maxText {
		binary.LittleEndian.PutUint32(text[n-4:], uint32(len(text)-n))
		v.text, c.text = textAtOf(n), text
	}
	c.strs.push(v)
}

// maxText is the length up to which canonicalizer.text holds texts.
const maxText = 1<<24 - 1

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
	if v.start != uint32(s.tokStart) || v.text == (textAt{}) {
		return nil, false
	}
	at := v.text.offset()
	n := int(binary.LittleEndian.Uint32(c.text[at-4:]))
	return c.text[at:][:n], true
}

// findStr moves nextStr to the first long string at or after p, where
// the second pass has jumped.
func (c *canonicalizer) findStr(p int) {
	c.nextStr, _ = slices.BinarySearchFunc(c.strs.all(), uint32(p), func(l longString, p uint32) int {
		return int(l.start) - int(p)
	})
}
