// Package jsonref is a test-support package: the test-side reference of the
// encoding/json-style bytes the module pins, written plainly from the rules
// rather than taken from encoding/json, and the exact differences between
// those bytes and what the running encoding/json writes. It is never
// imported by library code.
//
// # The rule
//
// The module's encoding/json-style bytes (message identities and atom
// bytes, CanonicalJSON output, the canonical writers of internal/canon)
// are its own definition: encoding/json's output as Go 1.22 to 1.26 wrote
// it, the same on every toolchain. Quote writes a Go string by that rule,
// Compact a raw JSON value.
//
// # The engines of encoding/json
//
// encoding/json runs on its own (v1) engine up to Go 1.26, and on the
// json/v2 engine by default from Go 1.27 (on Go 1.25 and 1.26 with
// GOEXPERIMENT=jsonv2; GOEXPERIMENT=nojsonv2 brings the v1 engine back on
// Go 1.27). EngineV2 tells them apart by behaviour, so it follows
// GOEXPERIMENT as well as the Go version. Of what the module's tests
// compare, the json/v2 engine differs from the rule in exactly two ways:
//
//   - json.Marshal writes each byte of a Go string that is not part of
//     valid UTF-8 as the raw replacement character U+FFFD (the bytes EF BF
//     BD) where the rule writes the escape \ufffd (QuoteV2); LiveQuote
//     writes a string as the running encoding/json does;
//   - json.Marshal fails when its output as a whole nests more than
//     MaxDepth arrays and objects deep, where the v1 engine checks each
//     json.RawMessage on its own; LiveAcceptsDepth says which.
//
// Everything else is the same on both engines: the other escapes, member
// order, the compaction of raw values, json.Valid, decoding (invalid UTF-8
// becomes U+FFFD in both) and decoding with UseNumber. The texts of
// encoding/json's errors differ, and no test depends on them.
//
// A test pins the module's bytes with Quote and Compact (and golden files)
// on every toolchain, and compares them with the running encoding/json
// through LiveQuote and LiveAcceptsDepth, which keeps the comparison exact
// on either engine while admitting exactly the differences above.
package jsonref

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxDepth is encoding/json's nesting limit on both engines: a document may
// nest at most 10000 arrays and objects.
const MaxDepth = 10000

// EngineV2 reports whether the running encoding/json runs on the json/v2
// engine, by how json.Marshal writes an invalid UTF-8 byte.
func EngineV2() bool { return engineV2() }

var engineV2 = sync.OnceValue(func() bool {
	b, err := json.Marshal("\xff")
	return err == nil && string(b) != `"\ufffd"`
})

// Quote appends s to dst as a JSON string by the module's rule: '"' and '\'
// escaped with a backslash; \b, \f, \n, \r and \t for those control
// characters and \u00xx (lowercase hex) for the other bytes below 0x20;
// '<', '>', '&', U+2028 and U+2029 as \u003c, \u003e, \u0026, \u2028 and
// \u2029; each byte that is not part of valid UTF-8 (where
// utf8.DecodeRuneInString reports a width of one) as \ufffd; everything
// else, '/', DEL and a valid U+FFFD included, as it is.
func Quote(dst []byte, s string) []byte { return quote(dst, s, `\ufffd`) }

// QuoteV2 appends s to dst as encoding/json.Marshal writes it on the
// json/v2 engine: as Quote does, except that each byte that is not part of
// valid UTF-8 is written as the raw U+FFFD.
func QuoteV2(dst []byte, s string) []byte { return quote(dst, s, "\uFFFD") }

// LiveQuote appends s to dst as the running encoding/json.Marshal writes
// it: QuoteV2 on the json/v2 engine, Quote otherwise.
func LiveQuote(dst []byte, s string) []byte {
	if EngineV2() {
		return QuoteV2(dst, s)
	}
	return Quote(dst, s)
}

// quote appends s as a JSON string, writing invalid for each byte that is
// not part of valid UTF-8.
func quote(dst []byte, s, invalid string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch short, ok := shortEscapes[r]; {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, invalid...)
		case ok:
			dst = append(dst, short...)
		case r < 0x20 || strings.ContainsRune(htmlAndLineSeparators, r):
			dst = fmt.Appendf(dst, `\u%04x`, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// shortEscapes are the two-character escapes of Quote.
var shortEscapes = map[rune]string{
	'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`,
}

// htmlAndLineSeparators are the characters Quote and Compact write as \u
// escapes beyond the control characters.
const htmlAndLineSeparators = "<>&\u2028\u2029"

// Compact appends raw, which must be valid JSON as json.Valid accepts it,
// to dst by the module's rule for raw values (how encoding/json writes a
// json.RawMessage on both engines): the white space between tokens
// removed, '<', '>', '&', U+2028 and U+2029 written as \u003c, \u003e,
// \u0026, \u2028 and \u2029, every other byte as it is.
func Compact(dst, raw []byte) []byte {
	inString := false
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		switch {
		case inString && r == '\\':
			size = 2 // the escaped byte is copied with the backslash
		case strings.ContainsRune(htmlAndLineSeparators, r):
			dst = fmt.Appendf(dst, `\u%04x`, r)
			i += size
			continue
		case !inString && strings.ContainsRune(" \t\n\r", r):
			i += size
			continue
		case r == '"':
			inString = !inString
		}
		dst = append(dst, raw[i:i+size]...)
		i += size
	}
	return dst
}

// Depth returns how deep the valid JSON document doc nests arrays and
// objects (0 for a scalar).
func Depth(doc []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// LiveAcceptsDepth reports whether the running encoding/json.Marshal
// accepts the nesting of doc, the pinned bytes of a value whose
// json.RawMessage values each nest at most MaxDepth deep: always on the v1
// engine, and on the json/v2 engine when doc as a whole nests at most
// MaxDepth deep.
func LiveAcceptsDepth(doc []byte) bool {
	return !EngineV2() || Depth(doc) <= MaxDepth
}

// ViaEncodingJSON decodes the first JSON value of raw with the running
// encoding/json, its numbers as json.Number, and marshals it again: the
// value in the encoding/json style (members sorted by key, the last of
// repeated keys kept, no white space, numbers as written), which
// CanonicalJSON and canon's canonical writers follow. Data after the value
// is ignored. The result is the same on both engines of encoding/json
// when the value nests at most MaxDepth deep: decoding turns invalid UTF-8
// into U+FFFD first.
func ViaEncodingJSON(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}
