package canon

import "bytes"

// spanDepth is the nesting, counting the value's own container, that
// spanCheck follows; a deeper value is left to the general pass.
const spanDepth = 32

// spanCheck follows a container value spelled in serde_json's canonical
// form: compact, names strictly increasing and without escapes, strings
// and numbers spelled as AppendSerdeValue writes them. Its steps return
// the offset where the value goes on, or -1 where it is not canonical.
type spanCheck struct {
	s     *Scanner          // scans the strings and numbers; its state is left alone
	d     []byte            // the Scanner's document
	base  int               // the Scanner's depth inside the value's own container
	depth int               // open containers of the value beyond its own
	objs  uint64            // bit i: open container i (0: the value's own) is an object
	names [spanDepth]member // the last name of open object i (n == 0: none yet)
}

// skipCanonical consumes from s the rest of the container value whose
// first token k s has just returned, when the value is spelled in
// serde_json's canonical form (see spanCheck), and returns the offset
// just past it and true; s is then left as if it had returned the value's
// last token.
// Otherwise it returns false and s has not moved: the value is not
// canonical, or is malformed, nested too deeply, has a name with escapes
// or is in a document too large for the canonicalizer, which the general
// pass sorts out.
func skipCanonical(s *Scanner, k Kind) (int, bool) {
	if k != KindObjectBegin && k != KindArrayBegin || uint64(len(s.data)) > maxDocument {
		return 0, false
	}
	v := spanCheck{s: s, d: s.data, base: s.depth}
	if k == KindObjectBegin {
		v.objs = 1
	}
	end := v.run(s.tokEnd)
	if end < 0 {
		return 0, false
	}
	s.depth, s.flags = v.base, 0
	s.leave(end)
	return end, true
}

// run follows the value from p, just past its opening bracket, and
// returns the offset just past its closing one.
func (v *spanCheck) run(p int) int {
	d := v.d
	empty := true // p is just past an opening bracket
	for p < len(d) {
		if !empty || d[p] != v.closer() {
			if v.objs>>v.depth&1 == 1 {
				if p = v.name(p); p < 0 || p >= len(d) {
					return -1
				}
			}
			if c := d[p]; c == '{' || c == '[' {
				if !v.open(c) {
					return -1
				}
				p, empty = p+1, true
				continue
			}
			if p = v.scalar(p); p < 0 {
				return -1
			}
		}
		// After a complete value: the brackets it closes, then a comma.
		for p < len(d) && d[p] != ',' {
			if d[p] != v.closer() {
				return -1
			}
			if p++; v.depth == 0 {
				return p
			}
			v.depth--
		}
		p++
		empty = false
	}
	return -1
}

// closer returns the closing bracket of the innermost open container.
func (v *spanCheck) closer() byte {
	if v.objs>>v.depth&1 == 1 {
		return '}'
	}
	return ']'
}

// open enters the container whose opening bracket is c, unless that
// nests deeper than spanCheck follows or than the Scanner allows.
func (v *spanCheck) open(c byte) bool {
	if v.depth+1 >= spanDepth || v.base+v.depth >= v.s.maxDepth {
		return false
	}
	v.depth++
	v.objs &^= 1 << v.depth
	if c == '{' {
		v.objs |= 1 << v.depth
		v.names[v.depth] = member{}
	}
	return true
}

// name checks the member name at p, which must follow the innermost
// object's previous name, and the colon after it, and returns the offset
// past the colon.
func (v *spanCheck) name(p int) int {
	d := v.d
	if d[p] != '"' {
		return -1
	}
	end, _, err := v.s.scanString(p, nil, scanOnly)
	if err != nil || !v.s.Verbatim() || !styleSerde.canonicalString(v.s.flags) {
		return -1
	}
	if prev := v.names[v.depth]; prev.n != 0 && bytes.Compare(d[prev.off:prev.off+prev.n-1], d[p+1:end-1]) >= 0 {
		return -1
	}
	v.names[v.depth] = member{off: uint32(p + 1), n: uint32(end - p - 1)}
	if end >= len(d) || d[end] != ':' {
		return -1
	}
	return end + 1
}

// scalar checks the string, number or literal at p and returns the offset
// past it.
func (v *spanCheck) scalar(p int) int {
	s := v.s
	switch c := v.d[p]; {
	case c == '"':
		if end, _, err := s.scanString(p, nil, scanOnly); err == nil && styleSerde.canonicalString(s.flags) {
			return end
		}
		return -1
	case c == '-' || c-'0' < 10:
		if end, err := s.scanNumber(p); err == nil && serdeCanonicalNumber(v.d[p:end], s.flags) {
			return end
		}
		return -1
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if bytes.HasPrefix(v.d[p:], []byte(lit)) {
			return p + len(lit)
		}
	}
	return -1
}
