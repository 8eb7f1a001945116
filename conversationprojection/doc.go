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
// canonical bytes (CanonicalAtomBytes) are hashed with SHA-256 into a
// MessageIdentity "v1:<64 hex>". The legacy and item forms of the same text,
// file, tool result or reasoning content have the same identity.
// MessageIdentityOf and ItemIdentityOf stream the atom straight into the
// hash, without reflection, without encoding/json and without materializing
// the atom.
//
// The atom bytes are this package's own definition, stated rule by rule at
// CanonicalAtomBytes: members in field order with empty ones omitted,
// strings with HTML-safe escapes, U+2028 and U+2029 escaped, the short
// forms \b and \f, and each byte that is not part of valid UTF-8 written as
// \ufffd, raw values compacted. They are what encoding/json.Marshal of the
// atom struct wrote from Go 1.22 to Go 1.26. Identities, atom bytes and
// CanonicalJSON output never change with the Go toolchain: the json/v2
// engine behind encoding/json from Go 1.27 writes some atoms differently
// (see the differences below), and this package does not follow it.
//
// # Anchors
//
// A MessageAnchor names the n-th message unit with a given identity. In a
// legacy call Instructions and Messages form one trajectory with one shared
// occurrence counter; in an item call only message items count.
//
// # Projection
//
// A Snapshot holds the never_backend tags and the steering overlays of a
// turn. Project validates it, removes every message unit whose identity is
// tagged (and, under item authority, the item references to removed
// message items), then injects each active overlay exactly once: at the
// stable prefix, or right after the message unit its anchor names on the
// filtered trajectory (falling back to the stable prefix, or failing
// closed, when the anchor does not resolve). Overlays sharing an injection
// point are ordered by (SlotOrdinal, OverlayID). The result is validated
// and returned with ProjectionEvidence whose OverlayProvenance records
// where each copy went. FilterNeverBackend is Project without steering;
// ResolveAfterIngressTailAnchor anchors the terminal user message of an
// ingress call.
//
// # Reassertion and verification
//
// Reassert restores the projected view on a late call that transforms may
// have changed: guided by the provenance and the filtered baseline, it
// removes the projection's own copies (never a legitimate client message
// sharing an overlay's identity when the baseline accounts for it),
// reintroduced never_backend units and surplus copies, and projects the
// result again. When the late call is proven to descend from the baseline
// by payload-only rewrites (the lineage proof), an after_message overlay
// follows its rewritten anchor (a carried anchor). Ambiguity fails closed.
// VerifyAdaptationPreservesProjection checks that a backend adaptation
// kept every copy, its order and placement, and no never_backend unit.
//
// # Lineage proof
//
// A carried anchor re-targets an after_message overlay whose anchored
// message was rewritten in its payload only; Project consults it only when
// the stored anchor does not resolve. Reassert builds carried anchors only
// with a frozen baseline (a filteredBaseline with units) and only when it
// proves, all or nothing, that the late call (once copies, tagged units and
// surplus are removed) descends from the baseline: the same authority; the
// same number of items, or of instructions and of messages; and every pair
// of units at the same position compatible. Payloads (texts, JSON, file
// data, reasoning text, signature and opaque data) are never compared.
// Compatible means:
//
//   - legacy messages: equal Role and part count, and per part equal Kind,
//     ToolCallID, ToolName, ImageRef, ImageMIME, FileRef, FileMIME, FileName
//     and reasoning shape (both nil, or both non-nil with equal normalized
//     dialects and equal EncryptedContentPresent);
//   - items: equal Kind, ID, Status, Phase and Role, then by kind: for a
//     message, content parts pairwise (equal count; equal Kind, ImageRef,
//     ImageMIME, FileRef, FileMIME, FileName, VideoRef, VideoMIME,
//     AssistantRef and reasoning shape; an Extension on both or neither,
//     with equal Namespace, Type and Implementor); for an item_reference,
//     references present on both sides and equal; for a tool_call, equal CallID and Name; for a
//     tool_result, equal CallID and Name and parts compatible as for a
//     message; for a reasoning item, the inner payload's shape; for a
//     compaction, equal EncapsulatedID and Dialect; for any other kind, an
//     Extension on both or neither with equal Namespace, Type, Implementor
//     and Direction. A variant present on one side only is incompatible.
//
// When the proof holds, each active after_message overlay whose provenance
// shows it was placed by its stored anchor gets the anchor of the unit that
// now holds the slot the stored anchor names in the baseline (its identity,
// and its occurrence among the late call's units up to that slot). Under
// legacy authority a slot is skipped when another message of the same
// region of the baseline is compatible with it, since the two cannot be told
// apart. A carried anchor is kept only if it validates and differs from the
// stored one.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). Project, Reassert and FilterNeverBackend
// fail with ErrProjectionFailed and the *lipapi.ValidationError of
// lipapi.Call.Validate's text rule rather than return a call holding a
// string or raw JSON value that is not valid UTF-8, since their output
// must pass Validate (a unit they exclude is not part of it);
// Snapshot.Validate refuses an overlay text that is not valid UTF-8
// (ErrInvalidSteeringMessage). The identity and anchor functions,
// ResolveAfterIngressTailAnchor and VerifyAdaptationPreservesProjection
// validate nothing: they hash whatever bytes they are given, writing each
// byte that is not part of valid UTF-8 as \ufffd in the atom as the
// reference implementation does, so that identities stay those the
// reference computes. Two messages that differ only in such bytes can share
// an identity; validate a call before trusting its identities.
//
// # Invariants
//
// Every function is deterministic, never mutates its inputs, never panics,
// and returns values that share no mutable memory with its inputs. The
// package has no I/O, clocks, goroutines, locks, reflection or mutable
// globals. Every returned error wraps at least one of the package's
// sentinels (errors.Is) and never contains message text, overlay text or
// payloads; errors name kinds, roles, fields, indexes, counts, overlay IDs
// and anchors only. An error's text starts with "conversationprojection: "
// and names the package nowhere else, however many of its errors it nests.
//
// # Bounds before work
//
// Every function taking a call or a list of items (the projection functions
// Project, FilterNeverBackend, Reassert, VerifyAdaptationPreservesProjection
// and ResolveAfterIngressTailAnchor, and the anchor functions) first checks
// it against the count and size bounds of lipapi (lipapi.Call.CheckBounds:
// item, message and part counts, the size of every bounded field), from
// lengths alone, so an oversized input is rejected in time proportional to
// its number of parts and without hashing, copying or allocating: with
// ErrProjectionFailed from the projection functions, ErrBoundExceeded from
// the anchor functions, and the bound's *lipapi.ValidationError in both. The
// input is judged as given: a call over a bound is rejected even when
// never_backend exclusion or Reassert's removal of projected copies would
// have brought it back within the bound, since knowing that would take the
// hashing the check exists to avoid. Snapshots are held to their bounds
// (Snapshot.Validate, or just MaxNeverBackendTags where the snapshot is not
// validated) before a tag is parsed. The identity functions of a single
// message or item validate nothing (see MessageIdentityOf) and cost time
// linear in what they hash.
//
// # Complexity
//
// Identity is linear in the bytes of the message (plus O(k log k) per JSON
// object of k members in its payloads). The atom bytes pass through a 2 KiB
// window on the stack into a SHA-256 state on the stack, so a message
// without JSON payloads costs one allocation (the result) at any length,
// texts with line breaks to normalize included. A JSON payload of up to 64
// KiB is canonicalized once (into a stack buffer while it fits). A longer
// one is canonicalized once too when its canonical form is no longer than
// the payload (the payload itself when it is canonical already, as
// encoding/json writes it, else one buffer of its length); otherwise every
// canonical form the atom holds streams through fixed windows. So the
// memory the identity of a long payload uses stays within the payload's
// size plus what canonical re-encoding records for reordering members,
// never a canonical form longer than the payload (which for a string of
// '<' is six times the input).
// CanonicalJSON is O(n log n) in its input. The
// anchor functions hash each message unit at most once: O(total message
// bytes).
//
// Project, Reassert and VerifyAdaptationPreservesProjection compute each
// message unit's identity at most once per call (Reassert and Verify take
// the identity of a baseline or adapted unit equal to a unit of the primary
// call from that unit, and Reassert an overlay's from its earlier copy).
// Internally identities are raw SHA-256 sums; anchors and provenance
// identities are parsed into sums once, and identities are formatted only
// where a result holds them. The never_backend tags are validated once: a
// call with fewer units than tags indexes its units and looks each tag up
// there (a test of its first three hexadecimal digits, a decoding only when
// they begin some unit's identity); otherwise the tags are decoded into a
// set. All anchors are resolved in one pass over the units, with at most one
// map lookup per unit (a filter of leading bits answers most lookups of
// absent identities). Project validates its output by validating the deep
// copy of the kept units and only what injection can break, falling back to
// validating the whole output when in doubt. The functions run in O(n + m
// log m) for n units and m overlays or provenance entries, plus the bytes
// hashed and copied, with a number of allocations that does not grow with n
// (the deep copy is carved from one block per element type). Matching
// provenance entries against units stays within O((n + m) log n) whatever
// the entries say, also when every unit and entry share one identity and
// positions are absent, equal or absurd: the nearest remaining unit is found
// through skip links past the removed ones, and a tie among all remaining
// units of a region is judged by counting their neighbour pairs, never by
// listing them.
//
// # Differences from the reference implementation
//
// The identity bytes equal the reference implementation's for every
// message it accepts. The behaviour differs deliberately where the
// reference was unsafe or ambiguous (each has a regression test named
// TestCn_… or TestL4_…):
//
//   - C2: CanonicalJSON rejects trailing data (the reference ignored it, so
//     {"a":1} and {"a":1}x shared an identity) and nesting deeper than
//     10000; its errors wrap ErrInvalidJSON.
//   - C3: no function panics; an active overlay with an unknown role is
//     rejected by validation (ErrProjectionFailed and ErrInvalidRole)
//     where the reference panicked.
//   - C4: overlays with equal SlotOrdinal are ordered by OverlayID, and
//     Reassert's removal ties by position, so results never depend on
//     input order.
//   - C5: Project and Reassert validate the snapshot first (exported
//     bounds, unique overlay IDs, inactive overlays too) and fail closed.
//   - C6: every error wraps a sentinel (unknown kinds ErrUnsupportedContent,
//     JSON failures ErrInvalidJSON, ItemAnchorAt out of range
//     ErrNonMessageItem; fail_closed matches ErrAnchorMissing and
//     ErrAnchorNotFound) and causes are wrapped, not flattened.
//   - C7: Reassert keeps item authority for continuations with an empty,
//     non-nil Items slice (lipapi.CloneCall keeps nil and empty apart).
//   - C8: VerifyAdaptationPreservesProjection counts against the reasserted
//     call, so a legitimate client message sharing an overlay's identity
//     passes; occurrences are matched by rank, injected copies are exempt
//     from the never_backend check and after_message positions are checked
//     exactly.
//   - C11: Reassert without a frozen baseline removes the copies the
//     provenance identifies before deriving the baseline, so reasserting an
//     already projected call never duplicates steering; its fast path
//     returns a copy, never the input.
//   - L4: results never alias their input: every returned Call is a deep
//     copy (the reference shared retained elements with its input).
//   - Errors never echo caller text: provenance overlay IDs and anchors
//     are named only when valid.
//   - An error names the package once, at the start of its text, however
//     many of the package's errors it nests ("conversationprojection:
//     projection failed: invalid snapshot: steering[0]: invalid overlay
//     id: ..."); the reference repeated the name at every level. errors.Is
//     matches every sentinel of the chain as before, and a sentinel
//     returned alone keeps its text.
//   - Project, Reassert and FilterNeverBackend never return a call holding
//     invalid UTF-8 (lipapi.Call.Validate's text rule), and
//     Snapshot.Validate refuses an overlay text holding it; the reference
//     accepted both and sent such text on with each invalid byte replaced.
//   - Reassert's evidence counts in FilteredCount the never_backend units
//     it removed from the late call. The reference returned the evidence of
//     its final internal projection, which runs once those units are gone,
//     so its FilteredCount was always 0.
//   - Go 1.27: the reference implementation built with Go 1.27 (whose
//     encoding/json runs on the json/v2 engine) computes other identities
//     than it did with Go 1.22 to 1.26, and than this package, for every
//     message unit whose atom holds a string with bytes that are not valid
//     UTF-8 (a text, tool result, refusal or summary, a reasoning text or
//     signature, file data or a file name, a reference, a MIME type, an
//     annotation or extension type): its encoding/json writes each such
//     byte as the raw U+FFFD where the atom bytes hold \ufffd. JSON
//     payloads are not affected (CanonicalJSON decodes invalid UTF-8 to
//     U+FFFD first). It also fails, where this package returns an
//     identity, for a message whose JSON payload nests more than 9996 or
//     9997 levels deep (by where the payload sits in the atom; up to 10000
//     are allowed), since its encoding/json then counts the atom's own
//     nesting too. This package's identities are those of the reference
//     built with Go 1.22 to 1.26, on every toolchain. A caller holding
//     identities stored by both must treat those of messages with invalid
//     UTF-8 as different identities: recompute the stored ones with this
//     package, or, to match the Go 1.27 reference's, take this package's
//     identity of the message with each invalid byte of its strings
//     replaced by U+FFFD (string([]rune(s)) does that), which equals it.
package conversationprojection
