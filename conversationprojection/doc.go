// Package conversationprojection implements the pure kernel for semantic
// message identity, never_backend exclusion filtering, deterministic steering
// projection and reassertion, anchor and provenance primitives, and immutable
// projection DTOs at the A-leg/B-leg boundary.
//
// # Message identity
//
// A message unit is a legacy lipapi.Message or a lipapi.Item of kind
// message. AtomOfMessage and AtomOfItem map it to a MessageAtomV1: the
// trimmed role plus one NormalizedContent per part, with identity-irrelevant
// fields (IDs, status, phase, tool call IDs, metadata) dropped, line breaks
// normalized to "\n" and JSON payloads put in CanonicalJSON form. The atom's
// canonical bytes (CanonicalAtomBytes, byte for byte what encoding/json would
// marshal) are hashed with SHA-256 into a MessageIdentity "v1:<64 hex>".
// The legacy and item forms of the same text, file, tool result or reasoning
// content have the same identity. MessageIdentityOf and ItemIdentityOf
// stream the atom straight into the hash, without reflection, without
// encoding/json and without materializing the atom.
//
// # Anchors
//
// A MessageAnchor names the n-th message unit with a given identity. In a
// legacy call Instructions and Messages form one trajectory with one shared
// occurrence counter; in an item call only message items count.
//
// # Invariants
//
// Every function is deterministic, never mutates its inputs, never panics,
// and returns values that share no mutable memory with its inputs. The
// package has no I/O, clocks, goroutines, locks, reflection or mutable
// globals. Every returned error wraps at least one of the package's
// sentinels (errors.Is) and never contains message text, overlay text or
// payloads; errors name kinds, roles, fields, indexes, counts, overlay IDs
// and anchors only.
//
// # Complexity
//
// Identity is linear in the bytes of the message (plus O(k log k) per JSON
// object of k members in its payloads), with at most three allocations for a plain
// text message. CanonicalJSON is O(n log n) in its input. The anchor
// functions hash each message unit at most once: O(total message bytes).
package conversationprojection
