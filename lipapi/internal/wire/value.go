package wire

import (
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// MaxDepth bounds the nesting of arrays and objects in a request body.
const MaxDepth = 128

// smallObject is the number of member names of one object checked for
// duplicates by comparison; an object with more is checked through a map.
const smallObject = 16

// Value is one JSON value of a body that Check accepted: its kind (the
// kind of its first token) and its bytes, which alias the body.
type Value struct {
	Kind canon.Kind
	Raw  []byte
}

// Field is one member of an object: its decoded name and its value.
type Field struct {
	Name  string
	Value Value
}

// Check reports whether body is one JSON value under the strict reading
// (invalid UTF-8, unpaired surrogate escapes, numbers beyond float64's
// range and a byte order mark are errors), nested at most MaxDepth deep,
// with no object holding two members of the same decoded name. Its error
// names a byte offset, never content. It runs in time linear in len(body).
func Check(body []byte) error {
	var s canon.Scanner
	s.Reset(body, true, MaxDepth)
	var (
		names  []string              // the names of the open objects' members
		starts []int                 // per open container: its first name, or -1 for an array
		sets   []map[string]struct{} // per open container: its names, once it has more than smallObject
		key    []byte
	)
	for {
		k, err := s.Next()
		if err != nil {
			return err
		}
		switch k {
		case canon.KindEOF:
			return nil
		case canon.KindObjectBegin, canon.KindArrayBegin:
			start := -1
			if k == canon.KindObjectBegin {
				start = len(names)
			}
			starts, sets = append(starts, start), append(sets, nil)
		case canon.KindObjectEnd, canon.KindArrayEnd:
			top := len(starts) - 1
			if starts[top] >= 0 {
				names = names[:starts[top]]
			}
			starts, sets = starts[:top], sets[:top]
		case canon.KindString:
			if !s.IsKey() {
				continue
			}
			key = s.AppendString(key[:0])
			top := len(starts) - 1
			if dupName(names[starts[top]:], &sets[top], key) {
				return fmt.Errorf("%w at byte %d", errDuplicate, s.Offset())
			}
			names = append(names, string(key))
		}
	}
}

// dupName reports whether name is among names (the names of one object so
// far), indexing them in *set once there are more than smallObject.
func dupName(names []string, set *map[string]struct{}, name []byte) bool {
	if *set == nil && len(names) < smallObject {
		for _, n := range names {
			if n == string(name) {
				return true
			}
		}
		return false
	}
	if *set == nil {
		*set = make(map[string]struct{}, 2*len(names))
		for _, n := range names {
			(*set)[n] = struct{}{}
		}
	}
	if _, ok := (*set)[string(name)]; ok {
		return true
	}
	(*set)[string(name)] = struct{}{}
	return false
}

// Root returns the top-level value of a body that Check accepted.
func Root(body []byte) Value {
	var s canon.Scanner
	s.Reset(body, true, MaxDepth)
	k, _ := s.Next()
	start := s.Offset()
	_ = s.SkipValue(k)
	return Value{Kind: k, Raw: body[start:s.Pos()]}
}

// IsNull reports whether v is absent (the zero Value) or null.
func (v Value) IsNull() bool { return len(v.Raw) == 0 || v.Kind == canon.KindNull }

// Fields returns the members of object v in order, or false when v is not
// an object.
func (v Value) Fields() ([]Field, bool) {
	if v.Kind != canon.KindObjectBegin {
		return nil, false
	}
	var s canon.Scanner
	v.enter(&s)
	var fields []Field
	var buf [64]byte
	for {
		k, text, _ := s.NextDecoding(buf[:0])
		if k != canon.KindString {
			return fields, true
		}
		name := string(text)
		k, _ = s.Next()
		fields = append(fields, Field{Name: name, Value: v.skip(&s, k)})
	}
}

// Elems returns the elements of array v in order, or false when v is not
// an array. limit bounds the count: past it Elems stops and returns limit+1
// elements, so a caller rejects an oversized array without decoding it.
func (v Value) Elems(limit int) ([]Value, bool) {
	if v.Kind != canon.KindArrayBegin {
		return nil, false
	}
	var s canon.Scanner
	v.enter(&s)
	var elems []Value
	for {
		k, _ := s.Next()
		if k == canon.KindArrayEnd || k == canon.KindEOF {
			return elems, true
		}
		elems = append(elems, v.skip(&s, k))
		if len(elems) > limit {
			return elems, true
		}
	}
}

// enter sets s to read the members or elements of v, past its opening
// bracket.
func (v Value) enter(s *canon.Scanner) {
	s.Reset(v.Raw, true, MaxDepth)
	_, _ = s.Next()
}

// skip returns the value of kind k that s has just read the first token
// of, and moves s past it.
func (v Value) skip(s *canon.Scanner, k canon.Kind) Value {
	start := s.Offset()
	_ = s.SkipValue(k)
	return Value{Kind: k, Raw: v.Raw[start:s.Pos()]}
}

// Str returns the decoded content of string v, or false when v is not a
// string.
func (v Value) Str() (string, bool) {
	if v.Kind != canon.KindString {
		return "", false
	}
	var s canon.Scanner
	s.Reset(v.Raw, true, MaxDepth)
	var buf [64]byte
	_, text, _ := s.NextDecoding(buf[:0])
	return string(text), true
}

// StrBytes is Str returning the decoded bytes, which may alias the body.
func (v Value) StrBytes() ([]byte, bool) {
	if v.Kind != canon.KindString {
		return nil, false
	}
	var s canon.Scanner
	s.Reset(v.Raw, true, MaxDepth)
	_, text, _ := s.NextDecoding(nil)
	return text, true
}
