package conversationprojection

import (
	"unsafe"

	"github.com/agentkernel/agentkernel/lipapi"
)

// The identity of a message is hashed from its parts directly: each part
// is described by a short list of tokens, the pieces of its content
// element's atom bytes in order, which a writer then streams into the hash
// (see atomhash.go). A token is a literal (member names, punctuation),
// optionally followed by a value: a string written as a JSON string, a
// text whose line breaks are normalized as it is written, or a raw JSON
// value written in canonical form, as a value or nested as a string. The
// token lists spell out, kind by kind, what AtomOfMessage and AtomOfItem
// map a part to and what CanonicalAtomBytes writes for it.

// A tokenKind says what follows a token's literal.
type tokenKind uint8

const (
	tokLit        tokenKind = iota // nothing
	tokStr                         // s as a JSON string
	tokText                        // s with its line breaks normalized, as a JSON string
	tokJSON                        // the canonical JSON of raw
	tokJSONStr                     // the canonical JSON of raw, as a JSON string
	tokSpan                        // raw verbatim (canonical JSON already built)
	tokSpanStr                     // raw as a JSON string
	tokNormalized                  // a tokText whose s has a CR to normalize
)

// A token is one piece of a content element's atom bytes. Writers consume
// it as they go: lit is cleared once written, s and raw shrink to what is
// left to write, open records that a string's opening quote is written and
// worst that its pieces are sized for the worst growth (see putString).
type token struct {
	lit   string
	s     string
	raw   []byte
	field rawField // the part field raw comes from, for errors
	kind  tokenKind
	open  bool
	worst bool // a piece of s grew more than expectedGrowth
}

// maxTokens bounds the tokens of one content element: a reasoning part's
// head, opening, three strings, four JSON payloads, presence flag and two
// closings.
const maxTokens = 12

// inlineJSON is the largest raw JSON value whose canonical form a message's
// identity builds whole, canonicalizing it once for the (up to three)
// places the atom holds it; a message with a longer one is hashed through
// a canon.Digest that streams every canonical form, canonicalizing it
// again for each (see sumStreamed). The canonical form of a value is rarely
// longer than the value, and at most six times longer (a string of '<'),
// so what the identity of a message allocates stays within 384 KiB plus
// twice its input, whatever the input.
const inlineJSON = 64 << 10

// partTokens builds the tokens of content element index of the part list
// named list ("parts" or "content"). Raw JSON values are left to the
// writer, which canonicalizes them as it reaches them, so that the first
// invalid one, in atom order, fails the part (the order in which
// AtomOfMessage and AtomOfItem canonicalize them).
//
// It holds no string but those of the tokens, which point into the part and
// never escape: so the canonical forms a writer builds on its stack and
// stores in a token stay on the stack.
type partTokens struct {
	n      int
	t      [maxTokens]token
	index  int
	legacy bool // the part is a legacy part; else an item content part
	first  bool // no member has been added to the nested object opened last
}

// list returns the name of the part list, for errors.
func (b *partTokens) list() string {
	if b.legacy {
		return "parts"
	}
	return "content"
}

// A rawField is a part field holding raw JSON, named in errors.
type rawField uint8

const (
	fieldContent rawField = iota
	fieldText
	fieldAnnotationData
	fieldExtensionData
	fieldReasoningOpaque
	fieldReasoningSummary
	fieldReasoningContent
	fieldReasoningEncryptedContent
)

// String returns the field's name.
func (f rawField) String() string {
	switch f {
	case fieldContent:
		return "content"
	case fieldText:
		return "text"
	case fieldAnnotationData:
		return "annotation.data"
	case fieldExtensionData:
		return "extension.data"
	case fieldReasoningOpaque:
		return "reasoning.opaque"
	case fieldReasoningSummary:
		return "reasoning.summary"
	case fieldReasoningContent:
		return "reasoning.content"
	}
	return "reasoning.encrypted_content"
}

// add appends a token.
func (b *partTokens) add(t token) { b.t[b.n] = t; b.n++ }

// lit adds a literal.
func (b *partTokens) lit(s string) { b.add(token{lit: s}) }

// head adds the start of the content element, `{"kind":"<kind>"` given
// with the separating comma, which the first element drops.
func (b *partTokens) head(lit string) {
	if b.index == 0 {
		lit = lit[1:]
	}
	b.lit(lit)
}

// open adds a literal that opens a nested object.
func (b *partTokens) open(lit string) { b.lit(lit); b.first = true }

// name returns a member name given with its separating comma, which the
// first member of a nested object drops.
func (b *partTokens) name(name string) string {
	if b.first {
		b.first = false
		return name[1:]
	}
	return name
}

// str adds a string member unless s is empty.
func (b *partTokens) str(name, s string) {
	if s != "" {
		b.add(token{lit: b.name(name), s: s, kind: tokStr})
	}
}

// always adds a string member even when s is empty.
func (b *partTokens) always(name, s string) { b.add(token{lit: b.name(name), s: s, kind: tokStr}) }

// text adds a member of normalized text unless s is empty (normalizing
// never empties a text).
func (b *partTokens) text(name, s string) {
	if s != "" {
		b.add(token{lit: b.name(name), s: s, kind: tokText})
	}
}

// json adds a member holding the canonical JSON of raw, unless raw is
// empty (which CanonicalJSON maps to nothing); asText writes it as a JSON
// string. field names raw's part field in errors.
func (b *partTokens) json(name string, raw []byte, field rawField, asText bool) {
	if len(raw) == 0 {
		return
	}
	t := token{lit: b.name(name), raw: raw, field: field, kind: tokJSON}
	if asText {
		t.kind = tokJSONStr
	}
	b.add(t)
}

// fieldJSONError reports that the raw JSON of field of list[i] is not
// exactly one JSON value: the error CanonicalJSON gives, naming the field.
// The canon error carries only an offset.
func fieldJSONError(list string, i int, field rawField, err error) error {
	return errorf("%s[%d].%s: %w: %w", list, i, field.String(), ErrInvalidJSON, err)
}

// stringBytes returns the bytes of s without copying them, for reading
// only: the canonical writer never writes to its input, and the view never
// outlives the identity computation.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// legacyPart adds the tokens of legacy part p (see AtomOfMessage).
func (b *partTokens) legacyPart(p *lipapi.Part) error {
	switch p.Kind {
	case lipapi.PartText:
		b.head(`,{"kind":"text"`)
		b.text(`,"text":`, p.Text)
	case lipapi.PartToolResult:
		b.head(`,{"kind":"tool_result"`)
		b.text(`,"text":`, p.Text)
	case lipapi.PartImageRef:
		b.head(`,{"kind":"image_ref"`)
		b.str(`,"image_ref":`, p.ImageRef)
		b.str(`,"image_mime":`, p.ImageMIME)
		if len(p.Content) > 0 {
			b.lit(`,"annotation":{"type":"image_detail"`)
			b.json(`,"data":`, p.Content, fieldContent, false)
			b.lit("}")
		}
	case lipapi.PartFileRef:
		b.head(`,{"kind":"file_ref"`)
		b.str(`,"file_ref":`, p.FileRef)
		b.str(`,"file_mime":`, p.FileMIME)
		b.str(`,"file_name":`, p.FileName)
	case lipapi.PartJSON:
		// Text, the annotation's data and JSON are all the canonical JSON
		// of Content.
		b.head(`,{"kind":"json"`)
		b.json(`,"text":`, p.Content, fieldContent, true)
		b.lit(`,"annotation":{"type":"json_content"`)
		b.json(`,"data":`, p.Content, fieldContent, false)
		b.lit("}")
		b.json(`,"json":`, p.Content, fieldContent, false)
	case lipapi.PartReasoning:
		b.head(`,{"kind":"reasoning"`)
		b.reasoning(p.Reasoning)
	default:
		return unsupported(b.list(), b.index, p.Kind == "")
	}
	b.lit("}")
	return nil
}

// item adds the tokens of item content part p (see AtomOfItem).
func (b *partTokens) item(p *lipapi.ContentPart) error {
	switch p.Kind {
	case lipapi.ContentPartText:
		b.head(`,{"kind":"text"`)
		b.text(`,"text":`, p.Text)
	case lipapi.ContentPartToolResult:
		b.head(`,{"kind":"tool_result"`)
		b.text(`,"text":`, p.Text)
	case lipapi.ContentPartImageRef:
		b.head(`,{"kind":"image_ref"`)
		b.str(`,"image_ref":`, p.ImageRef)
		b.str(`,"image_mime":`, p.ImageMIME)
		b.annotation(p.Annotation)
	case lipapi.ContentPartFileRef:
		b.head(`,{"kind":"file_ref"`)
		b.str(`,"file_ref":`, p.FileRef)
		b.str(`,"file_data":`, p.FileData)
		b.str(`,"file_mime":`, p.FileMIME)
		b.str(`,"file_name":`, p.FileName)
	case lipapi.ContentPartVideoRef:
		b.head(`,{"kind":"video_ref"`)
		b.str(`,"video_ref":`, p.VideoRef)
		b.str(`,"video_mime":`, p.VideoMIME)
	case lipapi.ContentPartRefusal:
		b.head(`,{"kind":"refusal"`)
		b.text(`,"refusal":`, p.Refusal)
	case lipapi.ContentPartReasoning:
		b.head(`,{"kind":"reasoning"`)
		b.reasoning(p.Reasoning)
	case lipapi.ContentPartSummary:
		b.head(`,{"kind":"summary"`)
		b.text(`,"summary":`, p.Summary)
	case lipapi.ContentPartAnnotation:
		b.head(`,{"kind":"annotation"`)
		b.annotation(p.Annotation)
	case lipapi.ContentPartAssistantRef:
		b.head(`,{"kind":"assistant_ref"`)
		b.str(`,"assistant_ref":`, p.AssistantRef)
	case lipapi.ContentPartJSON:
		// Text and JSON are the canonical JSON of Text.
		b.head(`,{"kind":"json"`)
		raw := stringBytes(p.Text)
		b.json(`,"text":`, raw, fieldText, true)
		b.annotation(p.Annotation)
		b.json(`,"json":`, raw, fieldText, false)
	case lipapi.ContentPartExtension:
		b.head(`,{"kind":"extension"`)
		b.extension(p.Extension)
	default:
		return unsupported(b.list(), b.index, p.Kind == "")
	}
	b.lit("}")
	return nil
}

// annotation adds the annotation member A(a) of an item part, if a is set.
func (b *partTokens) annotation(a *lipapi.AnnotationPart) {
	if a == nil {
		return
	}
	b.open(`,"annotation":{`)
	b.str(`,"type":`, a.Type)
	b.json(`,"data":`, a.Data, fieldAnnotationData, false)
	b.lit("}")
}

// extension adds the extension member E(e), if e is set; its type is
// always written.
func (b *partTokens) extension(e *lipapi.ExtensionContentPart) {
	if e == nil {
		return
	}
	b.open(`,"extension":{`)
	b.str(`,"namespace":`, e.Namespace)
	b.always(`,"type":`, e.Type)
	b.str(`,"implementor":`, e.Implementor)
	b.json(`,"data":`, e.Data, fieldExtensionData, false)
	b.lit("}")
}

// reasoning adds the reasoning member R(r), if r is set: its JSON payloads
// are canonicalized in the order opaque, summary, content,
// encrypted_content.
func (b *partTokens) reasoning(r *lipapi.ReasoningPart) {
	if r == nil {
		return
	}
	b.open(`,"reasoning":{`)
	b.str(`,"dialect":`, string(lipapi.NormalizeReasoningDialect(r.Dialect)))
	b.text(`,"text":`, r.Text)
	b.str(`,"signature":`, r.Signature)
	for _, f := range [...]struct {
		name  string
		field rawField
		raw   []byte
	}{
		{`,"opaque":`, fieldReasoningOpaque, r.Opaque},
		{`,"summary":`, fieldReasoningSummary, r.Summary},
		{`,"content":`, fieldReasoningContent, r.Content},
		{`,"encrypted_content":`, fieldReasoningEncryptedContent, r.EncryptedContent},
	} {
		b.json(f.name, f.raw, f.field, false)
	}
	if r.EncryptedContentPresent {
		b.lit(b.name(`,"encrypted_content_present":true`))
	}
	b.lit("}")
}

// streamsJSON reports whether a legacy part carries a JSON value too long
// to canonicalize whole (see inlineJSON).
func streamsJSON(p *lipapi.Part) bool {
	switch p.Kind {
	case lipapi.PartImageRef, lipapi.PartJSON:
		return len(p.Content) > inlineJSON
	case lipapi.PartReasoning:
		return reasoningStreams(p.Reasoning)
	}
	return false
}

// itemStreamsJSON is streamsJSON for an item content part.
func itemStreamsJSON(p *lipapi.ContentPart) bool {
	switch p.Kind {
	case lipapi.ContentPartJSON:
		return len(p.Text) > inlineJSON || p.Annotation != nil && len(p.Annotation.Data) > inlineJSON
	case lipapi.ContentPartImageRef, lipapi.ContentPartAnnotation:
		return p.Annotation != nil && len(p.Annotation.Data) > inlineJSON
	case lipapi.ContentPartExtension:
		return p.Extension != nil && len(p.Extension.Data) > inlineJSON
	case lipapi.ContentPartReasoning:
		return reasoningStreams(p.Reasoning)
	}
	return false
}

// reasoningStreams reports whether r carries a JSON payload too long to
// canonicalize whole.
func reasoningStreams(r *lipapi.ReasoningPart) bool {
	return r != nil && max(len(r.Opaque), len(r.Summary), len(r.Content), len(r.EncryptedContent)) > inlineJSON
}
