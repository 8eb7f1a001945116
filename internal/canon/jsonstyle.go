package canon

// AppendCompactJSON appends raw, which must hold exactly one JSON value
// (optionally surrounded by white space, nested at most MaxDepth deep),
// as encoding/json.Marshal writes a json.RawMessage: insignificant white
// space removed, '<' '>' '&' and U+2028/U+2029 replaced by their \u escapes,
// every other byte (key order, duplicates, escapes, numbers, invalid UTF-8)
// unchanged. Like a nil json.RawMessage, a nil raw is written as null; an
// empty non-nil one is an error. On error dst is returned unchanged.
func AppendCompactJSON(dst, raw []byte) ([]byte, error) {
	return (*Digest)(nil).AppendCompactJSON(dst, raw)
}

// AppendCanonicalJSON appends the canonical encoding/json-style form of raw,
// which must hold exactly one JSON value as encoding/json accepts it
// (optionally surrounded by white space; trailing data is an error; nesting
// at most MaxDepth): white space dropped, object members sorted by the bytes
// of their decoded names with the last of equal names winning, strings
// decoded and re-escaped by AppendJSONString, numbers and literals verbatim.
// The result equals decoding raw with encoding/json's UseNumber into an
// interface value and marshaling it back, for any document under 4 GiB
// (larger ones are rejected: node offsets are 32-bit). On error dst is
// returned unchanged.
func AppendCanonicalJSON(dst, raw []byte) ([]byte, error) {
	return canonical(dst, nil, raw, false, MaxDepth, styleJSON)
}

// CanonicalJSONValue returns the canonical form of raw exactly as
// AppendCanonicalJSON writes it, without copying a document that is
// canonical already: it then returns raw's own bytes (the value without
// the white space around it; not to be modified) and inScratch false, at
// the cost of one validating pass. Otherwise it returns scratch with the
// form appended, and inScratch true. On error it returns scratch
// unchanged.
func CanonicalJSONValue(scratch, raw []byte) (form []byte, inScratch bool, err error) {
	c := canonicalizer{st: styleJSON}
	start, end, err := c.readDocument(raw, false, MaxDepth)
	if err != nil {
		return scratch, false, err
	}
	if c.isCanonical() {
		return raw[start:end:end], false, nil
	}
	out, err := c.emit(scratch, nil, start, end)
	if err != nil {
		return scratch, false, err
	}
	return out, true, nil
}
