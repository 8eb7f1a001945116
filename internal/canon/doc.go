// Package canon is the one home of the module's byte-exact JSON and digest
// mechanisms: the JSON scanner, the string writers and readers of the two
// JSON styles the module must reproduce, canonical re-encoding, and the
// SHA-256 digest helpers. Every other package writes and reads JSON through
// it.
//
// # Scanner
//
// Scanner is a pull tokenizer over an in-memory document. It validates the
// whole RFC 8259 grammar as it goes, never recurses (nesting costs one bit
// per level, cut off at MaxDepth for encoding/json or SerdeMaxDepth for
// serde_json) and reports errors wrapping ErrSyntax with a byte offset
// only, never document content. Lax mode accepts exactly what encoding/json
// accepts; strict mode reads as serde_json does (valid UTF-8, paired
// surrogate escapes, finite numbers). NextDecoding decodes a string while
// it scans it.
//
// # The string kernel
//
// One scan serves every string: it finds the next byte needing work in the
// given style while validating UTF-8, sixteen bytes at a time: a block of
// ASCII by word-at-a-time arithmetic (swar.go), any other block by a
// table-driven automaton whose state after the block tells whether all of
// it was valid and needed no work. What the automaton leaves is decoded by
// utf8.DecodeRune. Where bytes needing work come close together (code,
// markup, JSON inside strings) a branch per byte would be mispredicted, so
// the escaper writes every byte of sixteen ASCII bytes from the style's
// table, and the Scanner checks bodies dense in short escapes with a second
// automaton, until a stretch without such bytes.
//
// # encoding/json style
//
// The style is the module's own rule, the bytes encoding/json.Marshal wrote
// from Go 1.22 to Go 1.26, and it does not change with the toolchain.
// AppendJSONString escapes a Go string by it (HTML-safe, U+2028/U+2029
// escaped, \b and \f short, each byte of invalid UTF-8 as \ufffd, where the
// json/v2 engine behind encoding/json from Go 1.27 writes a raw U+FFFD);
// EscapeJSON writes the same into a fixed window, as far as it fits.
// AppendCanonicalJSON re-encodes a document with object members sorted by
// decoded name (last duplicate wins), strings in their canonical spelling
// and numbers verbatim, which equals a UseNumber decode followed by Marshal
// on both engines; trailing data is rejected. CanonicalForm and
// CanonicalJSONValue return the same form without copying a document that
// is canonical already. AppendCompactJSON equals Marshal of a
// json.RawMessage on both engines.
//
// # serde_json style
//
// AppendSerdeString, AppendSerdeFloat (both float layouts: serde_json
// before and after 1.0.147) and AppendSerdeValue (serde_json's Value
// normalization: sorted keys, last duplicate wins, numbers re-printed)
// reproduce the bytes serde_json writes. AppendSerdeLegacy converts
// normalized text to the legacy float layout.
//
// # Digests
//
// Every writer is append-style and has a Digest method form that feeds a
// SHA-256 state in ChunkSize pieces through one window of WindowSize bytes,
// so a digest never needs the whole canonical form in memory. Hex,
// PrefixedHex and SumHex format sums in lowercase hexadecimal;
// IsLowerHexDigest, ParsePrefixedDigest and IsPrefixedDigest validate and
// decode such strings eight digits at a time, without allocating.
//
// # Complexity and memory
//
// Scanning, escaping and compaction are linear in the input and allocate
// nothing but the output (a Digest: its window, once). Canonical
// re-encoding reads the value twice and never holds a node per token. The
// first pass validates it and notes whether it is canonical already (then
// it is copied or hashed whole); otherwise it keeps an 8-byte record per
// member of each object whose names are not strictly increasing, a 16-byte
// record per such object and a 12-byte record per string value of 64
// bytes or more, and the second pass writes the value out, jumping to each
// recorded member in sorted order and copying a string already in its
// canonical spelling without scanning a recorded one again. Time is
// O(n + Σ m log m) for n input bytes and recorded objects of m members;
// memory is the output plus those records (at most a small multiple of the
// input: the tests pin three times the input plus the output). A small
// document's records live on the stack. Documents of 4 GiB or more are
// rejected: offsets are 32-bit.
//
// Nothing here keeps state between calls, starts goroutines or performs
// I/O.
package canon
