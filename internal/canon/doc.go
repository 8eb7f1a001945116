// Package canon is the one home of the module's byte-exact JSON and digest
// mechanisms: the JSON scanner, the string writers and readers of the two
// JSON styles the module must reproduce, canonical re-encoding, and the
// SHA-256 digest helpers. Every other package writes and reads JSON through
// it.
//
// Scanner is a pull tokenizer over an in-memory document. It validates the
// whole RFC 8259 grammar, never recurses (nesting costs one bit per level,
// cut off at MaxDepth or SerdeMaxDepth) and reports errors wrapping
// ErrSyntax with a byte offset only, never document content. Lax mode
// accepts exactly what encoding/json accepts; strict mode reads as
// serde_json does (valid UTF-8, paired surrogate escapes, finite numbers).
//
// The encoding/json style is the module's own rule: the bytes
// encoding/json.Marshal wrote from Go 1.22 to Go 1.26 (HTML-safe, U+2028
// and U+2029 escaped, each byte of invalid UTF-8 as \ufffd), whatever the
// toolchain. AppendJSONString and EscapeJSON write strings by it;
// AppendCanonicalJSON re-encodes a document with members sorted by decoded
// name (last duplicate wins), strings canonically spelled and numbers
// verbatim, which equals a UseNumber decode followed by Marshal;
// CanonicalForm and CanonicalJSONValue return that form without copying a
// document that is canonical already; AppendCompactJSON equals Marshal of
// a json.RawMessage. The serde_json style is reproduced by
// AppendSerdeString, AppendSerdeFloat (both float layouts), AppendSerdeValue
// (sorted keys, last duplicate wins, numbers re-printed) and
// AppendSerdeLegacy.
//
// Every writer is append-style and has a Digest method form that feeds a
// SHA-256 state in ChunkSize pieces through one window of WindowSize bytes,
// so a digest never needs the whole output in memory. Hex, PrefixedHex and
// SumHex format sums; IsLowerHexDigest, ParsePrefixedDigest and
// IsPrefixedDigest validate and decode them without allocating.
//
// Scanning, escaping and compaction are linear in the input and allocate
// nothing but the output (a Digest: its window, once). Canonical
// re-encoding reads the value twice and never holds a node per token: the
// first pass validates it and notes whether it is canonical already (then
// it is copied or hashed whole; a serde_json value read from a larger
// document, usually canonical already, is first tried by one loop over its
// bytes that keeps only the last name of each open object and accepts
// names free of escapes nested at most 32 deep); otherwise it keeps an
// 8-byte record per member of each open object, then, for each object
// whose names are not strictly increasing, 4 bytes per member it writes
// and a 12-byte record, and a 12-byte record per string value of 64 bytes
// or more; the second pass writes the value, jumping to each recorded
// member in sorted order and copying a canonically spelled string without
// scanning it again. A value canonical but for white space between its
// tokens (in at most 8 places) and the spelling of its long string values
// is written without that walk: its tokens are copied without the white
// space and those strings written from their records. A long string value
// that escapes a character without need (as Python's json.dumps writes
// every non-ASCII one) within the last 64 KiB of the document (anywhere
// in it, for CanonicalForm, which holds the form whole anyway) is decoded
// by the first pass, into one buffer (in a streamed document, of at most
// those 64 KiB), so that it is not decoded again. Time is
// O(n + Σ m log m) for n input bytes and recorded objects of m members;
// memory is the output plus those records, at most three times the input:
// the arrays of records grow at the density seen since they last grew, so
// mostly once, and never beyond what the rest of the document can hold (a
// ':' per member, a '{' per object, and a few bytes each); the output is
// first given the value's length less the duplicates it drops. Minimal
// objects with their names out of order ({"b":1,"a":2}), or duplicates
// dropped whose values hold such objects, take the most: up to 2.9 times
// the input. A small document's records live on the stack. Documents of
// 4 GiB or more are rejected.
//
// Nothing here keeps state between calls, starts goroutines or performs
// I/O.
package canon
