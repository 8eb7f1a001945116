package conversationprojection

import (
	"crypto/sha256"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/internal/newline"
	"github.com/agentkernel/agentkernel/lipapi"
)

// Hashing a message's atom. The tokens of each part (atomtokens.go) are
// written into a window on the stack that is hashed whenever it fills:
// strings are escaped by canon a bounded piece at a time straight into the
// window, texts have their line breaks normalized a piece at a time on the
// way, raw JSON values are canonicalized whole (they are at most
// inlineJSON bytes). The hash state lives on the stack too (see sumParts),
// so an identity costs no allocation but its result, whatever its length.
// A message with a longer raw JSON value is hashed through a canon.Digest
// instead (sumStreamed), which streams each canonical form through its
// own window, or writes one computed once.

// windowSize is the size of the stack window atom bytes are hashed
// through. Byte 0 is never used (see escapeBody), so a window holds
// windowSize-1 bytes of atom.
const windowSize = 2048

// maxGrowth is the most bytes a JSON string escape writes for one input
// byte (\u00XX for a control byte, \ufffd for an invalid one).
const maxGrowth = 6

// normPiece is the most bytes of a text with line breaks to normalize that
// are escaped in one piece.
const normPiece = 256

// A window holds atom bytes waiting to be hashed: buf[1:n].
type window struct {
	n   int
	buf [windowSize]byte
}

// bytes returns the pending atom bytes and empties the window.
func (w *window) take() []byte {
	b := w.buf[1:w.n]
	w.n = 1
	return b
}

// put writes as much of t into w as fits and reports whether t is
// complete; if not, the caller hashes the window and calls put again.
func (w *window) put(t *token) bool {
	if t.lit != "" {
		if windowSize-w.n < len(t.lit) {
			return false
		}
		w.n += copy(w.buf[w.n:], t.lit)
		t.lit = ""
	}
	switch t.kind {
	case tokStr:
		return putString(w, t, &t.s)
	case tokText:
		// Decided once: put is called again for the rest of a long text.
		t.kind = tokStr
		if strings.IndexByte(t.s, '\r') >= 0 {
			t.kind = tokNormalized
		}
		return w.put(t)
	case tokNormalized:
		return w.putNormalized(t)
	case tokSpan:
		k := copy(w.buf[w.n:], t.raw)
		w.n += k
		t.raw = t.raw[k:]
		return len(t.raw) == 0
	case tokSpanStr:
		return putString(w, t, &t.raw)
	}
	return true
}

// putString writes the rest of *s as a JSON string (t records whether the
// opening quote is written) and reports whether it is complete. A string
// whose escaped form fits is written with one call of the escaper; a
// longer one is written piece by piece, each piece short enough that its
// escaped form fits, assuming it grows by expectedGrowth at most until a
// piece grows more.
func putString[T string | []byte](w *window, t *token, s *T) bool {
	if !t.open {
		room := windowSize - w.n
		if t.growth()*len(*s)+2 <= room {
			if n, ok := escapeInto(w, w.n, *s); ok {
				w.n = n
				return true
			}
			t.worst = true
		}
		if room < windowSize/2 {
			return false
		}
		w.buf[w.n] = '"'
		w.n++
		t.open = true
	}
	for len(*s) > 0 {
		k, ok := w.pieceRoom(len(*s), t.growth())
		if !ok {
			return false
		}
		k = canon.PieceLen(*s, k)
		if !escapeBody(w, (*s)[:k]) {
			t.worst = true
			continue
		}
		*s = (*s)[k:]
	}
	return w.closeString()
}

// expectedGrowth is how many times longer a piece of a string is first
// assumed to grow at most when escaped: real text stays well below it (in
// the benchmark corpus no 300 bytes grow by more than 2.3 times, no 64
// bytes by more than 3). A piece that grows more than assumed does not fit
// the window; the escaper then builds it in a buffer of its own, which is
// dropped, and the rest of the string is written assuming the worst,
// maxGrowth. So a string whose pieces grow as real text does costs no
// allocation, and any other string at most two.
const expectedGrowth = 3

// growth returns the growth t's string is assumed to have at most.
func (t *token) growth() int {
	if t.worst {
		return maxGrowth
	}
	return expectedGrowth
}

// pieceRoom returns how many bytes of a string of which rest bytes are
// left to write can be escaped into w next, at the given growth: all of
// them when their escaped form fits, else as many as fit while at least
// half the window is free (at least 80), or false when the window should
// be hashed first.
func (w *window) pieceRoom(rest, growth int) (int, bool) {
	room := windowSize - w.n - 1 // the closing quote's byte
	k := room / growth
	if k < rest && room < windowSize/2 {
		return 0, false
	}
	return min(k, rest), true
}

// closeString writes a string's closing quote, if there is room.
func (w *window) closeString() bool {
	if w.n == windowSize {
		return false
	}
	w.buf[w.n] = '"'
	w.n++
	return true
}

// putNormalized is putString for a text with line breaks to normalize:
// each piece is normalized into a scratch buffer and escaped from there.
// A piece never ends between a CR and an LF, which normalize together.
func (w *window) putNormalized(t *token) bool {
	if !t.open {
		if windowSize-w.n < windowSize/2 {
			return false
		}
		w.buf[w.n] = '"'
		w.n++
		t.open = true
	}
	var scratch [normPiece]byte
	for t.s != "" {
		k, ok := w.pieceRoom(len(t.s), t.growth())
		if !ok {
			return false
		}
		if k = canon.PieceLen(t.s, min(k, normPiece)); k < len(t.s) && t.s[k-1] == '\r' {
			k--
		}
		n, _ := newline.Copy(scratch[:], t.s[:k])
		if !escapeBody(w, scratch[:n]) {
			t.worst = true
			continue
		}
		t.s = t.s[k:]
	}
	return w.closeString()
}

// escapeBody appends the escaped form of piece without its quotes and
// reports whether it fitted (see escapeInto); if not, w is unchanged.
// canon's escaper writes the opening quote over the byte before the
// window's end, which is restored (hence byte 0 of the window is never
// used), and the closing quote is dropped.
func escapeBody[T string | []byte](w *window, piece T) bool {
	keep := w.buf[w.n-1]
	n, ok := escapeInto(w, w.n-1, piece)
	w.buf[w.n-1] = keep
	if ok {
		w.n = n - 1
	}
	return ok
}

// escapeInto writes s as a JSON string at w.buf[at:] and returns the index
// after it, or false when it does not fit in the window: the escaper has
// then grown its buffer, leaving w.buf[:at] as it was. A string that fits
// never makes the escaper grow its buffer.
func escapeInto[T string | []byte](w *window, at int, s T) (int, bool) {
	out := canon.AppendJSONString(w.buf[:at], s)
	return len(out), &out[0] == &w.buf[0]
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

// textOf reports the text of part i when it is a text part.
func (src *partSource) textOf(i int) (string, bool) {
	switch {
	case src.isText:
		return src.text, true
	case src.legacy != nil:
		p := &src.legacy[i]
		return p.Text, p.Kind == lipapi.PartText
	}
	p := &src.items[i]
	return p.Text, p.Kind == lipapi.ContentPartText
}

// tokens builds the tokens of part i into b.
func (src *partSource) tokens(b *partTokens, i int) error {
	if src.legacy != nil {
		b.legacy, b.index = true, i
		return b.legacyPart(&src.legacy[i])
	}
	b.index = i
	return b.item(&src.items[i])
}

// streams reports whether some part carries a raw JSON value longer than
// inlineJSON.
func (src *partSource) streams() bool {
	for i := range src.legacy {
		if streamsJSON(&src.legacy[i]) {
			return true
		}
	}
	for i := range src.items {
		if itemStreamsJSON(&src.items[i]) {
			return true
		}
	}
	return false
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

// textHeads are the literals that start a text part's content element
// with a non-empty text, first and later.
const textHead = `,{"kind":"text","text":`

// emptyText is the content element of a text part with an empty text.
const emptyText = `,{"kind":"text"}`

// sumParts returns the SHA-256 of the atom bytes of the message of role (a
// valid, trimmed role) and the parts of src: the message's identity. The
// first part that cannot be mapped fails it, with the error AtomOfMessage
// or AtomOfItem gives.
func sumParts(role lipapi.Role, src *partSource) (sum, error) {
	if src.streams() {
		return sumStreamed(role, src)
	}
	// h stays a local of this function and only this function calls its
	// methods: the compiler then knows its concrete type, devirtualizes
	// Write and Sum and keeps the hash state on the stack, like the window.
	// Passing h to a helper as a hash.Hash would move both to the heap.
	h := sha256.New()
	var w window
	w.n = 1
	w.n += copy(w.buf[1:], atomPrefix(role))
	for i := 0; i < src.len(); i++ {
		if text, ok := src.textOf(i); ok {
			// A text part, by far the commonest, needs no token list.
			t := token{lit: textHead, s: text, kind: tokText}
			if text == "" {
				t = token{lit: emptyText}
			}
			if i == 0 {
				t.lit = t.lit[1:]
			}
			for !w.put(&t) {
				h.Write(w.take())
			}
			if text != "" {
				if w.n == windowSize {
					h.Write(w.take())
				}
				w.buf[w.n] = '}'
				w.n++
			}
			continue
		}
		var b partTokens
		if err := src.tokens(&b, i); err != nil {
			return sum{}, err
		}
		// Raw JSON values are canonicalized whole as they are reached: a
		// canonical one is written as it is, another is re-encoded into
		// scratch while it has room; the value a legacy json part writes
		// three times is canonicalized once.
		var scratch [512]byte
		built, last, lastCJ := scratch[:0], []byte(nil), []byte(nil)
		for j := range b.t[:b.n] {
			// A copy: canon's canonical writer lets its input escape, so
			// the tokens of b (whose raw values it reads) must never hold
			// a form built on the stack; t may.
			t := b.t[j]
			if t.kind == tokJSON || t.kind == tokJSONStr {
				if !sameSlice(last, t.raw) {
					form, inScratch, err := canon.CanonicalJSONValue(built, b.t[j].raw)
					if err != nil {
						return sum{}, fieldJSONError(b.list(), b.index, t.field, err)
					}
					last, lastCJ = b.t[j].raw, form
					if inScratch {
						built, lastCJ = form, form[len(built):]
					}
				}
				t.raw, t.kind = lastCJ, t.kind+(tokSpan-tokJSON)
			}
			for !w.put(&t) {
				h.Write(w.take())
			}
		}
	}
	if windowSize-w.n < 2 {
		h.Write(w.take())
	}
	w.buf[w.n], w.buf[w.n+1] = ']', '}'
	w.n += 2
	h.Write(w.take())
	var s sum
	h.Sum(s[:0])
	return s, nil
}

// sumStreamed is sumParts for a message with a raw JSON value longer than
// inlineJSON. A value written once streams its canonical form through a
// canon.Digest, never held whole. A value the part writes more than once
// (a legacy json part writes its content three times) is canonicalized
// once when its canonical form is at most half as long again as the value
// (canon.CanonicalForm: the value's own bytes when it is canonical
// already, else one buffer of one and a half times the value's length),
// and that form is written each time; a value whose form is longer (a
// payload dense in '<', '>' or '&', which the form escapes in six bytes
// each) streams each time. The margin matters: source code, HTML and XML
// as Python's json.dumps writes them, with raw '<' and '&', have forms up
// to about 1.4 times their length, and streaming would canonicalize them
// once more per place. So the memory used stays within one and a half
// times the input's size plus a small constant on top of what canon's
// canonical writer records.
func sumStreamed(role lipapi.Role, src *partSource) (sum, error) {
	var buf [512]byte
	var d canon.Digest
	dst := append(buf[:0], atomPrefix(role)...)
	for i := 0; i < src.len(); i++ {
		var b partTokens
		if err := src.tokens(&b, i); err != nil {
			return sum{}, err
		}
		var raw, form []byte // the last value canonicalized once, and its form
		for j := range b.t[:b.n] {
			t := &b.t[j]
			if t.kind == tokJSON || t.kind == tokJSONStr {
				if !sameSlice(raw, t.raw) && b.repeats(j) {
					// A form that does not fit is nil: the value streams.
					f, _, err := canon.CanonicalForm(t.raw, len(t.raw)+len(t.raw)/2)
					if err != nil {
						return sum{}, fieldJSONError(b.list(), b.index, t.field, err)
					}
					raw, form = t.raw, f
				}
				if form != nil && sameSlice(raw, t.raw) {
					dst = append(dst, t.lit...)
					if t.kind == tokJSON {
						dst = d.AppendSpan(dst, form)
					} else {
						dst = d.AppendJSONStringBytes(dst, form)
					}
					dst = d.Feed(dst)
					continue
				}
			}
			var err error
			if dst, err = streamToken(dst, &d, &b, t); err != nil {
				return sum{}, err
			}
		}
	}
	return d.Sum256(append(dst, "]}"...)), nil
}

// sameSlice reports whether a and b are the same bytes of memory.
func sameSlice(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// repeats reports whether a token after token j writes the same raw JSON
// value as token j.
func (b *partTokens) repeats(j int) bool {
	for k := j + 1; k < b.n; k++ {
		if (b.t[k].kind == tokJSON || b.t[k].kind == tokJSONStr) && sameSlice(b.t[k].raw, b.t[j].raw) {
			return true
		}
	}
	return false
}

// streamToken appends t to dst through d; b names the part in errors.
func streamToken(dst []byte, d *canon.Digest, b *partTokens, t *token) ([]byte, error) {
	dst = append(dst, t.lit...)
	var err error
	switch t.kind {
	case tokStr:
		dst = d.AppendJSONString(dst, t.s)
	case tokText:
		dst = d.AppendJSONString(dst, normalizeNewlines(t.s))
	case tokJSON:
		dst, err = d.AppendCanonicalJSON(dst, t.raw)
	case tokJSONStr:
		dst, err = d.AppendCanonicalJSONString(dst, t.raw)
	}
	if err != nil {
		return dst, fieldJSONError(b.list(), b.index, t.field, err)
	}
	return d.Feed(dst), nil
}
