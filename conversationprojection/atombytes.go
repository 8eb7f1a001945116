package conversationprojection

import "github.com/agentkernel/agentkernel/internal/canon"

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
	dst = d.AppendJSONString(append(dst, `{"role":`...), string(a.Role))
	if a.Content == nil {
		return append(dst, `,"content":null}`...), nil
	}
	dst = append(dst, `,"content":[`...)
	for i := range a.Content {
		e := elementOfContent(&a.Content[i])
		l := e.tokens(i == 0)
		var err error
		if dst, err = appendTokens(dst, d, &l, i); err != nil {
			return dst, err
		}
	}
	return append(dst, "]}"...), nil
}
