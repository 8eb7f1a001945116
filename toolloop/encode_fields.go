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
	names  []string // member names, in declaration order
	keys   []string // `,"name":` for each member
	direct []uint8  // member indexes in declaration order
	sorted []uint8  // member indexes in bytewise order of the names
	tag    string   // `"value"` of member 0 in a tagged table, else ""
	root   string   // "event <tag>" for an event table, named in errors
}

// newFields returns the table of an object type with the given member
// names, in declaration order. Names are plain ASCII identifiers, written
// without escaping.
func newFields(names ...string) *fields {
	f := &fields{names: names}
	for i, n := range names {
		f.keys = append(f.keys, `,"`+n+`":`)
		f.direct = append(f.direct, uint8(i))
	}
	f.sorted = slices.Clone(f.direct)
	slices.SortFunc(f.sorted, func(a, b uint8) int { return strings.Compare(names[a], names[b]) })
	return f
}

// newTagged returns the table of an internally tagged variant: member 0 is
// tagKey, always written with the value tag, followed by the variant's
// members.
func newTagged(tagKey, tag string, names ...string) *fields {
	f := newFields(append([]string{tagKey}, names...)...)
	f.tag = `"` + tag + `"`
	return f
}

// newEvent returns the table of the event tagged tag: a tagged table whose
// tag key is "event" and whose failures name the event.
func newEvent(tag string, names ...string) *fields {
	f := newTagged("event", tag, names...)
	f.root = "event " + tag
	return f
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
