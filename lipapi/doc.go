// Package lipapi is the provider-neutral conversation model the kernels
// share: a [Call] carrying either legacy messages or ordered items, its
// validation and a deep clone. It is a data model, not an LLM client: it
// performs no I/O and holds no global state.
//
// # Authorities
//
// A Call has exactly one authority over its conversation. Under legacy
// authority the conversation is Call.Messages (turns made of [Part] values)
// plus optional Call.Instructions. Under item authority it is Call.Items, an
// ordered trajectory of [Item] values (messages made of [ContentPart] values,
// tool calls and results, reasoning, compaction blobs, references and
// extensions). [Call.HasItemAuthority] decides which: a non-nil Items selects
// item authority, even when it is empty, which is how a continuation call
// (PreviousResponseID set) that adds no items is expressed. Mixing the two is
// invalid.
//
// # Building calls
//
// Constructors build the values most calls are made of. Under legacy
// authority: [TextMessage], [NewMessage] and [ToolResultMessage], with the
// parts [TextPart], [ImagePart], [FilePart], [JSONPart] and
// [ToolResultPart]. Under item authority: [TextItem], [MessageItem],
// [ToolCall], [ToolResult] and [ToolResultParts], with the content parts
// [TextContent], [ImageContent], [FileContent] and [JSONContent]. Each
// returns exactly the value its doc spells out and adds no rule of its own:
// the value is valid when the inputs meet the conditions its doc states and
// the call holding it follows the call's own rules (counts, unique IDs, tool
// call pairing, the reasoning budget). None keeps a reference to its
// arguments.
//
// # Invariants
//
//   - [Call.Validate] returns nil or a [*ValidationError] wrapping
//     [ErrInvalidCall], describing the first broken rule in a fixed order.
//     Error text names fields and indexes only, never content.
//   - Every bound Validate enforces is an exported constant (MaxItems,
//     MaxPartTextBytes, ...), measured in bytes (len) or element counts.
//     [Call.CheckBounds] checks them alone, from lengths, before any work
//     proportional to the call's size, and agrees with Validate: a valid
//     call passes it, and a call whose first broken rule is such a bound
//     gets the same error from both.
//   - [CloneCall] returns a deep copy sharing no mutable memory with its
//     input and keeping nil and empty slices, maps and raw JSON values
//     apart, so reflect.DeepEqual(CloneCall(c), c) always holds.
//   - A Call encodes to JSON with snake_case names. For a call whose strings
//     are UTF-8 and whose raw values are valid JSON, decoding the encoding
//     with encoding/json (on either of its engines: Go 1.27 runs it on
//     json/v2) reproduces every field except Message.Metadata,
//     which is never serialized and decodes as nil, with two
//     normalizations: empty slices and raw values other than Call.Items
//     decode as nil, and raw JSON values come back as encoding/json writes
//     them, compacted (white space between tokens removed) with '<', '>',
//     '&', U+2028 and U+2029 written as \u escapes; numbers, member order
//     and other escapes are kept. Call.Items is always written, as null or
//     [], and decodes back to nil or empty respectively.
//   - No function mutates its input or panics on any input.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). Validate's last rule, the text rule,
// requires every string and raw JSON value of a call to be valid UTF-8
// (Message.Metadata, which is never serialized, excepted): a call that
// passes Validate is sent, hashed and stored as the very text that was
// validated. CheckBounds, which reads no content, does not apply it. The
// constructors (TextPart, JSONPart, ToolCall, …) copy what they are given:
// their results are valid only when every string and JSON value given to
// them is valid UTF-8.
//
// # Complexity
//
// Validate runs in expected time linear in the byte size of the call: item
// IDs and tool call IDs are paired through hash tables with a random seed,
// as Go's maps are, so no input makes them degenerate, and the text rule
// reads every string and raw value once (utf8.ValidString). It does not
// allocate on a valid call and never copies a payload (JSON text is checked
// in place), except for extension content parts (their Data is decoded with
// encoding/json to compare its "type" member), once per key kind in calls of
// more than 256 item IDs or tool calls (the table no longer fits on the
// stack), and once per JSON value checked without a depth bound (json
// content, reasoning Opaque, Summary, Content and EncryptedContent) that
// nests more than 64 levels deep (the checker's nesting stack no longer fits
// in one word). CheckBounds runs in time linear in the number of items,
// messages and parts, whatever their sizes, and does not allocate unless it
// fails. CloneCall runs in linear time with a constant number of allocations
// (one block per element type and one per trajectory slice) plus one
// maps.Clone per non-nil map.
//
// # Differences from the reference implementation
//
// Names, values and rules follow the reference Go implementation, except:
//
//   - Only the subset the kernels use is modelled (no session, routes,
//     tools, generation options or extension maps), so Validate has no
//     rules for them.
//   - Part, Message, Call and ReasoningPart carry snake_case JSON tags (the
//     reference serialized Go field names), and Call.Items is not
//     omitempty, so nil and empty Items stay distinct on the wire.
//   - Legacy messages and instructions must use one of the five roles (the
//     reference only required a non-empty role).
//   - Every bound Validate uses is an exported constant.
//   - Validation messages never echo caller values: a ValidationError
//     names the field's path and the rule it breaks, in fixed text, such
//     as "Messages[0].Role: invalid role". The reference quotes the
//     offending value (invalid role "superadmin"), which carries whatever
//     the caller put there (message text, identifiers) into logs.
//   - Validate refuses a call holding a string or raw JSON value that is
//     not valid UTF-8 (the text rule, last of its rules); the reference
//     accepted it, and its JSON encoding then sent each invalid byte as
//     U+FFFD, so that two different calls could reach a backend as one.
//   - The Text of a legacy tool_result part is bounded by MaxPartTextBytes,
//     as a text part's Text and a tool_result item's Output are; the
//     reference bounded neither, so a tool output of any size passed
//     Validate under legacy authority only.
//   - CloneCall keeps nil and empty apart for every slice and map; the
//     reference turned empty slices into nil, so cloning a continuation
//     with an empty Items lost item authority.
package lipapi
