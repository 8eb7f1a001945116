package canon

import (
	"slices"
	"strconv"
)

// MaxDepth is encoding/json's nesting limit: a document nested more than
// MaxDepth arrays and objects deep is rejected, MaxDepth itself is accepted.
const MaxDepth = 10000

// SerdeMaxDepth is serde_json's recursion limit expressed as a nesting
// depth: 127 levels of arrays and objects are accepted, 128 are not.
const SerdeMaxDepth = 127

// Kind is the kind of a JSON token returned by Scanner.Next.
type Kind uint8

// The token kinds. KindEOF is returned once the top-level value has been
// read and only white space follows it.
const (
	KindEOF Kind = iota
	KindObjectBegin
	KindObjectEnd
	KindArrayBegin
	KindArrayEnd
	KindString
	KindNumber
	KindTrue
	KindFalse
	KindNull
)

// String flags describe a string token, so that writers can copy a string
// verbatim when nothing in it needs rewriting.
const (
	// StrEscaped: the string contains at least one backslash escape.
	StrEscaped uint8 = 1 << iota
	// StrInvalidUTF8: the string holds bytes that are not valid UTF-8
	// (only possible in lax mode; strict mode rejects them).
	StrInvalidUTF8
	// StrHTML: the string contains '<', '>' or '&' (reported in lax mode
	// only: only the encoding/json style rewrites them).
	StrHTML
	// StrLineSep: the string contains U+2028 or U+2029 (lax mode only).
	StrLineSep
	// StrRareEscape: the string contains an escape that may not be the
	// canonical spelling of what it stands for: \/, or a \u escape other
	// than \u00xx (lowercase) of a control character without a short
	// form and than those StrHTMLEscape reports. The short forms (\" \\
	// \b \f \n \r \t) and those \u00xx escapes are canonical in both
	// escaping styles of this package.
	StrRareEscape
	// StrHTMLEscape: the string contains \u003c, \u003e, \u0026, \u2028
	// or \u2029, spelled so: the escapes encoding/json writes for '<', '>',
	// '&', U+2028 and U+2029, canonical in its style only.
	StrHTMLEscape
)

// Number flags describe the literal of a number token.
const (
	// NumNeg: the literal starts with '-'.
	NumNeg uint8 = 1 << iota
	// NumFrac: the literal has a fraction part.
	NumFrac
	// NumExp: the literal has an exponent part.
	NumExp
)

// scanner states: what the grammar expects next.
const (
	stValue      uint8 = iota // a value (top level, after ':' or after ',' in an array)
	stValueOrEnd              // after '[': a value or ']'
	stKeyOrEnd                // after '{': a key or '}'
	stKey                     // after ',' in an object: a key
	stCommaOrEnd              // after a value inside a container
	stDone                    // the top-level value is complete
)

// Scanner is the module's one JSON tokenizer: a pull scanner over an
// in-memory document that validates the whole RFC 8259 grammar as it goes.
// It never recurses, so hostile nesting costs one bit of state per level and
// is cut off at the configured depth.
//
// Two modes share the grammar. Lax mode accepts exactly what encoding/json
// accepts: invalid UTF-8 inside strings and escapes of unpaired surrogates
// are allowed (decoding turns them into U+FFFD). Strict mode is serde_json's
// reading: invalid UTF-8, unpaired surrogate escapes and number literals that
// overflow a float64 are errors, and a UTF-8 byte order mark is rejected like
// any other stray byte.
//
// The zero Scanner is not ready for use; call Reset first. A Scanner holds
// no reference to anything but the document it was reset with. Clone
// returns a copy that scans ahead independently, which lets a decoder look
// for a member anywhere in an object before decoding the object. A plain
// assignment (s2 := *s) shares the record of containers nested deeper than
// InlineDepth levels, so it is independent only in documents no deeper
// than that; use Clone.
type Scanner struct {
	data     []byte
	pos      int
	maxDepth int
	depth    int
	strict   bool
	state    uint8
	stack    bitStack

	// Details of the last token.
	tokStart, tokEnd int
	flags            uint8
	isKey            bool

	// known is a string value read before, which the Scanner takes
	// without scanning it again (see scanValueString).
	known longString
}

// longString is a string token read before: its offsets and flags, and
// where the canonicalizer's first pass decoded it, if it did (textAt).
type longString struct {
	start, end uint32
	flags      uint8
	text       textAt
}

// Reset prepares s to scan data. strict selects serde_json's reading rules
// (see Scanner); maxDepth bounds nesting (MaxDepth or SerdeMaxDepth, or any
// positive value).
func (s *Scanner) Reset(data []byte, strict bool, maxDepth int) {
	*s = Scanner{data: data, maxDepth: maxDepth, strict: strict}
}

// Depth returns the number of arrays and objects open after the last token.
func (s *Scanner) Depth() int { return s.depth }

// Raw returns the bytes of the last token: a string with its quotes, a
// number literal, a literal name, or the single bracket of a begin or end
// token. The slice aliases the scanned document.
func (s *Scanner) Raw() []byte { return s.data[s.tokStart:s.tokEnd] }

// Offset returns the byte offset of the last token's first byte.
func (s *Scanner) Offset() int { return s.tokStart }

// Pos returns the byte offset just past the last token.
func (s *Scanner) Pos() int { return s.tokEnd }

// IsKey reports whether the last token is a string used as an object
// member name. The ':' after a key has already been consumed.
func (s *Scanner) IsKey() bool { return s.isKey }

// Flags returns the string flags (Str*) of a string token or the number
// flags (Num*) of a number token.
func (s *Scanner) Flags() uint8 { return s.flags }

// Verbatim reports whether the last string token, quotes included, is
// already its own canonical spelling in both escaping styles of this
// package except for the HTML and line-separator rewrites of the
// encoding/json style: it has no escapes and is valid UTF-8.
func (s *Scanner) Verbatim() bool { return s.flags&(StrEscaped|StrInvalidUTF8) == 0 }

// AppendString appends the decoded content of the last string token to dst.
// In lax mode invalid UTF-8 and unpaired surrogates decode to U+FFFD
// exactly as encoding/json does; in strict mode the token is known valid.
func (s *Scanner) AppendString(dst []byte) []byte {
	if s.Verbatim() {
		return append(dst, s.data[s.tokStart+1:s.tokEnd-1]...)
	}
	// The token is valid: scanning it again, decoding, cannot fail. The
	// document is cut at its end, so that the decoding makes room for
	// the token at most.
	t := Scanner{data: s.data[:s.tokEnd], strict: s.strict}
	_, dst, _ = t.scanString(s.tokStart, dst, decodeAll)
	return dst
}

// Next returns the next token. After the top-level value it returns KindEOF
// if only white space remains, and an error wrapping ErrSyntax otherwise.
// Errors name a byte offset, never document content.
func (s *Scanner) Next() (Kind, error) {
	k, _, err := s.next(nil, scanOnly)
	return k, err
}

// NextDecoding is Next that, for a string token, also returns its decoded
// content, as AppendString decodes it: the body of the token within the
// document (not to be modified) when it has no escapes and is valid UTF-8,
// else dst with the decoded content appended. The string is decoded while
// it is scanned, in one pass. For any other token text is nil. Decoding
// may overwrite the bytes of dst's spare capacity beyond the content it
// appends.
func (s *Scanner) NextDecoding(dst []byte) (k Kind, text []byte, err error) {
	if k, text, err = s.next(dst, decodeAll); k != KindString || err != nil {
		return k, nil, err
	}
	if s.Verbatim() {
		return k, s.data[s.tokStart+1 : s.tokEnd-1], nil
	}
	return k, text, nil
}

// next is Next; with decode a string token with escapes (or invalid
// UTF-8) is decoded as it is scanned (see decoding), appended to dec (see
// scanString), which it returns; any other token returns nil. The decoded string is a
// result rather than a store through a pointer so that dec may be a
// caller's stack buffer.
func (s *Scanner) next(dec []byte, decode decoding) (Kind, []byte, error) {
	s.isKey = false
	s.flags = 0
	p := s.skipSpace(s.pos)
	if p >= len(s.data) || s.state == stDone {
		return noText(s.atEnd(p))
	}
	c := s.data[p]
	switch s.state {
	case stCommaOrEnd:
		if c != ',' {
			return noText(s.end(p))
		}
		if p = s.skipSpace(p + 1); p >= len(s.data) {
			return noText(s.fail(p, "unexpected end of input"))
		}
		if s.stack.top(s.depth) {
			return s.key(p, dec, decode)
		}
		c, s.state = s.data[p], stValue
	case stValueOrEnd:
		if c == ']' {
			return noText(s.end(p))
		}
	case stKeyOrEnd:
		if c == '}' {
			return noText(s.end(p))
		}
		return s.key(p, dec, decode)
	case stKey:
		return s.key(p, dec, decode)
	}
	return s.value(p, c, dec, decode)
}

// atEnd returns KindEOF at the end of the input after the top-level value,
// and an error for anything else at p: data after that value, or the end
// of the input before it.
func (s *Scanner) atEnd(p int) (Kind, error) {
	switch {
	case s.state != stDone:
		return s.fail(p, "unexpected end of input")
	case p != len(s.data):
		return s.fail(p, "trailing data after the top-level value")
	}
	s.pos, s.tokStart, s.tokEnd = p, p, p
	return KindEOF, nil
}

// key scans the object key at p and the ':' after it.
func (s *Scanner) key(p int, dec []byte, decode decoding) (Kind, []byte, error) {
	if s.data[p] != '"' {
		return noText(s.fail(p, "expected a string object key"))
	}
	if decode >= decodeLong {
		decode = scanOnly // for string values only
	}
	end, dec, err := s.scanString(p, dec, decode)
	if err != nil {
		return KindEOF, nil, err
	}
	s.tokStart, s.tokEnd, s.isKey = p, end, true
	q := s.skipSpace(end)
	if q >= len(s.data) || s.data[q] != ':' {
		return noText(s.fail(q, "expected ':' after an object key"))
	}
	s.pos = q + 1
	s.state = stValue
	return KindString, dec, nil
}

// value scans the value token at p, which starts with c.
func (s *Scanner) value(p int, c byte, dec []byte, decode decoding) (Kind, []byte, error) {
	switch {
	case c == '{' || c == '[':
		return noText(s.open(p, c))
	case c == '"':
		end, dec, err := s.scanValueString(p, dec, decode)
		if err != nil {
			return KindEOF, nil, err
		}
		s.afterValue(p, end)
		return KindString, dec, nil
	case c == '-' || (c >= '0' && c <= '9'):
		end, err := s.scanNumber(p)
		if err != nil {
			return KindEOF, nil, err
		}
		s.afterValue(p, end)
		return KindNumber, nil, nil
	case c == 't':
		return noText(s.literal(p, "true", KindTrue))
	case c == 'f':
		return noText(s.literal(p, "false", KindFalse))
	case c == 'n':
		return noText(s.literal(p, "null", KindNull))
	}
	return noText(s.fail(p, "invalid character looking for a value"))
}

// open opens the object or array whose bracket c is at p.
func (s *Scanner) open(p int, c byte) (Kind, error) {
	if s.depth >= s.maxDepth {
		return s.failDepth(p)
	}
	if s.depth >= InlineDepth && s.stack.hi == nil {
		// Allocated once, never appended to: an append would make escape
		// analysis treat the whole Scanner, and so the document, as
		// escaping.
		s.stack.hi = make([]uint64, (s.maxDepth-InlineDepth)/64+1)
	}
	s.stack.set(s.depth, c == '{')
	s.depth++
	s.tokStart, s.tokEnd, s.pos = p, p+1, p+1
	if c == '{' {
		s.state = stKeyOrEnd
		return KindObjectBegin, nil
	}
	s.state = stValueOrEnd
	return KindArrayBegin, nil
}

// scanValueString is scanString of a string value, except that the string
// s.known, read before, is taken as it was then, without decoding.
func (s *Scanner) scanValueString(p int, dec []byte, decode decoding) (int, []byte, error) {
	if k := s.known; k.end != 0 && uint32(p) == k.start && decode == scanOnly {
		s.flags = k.flags
		return int(k.end), dec, nil
	}
	return s.scanString(p, dec, decode)
}

// noText is a token of next without decoded text.
func noText(k Kind, err error) (Kind, []byte, error) { return k, nil, err }

// SkipValue consumes the rest of the value whose first token was k: for a
// begin token everything up to and including the matching end token, for
// any other token nothing. The skipped bytes are validated like any others.
func (s *Scanner) SkipValue(k Kind) error {
	if k != KindObjectBegin && k != KindArrayBegin {
		return nil
	}
	target := s.depth - 1
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		if (k == KindObjectEnd || k == KindArrayEnd) && s.depth == target {
			return nil
		}
	}
}

// Finish checks that only white space follows the top-level value, which
// must have been read completely.
func (s *Scanner) Finish() error {
	if s.state != stDone {
		return s.errAt(s.pos, "unexpected end of input")
	}
	_, err := s.Next() // KindEOF or an error, after the top-level value
	return err
}

// CheckJSON reports whether data is exactly one JSON value, optionally
// surrounded by JSON white space, as encoding/json accepts it, nested at
// most maxDepth levels of arrays and objects. It returns nil or an error
// wrapping ErrSyntax (ErrDepth for excessive nesting).
// CheckJSON(b, MaxDepth) == nil exactly when json.Valid(b).
func CheckJSON(data []byte, maxDepth int) error {
	var s Scanner
	s.Reset(data, false, maxDepth)
	return s.drain()
}

func (s *Scanner) drain() error {
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		if k == KindEOF {
			return nil
		}
	}
}

func (s *Scanner) end(p int) (Kind, error) {
	obj := s.stack.top(s.depth)
	switch c := s.data[p]; {
	case c == '}' && obj:
	case c == ']' && !obj:
	case obj:
		return s.fail(p, "expected ',' or '}' after an object member")
	default:
		return s.fail(p, "expected ',' or ']' after an array element")
	}
	s.leave(p + 1)
	if obj {
		return KindObjectEnd, nil
	}
	return KindArrayEnd, nil
}

// jumpToKey moves s, inside an object, to the key token at p: the next
// token returned is that key.
func (s *Scanner) jumpToKey(p int) {
	s.pos, s.state = p, stKey
}

// leave moves s, inside an object, past that object's end at end (just
// past its '}'), as if it had returned the end token.
func (s *Scanner) leave(end int) {
	s.depth--
	s.afterValue(end-1, end)
}

// afterValue ends the token data[p:end], which completes a value.
func (s *Scanner) afterValue(p, end int) {
	s.tokStart, s.tokEnd, s.pos = p, end, end
	if s.depth == 0 {
		s.state = stDone
	} else {
		s.state = stCommaOrEnd
	}
}

func (s *Scanner) literal(p int, name string, k Kind) (Kind, error) {
	if len(s.data)-p < len(name) || string(s.data[p:p+len(name)]) != name {
		return s.fail(p, "invalid literal")
	}
	s.afterValue(p, p+len(name))
	return k, nil
}

// skipSpace returns the offset of the first byte from p that is not JSON
// white space (every byte above ' ' is not).
func (s *Scanner) skipSpace(p int) int {
	for p < len(s.data) && s.data[p] <= ' ' {
		switch s.data[p] {
		case ' ', '\t', '\n', '\r':
			p++
		default:
			return p
		}
	}
	return p
}

// scanNumber validates the number literal starting at p and returns its end.
func (s *Scanner) scanNumber(p int) (int, error) {
	d := s.data
	start := p
	var flags uint8
	if d[p] == '-' {
		flags |= NumNeg
		p++
	}
	intStart := p
	switch {
	case p < len(d) && d[p] == '0':
		p++
	case p < len(d) && d[p] >= '1' && d[p] <= '9':
		p = digitsEnd(d, p+1)
	default:
		return 0, s.errAt(p, "invalid number literal")
	}
	intDigits := p - intStart
	if p < len(d) && d[p] == '.' {
		flags |= NumFrac
		if p = digitsEnd(d, p+1); d[p-1] == '.' {
			return 0, s.errAt(p, "invalid number literal: missing fraction digits")
		}
	}
	expDigits := 0
	if p < len(d) && (d[p] == 'e' || d[p] == 'E') {
		flags |= NumExp
		var err error
		if p, expDigits, err = s.scanExponent(p); err != nil {
			return 0, err
		}
	}
	s.flags = flags
	// A literal of at most 209 integer digits and at most two exponent
	// digits is below 10^(209+99), short of float64's largest (1.8e308):
	// only another can overflow, which parsing it settles.
	if s.strict && (intDigits > 209 || expDigits > 2) {
		if _, err := strconv.ParseFloat(string(d[start:p]), 64); err != nil {
			return 0, s.errAt(start, "number out of range of a float64")
		}
	}
	return p, nil
}

// scanExponent validates the exponent at d[p] ('e' or 'E') and returns
// its end and its number of digits.
func (s *Scanner) scanExponent(p int) (int, int, error) {
	d := s.data
	p++
	if p < len(d) && (d[p] == '+' || d[p] == '-') {
		p++
	}
	q := p
	if p = digitsEnd(d, p); p == q {
		return 0, 0, s.errAt(p, "invalid number literal: missing exponent digits")
	}
	return p, p - q, nil
}

// digitsEnd returns the end of the run of ASCII digits in d from p.
func digitsEnd(d []byte, p int) int {
	for p < len(d) && d[p]-'0' < 10 {
		p++
	}
	return p
}

// Clone returns a copy of s that scans independently: advancing either
// never changes what the other returns. It allocates only when s has opened
// containers deeper than InlineDepth levels.
func (s *Scanner) Clone() Scanner {
	c := *s
	if s.stack.hi != nil {
		c.stack.hi = slices.Clone(s.stack.hi)
	}
	return c
}

// InlineDepth is the nesting depth a Scanner records without heap memory:
// more than serde_json's limit (SerdeMaxDepth), so a strict Scanner never
// allocates and its copies never share state.
const InlineDepth = 128

// bitStack records, for each open container, whether it is an object.
// Depths below InlineDepth live in lo; deeper levels use hi, which the
// Scanner allocates once for its whole depth limit.
type bitStack struct {
	lo [InlineDepth / 64]uint64
	hi []uint64
}

func (b *bitStack) set(depth int, obj bool) {
	var bit uint64
	if obj {
		bit = 1
	}
	d := uint(depth)
	w, sh := d/64, d%64
	if d < InlineDepth {
		b.lo[w] = b.lo[w]&^(1<<sh) | bit<<sh
		return
	}
	w -= InlineDepth / 64
	b.hi[w] = b.hi[w]&^(1<<sh) | bit<<sh
}

// top reports whether the innermost of depth (at least one) open
// containers is an object.
func (b *bitStack) top(depth int) bool {
	d := uint(depth - 1)
	w, sh := d/64, d%64
	if d < InlineDepth {
		return b.lo[w]>>sh&1 == 1
	}
	return b.hi[w-InlineDepth/64]>>sh&1 == 1
}
