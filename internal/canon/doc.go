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
// # The string kernel
//
// One scan serves every string: it finds the next byte needing work in the
// given style while validating UTF-8. Text is taken sixteen bytes at a
// time: a block of ASCII is settled by exact word-at-a-time arithmetic, any
// other block by a table-driven automaton (one lookup and one shift per
// byte, no branch) whose state after the block tells whether all of it was
// valid UTF-8 needing no work; only a block that fails is looked at again,
// byte by byte, and what the automaton leaves (four-byte sequences led by
// F1 to F4, malformed bytes) is decoded by the exact rules of
// utf8.DecodeRune. The escapers of both styles, the Scanner's string
// tokens and the unescaper all run on it; escape
// sequences come from one table per style. A string is validated, scanned
// and escaped in one pass, at a speed that does not depend on its script.
//
// Where bytes needing work come close together (source code, markup, JSON
// inside strings, terminal output), a branch per such byte would be
// mispredicted at random, so both directions switch to a branch-free form
// while they do: the escapers write every byte of sixteen ASCII bytes from
// the style's table, one 8-byte store each, and the Scanner validates
// string bodies dense in short escapes with a second automaton of the
// same kind (text, after a backslash, and a state for what the exact path
// must see). Both hand back to the word-at-a-time path after a stretch
// without such bytes.
//
// # encoding/json style
//
// The style is the module's own rule, the bytes encoding/json.Marshal wrote
// from Go 1.22 to Go 1.26, and it does not change with the toolchain.
// AppendJSONString escapes a Go string by it (HTML-safe, U+2028/U+2029
// escaped, \b and \f short, each byte of invalid UTF-8 as \ufffd, where the
// json/v2 engine behind encoding/json from Go 1.27 writes a raw U+FFFD).
// AppendCanonicalJSON re-encodes a document with object members sorted by
// decoded name (last duplicate wins), strings re-escaped and numbers
// verbatim, which equals a UseNumber decode followed by Marshal on both
// engines (decoding leaves no invalid UTF-8); trailing data is rejected. CanonicalForm returns the same form, bounded in
// length, for a caller that writes it several times, and
// CanonicalJSONValue without a limit, into a caller's scratch buffer: both
// return the document's own bytes when it is canonical already, without
// copying them. AppendCompactJSON equals Marshal of
// a json.RawMessage on both engines.
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
// buffer stays on the stack. A streaming Digest owns one window of
// WindowSize bytes: long strings are escaped straight into it a piece at a
// time, long tokens are copied through it. Hex, PrefixedHex and SumHex
// format SHA-256 sums in lowercase hexadecimal; IsLowerHexDigest,
// ParsePrefixedDigest and IsPrefixedDigest validate and decode such strings
// eight digits at a time, without allocating.
//
// # Complexity and memory
//
// Scanning, escaping, validation and compaction are linear in the input
// and allocate nothing but the output (a Digest: its window, once).
//
// Canonical re-encoding (AppendCanonicalJSON, AppendSerdeValue,
// AppendSerdeValueFrom and their Digest forms) reads the value twice and
// never holds a node per token. The first pass validates it and notes
// whether it is already canonical (compact, names strictly increasing,
// every string and number in its canonical spelling): such a value is
// copied or hashed whole. Otherwise the first pass keeps an 8-byte record
// per member of each object whose names are not strictly increasing, and a
// 16-byte record per such object; the second pass writes the value out,
// jumping to each recorded member in sorted order. Time is
// O(n + Σ m log m) for n input bytes and recorded objects of m members,
// linear in nesting (no subtree is read more than twice). Memory is the
// output plus those records (growing at the density seen, so at most a
// small multiple of the input: the tests pin three times the input plus
// the output on every shape) plus, for the objects open and being written,
// a bounded number of bytes per level of nesting (at most a few
// hundred). The records of a small document (up to 32 members of
// unsorted objects, 8 such objects, objects nested up to 8 deep) and a
// short string to decode live on the stack: re-encoding it allocates
// nothing but the output.
// Documents of 4 GiB or more are rejected: offsets are 32-bit.
//
// Nothing here keeps state between calls, starts goroutines or performs
// I/O.
package canon
