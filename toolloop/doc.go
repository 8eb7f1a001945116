// Package toolloop is the Go port of the tool-loop contract of perspt (a Rust
// agent): the loop's ports, its durable event vocabulary, and the byte-exact
// reading and writing of those events as perspt's serde_json does.
//
// # Vocabulary
//
// LoopEvent is a sealed interface implemented by the 43 <Variant>Event
// structs (EventNames lists their tags in order; IsLegacyEvent tells the 19
// legacy ones). The events reach 58 named wire types: plain structs whose
// fields are declared in perspt's member order, the (label, energy) tuple
// ResidualSummaryEntry, five newtypes (named string or uint32 types), 13
// unit-only enums (named string types with one constant per value and a
// Valid method) and 10 enums with data. An enum with data is a sealed
// interface with one Go type per variant: an empty struct for a unit variant,
// a struct for a struct variant, a named non-struct type for a newtype
// variant. Rust's Option<T> is *T (or a nil interface), Vec<T> is []T,
// BTreeMap<String, String> is map[string]string, and serde_json::Value is
// Value, an immutable normalized JSON text comparable with ==.
//
// Struct fields carry json tags naming their JSON members, for documentation
// and as a benchmark baseline only: encoding/json does not reproduce
// perspt's bytes (it escapes HTML characters, knows neither the tags of the
// sealed interfaces nor perspt's float layout), and no type of the package
// implements json.Marshaler or json.Unmarshaler.
//
// # Members
//
// Every member follows one of these rules, which its doc names:
//
//   - Required: reading fails when it is absent; it is always written.
//   - Defaulted: it may be absent (rows written before it existed) and then
//     reads as its default, the zero value except for EffectDeniedEvent.Class,
//     whose default is ResidualClassCapabilityDenied; it is always written,
//     and a zero Class as its default, "capability_denied", so that
//     writing and reading back a zero value gives the same bytes again.
//   - Omitted when empty: defaulted, and not written when empty.
//   - Optional: a pointer, or the interface EffectProposal.Command; absent or
//     null reads as nil, and nil is written null (or, where its doc says so,
//     omitted).
//
// null is accepted only by optional members and inside Values: null for a
// required or defaulted member is an error, and a Value member may hold
// null. A nil slice is written [], a nil map {}; reading [] or {} gives
// nil.
//
// # Byte compatibility
//
// An event has two serialized forms. The direct form writes members in
// declaration order with the "event" tag first; it is exactly
// serde_json::to_vec of perspt's value, and it is what event hashes and the
// event-log chain root hash. The ledger form wraps the event in the version-1
// envelope, {"body":…,"schema_version":1}, inside the ledger row
// {"event":"custom","kind":"tool_loop","payload":…}, with every object's keys
// sorted bytewise at every depth; it is what perspt's ledger stores. Both
// forms have no white space and escape strings alike: '"', '\\', LF, CR,
// TAB, backspace and form feed by their two-character escapes, every other
// byte below 0x20 as \u00xx (lowercase hex), and nothing else ('/', '<',
// '>', '&', DEL, U+2028 and U+2029 are written raw). Strings that are not
// valid UTF-8 are never written.
//
// Reading accepts an object's members in any order and ignores unknown
// members (also repeated ones, which are still checked for syntax); a known
// member or tag present twice, a required member absent, and a value of the
// wrong JSON type fail with ErrDecode, naming the member path. The tag of an
// internally tagged enum may stand anywhere in its object, and its unit
// variants ignore other members. The syntax is strict: exactly one value,
// white space (space, TAB, LF, CR) only around tokens, no byte-order mark,
// at most 127 levels of nesting, valid UTF-8, no raw control character and
// only the JSON escapes in strings (a high surrogate escape followed by a
// low one), and member names compared after unescaping; a number that rounds
// to an infinity is an error anywhere, even in an ignored member. Integer
// members take literals without sign, fraction or exponent, in range; float
// members take any literal, correctly rounded. Unversioned legacy rows are
// accepted for the 19 legacy events only.
//
// Floats are written as serde_json writes them: the shortest digits
// d1…dn that read back exactly (of two, the closer to the binary value),
// with |f| = 0.d1…dn × 10^k: for n ≤ k ≤ 16 the digits, k−n zeros and ".0"
// (100.0); for 0 < k < n and k ≤ 16 the digits with a point after the k-th
// (1.5); for −5 < k ≤ 0 "0.", −k zeros and the digits (0.00015); otherwise
// d1, then "." and d2…dn if n > 1, then "e" and k−1 (1e+16, 1.5e-7). Zero is
// 0.0 or -0.0; NaN and the infinities are written null, and so cannot be read
// back into a float64. The two layouts differ only in the exponent:
// serde_json 1.0.147 and later write a '+' in non-negative exponents (1e+16,
// the current layout and the default), earlier releases do not (1e16, the
// legacy layout, in which older ledgers, hashes and chain roots were made).
// A Value's own text is always in the current layout.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). Since perspt's strings cannot hold invalid
// UTF-8, a string that is not valid UTF-8 is never written (ErrEncode,
// naming its member path) nor read (ErrDecode): a Go value carrying one
// must be made valid by the caller, deliberately, before it is encoded.
//
// # Writing and hashing
//
// An Encoder selects the float layout; the package-level functions are the
// methods of the zero Encoder (current layout). MarshalEvent and AppendEvent
// write the direct form, MarshalEnvelope, MarshalEnvelopeV1 and
// MarshalLedgerRow (AppendLedgerRow) the ledger form. ContentHash is the
// lowercase hexadecimal SHA-256, and EventHash the ContentHash of the direct
// form. An EventLog chains event hashes into a root (rootₙ =
// NextChainRoot(rootₙ₋₁, hₙ) = ContentHash(rootₙ₋₁ + ":" + hₙ), root₀ =
// ""); a LedgerChain chains stored rows into record hashes (RecordHash over
// the previous hash, the 8-byte little-endian sequence and the row, from
// GenesisHash), which VerifyLedger checks. A LedgerWriter writes rows to a
// ledger file, JSON Lines holding each record with its row exactly as
// hashed, and a LedgerReader reads one back, checking the chain line by line
// and, at the end, the head and length kept when it was written: that head,
// not an event-log chain root, is what proves a ledger file whole and
// unaltered (see LedgerWriter). SeedDigest and DeltaDigest hash a
// conversation and its changes; VerifySeed and VerifyDeltaRecord accept
// digests made in either float layout.
//
// MarshalEvent, MarshalEnvelope and MarshalLedgerRow allocate once, the
// result (a second time only if escapes lengthen a string by more than a
// quarter); AppendEvent and AppendLedgerRow do not allocate into a buffer
// with room for the output. EventHash and the digests allocate only their
// hex string, and EventLog.Push nothing, for output of up to 16 KiB;
// longer output streams through a fixed window, never held whole.
//
// # Extending the contract
//
// The types, writers and readers are generated by toolloop/internal/gen
// from contract.schema, one line per member in perspt's declaration order;
// a test fails when the generated files are out of date. To add a member,
// add its line to its type, `name GoType marker : doc`, with marker
// default when older rows lack it. To add a variant, add a `variant` line, its members
// indented below it, to its enum, or an `event` line in perspt's order
// (legacy only if unversioned rows may hold it). Then run go generate
// ./toolloop/... and add a sample or vector exercising it.
//
// # Invariants
//
//   - A Value always holds serde_json's normalized text; the zero Value is
//     JSON null and equals the Value parsed from null.
//   - Enum values outside their list, nil variants outside an Option member,
//     values of types that merely embed an event or a variant (and so
//     implement the sealed interfaces) and strings that are not valid UTF-8
//     are never written (ErrEncode): none of them becomes null.
//   - Every error the package makes wraps one of its sentinels and never
//     echoes input text. No function panics on any input except
//     MustParseValue.
//   - The package is pure: no global state, goroutines, clocks or I/O of
//     its own (LedgerWriter and LedgerReader use the io.Writer and
//     io.Reader they are given).
//     Inputs are never mutated (AppendEvent and AppendLedgerRow only extend
//     dst, and may write its spare capacity), nor retained (except the
//     events an EventLog is asked to retain), and outputs never alias
//     inputs.
//   - The port dispatch functions (ExportAccepted, MeasureIncremental,
//     RecordExternalIntent, RecordExternalResult, RecordArtifact,
//     FetchArtifact) return ctx.Err() before calling any port, reject nil
//     ports with ErrNilPort, use an optional extension interface when the
//     port implements it, and return the errors of the ports unchanged.
//
// # Complexity
//
// Writing and reading an event, parsing a Value and hashing are linear in
// the size of the bytes involved (Value normalization sorts each object's
// members, and writing sorts each env map's keys: O(n log n) in the number
// of members); nesting is bounded at 127 levels. EventLog.Push and
// LedgerChain.Append take time linear in the event or row and constant
// memory; VerifyLedger is linear in the total size of the rows, and so are
// LedgerWriter and LedgerReader, which hold one line at a time. Value
// comparison is a string comparison. EventNames allocates one slice;
// IsLegacyEvent, the Valid methods and IsAccepted do not allocate.
//
// # Deliberate differences from serde_json
//
// The package reads and writes perspt's bytes, and fails closed on forms
// perspt never writes but serde would accept: positional arrays for structs
// or tagged enums, an object for a unit variant ({"build":null}), a
// non-string tag, and a known member repeated inside a ledger-row payload
// (perspt parses payloads into a Value first, so the last would win).
// Floats are read correctly rounded (serde_json's default reader is not),
// so re-encoding any row perspt wrote reproduces its bytes; and a literal
// whose integer part exceeds 2^64−1 but has a fraction is accepted, as by
// serde_json releases after 1.0.87.
package toolloop

//go:generate go run ./internal/gen
