package conversationprojection

import (
	"crypto/sha256"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/lipapi"
)

// Writing an atom. Each content element is laid out as a list of tokens,
// a literal (member names, punctuation) and a value each (element.tokens,
// the one place that knows the layout). The tokens are written by
// appendTokens, into a buffer or through a canon.Digest (CanonicalAtomBytes,
// HashAtom, identities carrying raw JSON longer than inlineJSON), or, for
// identities, into a window on the stack that is hashed whenever it fills
// (sumParts), so that hashing them costs no allocation whatever their
// length: a hash state stays on the stack only while the function that
// creates it is the one that calls it.

// A token is one piece of an element's atom bytes: a literal and a value
// of the element. The window writer consumes it as it goes: lit is cleared
// once written, the value shrinks to what is left to write, and open
// records that a string's opening quote is written.
type token struct {
	lit  string
	v    *value // nil for a literal alone; the element's own value
	open bool
}

// maxTokens bounds the tokens of one element: the places of its layout.
const maxTokens = 36

// A tokenList is the tokens of one element.
type tokenList struct {
	n int
	t [maxTokens]token
}

// tokens lays out e, the first content element of its atom when first:
// the one place that knows the order and the names of an element's
// members. The tokens point to e's values. The list is a result, built in
// place, so that the values of an element on the stack stay there.
func (e *element) tokens(first bool) (l tokenList) {
	nested := false // no member is written yet in the object opened last
	add := func(name string, v *value) {
		if nested && name[0] == ',' {
			name = name[1:] // the first member of a nested object
		}
		l.t[l.n] = token{lit: name, v: v}
		l.n++
		nested = false
	}
	member := func(name string, v *value) {
		if v.kind != vNone {
			add(name, v)
		}
	}
	open := func(name string) { add(name, nil); nested = true }
	head := `,{"kind":`
	if first {
		head = head[1:]
	}
	add(head, &e.kind)
	member(`,"text":`, &e.text)
	member(`,"image_ref":`, &e.imageRef)
	member(`,"image_mime":`, &e.imageMIME)
	member(`,"file_ref":`, &e.fileRef)
	member(`,"file_data":`, &e.fileData)
	member(`,"file_mime":`, &e.fileMIME)
	member(`,"file_name":`, &e.fileName)
	member(`,"video_ref":`, &e.videoRef)
	member(`,"video_mime":`, &e.videoMIME)
	member(`,"refusal":`, &e.refusal)
	if r := &e.reasoning; r.present {
		open(`,"reasoning":{`)
		member(`,"dialect":`, &r.dialect)
		member(`,"text":`, &r.text)
		member(`,"signature":`, &r.signature)
		member(`,"opaque":`, &r.opaque)
		member(`,"summary":`, &r.summary)
		member(`,"content":`, &r.content)
		member(`,"encrypted_content":`, &r.encryptedContent)
		if r.encryptedContentPresent {
			add(`,"encrypted_content_present":true`, nil)
		}
		add("}", nil)
	}
	member(`,"summary":`, &e.summary)
	if a := &e.annotation; a.present {
		open(`,"annotation":{`)
		member(`,"type":`, &a.typ)
		member(`,"data":`, &a.data)
		add("}", nil)
	}
	member(`,"assistant_ref":`, &e.assistantRef)
	member(`,"json":`, &e.json)
	if x := &e.extension; x.present {
		open(`,"extension":{`)
		member(`,"namespace":`, &x.namespace)
		member(`,"type":`, &x.typ)
		member(`,"implementor":`, &x.implementor)
		member(`,"data":`, &x.data)
		add("}", nil)
	}
	add("}", nil)
	return l
}

// atomPrefix returns the atom bytes before the first content element for
// role, one of the five roles.
func atomPrefix(role lipapi.Role) string {
	switch role {
	case lipapi.RoleSystem:
		return `{"role":"system","content":[`
	case lipapi.RoleDeveloper:
		return `{"role":"developer","content":[`
	case lipapi.RoleUser:
		return `{"role":"user","content":[`
	case lipapi.RoleAssistant:
		return `{"role":"assistant","content":[`
	}
	return `{"role":"tool","content":[`
}

// appendTokens appends the tokens of content element i through d (nil:
// no hashing).
func appendTokens(dst []byte, d *canon.Digest, l *tokenList, i int) ([]byte, error) {
	for j := range l.t[:l.n] {
		t := &l.t[j]
		dst = append(dst, t.lit...)
		if t.v == nil {
			continue
		}
		var err error
		switch v := t.v; v.kind {
		case vStr:
			dst = d.AppendJSONString(dst, v.s)
		case vText:
			dst = d.AppendJSONText(dst, v.s)
		case vJSON:
			dst = d.AppendSpan(dst, v.bytes())
		case vJSONStr:
			dst = d.AppendJSONStringBytes(dst, v.bytes())
		case vCompact:
			if dst, err = d.AppendCompactJSON(dst, v.bytes()); err != nil {
				return dst, errorf("%w: content[%d].%s: %w", ErrInvalidJSON, i, v.field, err)
			}
		case vCanon:
			dst, err = d.AppendCanonicalJSON(dst, v.bytes())
		case vCanonStr:
			dst, err = d.AppendCanonicalJSONString(dst, v.bytes())
		}
		if err != nil {
			// The value was validated when it was read.
			return dst, errorf("%w: %w", ErrInvalidJSON, err)
		}
		dst = d.Feed(dst)
	}
	return dst, nil
}

// windowSize is the size of the stack window an identity's atom bytes are
// hashed through.
const windowSize = 2048

// elementScratch is the size of the stack scratch the canonical JSON values
// of one element are written into; longer ones are allocated.
const elementScratch = 512

// A window holds atom bytes waiting to be hashed: buf[:n].
type window struct {
	n   int
	buf [windowSize]byte
}

// take returns the pending bytes and empties the window.
func (w *window) take() []byte {
	b := w.buf[:w.n]
	w.n = 0
	return b
}

// put writes as much of t into w as fits and reports whether t is
// complete; if not, the caller hashes the window and calls put again. Its
// value is a string, a text, or canonical JSON.
func (w *window) put(t *token) bool {
	if t.lit != "" {
		if len(w.buf)-w.n < len(t.lit) {
			return false
		}
		w.n += copy(w.buf[w.n:], t.lit)
		t.lit = ""
	}
	if t.v == nil {
		return true
	}
	switch v := t.v; v.kind {
	case vText:
		if strings.IndexByte(v.s, '\r') < 0 {
			v.kind = vStr // nothing to normalize: decided once, for the rest of a long text too
		}
		return w.putString(t)
	case vStr, vJSONStr:
		return w.putString(t)
	case vJSON:
		k := copy(w.buf[w.n:], v.s)
		w.n += k
		v.s = v.s[k:]
		return v.s == ""
	}
	return true
}

// putString writes the rest of t's value as a JSON string (t records
// whether the opening quote is written), a text with its line endings
// normalized, and reports whether it is complete.
func (w *window) putString(t *token) bool {
	if !w.openString(t) {
		return false
	}
	v := t.v
	var n, read int
	if v.kind == vText {
		n, read = canon.EscapeJSONText(w.buf[w.n:], v.s)
	} else {
		n, read = canon.EscapeJSON(w.buf[w.n:], v.s)
	}
	w.n += n
	v.s = v.s[read:] // a self-assignment, which escape analysis sees as one
	return v.s == "" && w.closeString()
}

// openString writes a string's opening quote unless t's is written, and
// reports whether there was room.
func (w *window) openString(t *token) bool {
	if t.open {
		return true
	}
	if w.n == len(w.buf) {
		return false
	}
	w.buf[w.n] = '"'
	w.n++
	t.open = true
	return true
}

// closeString writes a string's closing quote, if there is room.
func (w *window) closeString() bool {
	if w.n == len(w.buf) {
		return false
	}
	w.buf[w.n] = '"'
	w.n++
	return true
}

// A partSource is the part list of a message: legacy parts, item content
// parts, or the single text part of an injected overlay.
type partSource struct {
	legacy []lipapi.Part
	items  []lipapi.ContentPart
	text   string
	isText bool
}

// len returns the number of parts.
func (src *partSource) len() int {
	if src.isText {
		return 1
	}
	return len(src.legacy) + len(src.items)
}

// element maps part i, its JSON values canonicalized into buf (see
// canonicalOf).
func (src *partSource) element(i int, buf []byte) (element, []byte, error) {
	switch {
	case src.isText:
		return element{kind: kindValue(string(lipapi.PartText)), text: text(src.text)}, buf, nil
	case src.legacy != nil:
		return elementOfPart(&src.legacy[i], i, buf)
	}
	return elementOfItemPart(&src.items[i], i, buf)
}

// textOf returns, when part i is a text or tool result part, the head of
// its element (`,{"kind":"text"` or `,{"kind":"tool_result"`) and its text
// value; else an empty head.
func (src *partSource) textOf(i int) (head string, t value) {
	var kind, s string
	switch {
	case src.isText:
		kind, s = string(lipapi.PartText), src.text
	case src.legacy != nil:
		kind, s = string(src.legacy[i].Kind), src.legacy[i].Text
	default:
		kind, s = string(src.items[i].Kind), src.items[i].Text
	}
	switch kind { // the legacy and item kinds are spelled alike
	case string(lipapi.PartText):
		return `,{"kind":"text"`, text(s)
	case string(lipapi.PartToolResult):
		return `,{"kind":"tool_result"`, text(s)
	}
	return "", value{}
}

// streams reports whether some part carries a raw JSON value longer than
// inlineJSON, whose canonical form may be written streaming.
func (src *partSource) streams() bool {
	long := func(raws ...[]byte) bool {
		for _, r := range raws {
			if len(r) > inlineJSON {
				return true
			}
		}
		return false
	}
	reasoning := func(r *lipapi.ReasoningPart) bool {
		return r != nil && long(r.Opaque, r.Summary, r.Content, r.EncryptedContent)
	}
	for i := range src.legacy {
		if p := &src.legacy[i]; long(p.Content) || reasoning(p.Reasoning) {
			return true
		}
	}
	for i := range src.items {
		p := &src.items[i]
		if len(p.Text) > inlineJSON || reasoning(p.Reasoning) ||
			p.Annotation != nil && long(p.Annotation.Data) || p.Extension != nil && long(p.Extension.Data) {
			return true
		}
	}
	return false
}

// sumParts returns the SHA-256 of the atom bytes of the message of role (a
// valid, trimmed role) and the parts of src: the message's identity. The
// first part that cannot be mapped fails it, with the error AtomOfMessage
// or AtomOfItem gives.
func sumParts(role lipapi.Role, src *partSource) (sum, error) {
	if src.streams() {
		return sumDigest(role, src)
	}
	// h stays a local of this function and only this function calls its
	// methods: the compiler then knows its concrete type, devirtualizes
	// Write and Sum and keeps the hash state on the stack, like the window.
	// Passing h to a helper as a hash.Hash would move both to the heap.
	h := sha256.New()
	var w window
	w.n = copy(w.buf[:], atomPrefix(role))
	for i := 0; i < src.len(); i++ {
		// Each branch consumes its tokens itself: they point into
		// variables of its own scope, which would move to the heap if
		// their addresses outlived it.
		if head, t := src.textOf(i); head != "" {
			// A text or tool result part, by far the commonest, is laid
			// out here, as element.tokens lays it out: it needs no
			// element.
			toks := [3]token{{lit: head}, {lit: `,"text":`, v: &t}, {lit: "}"}}
			if i == 0 {
				toks[0].lit = toks[0].lit[1:]
			}
			if t.kind == vNone {
				toks[1] = token{}
			}
			for j := range toks {
				for !w.put(&toks[j]) {
					h.Write(w.take())
				}
			}
			continue
		}
		var scratch [elementScratch]byte
		e, _, err := src.element(i, scratch[:0])
		if err != nil {
			return sum{}, err
		}
		l := e.tokens(i == 0)
		for j := range l.t[:l.n] {
			for !w.put(&l.t[j]) {
				h.Write(w.take())
			}
		}
	}
	if len(w.buf)-w.n < 2 {
		h.Write(w.take())
	}
	w.n += copy(w.buf[w.n:], "]}")
	h.Write(w.take())
	var s sum
	h.Sum(s[:0])
	return s, nil
}

// sumDigest is sumParts through a canon.Digest, for a message carrying a
// raw JSON value longer than inlineJSON: its canonical form is written
// streaming, never held whole, unless it is short enough to be kept
// (jsonScratch.canonical). So the memory used stays within one and a half
// times the input's size plus a small constant on top of what canon's
// canonical writer records.
func sumDigest(role lipapi.Role, src *partSource) (sum, error) {
	var buf [hashBufSize]byte
	var d canon.Digest
	dst := append(buf[:0], atomPrefix(role)...)
	for i := 0; i < src.len(); i++ {
		e, _, err := src.element(i, nil)
		if err != nil {
			return sum{}, err
		}
		l := e.tokens(i == 0)
		if dst, err = appendTokens(dst, &d, &l, i); err != nil {
			return sum{}, err
		}
	}
	return d.Sum256(append(dst, "]}"...)), nil
}
