package canon

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// style selects how the canonicalizer writes strings and numbers.
type style uint8

const (
	styleJSON  style = iota // encoding/json: HTML-safe strings, numbers verbatim
	styleSerde              // serde_json: raw strings, numbers re-printed
)

// member records one object member: its decoded name, either a span of the
// document (the key's body, when it needs no decoding) or a span of
// canonicalizer.names, where the decoded name is preceded by the offset of
// the key token (4 bytes, little-endian).
type member struct {
	off uint32 // start of the name
	n   uint32 // length of the name, | inNames when it lives in names
}

// inNames marks a member whose name was decoded into canonicalizer.names.
const inNames = 1 << 31

// objectRecord describes an object whose members are written in sorted
// order: where it starts in the document and its sorted, deduplicated
// members: the offsets of their keys, two to a member of
// canonicalizer.mem() (off, then n), from the first'th member before the
// end of mem(). Its end need not be kept: its last member in the document
// is never a duplicate dropped, so its '}' follows the value that ends
// last among those the second pass writes.
type objectRecord struct {
	start uint32 // offset of '{'
	first uint32 // its key offsets start this many members before the end of mem()
	count uint32 // its number of members
}

// openObject is an object being read by the first pass.
type openObject struct {
	start uint32 // offset of its '{'
	base  uint32 // its first member in canonicalizer.open, | unsorted
}

// unsorted marks an open object whose names are not strictly increasing.
const unsorted = 1 << 31

// emitFrame is a recorded object being written by the second pass. The
// containers written in document order need no frame: the Scanner knows
// their nesting, and whether it consumed a comma before a token says
// whether one is due.
type emitFrame struct {
	depth uint32 // the Scanner's depth inside the object
	rec   uint32 // index in records
	next  uint32 // how many of its members are written
	end   uint32 // the end of the last of their values in the document
}

// canonicalizer holds the state of one re-encoding (see the package
// comment). A small document's records live in its fixed arrays.
type canonicalizer struct {
	data []byte
	st   style
	// The members (see mem) hold, from their start, the members of the
	// open objects (innermost last) and, from their end, those of the
	// recorded objects.
	memberFix  [32]member
	memberHeap []member               // nil while the members fit in memberFix
	nOpen      int                    // mem()[:nOpen] are open
	nSorted    int                    // the last nSorted of mem() hold recorded key offsets
	records    spillVec[objectRecord] // the recorded objects, by start once read
	names      []byte                 // decoded names of keys with escapes
	objects    spillVec[openObject]   // the open objects
	frames     spillVec[emitFrame]    // the recorded objects being written
	keys       []uint64               // room to sort the members of a large object
	strs       spillVec[longString]   // the long string values, in document order
	nextStr    int                    // the first of strs not before the second pass's position
	text       []byte                 // the texts of strs the first pass decoded
	gaps       [maxGaps]uint32        // the ends of the tokens white space follows (see canon)
	nGaps      uint8
	whole      bool   // the first pass decodes with decodeWhole, not decodeLong
	respell    bool   // some of strs are to be spelled anew (appendUnspaced)
	canon      bool   // the value read so far is canonical but for gaps and strs (appendUnspaced)
	dropped    uint32 // bytes of the value that duplicates take at least
	start      int    // the value's offsets in data
	end        int
	outStart   int // where the value's output starts in the second pass's output
	consumed   int // bytes of tokens the second pass has read

	// The heap arrays of members and records grow, each at most to its
	// bound (set when it first spills), at the density seen since it last
	// grew (see growth); names at the density seen in the value.
	memberBound, recordBound uint32
	memberGrowth             growth
	recordGrowth             growth
}

// mem returns the members, for use before the next growMembers.
func (c *canonicalizer) mem() []member {
	if c.memberHeap != nil {
		return c.memberHeap
	}
	return c.memberFix[:]
}

// name returns the decoded name of m.
func (c *canonicalizer) name(m member) []byte {
	if m.n&inNames != 0 {
		return c.names[m.off : m.off+m.n&^inNames]
	}
	return c.data[m.off : m.off+m.n]
}

// keyStart returns the offset of m's key token.
func (c *canonicalizer) keyStart(m member) uint32 {
	if m.n&inNames != 0 {
		return binary.LittleEndian.Uint32(c.names[m.off-4 : m.off])
	}
	return m.off - 1
}

// read is the first pass: it consumes from s the rest of the value whose
// first token k s has just returned, validating it, and records what the
// second pass needs. It returns the offset just past the value.
func (c *canonicalizer) read(s *Scanner, k Kind) (int, error) {
	if uint64(len(s.data)) > maxDocument {
		return 0, s.errAt(0, "document larger than 4 GiB")
	}
	c.data, c.start = s.data, s.tokStart
	c.canon = true
	return c.readTokens(s, k)
}

// maxDocument is the size of the largest document the canonicalizer
// reads: its offsets are uint32s, and one more than the size is stored.
const maxDocument = 1<<32 - 2

// readTokens is read's general pass, token by token, from the value's
// first token k, once c is set up.
func (c *canonicalizer) readTokens(s *Scanner, k Kind) (int, error) {
	// gap is the number of bytes that must separate the next token from
	// the end of the last one in a compact document.
	prevEnd, gap := s.tokStart, 0
	base := s.depth // the depth around the value
	if k == KindObjectBegin || k == KindArrayBegin {
		base--
	}
	var text []byte // the decoded text of a string value, if decoded
	decode := decodeLong
	if c.whole {
		decode = decodeWhole
	}
	for {
		if c.canon && s.tokStart-prevEnd != gap {
			c.spaced(prevEnd)
		}
		gap = c.token(s, k, text)
		prevEnd = s.tokEnd
		if s.depth == base && !s.isKey {
			return s.tokEnd, nil
		}
		var err error
		if k, text, err = s.next(c.text, decode); err != nil {
			return 0, err
		}
		// A closing bracket follows its last element directly.
		if k == KindObjectEnd || k == KindArrayEnd {
			gap = 0
		}
	}
}

// token records what the second pass needs of the token k s has just
// returned (with text, what s.next returned for it), notes whether it is
// canonical, and returns the number of bytes that separate it from the
// next token in a compact document.
func (c *canonicalizer) token(s *Scanner, k Kind, text []byte) int {
	switch k {
	case KindObjectBegin:
		c.objects.push(openObject{start: uint32(s.tokStart), base: uint32(c.nOpen)})
		return 0
	case KindArrayBegin:
		return 0
	case KindObjectEnd:
		o := *c.objects.top()
		c.objects.n--
		if o.base&unsorted == 0 {
			c.nOpen = int(o.base)
		} else {
			o.base &^= unsorted
			c.record(s, o)
		}
	case KindString:
		if s.isKey {
			c.key(s)
			break
		}
		long := s.tokEnd-s.tokStart >= longStringMin
		if c.canon && !c.st.canonicalString(s.flags) {
			c.respell = c.respell || long // written from its record
			c.canon = long
		}
		if long {
			c.recordLong(s, text)
		}
	case KindNumber:
		c.canon = c.canon && (c.st == styleJSON || serdeCanonicalNumber(s.data[s.tokStart:s.tokEnd], s.flags))
	}
	return 1
}

// key records the member whose key s has just returned and notes whether
// the open object's names are still strictly increasing.
func (c *canonicalizer) key(s *Scanner) {
	var m member
	if s.Verbatim() {
		m = member{off: uint32(s.tokStart + 1), n: uint32(s.tokEnd - s.tokStart - 2)}
	} else {
		need := 4 + s.tokEnd - s.tokStart
		if s.flags&StrInvalidUTF8 != 0 {
			need *= 3
		}
		if cap(c.names)-len(c.names) < need {
			c.growNames(s, need)
		}
		c.names = binary.LittleEndian.AppendUint32(c.names, uint32(s.tokStart))
		off := len(c.names)
		c.names = s.AppendString(c.names)
		m = member{off: uint32(off), n: uint32(len(c.names)-off) | inNames}
	}
	c.canon = c.canon && c.st.canonicalString(s.flags)
	o := c.objects.top()
	ms := c.mem()
	if o.base&unsorted == 0 && uint32(c.nOpen) > o.base && bytes.Compare(c.name(ms[c.nOpen-1]), c.name(m)) >= 0 {
		o.base |= unsorted
		c.canon = false
	}
	if c.nOpen+c.nSorted == len(ms) {
		c.growMembers(s)
		ms = c.mem()
	}
	ms[c.nOpen] = m
	c.nOpen++
}

// record sorts and deduplicates the members of the object o, which s has
// just closed, members[o.base:nOpen], moves the offsets of their keys to
// the recorded members at the end of members and records the object.
func (c *canonicalizer) record(s *Scanner, o openObject) {
	all := c.mem()
	ms := all[o.base:c.nOpen]
	if len(ms) > keyedSortMin && c.keyedRoom(len(ms)) {
		c.sortKeyed(ms)
	} else {
		slices.SortFunc(ms, c.compare)
	}
	// Among equal names the last member wins. The key offsets of the
	// winners are packed two to a member at the start of ms: member n/2
	// is read before it is written.
	n := 0
	for i, m := range ms {
		if i+1 < len(ms) && bytes.Equal(c.name(m), c.name(ms[i+1])) {
			// At least its name (not a decoded one, which may be
			// longer than its key), quotes, colon, value and comma.
			if m.n&inNames == 0 {
				c.dropped += m.n
			}
			c.dropped += uint32(len(`"":0,`))
			continue
		}
		if k := c.keyStart(m); n&1 == 0 {
			ms[n/2].off = k
		} else {
			ms[n/2].n = k
		}
		n++
	}
	// The destination never starts below o.base: nOpen+nSorted fit.
	packed := (n + 1) / 2
	copy(all[len(all)-c.nSorted-packed:], ms[:packed])
	c.nSorted += packed
	c.nOpen = int(o.base)
	if c.records.full() {
		c.growRecords(s)
	}
	c.records.push(objectRecord{start: o.start, first: uint32(c.nSorted), count: uint32(n)})
}

// canonicalString reports whether a string token of the string flags
// flags is spelled as the style writes its decoded content. The escapes
// the Scanner does not flag StrRareEscape are the short forms, lowercase
// \u00xx of the other control characters (canonical in both styles) and
// encoding/json's escapes of '<', '>', '&', U+2028 and U+2029 (canonical
// in its style only); a rare escape is canonical in neither.
func (st style) canonicalString(flags uint8) bool {
	switch {
	case flags&(StrInvalidUTF8|StrRareEscape) != 0:
		return false
	case st == styleJSON:
		return flags&(StrHTML|StrLineSep) == 0
	}
	return flags&StrHTMLEscape == 0
}

// serdeCanonicalNumber reports whether the number literal lit, of the
// number flags flags, is its own serde_json normalization.
func serdeCanonicalNumber(lit []byte, flags uint8) bool {
	var num [32]byte
	out, err := appendSerdeNumber(num[:0], lit, flags)
	return err == nil && bytes.Equal(out, lit)
}

// recordAt returns the index of the recorded object starting at p, or -1.
func (c *canonicalizer) recordAt(p int) int32 {
	i, ok := slices.BinarySearchFunc(c.records.all(), uint32(p), func(r objectRecord, p uint32) int {
		return int(r.start) - int(p)
	})
	if !ok {
		return -1
	}
	return int32(i)
}

// write is the second pass: it appends the canonical form of the value
// starting at offset start, which read has validated, passing the output
// through d.
func (c *canonicalizer) write(dst []byte, d *Digest, start int) ([]byte, error) {
	slices.SortFunc(c.records.all(), func(a, b objectRecord) int { return int(a.start) - int(b.start) })
	var s Scanner
	s.Reset(c.data, c.st == styleSerde, MaxDepth)
	s.pos = start
	out := dst
	// A string to decode is decoded into buf: a short one on the stack.
	var short [192]byte
	buf := short[:0]
	for {
		prev := s.state
		k, err := c.nextToken(&s)
		if err != nil {
			return dst, err
		}
		if d == nil {
			// A string whose spelling changes may grow up to
			// MaxEscapeGrowth times (writeString makes that room).
			c.consumed += s.tokEnd - s.tokStart
			out = c.room(out, s.tokEnd-s.tokStart+32)
		}
		if k != KindObjectEnd && k != KindArrayEnd && prev == stCommaOrEnd {
			out = append(out, ',') // the Scanner has just consumed one
		}
		switch k {
		case KindObjectBegin, KindArrayBegin:
			out = d.Feed(c.open(out, &s, k))
			continue
		case KindString:
			if out, buf = c.writeString(out, d, &s, buf); s.isKey {
				out = d.Feed(append(out, ':'))
				continue
			}
		case KindNumber:
			if out, err = c.writeNumber(out, d, &s); err != nil {
				return dst, err
			}
		default: // a literal or a closing bracket
			out = append(out, s.data[s.tokStart:s.tokEnd]...)
		}
		if out = c.valueEnd(d.Feed(out), d, &s); s.depth == 0 {
			return out, nil
		}
	}
}

// open writes the bracket of the container s has just opened; for a
// recorded object, s moves to its first member in sorted order.
func (c *canonicalizer) open(out []byte, s *Scanner, k Kind) []byte {
	out = append(out, s.data[s.tokStart])
	if k == KindObjectBegin && c.records.n > 0 {
		if r := c.recordAt(s.tokStart); r >= 0 {
			c.frames.push(emitFrame{depth: uint32(s.depth), rec: uint32(r)})
			out = c.nextMember(out, s)
		}
	}
	return out
}

// writeNumber writes the number s has just returned: as it is in the
// encoding/json style, normalized in the serde_json style.
func (c *canonicalizer) writeNumber(out []byte, d *Digest, s *Scanner) ([]byte, error) {
	lit := s.data[s.tokStart:s.tokEnd]
	if c.st == styleJSON {
		return d.AppendSpan(out, lit), nil
	}
	return appendSerdeNumber(out, lit, s.flags)
}

// valueEnd follows a complete value: when it is a member of a recorded
// object, s moves to the next member in sorted order, or past the end of
// the object, whose brace is written (and so on outwards).
func (c *canonicalizer) valueEnd(out []byte, d *Digest, s *Scanner) []byte {
	for n := c.frames.n; n > 0; n-- {
		f := c.frames.at(n - 1)
		if int(f.depth) != s.depth {
			break
		}
		f.end = max(f.end, uint32(s.tokEnd))
		if f.next < c.records.at(int(f.rec)).count {
			return c.nextMember(out, s)
		}
		out = d.Feed(append(out, '}'))
		end := int(f.end)
		for s.data[end] != '}' {
			end++ // white space
		}
		s.leave(end + 1)
		c.findStr(s.pos)
		c.frames.n = n - 1
	}
	return out
}

// nextMember writes the comma before the next member of the recorded
// object being written, unless it is the first, and moves s to that
// member's key.
func (c *canonicalizer) nextMember(out []byte, s *Scanner) []byte {
	f := c.frames.top()
	r := c.records.at(int(f.rec))
	if f.next > 0 {
		out = append(out, ',')
	}
	ms := c.mem()
	k := ms[len(ms)-int(r.first)+int(f.next/2)]
	p := int(k.off)
	if f.next&1 != 0 {
		p = int(k.n)
	}
	s.jumpToKey(p)
	c.findStr(p)
	f.next++
	return out
}

// writeString appends the string token s has just returned in the style's
// canonical spelling; a long one is streamed through d. A string spelled
// so already is copied. One whose only flaws in the encoding/json style
// are raw '<', '>', '&', U+2028 or U+2029 is copied with those escaped.
// Any other is decoded (unless the first pass decoded it) into buf, which
// it returns (grown for a long string, to be reused), and escaped again.
func (c *canonicalizer) writeString(out []byte, d *Digest, s *Scanner, buf []byte) ([]byte, []byte) {
	raw := s.data[s.tokStart:s.tokEnd]
	switch {
	case c.st.canonicalString(s.flags):
		return d.AppendSpan(out, raw), buf
	case c.st == styleJSON && s.flags&(StrRareEscape|StrInvalidUTF8) == 0:
		if d == nil {
			out = c.room(out, len(raw))
		}
		out, _ = appendEscapedBody(d, out, raw, modeHTML)
		return out, buf
	}
	text, ok := c.decodedText(s)
	if !ok {
		buf = s.AppendString(buf[:0])
		text = buf
	}
	mode := modeSerde
	if c.st == styleJSON {
		mode = modeJSON
	}
	if d == nil {
		// Room for the body as it is: appendEscaped grows the output
		// further, at the rate it sees, for a body that expands.
		out = c.room(out, len(text)+2)
	}
	out, _ = appendEscapedBody(d, append(out, '"'), text, mode) // decoded text is valid UTF-8
	return append(out, '"'), buf
}

// canonical parses raw as one complete document and appends it in style
// st, passing the output through d. On error dst is returned unchanged.
func canonical(dst []byte, d *Digest, raw []byte, strict bool, maxDepth int, st style) ([]byte, error) {
	c := canonicalizer{st: st}
	start, end, err := c.readDocument(raw, strict, maxDepth)
	if err != nil {
		return dst, err
	}
	return c.emit(dst, d, start, end)
}

// readDocument runs the first pass (read) over raw, which must be one
// complete document, and returns the offsets of its value.
func (c *canonicalizer) readDocument(raw []byte, strict bool, maxDepth int) (start, end int, err error) {
	var s Scanner
	s.Reset(raw, strict, maxDepth)
	k, err := s.Next()
	if err != nil {
		return 0, 0, err
	}
	start = s.tokStart
	if end, err = c.read(&s, k); err != nil {
		return 0, 0, err
	}
	if err := s.Finish(); err != nil {
		return 0, 0, err
	}
	return start, end, nil
}

// emit writes the value read from data[start:end]: the span itself when it
// is already canonical, the span without its white space and with its long
// strings spelled anew when that is all it needs, else the second pass's
// output.
func (c *canonicalizer) emit(dst []byte, d *Digest, start, end int) ([]byte, error) {
	if c.isCanonical() {
		return d.Feed(d.AppendSpan(dst, c.data[start:end])), nil
	}
	c.start, c.end, c.outStart = start, end, len(dst)
	if n := end - start - int(c.dropped); d == nil && cap(dst)-len(dst) < n+n/32 {
		// The canonical form is rarely much longer than the value without
		// its duplicates; 32 bytes more are room for the last token, as
		// the second pass wants it.
		dst = grow(dst, n+n/32+32)
	}
	if c.canon {
		return c.appendUnspaced(dst, d, start, end), nil
	}
	out, err := c.write(dst, d, start)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// AppendCanonicalJSON is the package-level AppendCanonicalJSON, feeding d
// so that a long document is digested through d's window, never held
// whole. With a nil d it is exactly the package-level function.
func (d *Digest) AppendCanonicalJSON(dst, raw []byte) ([]byte, error) {
	return canonical(dst, d, raw, false, MaxDepth, styleJSON)
}
