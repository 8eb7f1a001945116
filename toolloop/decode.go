package toolloop

import (
	"math/bits"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// This file holds the decoder core (§6 of the specification): one strict
// canon.Scanner per call, the object walk shared by every struct and
// internally tagged enum (members in any order, unknown members skipped,
// known members at most once, required members present), the tag lookahead,
// and UnmarshalEvent. The per-type readers live in decode_*.go, and
// decode_dispatch.go maps every destination type to its reader.

// decoder reads one document. It lives on the stack of each exported
// decoding function and never outlives the call: readers are only ever
// called directly (never through function values or interface methods), so
// escape analysis keeps the decoder, the member tables and the structs being
// filled on the stack, and only the decoded strings, slices, Values and the
// final boxing of an event or variant allocate.
type decoder struct {
	s canon.Scanner
	// buf is scratch space for decoded member names, tags and escaped
	// strings; its contents are only valid until the next token is read.
	buf []byte
}

// reset prepares d to read data under serde's rules: strict mode, nesting
// limited to canon.SerdeMaxDepth levels counted from data's outermost value.
func (d *decoder) reset(data []byte) {
	d.s.Reset(data, true, canon.SerdeMaxDepth)
}

// next returns the next token, wrapping a syntax error.
func (d *decoder) next() (canon.Kind, error) {
	k, err := d.s.Next()
	if err != nil {
		return k, decSyntax(err)
	}
	return k, nil
}

// skip consumes the rest of the value whose first token was k (validating
// it, §6.1).
func (d *decoder) skip(k canon.Kind) error {
	if err := d.s.SkipValue(k); err != nil {
		return decSyntax(err)
	}
	return nil
}

// finish checks that only white space follows the top-level value.
func (d *decoder) finish() error {
	if err := d.s.Finish(); err != nil {
		return decSyntax(err)
	}
	return nil
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
	if vk, err = s.Next(); err != nil {
		return name, canon.KindEOF, decSyntax(err)
	}
	return name, vk, nil
}

// text returns the decoded content of the string token s just read: a
// subslice of the input when the token has no escapes, else d.buf. The
// result is only valid until the next token is read and must be copied to
// be kept.
func (d *decoder) text(s *canon.Scanner) []byte {
	if s.Verbatim() {
		raw := s.Raw()
		return raw[1 : len(raw)-1]
	}
	d.buf = s.AppendString(d.buf[:0])
	return d.buf
}

// decMember describes one known member of an object being decoded into a
// struct: its JSON name, where its value goes, and whether it may be absent
// (the D, DS, O and OS markers of §2.2; null is accepted only by pointer
// destinations, so D and DS members reject it).
//
// dst is a pointer to the field, of one of the types decoder.member
// dispatches on.
type decMember struct {
	name     string
	dst      any
	absentOK bool
}

// absentOK marks a member that may be absent (D, DS, O, OS).
const absentOK = true

// decMaxMembers bounds the known members of one object (the widest struct,
// ControlFrame, has 19).
const decMaxMembers = 63

// decTagBit marks the tag member in the set of members seen.
const decTagBit = uint64(1) << decMaxMembers

// object decodes the object whose first token was k into the members listed:
// members in any order, unknown ones skipped (also when repeated), each known
// member (and the tag, when tag is not empty) at most once, and every member
// not marked absentOK present. The tag's value has already been read by
// findTag and is not decoded again.
func (d *decoder) object(k canon.Kind, tag string, members []decMember) error {
	if k != canon.KindObjectBegin {
		return decMismatch(k, "an object")
	}
	var seen uint64
	for {
		name, vk, err := d.nextMember(&d.s)
		if vk == canon.KindObjectEnd {
			break
		}
		i := -1
		if tag != "" && string(name) == tag {
			i = decMaxMembers
		} else {
			for j := range members {
				if string(name) == members[j].name {
					i = j
					break
				}
			}
		}
		switch {
		case err != nil:
			if i >= 0 && i < len(members) {
				return decAt(nameOf(members, i), err)
			}
			return err
		case i < 0:
			err = d.skip(vk)
		case seen&(1<<i) != 0:
			if i == decMaxMembers {
				return decAt(tag, decodeFail("duplicate tag member"))
			}
			return decAt(nameOf(members, i), decodeFail("duplicate member"))
		case i == decMaxMembers:
			seen |= decTagBit
			err = d.skip(vk)
		default:
			seen |= 1 << i
			if err = d.member(members[i].dst, vk); err != nil {
				return decAt(nameOf(members, i), err)
			}
		}
		if err != nil {
			return err
		}
	}
	var required uint64
	for j := range members {
		if !members[j].absentOK {
			required |= 1 << j
		}
	}
	if missing := required &^ seen; missing != 0 {
		return decAt(nameOf(members, bits.TrailingZeros64(missing)), decodeFail("missing member"))
	}
	return nil
}

// nameOf returns a copy of the name of members[i] for an error path. The
// copy keeps escape analysis from concluding that the member table, and so
// every field pointer in it, outlives the call (it does not track the name
// and the destination of a table entry separately).
func nameOf(members []decMember, i int) string {
	return strings.Clone(members[i].name)
}

// findTag returns the decoded value of the first member named tag of the
// object whose first token was k, looking ahead with a copy of the scanner
// so that nothing is consumed: the tag may stand anywhere in the object
// (§6.3). A missing or non-string tag is an error. The result is valid until
// the next token is read.
func (d *decoder) findTag(k canon.Kind, tag string) ([]byte, error) {
	if k != canon.KindObjectBegin {
		return nil, decMismatch(k, "an object")
	}
	ahead := d.s.Clone()
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

// decUnit decodes the object whose first token was k as a unit variant of an
// enum tagged by tag: only the tag is known, other members are ignored
// (§6.3).
func decUnit[T any, I any](d *decoder, k canon.Kind, tag string, v *I, x T) error {
	if err := d.object(k, tag, nil); err != nil {
		return err
	}
	*v = any(x).(I)
	return nil
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

// UnmarshalEvent decodes data as one LoopEvent: a JSON object tagged by its
// "event" member, in direct form, ledger form or any other member order,
// under the reading rules of §6 of the specification (strict syntax,
// nesting at most 127 levels, unknown members ignored, known members at
// most once, defaults for absent D members). It returns the event as a
// value (ConversationSeededEvent, not *ConversationSeededEvent), and so are
// the variants of the enums inside it; an empty array or object decodes as
// a nil slice or map. A failure wraps ErrDecode and names the member path,
// never input text. data is neither modified nor retained.
func UnmarshalEvent(data []byte) (LoopEvent, error) {
	var d decoder
	d.reset(data)
	k, err := d.next()
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
