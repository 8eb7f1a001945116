package corpus

import (
	"strconv"
	"unicode/utf8"
)

// The JSON the generators write is built as a tree of these values and
// printed by appendJSON: nil, bool, int, string, asciiString, jsonNumber,
// []any and jsonObject.

// jsonObject is a JSON object whose members keep their order.
type jsonObject []jsonMember

// jsonMember is one member of a jsonObject.
type jsonMember struct {
	key   string
	value any
}

// jsonNumber is a number printed verbatim, such as "12.50" or "-3e-7".
type jsonNumber string

// asciiString is a string printed with every non-ASCII character escaped as
// \uXXXX (a surrogate pair above U+FFFF), as serializers with an
// ensure-ASCII option write it.
type asciiString string

// obj builds a jsonObject from alternating keys and values.
func obj(kv ...any) jsonObject {
	o := make(jsonObject, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		o = append(o, jsonMember{kv[i].(string), kv[i+1]})
	}
	return o
}

// appendJSON appends v as JSON: compact when indent is empty, otherwise
// pretty-printed with indent per level, starting at depth levels.
func appendJSON(b []byte, v any, indent string, depth int) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, v)
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case jsonNumber:
		return append(b, v...)
	case string:
		return appendJSONString(b, v, false)
	case asciiString:
		return appendJSONString(b, string(v), true)
	case []any:
		return appendJSONSeq(b, len(v), '[', ']', indent, depth, func(b []byte, i int) []byte {
			return appendJSON(b, v[i], indent, depth+1)
		})
	case jsonObject:
		return appendJSONSeq(b, len(v), '{', '}', indent, depth, func(b []byte, i int) []byte {
			b = appendJSONString(b, v[i].key, false)
			b = append(b, ':')
			if indent != "" {
				b = append(b, ' ')
			}
			return appendJSON(b, v[i].value, indent, depth+1)
		})
	}
	panic("corpus: unsupported JSON value")
}

// appendJSONSeq appends an array or object of n elements between open and
// closing, each element written by elem, laid out as appendJSON lays out a
// value at depth.
func appendJSONSeq(b []byte, n int, open, closing byte, indent string, depth int, elem func(b []byte, i int) []byte) []byte {
	if n == 0 {
		return append(b, open, closing)
	}
	b = append(b, open)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendNewline(b, indent, depth+1)
		b = elem(b, i)
	}
	return append(appendNewline(b, indent, depth), closing)
}

// appendNewline starts a new line indented to depth, unless the output is
// compact (indent is empty).
func appendNewline(b []byte, indent string, depth int) []byte {
	if indent == "" {
		return b
	}
	b = append(b, '\n')
	for range depth {
		b = append(b, indent...)
	}
	return b
}

// appendJSONString appends s, which must be valid UTF-8, as a JSON string;
// with ascii set every non-ASCII character is escaped too.
func appendJSONString(b []byte, s string, ascii bool) []byte {
	const hex = "0123456789abcdef"
	u4 := func(b []byte, r rune) []byte {
		return append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
	}
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"':
			b = append(b, '\\', '"')
		case r == '\\':
			b = append(b, '\\', '\\')
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20:
			b = u4(b, r)
		case ascii && r > 0xffff:
			r -= 0x10000
			b = u4(u4(b, 0xd800+r>>10), 0xdc00+r&0x3ff)
		case ascii && r >= 0x80:
			b = u4(b, r)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}
