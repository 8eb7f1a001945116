// Package canon is the one home of the module's byte-exact JSON and digest
// mechanisms: a single JSON scanner, the string escapers and canonical
// writers of the two JSON styles the module must reproduce, and the SHA-256
// hexadecimal helpers. Every other package writes and reads JSON through it.
//
// # Scanner
//
// Scanner is a pull tokenizer over an in-memory document. It validates the
// whole RFC 8259 grammar as it goes, never recurses (nesting costs one bit
// per level and is cut off at a configurable depth, MaxDepth for
// encoding/json compatibility, SerdeMaxDepth for serde_json), and reports
// errors wrapping ErrSyntax with a byte offset only, never document content.
// Lax mode accepts exactly what encoding/json accepts; strict mode reads as
// serde_json does (valid UTF-8, paired surrogate escapes, finite numbers).
//
// # encoding/json style
//
// AppendJSONString escapes a Go string exactly as encoding/json.Marshal
// does (HTML-safe, U+2028/U+2029 escaped, invalid UTF-8 as \ufffd).
// AppendCanonicalJSON re-encodes a document with object members sorted by
// decoded name (last duplicate wins), strings re-escaped and numbers
// verbatim, which equals a UseNumber decode followed by Marshal; trailing
// data is rejected. AppendCompactJSON equals Marshal of a json.RawMessage.
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
// Every writer is append-style (dst in, extended dst out) and has a Digest
// method form that feeds a SHA-256 state in ChunkSize pieces, so a digest
// never needs the whole canonical form in memory and a caller's stack
// buffer stays on the stack. Hex, PrefixedHex
// and SumHex format SHA-256 sums in lowercase hexadecimal;
// IsLowerHexDigest and IsPrefixedDigest validate such strings without
// allocating.
//
// # Line endings
//
// NormalizedNewlinesLen and CopyNormalizedNewlines turn every CRLF and
// every other CR into LF, eight bytes at a time, whole or window by window:
// the one line-ending normalizer of the fingerprint records and the message
// atoms.
//
// # Complexity
//
// Scanning, escaping and compaction are linear in the input. Canonical
// re-encoding is O(n + Σ m log m) for n tokens and objects of m members,
// and holds one 24-byte node per token. Nothing here keeps state between
// calls, starts goroutines or performs I/O.
package canon
