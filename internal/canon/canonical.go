package canon

import (
	"bytes"
	"math/bits"
	"slices"
)

// style selects how the canonicalizer writes strings and numbers.
type style uint8

const (
	styleJSON  style = iota // encoding/json: HTML-safe strings, numbers verbatim
	styleSerde              // serde_json: raw strings, numbers re-printed
)

// node is one token of a parsed document, in pre-order. End tokens have no
// node: a container's next field says where its subtree ends.
type node struct {
	kind       Kind
	flags      uint8
	start, end uint32 // the token's bytes in the document
	next       uint32 // index of the first node after this subtree
	koff, klen uint32 // decoded name in tree.keys, for keys that need decoding
}

// tree is a parsed document plus the scratch space used to write it out.
type tree struct {
	data    []byte
	nodes   []node
	keys    []byte   // decoded names of keys with escapes or invalid UTF-8
	idx     []uint32 // building: open containers; writing: per-object sorted key nodes
	frames  []frame  // open containers while writing
	scratch []byte   // decoded string values
}

// newTree returns a tree with capacity guessed from the document size, so
// that small documents need one allocation per slice.
func newTree(size int) tree {
	return tree{
		nodes:  make([]node, 0, min(size/8+8, 1<<14)),
		idx:    make([]uint32, 0, 32),
		frames: make([]frame, 0, 16),
	}
}

// build reads one complete value from s, whose first token k has just been
// returned, into t.nodes.
func (t *tree) build(s *Scanner, k Kind) error {
	t.data = s.data
	if uint64(len(s.data)) > 1<<32-2 {
		return s.errAt(0, "document larger than 4 GiB")
	}
	for {
		idx := uint32(len(t.nodes))
		switch k {
		case KindObjectEnd, KindArrayEnd:
			o := t.idx[len(t.idx)-1]
			t.idx = t.idx[:len(t.idx)-1]
			t.nodes[o].next = idx
		default:
			n := node{kind: k, flags: s.flags, start: uint32(s.tokStart), end: uint32(s.tokEnd), next: idx + 1}
			if k == KindObjectBegin || k == KindArrayBegin {
				t.idx = append(t.idx, idx)
			} else if s.isKey && !s.Verbatim() {
				n.koff = uint32(len(t.keys))
				t.keys = s.AppendString(t.keys)
				n.klen = uint32(len(t.keys)) - n.koff
			}
			t.nodes = append(t.nodes, n)
		}
		if len(t.idx) == 0 {
			return nil
		}
		var err error
		if k, err = s.Next(); err != nil {
			return err
		}
	}
}

// name returns the decoded member name of key node n.
func (t *tree) name(n *node) []byte {
	if n.flags&(StrEscaped|StrInvalidUTF8) != 0 {
		return t.keys[n.koff : n.koff+n.klen]
	}
	return t.data[n.start+1 : n.end-1]
}

// frame is one open container while writing.
type frame struct {
	obj   bool
	first bool
	i, n  uint32 // arrays: next child and end index; objects: position and count in members
	base  uint32 // objects: start of this object's members
}

// emit appends the value rooted at node 0 in the given style, passing the
// output through d (nil: no hashing) after every token.
func (t *tree) emit(dst []byte, d *Digest, st style) ([]byte, error) {
	dst, err := t.value(dst, d, st, 0)
	if err != nil {
		return dst, err
	}
	for len(t.frames) > 0 {
		f := &t.frames[len(t.frames)-1]
		var child uint32
		if f.obj {
			if f.i == f.n {
				dst = d.Feed(append(dst, '}'))
				t.idx = t.idx[:f.base]
				t.frames = t.frames[:len(t.frames)-1]
				continue
			}
			key := t.idx[f.base+f.i]
			if f.i > 0 {
				dst = append(dst, ',')
			}
			f.i++
			kn := &t.nodes[key]
			dst = append(t.str(dst, st, kn, t.name(kn)), ':')
			child = key + 1
		} else {
			if f.i == f.n {
				dst = d.Feed(append(dst, ']'))
				t.frames = t.frames[:len(t.frames)-1]
				continue
			}
			if !f.first {
				dst = append(dst, ',')
			}
			f.first = false
			child = f.i
			f.i = t.nodes[child].next
		}
		if dst, err = t.value(dst, d, st, child); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// value appends a scalar, or opens a container by pushing a frame.
func (t *tree) value(dst []byte, d *Digest, st style, i uint32) ([]byte, error) {
	n := &t.nodes[i]
	switch n.kind {
	case KindArrayBegin:
		dst = append(dst, '[')
		t.frames = append(t.frames, frame{i: i + 1, n: n.next, first: true})
	case KindObjectBegin:
		dst = append(dst, '{')
		base := uint32(len(t.idx))
		for k := i + 1; k < n.next; k = t.nodes[k+1].next {
			t.idx = append(t.idx, k)
		}
		ms := t.idx[base:]
		slices.SortFunc(ms, func(a, b uint32) int {
			if c := bytes.Compare(t.name(&t.nodes[a]), t.name(&t.nodes[b])); c != 0 {
				return c
			}
			return int(a) - int(b)
		})
		// Among equal names the last member wins: keep the last of each run.
		out := 0
		for j := range ms {
			if j+1 < len(ms) && bytes.Equal(t.name(&t.nodes[ms[j]]), t.name(&t.nodes[ms[j+1]])) {
				continue
			}
			ms[out] = ms[j]
			out++
		}
		t.idx = t.idx[:int(base)+out]
		t.frames = append(t.frames, frame{obj: true, n: uint32(out), base: base})
	case KindString:
		dst = t.str(dst, st, n, nil)
	case KindNumber:
		lit := t.data[n.start:n.end]
		if st == styleJSON {
			dst = append(dst, lit...)
		} else {
			var err error
			if dst, err = appendSerdeNumber(dst, lit, n.flags); err != nil {
				return dst, err
			}
		}
	default: // literals
		dst = append(dst, t.data[n.start:n.end]...)
	}
	return d.Feed(dst), nil
}

// str appends string node n; name, when non-nil, is its decoded content.
func (t *tree) str(dst []byte, st style, n *node, name []byte) []byte {
	raw := t.data[n.start:n.end]
	if st == styleSerde {
		// Strict scanning guarantees valid UTF-8 and no raw controls, so an
		// unescaped string is already in serde_json's spelling.
		if n.flags&StrEscaped == 0 {
			return append(dst, raw...)
		}
		if name == nil {
			t.scratch = appendUnquoted(t.scratch[:0], raw[1:len(raw)-1], n.flags&StrInvalidUTF8 == 0)
			name = t.scratch
		}
		dst, _ = AppendSerdeString(dst, name)
		return dst
	}
	switch {
	case n.flags&(StrEscaped|StrInvalidUTF8|StrHTML|StrLineSep) == 0:
		return append(dst, raw...)
	case n.flags&(StrEscaped|StrInvalidUTF8) == 0:
		return AppendJSONString(dst, raw[1:len(raw)-1])
	}
	if name == nil {
		t.scratch = appendUnquoted(t.scratch[:0], raw[1:len(raw)-1], n.flags&StrInvalidUTF8 == 0)
		name = t.scratch
	}
	return AppendJSONString(dst, name)
}

// canonical parses raw as one complete document and appends it in style
// st, passing the output through d. On error dst is returned unchanged.
func canonical(dst []byte, d *Digest, raw []byte, strict bool, maxDepth int, st style) ([]byte, error) {
	var s Scanner
	s.Reset(raw, strict, maxDepth)
	k, err := s.Next()
	if err != nil {
		return dst, err
	}
	t := newTree(len(raw))
	if err := t.build(&s, k); err != nil {
		return dst, err
	}
	if err := s.Finish(); err != nil {
		return dst, err
	}
	out, err := t.emit(dst, d, st)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// AppendCanonicalJSON is the package-level AppendCanonicalJSON, feeding d
// after every token so that a long document is digested in ChunkSize
// pieces. With a nil d it is exactly the package-level function.
func (d *Digest) AppendCanonicalJSON(dst, raw []byte) ([]byte, error) {
	return canonical(dst, d, raw, false, MaxDepth, styleJSON)
}

// AppendCompactJSON is the package-level AppendCompactJSON, feeding d after
// every token. With a nil d it is exactly the package-level function.
func (d *Digest) AppendCompactJSON(dst, raw []byte) ([]byte, error) {
	if raw == nil {
		return d.Feed(append(dst, "null"...)), nil
	}
	var s Scanner
	s.Reset(raw, false, MaxDepth)
	out := dst
	sep := false // a ',' is due before the next value or key
	for {
		k, err := s.Next()
		if err != nil {
			return dst, err
		}
		switch k {
		case KindEOF:
			return out, nil
		case KindObjectEnd, KindArrayEnd:
			out = append(out, s.data[s.tokStart])
			sep = true
			continue
		}
		if sep {
			out = append(out, ',')
		}
		switch k {
		case KindObjectBegin, KindArrayBegin:
			out = append(out, s.data[s.tokStart])
			sep = false
		case KindString:
			switch raw := s.Raw(); {
			case s.flags&(StrHTML|StrLineSep) == 0:
				out = d.appendSpan(out, raw)
			case d != nil && len(raw) >= ChunkSize:
				d.write(out)
				d.streamEscaped(raw, "", modeCompact)
				out = out[:0]
			default:
				out = appendHTMLSafe(out, raw)
			}
			if s.isKey {
				out = append(out, ':')
				sep = false
			} else {
				sep = true
			}
		default:
			out = d.appendSpan(out, s.Raw())
			sep = true
		}
		out = d.Feed(out)
	}
}

// appendHTMLSafe appends the raw bytes of a JSON string token with '<' '>'
// '&' and the bytes of U+2028/U+2029 replaced by their \u escapes, nothing
// else changed, eight bytes at a time.
func appendHTMLSafe(dst, raw []byte) []byte {
	start, i := 0, 0
	for i < len(raw) {
		var x uint64
		if i+8 <= len(raw) {
			x = load64(raw, i)
		} else {
			x = loadTail(raw, i)
		}
		m := htmlBytes(x) | exactBytes(x, 0xe2)
		if m == 0 {
			i += 8
			continue
		}
		j := i + bits.TrailingZeros64(m)>>3
		if c := raw[j]; c != 0xe2 {
			dst = append(append(dst, raw[start:j]...), jsonEscapes[c]...)
			i, start = j+1, j+1
		} else if j+2 < len(raw) && raw[j+1] == 0x80 && raw[j+2]&^1 == 0xa8 {
			dst = append(append(dst, raw[start:j]...), '\\', 'u', '2', '0', '2', lowerHex[raw[j+2]&0xf])
			i, start = j+3, j+3
		} else {
			i = j + 1
		}
	}
	return append(dst, raw[start:]...)
}
