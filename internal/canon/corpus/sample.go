package corpus

import "unicode/utf8"

// Sample returns about n bytes of c (as Prefix cuts them) starting at an
// offset that depends on i: distinct samples of one size, for the i-th text
// of a workload built from one class. The start moves forward to a rune
// start (at most utf8.UTFMax-1 bytes, as Prefix's cut moves back), so a
// valid class gives valid samples. The sample lies within c.Text; an n of
// at least len(c.Text) gives the whole text.
func (c Class) Sample(i, n int) string {
	if n >= len(c.Text) {
		return c.Text
	}
	span := len(c.Text) - n
	t := c.Text[uint(i)*7919%uint(span):]
	for k := 0; k < utf8.UTFMax-1 && t != "" && !utf8.RuneStart(t[0]); k++ {
		t = t[1:]
	}
	return Class{Text: t}.Prefix(n)
}
