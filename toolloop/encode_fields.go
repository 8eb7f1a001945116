package toolloop

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// fields describes the members of one JSON object type for the encoder: a
// single table serves both forms, the direct form walking the members in
// declaration order and the ledger form in bytewise order of their names.
// Tables are built once, at package initialization, and never modified.
type fields struct {
	names  []string   // member names, in declaration order
	keys   []string   // `,"name":` for each member; member 0 of a tagged table with its value
	firsts []string   // the same as the object's first member: `{"name":`
	kblk   []keyBlock // keys as fixed-size blocks
	fblk   []keyBlock // firsts as fixed-size blocks
	direct []uint8    // member indexes in declaration order
	sorted []uint8    // member indexes in bytewise order of the names
	root   string     // "event <tag>" for an event table, named in errors
}

// newFields returns the table of an object type with the given member
// names, in declaration order. Names are plain ASCII identifiers, written
// without escaping.
func newFields(names ...string) *fields {
	f := &fields{names: names}
	for i, n := range names {
		f.keys = append(f.keys, `,"`+n+`":`)
		f.firsts = append(f.firsts, `{"`+n+`":`)
		f.direct = append(f.direct, uint8(i))
	}
	f.sorted = slices.Clone(f.direct)
	slices.SortFunc(f.sorted, func(a, b uint8) int { return strings.Compare(names[a], names[b]) })
	f.blocks()
	return f
}

// blocks computes kblk and fblk from keys and firsts.
func (f *fields) blocks() {
	f.kblk, f.fblk = f.kblk[:0], f.fblk[:0]
	for i := range f.keys {
		f.kblk = append(f.kblk, newKeyBlock(f.keys[i]))
		f.fblk = append(f.fblk, newKeyBlock(f.firsts[i]))
	}
}

// keyBlock is a short literal (a member key) padded to a fixed size, so
// that it can be written with one fixed-size copy instead of a call to
// memmove; n is its length, or 0 if it does not fit.
type keyBlock struct {
	b [32]byte
	n int
	s string
}

func newKeyBlock(s string) keyBlock {
	k := keyBlock{s: s}
	if len(s) <= len(k.b) {
		k.n = copy(k.b[:], s)
	}
	return k
}

// newTagged returns the table of an internally tagged variant: member 0 is
// tagKey, always written with the value tag, followed by the variant's
// members.
func newTagged(tagKey, tag string, names ...string) *fields {
	f := newFields(append([]string{tagKey}, names...)...)
	f.keys[0] += `"` + tag + `"`
	f.firsts[0] += `"` + tag + `"`
	f.blocks()
	return f
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

// pathError is an encoding failure on its way up the value being written:
// reason says what is wrong, segs collects the member names and indexes from
// the failing member outwards. It only becomes an error (wrapping ErrEncode)
// at the API boundary, so the successful path builds nothing.
type pathError struct {
	reason string
	segs   []string // innermost first; indexes as "[i]"
	root   string   // what was written, e.g. "event effect_denied", or ""
}

// failure returns a new pathError with the given reason.
func failure(reason string) *pathError {
	return &pathError{reason: reason}
}

// in adds the member name to the path and returns p.
func (p *pathError) in(name string) *pathError {
	p.segs = append(p.segs, name)
	return p
}

// at adds the array index to the path and returns p.
func (p *pathError) at(i int) *pathError {
	p.segs = append(p.segs, "["+strconv.Itoa(i)+"]")
	return p
}

// path returns the member path, outermost first, such as
// proposal.command.args[2].
func (p *pathError) path() string {
	var b strings.Builder
	for i := len(p.segs) - 1; i >= 0; i-- {
		s := p.segs[i]
		if b.Len() > 0 && s[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// named sets the root of p (when p is not nil) to name and returns p.
func (p *pathError) named(name string) *pathError {
	if p != nil {
		p.root = name
	}
	return p
}

// err returns the error to report, wrapping ErrEncode.
func (p *pathError) err() error {
	msg := p.reason
	if path := p.path(); path != "" {
		msg = path + ": " + msg
	}
	if p.root != "" {
		msg = p.root + ": " + msg
	}
	return fmt.Errorf("%w: %s", ErrEncode, msg)
}

// bit returns the bit of member i if cond holds: the omit mask of the
// members written only when set (OS and DS markers).
func bit(cond bool, i uint8) uint32 {
	if cond {
		return 1 << i
	}
	return 0
}
