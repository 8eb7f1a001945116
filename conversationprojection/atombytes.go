package conversationprojection

import (
	"github.com/agentkernel/agentkernel/internal/canon"
)

// CanonicalAtomBytes returns the deterministic JSON bytes for atom, by the
// rule below, produced without reflection:
//
//	{"role":<role>,"content":<content>}
//
// where content is null for a nil slice, [] for an empty one, and otherwise
// the NormalizedContent values in order, each an object whose first member
// is "kind" and whose other members are its non-empty fields in field order
// (text, image_ref, image_mime, file_ref, file_data, file_mime, file_name,
// video_ref, video_mime, refusal, reasoning, summary, annotation,
// assistant_ref, json, extension). Nested
// objects follow their field order too, omit empty members, write
// encrypted_content_present only when true, and always write an extension's
// type.
//
// Strings are escaped so: '"' and '\' with a backslash; \b, \f, \n, \r and
// \t for those control characters and \u00XX (lowercase hex) for the other
// bytes below 0x20; '<', '>', '&', U+2028 and U+2029 as \u003c, \u003e,
// \u0026, \u2028 and \u2029; each byte that is not part of valid UTF-8 as
// \ufffd; everything else verbatim. Raw fields must
// each hold exactly one JSON value, optionally surrounded by white space and
// nested at most 10000 deep (the grammar of CanonicalJSON), else the error
// wraps ErrInvalidJSON and names the field; they are written
// compacted, with '<', '>', '&', U+2028 and U+2029 escaped as above and
// every other byte (numbers, escapes, member order) verbatim.
//
// These are the bytes encoding/json.Marshal wrote for the atom struct from
// Go 1.22 to Go 1.26, and they do not change with the toolchain. On Go 1.27
// (the json/v2 engine), json.Marshal of the atom differs: it writes each
// byte of a string that is not part of valid UTF-8 as the raw U+FFFD, and
// it fails when a raw value nested up to 10000 deep takes the atom as a
// whole past 10000 levels.
//
// The result is a fresh slice; its length is linear in the size of atom.
func CanonicalAtomBytes(atom MessageAtomV1) ([]byte, error) {
	b, err := appendAtom(make([]byte, 0, atomSizeHint(&atom)), nil, &atom)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// atomSizeHint estimates the atom's byte length, assuming little escaping.
func atomSizeHint(a *MessageAtomV1) int {
	n := 32 + len(a.Role)
	for i := range a.Content {
		c := &a.Content[i]
		n += 16 + len(c.Kind) + len(c.Text) + len(c.ImageRef) + len(c.ImageMIME) +
			len(c.FileRef) + len(c.FileData) + len(c.FileMIME) + len(c.FileName) +
			len(c.VideoRef) + len(c.VideoMIME) + len(c.Refusal) + len(c.Summary) +
			len(c.AssistantRef) + len(c.JSON)
		if r := c.Reasoning; r != nil {
			n += 128 + len(r.Dialect) + len(r.Text) + len(r.Signature) + len(r.Opaque) +
				len(r.Summary) + len(r.Content) + len(r.EncryptedContent)
		}
		if an := c.Annotation; an != nil {
			n += 32 + len(an.Type) + len(an.Data)
		}
		if e := c.Extension; e != nil {
			n += 64 + len(e.Namespace) + len(e.Type) + len(e.Implementor) + len(e.Data)
		}
	}
	return n
}

// appendAtom appends the canonical bytes of a to dst, passing them through
// d (nil: no hashing) as they are written.
func appendAtom(dst []byte, d *canon.Digest, a *MessageAtomV1) ([]byte, error) {
	dst = appendAtomStart(dst, d, string(a.Role))
	if a.Content == nil {
		return append(dst, "null}"...), nil
	}
	dst = append(dst, '[')
	for i := range a.Content {
		var err error
		if dst, err = appendContent(dst, d, &a.Content[i], i); err != nil {
			return dst, err
		}
	}
	return append(dst, "]}"...), nil
}

// appendAtomStart appends the atom bytes up to the value of "content". The
// five roles, which need no escaping, are written as one literal.
func appendAtomStart(dst []byte, d *canon.Digest, role string) []byte {
	switch role {
	case "system":
		return append(dst, `{"role":"system","content":`...)
	case "developer":
		return append(dst, `{"role":"developer","content":`...)
	case "user":
		return append(dst, `{"role":"user","content":`...)
	case "assistant":
		return append(dst, `{"role":"assistant","content":`...)
	case "tool":
		return append(dst, `{"role":"tool","content":`...)
	}
	dst = d.AppendJSONString(append(dst, `{"role":`...), role)
	return append(dst, `,"content":`...)
}

// kindMember returns the literal `{"kind":"<k>"` for the content kinds,
// which need no escaping, and "" for any other kind.
func kindMember(k ContentKind) string {
	switch k {
	case ContentKindText:
		return `{"kind":"text"`
	case ContentKindImageRef:
		return `{"kind":"image_ref"`
	case ContentKindFileRef:
		return `{"kind":"file_ref"`
	case ContentKindVideoRef:
		return `{"kind":"video_ref"`
	case ContentKindRefusal:
		return `{"kind":"refusal"`
	case ContentKindReasoning:
		return `{"kind":"reasoning"`
	case ContentKindSummary:
		return `{"kind":"summary"`
	case ContentKindAnnotation:
		return `{"kind":"annotation"`
	case ContentKindAssistantRef:
		return `{"kind":"assistant_ref"`
	case ContentKindJSON:
		return `{"kind":"json"`
	case ContentKindToolResult:
		return `{"kind":"tool_result"`
	case ContentKindExtension:
		return `{"kind":"extension"`
	}
	return ""
}

// appendContent appends content element i (preceded by a comma unless it is
// the first one).
func appendContent(dst []byte, d *canon.Digest, c *NormalizedContent, i int) ([]byte, error) {
	if i > 0 {
		dst = append(dst, ',')
	}
	if lit := kindMember(c.Kind); lit != "" {
		dst = append(dst, lit...)
	} else {
		dst = d.AppendJSONString(append(dst, `{"kind":`...), string(c.Kind))
	}
	dst = appendStringMember(dst, d, `,"text":`, c.Text)
	dst = appendStringMember(dst, d, `,"image_ref":`, c.ImageRef)
	dst = appendStringMember(dst, d, `,"image_mime":`, c.ImageMIME)
	dst = appendStringMember(dst, d, `,"file_ref":`, c.FileRef)
	dst = appendStringMember(dst, d, `,"file_data":`, c.FileData)
	dst = appendStringMember(dst, d, `,"file_mime":`, c.FileMIME)
	dst = appendStringMember(dst, d, `,"file_name":`, c.FileName)
	dst = appendStringMember(dst, d, `,"video_ref":`, c.VideoRef)
	dst = appendStringMember(dst, d, `,"video_mime":`, c.VideoMIME)
	dst = appendStringMember(dst, d, `,"refusal":`, c.Refusal)
	var err error
	if r := c.Reasoning; r != nil {
		var field string
		if dst, field, err = appendReasoning(append(dst, `,"reasoning":`...), d, r); err != nil {
			return dst, rawFieldError(i, field, err)
		}
	}
	dst = appendStringMember(dst, d, `,"summary":`, c.Summary)
	var sep bool
	if a := c.Annotation; a != nil {
		dst, sep = appendStringField(append(dst, `,"annotation":{`...), d, false, `"type":`, a.Type)
		if dst, _, err = appendRawField(dst, d, sep, `"data":`, a.Data); err != nil {
			return dst, rawFieldError(i, "annotation.data", err)
		}
		dst = append(dst, '}')
	}
	dst = appendStringMember(dst, d, `,"assistant_ref":`, c.AssistantRef)
	if len(c.JSON) > 0 {
		if dst, err = d.AppendCompactJSON(append(dst, `,"json":`...), c.JSON); err != nil {
			return dst, rawFieldError(i, "json", err)
		}
	}
	if e := c.Extension; e != nil {
		dst, sep = appendStringField(append(dst, `,"extension":{`...), d, false, `"namespace":`, e.Namespace)
		if sep {
			dst = append(dst, ',')
		}
		dst = d.AppendJSONString(append(dst, `"type":`...), e.Type)
		dst, _ = appendStringField(dst, d, true, `"implementor":`, e.Implementor)
		if dst, _, err = appendRawField(dst, d, true, `"data":`, e.Data); err != nil {
			return dst, rawFieldError(i, "extension.data", err)
		}
		dst = append(dst, '}')
	}
	return d.Feed(append(dst, '}')), nil
}

// appendReasoning appends the reasoning object r; on failure it names the
// offending raw field.
func appendReasoning(dst []byte, d *canon.Digest, r *NormalizedReasoning) ([]byte, string, error) {
	dst = append(dst, '{')
	dst, sep := appendStringField(dst, d, false, `"dialect":`, r.Dialect)
	dst, sep = appendStringField(dst, d, sep, `"text":`, r.Text)
	dst, sep = appendStringField(dst, d, sep, `"signature":`, r.Signature)
	var err error
	if dst, sep, err = appendRawField(dst, d, sep, `"opaque":`, r.Opaque); err != nil {
		return dst, "reasoning.opaque", err
	}
	if dst, sep, err = appendRawField(dst, d, sep, `"summary":`, r.Summary); err != nil {
		return dst, "reasoning.summary", err
	}
	if dst, sep, err = appendRawField(dst, d, sep, `"content":`, r.Content); err != nil {
		return dst, "reasoning.content", err
	}
	if dst, sep, err = appendRawField(dst, d, sep, `"encrypted_content":`, r.EncryptedContent); err != nil {
		return dst, "reasoning.encrypted_content", err
	}
	if r.EncryptedContentPresent {
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"encrypted_content_present":true`...)
	}
	return append(dst, '}'), "", nil
}

// appendStringMember appends prefix (which starts with the separating
// comma) and the escaped s, unless s is empty.
func appendStringMember(dst []byte, d *canon.Digest, prefix, s string) []byte {
	if s == "" {
		return dst
	}
	return d.AppendJSONString(append(dst, prefix...), s)
}

// appendStringField appends name and the escaped s, preceded by a comma
// when sep is set, unless s is empty. It reports whether a comma is due
// before the next member.
func appendStringField(dst []byte, d *canon.Digest, sep bool, name, s string) ([]byte, bool) {
	if s == "" {
		return dst, sep
	}
	if sep {
		dst = append(dst, ',')
	}
	return d.AppendJSONString(append(dst, name...), s), true
}

// appendRawField is appendStringField for a raw JSON value, written
// compacted.
func appendRawField(dst []byte, d *canon.Digest, sep bool, name string, raw []byte) ([]byte, bool, error) {
	if len(raw) == 0 {
		return dst, sep, nil
	}
	if sep {
		dst = append(dst, ',')
	}
	dst, err := d.AppendCompactJSON(append(dst, name...), raw)
	return dst, true, err
}

// rawFieldError reports a raw field of content element i that is not
// exactly one JSON value. The canon error carries only an offset.
func rawFieldError(i int, field string, err error) error {
	return errorf("%w: content[%d].%s: %w", ErrInvalidJSON, i, field, err)
}
