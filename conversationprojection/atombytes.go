package conversationprojection

import (
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// CanonicalAtomBytes returns the deterministic JSON bytes for atom: exactly
// what encoding/json.Marshal writes for the atom struct, produced without
// reflection. Strings are escaped as encoding/json escapes them (invalid
// UTF-8 bytes become \ufffd); raw fields are compacted and must each hold
// exactly one JSON value, else the error wraps ErrInvalidJSON and names the
// field.
//
// The result is a fresh slice; its length is linear in the size of atom.
func CanonicalAtomBytes(atom MessageAtomV1) ([]byte, error) {
	w := canon.Writer{Buf: make([]byte, 0, atomSizeHint(&atom))}
	if err := writeAtom(&w, &atom); err != nil {
		return nil, err
	}
	return w.Buf, nil
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

// writeAtom writes the canonical bytes of a to w.
func writeAtom(w *canon.Writer, a *MessageAtomV1) error {
	writeAtomStart(w, string(a.Role))
	if a.Content == nil {
		w.Literal("null}")
		return nil
	}
	w.Byte('[')
	for i := range a.Content {
		if err := writeContent(w, &a.Content[i], i); err != nil {
			return err
		}
	}
	w.Literal("]}")
	return nil
}

// writeAtomStart writes the atom bytes up to the value of "content". The
// five roles, which need no escaping, are written as one literal.
func writeAtomStart(w *canon.Writer, role string) {
	switch role {
	case "system":
		w.Literal(`{"role":"system","content":`)
	case "developer":
		w.Literal(`{"role":"developer","content":`)
	case "user":
		w.Literal(`{"role":"user","content":`)
	case "assistant":
		w.Literal(`{"role":"assistant","content":`)
	case "tool":
		w.Literal(`{"role":"tool","content":`)
	default:
		w.Literal(`{"role":`)
		w.JSONString(role)
		w.Literal(`,"content":`)
	}
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

// writeContent writes content element i (preceded by a comma unless it is
// the first one).
func writeContent(w *canon.Writer, c *NormalizedContent, i int) error {
	if i > 0 {
		w.Byte(',')
	}
	if lit := kindMember(c.Kind); lit != "" {
		w.Literal(lit)
	} else {
		w.Literal(`{"kind":`)
		w.JSONString(string(c.Kind))
	}
	writeStringMember(w, `,"text":`, c.Text)
	writeStringMember(w, `,"image_ref":`, c.ImageRef)
	writeStringMember(w, `,"image_mime":`, c.ImageMIME)
	writeStringMember(w, `,"file_ref":`, c.FileRef)
	writeStringMember(w, `,"file_data":`, c.FileData)
	writeStringMember(w, `,"file_mime":`, c.FileMIME)
	writeStringMember(w, `,"file_name":`, c.FileName)
	writeStringMember(w, `,"video_ref":`, c.VideoRef)
	writeStringMember(w, `,"video_mime":`, c.VideoMIME)
	writeStringMember(w, `,"refusal":`, c.Refusal)
	if r := c.Reasoning; r != nil {
		w.Literal(`,"reasoning":`)
		if field, err := writeReasoning(w, r); err != nil {
			return rawFieldError(i, field, err)
		}
	}
	writeStringMember(w, `,"summary":`, c.Summary)
	if a := c.Annotation; a != nil {
		w.Literal(`,"annotation":{`)
		sep := writeStringField(w, false, `"type":`, a.Type)
		if _, err := writeRawField(w, sep, `"data":`, a.Data); err != nil {
			return rawFieldError(i, "annotation.data", err)
		}
		w.Byte('}')
	}
	writeStringMember(w, `,"assistant_ref":`, c.AssistantRef)
	if len(c.JSON) > 0 {
		w.Literal(`,"json":`)
		if err := w.CompactJSON(c.JSON); err != nil {
			return rawFieldError(i, "json", err)
		}
	}
	if e := c.Extension; e != nil {
		w.Literal(`,"extension":{`)
		sep := writeStringField(w, false, `"namespace":`, e.Namespace)
		if sep {
			w.Byte(',')
		}
		w.Literal(`"type":`)
		w.JSONString(e.Type)
		writeStringField(w, true, `"implementor":`, e.Implementor)
		if _, err := writeRawField(w, true, `"data":`, e.Data); err != nil {
			return rawFieldError(i, "extension.data", err)
		}
		w.Byte('}')
	}
	w.Byte('}')
	return nil
}

// writeReasoning writes the reasoning object r; on failure it names the
// offending raw field.
func writeReasoning(w *canon.Writer, r *NormalizedReasoning) (string, error) {
	w.Byte('{')
	sep := writeStringField(w, false, `"dialect":`, r.Dialect)
	sep = writeStringField(w, sep, `"text":`, r.Text)
	sep = writeStringField(w, sep, `"signature":`, r.Signature)
	var err error
	if sep, err = writeRawField(w, sep, `"opaque":`, r.Opaque); err != nil {
		return "reasoning.opaque", err
	}
	if sep, err = writeRawField(w, sep, `"summary":`, r.Summary); err != nil {
		return "reasoning.summary", err
	}
	if sep, err = writeRawField(w, sep, `"content":`, r.Content); err != nil {
		return "reasoning.content", err
	}
	if sep, err = writeRawField(w, sep, `"encrypted_content":`, r.EncryptedContent); err != nil {
		return "reasoning.encrypted_content", err
	}
	if r.EncryptedContentPresent {
		if sep {
			w.Byte(',')
		}
		w.Literal(`"encrypted_content_present":true`)
	}
	w.Byte('}')
	return "", nil
}

// writeStringMember writes prefix (which starts with the separating comma)
// and the escaped s, unless s is empty.
func writeStringMember(w *canon.Writer, prefix, s string) {
	if s != "" {
		w.Literal(prefix)
		w.JSONString(s)
	}
}

// writeStringField writes name and the escaped s, preceded by a comma when
// sep is set, unless s is empty. It reports whether a comma is due before
// the next member.
func writeStringField(w *canon.Writer, sep bool, name, s string) bool {
	if s == "" {
		return sep
	}
	if sep {
		w.Byte(',')
	}
	w.Literal(name)
	w.JSONString(s)
	return true
}

// writeRawField is writeStringField for a raw JSON value, written compacted.
func writeRawField(w *canon.Writer, sep bool, name string, raw []byte) (bool, error) {
	if len(raw) == 0 {
		return sep, nil
	}
	if sep {
		w.Byte(',')
	}
	w.Literal(name)
	return true, w.CompactJSON(raw)
}

// rawFieldError reports a raw field of content element i that is not
// exactly one JSON value. The canon error carries only an offset.
func rawFieldError(i int, field string, err error) error {
	return fmt.Errorf("%w: content[%d].%s: %w", ErrInvalidJSON, i, field, err)
}
