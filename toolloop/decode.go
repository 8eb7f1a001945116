package toolloop

import (
	"bytes"
	"math/bits"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// decoder reads one document through one strict canon.Scanner. It lives on
// the stack of each exported decoding function: readers (decode_gen.go) are
// only ever called directly, never through function values or interfaces,
// so the decoder and the structs being filled stay on the stack, and only
// the decoded strings, slices, Values and the boxing of an event or
// variant allocate.
type decoder struct {
	s       canon.Scanner
	data    []byte // the document s reads
	escaped bool   // whether data holds a backslash (so strings to decode)
	// str is the decoded content of the last string value token next or
	// nextMember read from s, decoded as it was scanned, and strAt that
	// token's offset (-1 before any): the token is s's last one while
	// s.Offset() is strAt. str aliases the document or strBuf.
	str    []byte
	strAt  int
	strBuf []byte
	// buf is scratch space for decoding any other string token (member
	// names, tags); its contents are only valid until the next token is
	// read.
	buf []byte
	// tagConsumed: findTag has read the tag member of the object being
	// decoded with s itself (see tagRead).
	tagConsumed bool
}

// start prepares d to read data under serde's rules (strict mode, nesting
// limited to canon.SerdeMaxDepth levels counted from data's outermost
// value) and returns its first token.
func (d *decoder) start(data []byte) (canon.Kind, error) {
	d.s.Reset(data, true, canon.SerdeMaxDepth)
	d.data, d.strAt = data, -1
	d.escaped = bytes.IndexByte(data, '\\') >= 0
	return d.next()
}

// next returns the next token, wrapping a syntax error. A string token is
// decoded as it is scanned (see text).
func (d *decoder) next() (canon.Kind, error) {
	if d.escaped && cap(d.strBuf) < len(d.data)-d.s.Pos()-presizeMin {
		d.presize()
	}
	k, str, err := d.s.NextDecoding(d.strBuf[:0])
	if k == canon.KindString && err == nil {
		if !d.s.Verbatim() {
			d.strBuf = str // the buffer, perhaps grown
		}
		d.str, d.strAt = str, d.s.Offset()
	}
	return k, decSyntax(err)
}

// presize makes room in strBuf to decode the next token, before it is
// scanned, when it is a string with an escape: the size of its body when
// its first quote closes it, else the rest of the document. Decoding
// never lengthens a string, so the string is decoded in a buffer
// allocated once instead of one grown step by step (which allocates five
// times a long string's size); strBuf takes at most twice the document.
func (d *decoder) presize() {
	i := d.s.Pos()
	for i < len(d.data) && (d.data[i] <= ' ' || d.data[i] == ',' || d.data[i] == ':') {
		i++ // white space and separators (anything else the Scanner rejects)
	}
	if i == len(d.data) || d.data[i] != '"' {
		return
	}
	body := d.data[i+1:]
	switch q := bytes.IndexByte(body, '"'); {
	case q <= 0:
	case body[q-1] == '\\':
		d.strBuf = make([]byte, 0, len(body))
	case q > cap(d.strBuf)+presizeMin && bytes.IndexByte(body[:q], '\\') >= 0:
		d.strBuf = make([]byte, 0, q)
	}
}

// presizeMin is how many bytes more than strBuf holds a string (or the
// rest of the document) must span to be presized: one that short grows
// in a few small steps, cheaper than looking ahead for it.
const presizeMin = 192

// skip consumes the rest of the value whose first token was k, validating
// it under the same syntax rules as the rest of the input.
func (d *decoder) skip(k canon.Kind) error {
	return decSyntax(d.s.SkipValue(k))
}

// finish checks that only white space follows the top-level value.
func (d *decoder) finish() error {
	return decSyntax(d.s.Finish())
}

// nextMember reads the next member of the object s is reading: its decoded
// name (see text) and the first token of its value. At the end of the
// object it returns the kind canon.KindObjectEnd, which no value starts
// with. On a syntax error in the value's first token the name is still
// returned.
func (d *decoder) nextMember(s *canon.Scanner) (name []byte, vk canon.Kind, err error) {
	k, err := s.Next()
	if err != nil {
		return nil, canon.KindEOF, decSyntax(err)
	}
	if k == canon.KindObjectEnd {
		return nil, k, nil
	}
	name = d.text(s)
	if s == &d.s {
		vk, err = d.next()
		return name, vk, err
	}
	if vk, err = s.Next(); err != nil {
		return name, canon.KindEOF, decSyntax(err)
	}
	return name, vk, nil
}

// text returns the decoded content of the string token s just read: a
// subslice of the input when the token has no escapes, else one of the
// decoder's buffers (str, when next decoded it while scanning it; else
// buf). The result is only valid until the next token is read and must be
// copied to be kept.
func (d *decoder) text(s *canon.Scanner) []byte {
	if s == &d.s && s.Offset() == d.strAt {
		return d.str
	}
	raw := s.Raw()
	if s.Verbatim() {
		return raw[1 : len(raw)-1]
	}
	if cap(d.buf) < len(raw) {
		// Decoding never lengthens a string: one allocation, not growth.
		d.buf = make([]byte, 0, len(raw))
	}
	d.buf = s.AppendString(d.buf[:0])
	return d.buf
}

// eventTag is the member holding a LoopEvent's tag.
const eventTag = "event"

// decTagBit marks the tag member in the set of the members of an object
// seen so far, whose other bits are the members' positions (0 to 62: the
// generator allows a type at most 63 members).
const decTagBit = uint64(1) << 63

// The generated readers walk an object member by member (nextMember) and
// switch on the name, calling these helpers: known for a member of the
// type, tag for the tag of an internally tagged type, unknown for any
// other name, then missing when a required member is absent.

// known marks the member of bit as seen and returns err, the error reading
// its name and first token, or a failure if the member was seen before.
func known(seen *uint64, bit uint64, err error) error {
	switch {
	case err != nil:
		return err
	case *seen&bit != 0:
		return decodeFail(decDuplicate)
	}
	*seen |= bit
	return nil
}

// tag skips an occurrence of the tag member name, whose value findTag has
// already read; a second occurrence fails.
func (d *decoder) tag(seen *uint64, vk canon.Kind, err error, name string) error {
	switch {
	case err != nil:
		return err
	case *seen&decTagBit != 0:
		return decAt(name, decodeFail("duplicate tag member"))
	}
	*seen |= decTagBit
	return d.skip(vk)
}

// unknown skips (validating) the value of a member the type does not
// know, also when it is repeated.
func (d *decoder) unknown(vk canon.Kind, err error) error {
	if err != nil {
		return err
	}
	return d.skip(vk)
}

// missing returns the failure naming the first required member absent:
// the lowest bit set in required but not in seen, whose name is in names.
func missing(seen, required uint64, names []string) error {
	return decAt(names[bits.TrailingZeros64(required&^seen)], decodeFail(decMissingMem))
}

// findTag returns the decoded value of the first member named tag of the
// object whose first token was k. A tag leading the object, as serde
// writes it, is consumed: the object's reader learns it from tagRead.
// Otherwise nothing is consumed: the tag may stand anywhere in the
// object, and findTag looks ahead for it with a copy of the scanner. A
// missing or non-string tag is an error. The result is valid until the
// next token is read.
func (d *decoder) findTag(k canon.Kind, tag string) ([]byte, error) {
	if k != canon.KindObjectBegin {
		return nil, decMismatch(k, "an object")
	}
	ahead := d.s.Clone()
	if name, vk, err := d.nextMember(&d.s); err == nil && vk == canon.KindString && string(name) == tag {
		d.tagConsumed = true
		return d.text(&d.s), nil
	}
	d.s, d.strAt = ahead.Clone(), -1
	for {
		name, vk, err := d.nextMember(&ahead)
		switch {
		case err != nil:
			return nil, err
		case vk == canon.KindObjectEnd:
			return nil, decAt(tag, decodeFail("missing tag member"))
		case string(name) != tag:
			if err := ahead.SkipValue(vk); err != nil {
				return nil, decSyntax(err)
			}
		case vk != canon.KindString:
			return nil, decAt(tag, decMismatch(vk, "a string tag"))
		default:
			return d.text(&ahead), nil
		}
	}
}

// tagRead returns the members of an internally tagged object seen before
// its reader starts: the tag (decTagBit) when findTag has consumed it,
// else none.
func (d *decoder) tagRead() uint64 {
	if d.tagConsumed {
		d.tagConsumed = false
		return decTagBit
	}
	return 0
}

// setVariant stores the variant *x in *v, an interface T implements, unless
// err (the outcome of reading *x) is not nil. x is a pointer so that a call
// such as setVariant(v, &x, read(&x)) reads x after it has been filled.
func setVariant[T any, I any](v *I, x *T, err error) error {
	if err != nil {
		return err
	}
	*v = any(*x).(I)
	return nil
}

// result returns the event *ev, or err if it is not nil (see setVariant).
func result[E LoopEvent](ev *E, err error) (LoopEvent, error) {
	if err != nil {
		return nil, err
	}
	return *ev, nil
}

// external reads the shape of an externally tagged enum value whose first
// token is k: a bare string is a unit variant (unit is true and name is the
// string); an object must have a first member, whose name is returned, and
// the scanner is left before that member's value, which the caller reads
// before calling externalEnd. The name is valid until the next token is
// read.
func (d *decoder) external(k canon.Kind) (name []byte, unit bool, err error) {
	switch k {
	case canon.KindString:
		return d.text(&d.s), true, nil
	case canon.KindObjectBegin:
		k, err := d.next()
		if err != nil {
			return nil, false, err
		}
		if k == canon.KindObjectEnd {
			return nil, false, decodeFail("expected one member naming the variant, found none")
		}
		return d.text(&d.s), false, nil
	}
	return nil, false, decMismatch(k, "a string or a one-member object")
}

// externalEnd checks that the one member of an externally tagged variant's
// object, just read, is its last.
func (d *decoder) externalEnd() error {
	k, err := d.next()
	if err != nil {
		return err
	}
	if k != canon.KindObjectEnd {
		return decodeFail("expected one member naming the variant, found more")
	}
	return nil
}

// UnmarshalEvent decodes data as one LoopEvent: a JSON object tagged by its
// "event" member, in direct form, ledger form or any other member order,
// under the reading rules of the package documentation (strict syntax,
// nesting at most 127 levels, unknown members ignored, known members at
// most once, defaults for absent defaulted members). It returns the event as
// a value (ConversationSeededEvent, not *ConversationSeededEvent), and so
// are the variants of the enums inside it; an empty array or object decodes
// as a nil slice or map. A failure wraps ErrDecode and names the member
// path, never input text. data is neither modified nor retained.
func UnmarshalEvent(data []byte) (LoopEvent, error) {
	var d decoder
	k, err := d.start(data)
	if err != nil {
		return nil, err
	}
	ev, err := d.event(k)
	if err != nil {
		return nil, err
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return ev, nil
}
