package canon

import "bytes"

// The sizes of the canonicalizer's arrays: the first pass's members,
// records and decoded names grow to what the density seen so far says the
// rest of the document holds, never past what it can hold; the second
// pass's output at the expansion rate seen so far.

// growMembers moves the full members to a larger heap array. The members
// in use never exceed those in use when they first spill plus one per
// member key after that: one per five bytes of the rest of the document
// ("":0, at least), and one per ':' in it, which is counted when the
// members are dense enough to fill a good part of that bound.
func (c *canonicalizer) growMembers(s *Scanner) {
	ms := c.mem()
	n := len(ms)
	if c.memberHeap == nil {
		c.memberGrowth.read = uint32(c.start)
		c.memberBound = c.memberGrowth.bound(s, n, len(c.data[s.tokEnd:])/5+1, ':')
	}
	g := make([]member, c.memberGrowth.capacity(s, n, 1, int(c.memberBound)))
	copy(g, ms[:c.nOpen])
	copy(g[len(g)-c.nSorted:], ms[n-c.nSorted:])
	c.memberHeap = g
}

// growNames makes room for need more bytes in names: first for at most
// 64 more, then as growth says of the names added since the value's
// start. Names never need more than three times
// the rest of the document from the key s has just returned: a key's
// offset and decoded name take at most three times its token's length
// (an invalid byte decodes to three), and a colon, a value and a comma or
// brace follow the token.
func (c *canonicalizer) growNames(s *Scanner, need int) {
	rest := len(c.data) - s.tokEnd
	if c.names == nil {
		c.names = make([]byte, 0, need+min(64, rest))
		return
	}
	g := growth{read: uint32(c.start)}
	n := g.capacity(s, len(c.names), need, len(c.names)+3*(rest+s.tokEnd-s.tokStart))
	c.names = append(make([]byte, 0, n), c.names...)
}

// growth follows one of the first pass's arrays that grow: what s had
// read and how many elements the array held when it last grew.
type growth struct{ read, used uint32 }

// bound returns the most elements an array of used elements can need
// when the rest of the document has at most most more, and at most one
// per sep in it: those are counted, in one pass over the rest, only when
// the density seen since the array last grew would fill more than a
// sixteenth of most.
func (g *growth) bound(s *Scanner, used, most int, sep byte) uint32 {
	rest := s.data[s.tokEnd:]
	if int64(len(rest))*int64(used-int(g.used))/int64(max(s.tokEnd-int(g.read), 1)) > int64(most/16) {
		most = min(most, bytes.Count(rest, []byte{sep}))
	}
	return uint32(used + most)
}

// capacity returns the capacity to give an array of used elements that
// needs room for need more: those and, for the rest of the document, as
// many more as the density of those added since the array last grew
// says, with a sixteenth and four to spare, and at least half as many as
// it holds; but never more than bound, the most it can ever need. Where
// the density holds, the array grows once.
func (g *growth) capacity(s *Scanner, used, need, bound int) int {
	read, seen := s.tokEnd, used+need
	est := seen + int(int64(len(s.data)-read)*int64(seen-int(g.used))/int64(max(read-int(g.read), 1)))
	g.read, g.used = uint32(read), uint32(seen)
	return max(min(max(est+est/16+4, used+used/2), bound), seen)
}

// growRecords moves the full records to a larger heap array. The records
// never exceed those held when they first spill plus one per open object
// and one per '{' in the rest of the document (counted as growth.bound
// says), and per ten bytes of it (an unsorted object has two members;
// its brace, their names, colons and commas or brace take nine bytes, and
// at most one of their values is an unsorted object without a byte of
// its own).
func (c *canonicalizer) growRecords(s *Scanner) {
	n := c.records.n
	if c.records.heap == nil {
		c.recordGrowth.read = uint32(c.start)
		c.recordBound = c.recordGrowth.bound(s, n+1+c.objects.n, len(c.data[s.tokEnd:])/10, '{')
	}
	c.records.reserve(c.recordGrowth.capacity(s, n, 1, int(c.recordBound)))
}

// keyedRoom reports whether sortKeyed may sort m members: the numbers it
// sorts take eight bytes a member, which with the first pass's heap arrays
// must not exceed the document's length, so that memory stays a small
// multiple of it even for objects of minimal members.
func (c *canonicalizer) keyedRoom(m int) bool {
	held := 8*(len(c.memberHeap)+cap(c.keys)) + 12*len(c.records.heap) + cap(c.names)
	return m <= cap(c.keys) || held+8*m <= len(c.data)
}

// room returns out with room for n more bytes; growing, it adds room for
// the rest of the value at the expansion rate seen so far (at least a
// quarter).
func (c *canonicalizer) room(out []byte, n int) []byte {
	if cap(out)-len(out) >= n {
		return out
	}
	rest := outputRest(max(c.end-c.start-c.consumed, 0), len(out)-c.outStart, c.consumed)
	return grow(out, n+max(rest+rest/16+64, len(out)/4))
}

// outputRest estimates the output of the rest bytes of a value not read
// yet at the rate at which the read ones became the written ones (at most
// MaxEscapeGrowth times). It computes in floating point: the product of
// two lengths of a document of a few GiB does not fit in an int.
func outputRest(rest, written, read int) int {
	rate := min(float64(written+1)/float64(read+1), MaxEscapeGrowth)
	return int(float64(rest) * rate)
}
