package toolloop

import (
	"slices"
	"strings"
)

// fields describes the members of one JSON object type for the encoder: a
// single table serves both forms, the direct form walking the members in
// declaration order and the ledger form in bytewise order of their names.
// Tables are built once, at package initialization, and never modified.
//
// A writer walks the members of its form and writes, for the k-th member
// written, the member's key (with the opening brace for k = 0, else after
// a comma), then switches on the member's index to write its value:
//
//	for k, i := range e.order(f) {
//		dst = e.key(dst, f, i, k)
//		switch i { … }
//	}
//	return append(dst, '}')
//
// The tag of an internally tagged type is member 0, written by its key
// alone.
type fields struct {
	names  []string // member names, in declaration order
	keys   []key    // `,"name":` for each member; member 0 of a tagged table with its value
	direct []uint8  // member indexes in declaration order
	sorted []uint8  // member indexes in bytewise order of the names
	root   string   // "event <tag>" for an event table, named in errors
}

// key is a short literal, a member key, kept both as a string and padded
// into a fixed-size array: an array copy is a couple of vector moves where
// appending the string calls memmove, which makes a measurable part of the
// time taken by small events.
type key struct {
	b [32]byte
	n int    // len(s) if s fits in b, else 0
	s string // the literal
}

func newKey(s string) key {
	k := key{s: s}
	if len(s) <= len(k.b) {
		k.n = copy(k.b[:], s)
	}
	return k
}

// appendTo appends k's literal to dst. With 32 bytes of spare capacity it
// copies the whole array and keeps only its first n bytes: the rest of the
// copy lands in dst's spare capacity, which the writers may overwrite (see
// AppendEvent).
func (k *key) appendTo(dst []byte) []byte {
	if n := len(dst); k.n > 0 && cap(dst)-n >= len(k.b) {
		*(*[32]byte)(dst[n : n+len(k.b)]) = k.b
		return dst[:n+k.n]
	}
	return append(dst, k.s...)
}

// newFields returns the table of an object type with the given member
// names, in declaration order. Names are plain ASCII identifiers, written
// without escaping. tag, when not empty, is the value written with member
// 0, the tag of an internally tagged type.
func newFields(tag string, names ...string) *fields {
	f := &fields{names: names}
	for i, n := range names {
		k := `,"` + n + `":`
		if i == 0 && tag != "" {
			k += `"` + tag + `"`
		}
		f.keys = append(f.keys, newKey(k))
		f.direct = append(f.direct, uint8(i))
	}
	f.sorted = slices.Clone(f.direct)
	slices.SortFunc(f.sorted, func(a, b uint8) int { return strings.Compare(names[a], names[b]) })
	return f
}

// newStruct returns the table of a struct with the given members.
func newStruct(names ...string) *fields {
	return newFields("", names...)
}

// newTagged returns the table of an internally tagged variant: member 0 is
// tagKey, always written with the value tag, followed by the variant's
// members.
func newTagged(tagKey, tag string, names ...string) *fields {
	return newFields(tag, append([]string{tagKey}, names...)...)
}

// newEvent returns the table of the event tagged tag: a tagged table whose
// tag key is "event" and whose failures name the event.
func newEvent(tag string, names ...string) *fields {
	f := newTagged("event", tag, names...)
	f.root = "event " + tag
	return f
}

// fail adds member i of f to the path of err (and names the event, for an
// event table) and returns err.
func (f *fields) fail(err *pathError, i uint8) *pathError {
	if f.root != "" {
		err.root = f.root
	}
	return err.in(f.names[i])
}

// order returns the members of f in the order of the form being written.
func (e *encoder) order(f *fields) []uint8 {
	if e.sorted {
		return f.sorted
	}
	return f.direct
}

// key writes the key of member i of f (with its value, for the tag of a
// tagged table) after a comma, or, for the first member written (k = 0),
// opening the object: the comma is overwritten with the brace.
func (e *encoder) key(dst []byte, f *fields, i uint8, k int) []byte {
	n := len(dst)
	dst = f.keys[i].appendTo(dst)
	if k == 0 {
		dst[n] = '{'
	}
	return dst
}

// unit writes an object holding only the tag of the tagged table f.
func (e *encoder) unit(dst []byte, f *fields) []byte {
	return append(e.key(dst, f, 0, 0), '}')
}

// bit returns the bit of member i if cond holds: the omit mask of the
// members written only when set (OS and DS markers).
func bit(cond bool, i uint8) uint32 {
	if cond {
		return 1 << i
	}
	return 0
}

// flat is one member of a flat object (see flatObject): a string, an
// unsigned integer, a boolean or a unit-enum value.
type flat struct {
	s    string // flatString, flatEnum; flatBadEnum: the failure reason
	u    uint64 // flatUint, and flatBool (0 or 1)
	kind uint8
}

// The kinds of flat members.
const (
	flatString uint8 = iota
	flatUint
	flatBool
	flatEnum
	flatBadEnum // an enum value outside its list
)

// mstr, muint, mbool and menum make the flat members of flatObject.
func mstr(s string) flat { return flat{s: s} }

func muint(u uint64) flat { return flat{u: u, kind: flatUint} }

func mbool(b bool) flat {
	if b {
		return flat{u: 1, kind: flatBool}
	}
	return flat{kind: flatBool}
}

func menum[T enumValue](v T) flat {
	if !v.Valid() {
		return flat{s: outsideList(v), kind: flatBadEnum}
	}
	return flat{s: string(v), kind: flatEnum}
}

// flatObject writes an object of f whose members after the tag (or all of
// whose members, untagged) are m, in declaration order: the writer of the
// many types made only of strings, integers, booleans and unit-enum values,
// without a function of their own.
func (e *encoder) flatObject(dst []byte, f *fields, m ...flat) ([]byte, *pathError) {
	base := len(f.names) - len(m) // 1 for a tagged table, else 0
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		if int(i) < base {
			continue
		}
		switch v := &m[int(i)-base]; v.kind {
		case flatString:
			var err *pathError
			if dst, err = e.str(dst, v.s); err != nil {
				return dst, f.fail(err, i)
			}
		case flatUint:
			dst = e.uint(dst, v.u)
		case flatBool:
			dst = e.boolean(dst, v.u != 0)
		case flatEnum:
			dst = append(append(append(dst, '"'), v.s...), '"')
		default:
			return dst, f.fail(encodeFail(v.s), i)
		}
	}
	return append(dst, '}'), nil
}
