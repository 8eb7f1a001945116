// Package openai maps OpenAI request bodies to and from lipapi calls: the
// Chat Completions body (DecodeChatRequest, EncodeChatRequest) and the
// Responses body (DecodeResponsesRequest, EncodeResponsesRequest). The
// functions are pure: no I/O, no globals that change, inputs never
// mutated, outputs never aliasing inputs. Package anthropic does the same
// for the Messages API, by the same rules.
//
// # The call and its extras
//
// Decoding returns an item-authority lipapi.Call that passes Validate, and
// extras (*ChatExtras, *ResponsesExtras) holding everything of the body the
// call does not model: top-level members (model, tools, temperature...),
// members of messages, items, parts and tool calls (name, detail,
// annotations, logprobs, unknown members...) and the form of each element
// (a string or an array content, an absent member...). Encoding the
// decoded call with its extras writes the same JSON as the body: the same
// members with the same values, except that member order, white space,
// string escapes and null versus absent may differ.
//
// The extras of an item are keyed by its ID, which travels with the item:
// conversationprojection's Project and Reassert copy kept items with their
// IDs and give injected overlays IDs of their own, so the extras stay
// valid for a projected call (messages removed, overlays inserted, items
// reordered). Decode sets Item.ID to the item's wire id (Responses items
// that have one) or else to a key of its own ("m3", "m3.t0" for message 3
// of a Chat body and its first tool call; "instructions", "input", "i4"
// for Responses), made unique against every wire id and reference of the
// body. Extras apply to an item with the same ID, kind and role, and to a
// content part at the same position with the same kind; Encode writes any
// other item or part in the API's plain form, and never writes a key that
// was not a wire id.
//
// # Mapping
//
// A body message becomes one or more items, so that each API's elements
// map to the same items whatever API carried them:
//
//   - the content of a system, developer, user or assistant message: one
//     message item of that role (Chat's deprecated role function is a tool
//     message); Responses' instructions string: a leading system message
//     item; a Responses input string: one user message item;
//   - each tool call (Chat's tool_calls, a Responses function_call): a
//     tool_call item with CallID, Name and Arguments; arguments held in a
//     string are the string's JSON text, or, when it is not JSON nested at
//     most lipapi.MaxJSONDepth deep, a JSON string holding the text;
//   - each tool result (a Chat tool message, a function_call_output): a
//     message item of role tool, whose text parts are tool_result parts;
//     see "Tool output kept from the backend" below;
//   - a reasoning item: a reasoning item of dialect ResponsesDialect whose
//     Summary, Content and EncryptedContent are the members' JSON;
//   - an item_reference: an item_reference item; a compaction: a
//     compaction item of dialect ResponsesDialect.
//
// A Responses item's status (one of lipapi's three) and an assistant
// message's phase map to Item.Status and Item.Phase, previous_response_id
// to Call.PreviousResponseID.
//
// Content parts map by type: text, input_text and output_text to text
// parts (their annotations and logprobs stay in the extras); refusal
// parts, and Chat's assistant refusal member, to refusal parts; an image
// URL to an image_ref part, except a base64 data URL, which becomes a
// file_ref part with FileData and FileMIME (an image reference is bounded
// to lipapi.MaxRefStringBytes); Responses' image file_id to an image_ref
// part; files (file_id, file_url, file_data split like an image data URL,
// filename) to file_ref parts; Chat's input_audio to a file_ref part of
// media type "audio/<format>"; Chat's assistant audio reference to an
// assistant_ref part. Image detail stays in the extras.
//
// Empty content (an empty string, an empty array, null or no content)
// cannot be held by lipapi's text parts: it is one json part holding null,
// whatever API carried it, with the form kept in the extras. An empty
// content beside tool calls stays in the extras alone.
//
// A content part, tool call or item of a type the package does not know,
// or of a known type in a form it does not map (a tool call without an id,
// a function_call without arguments...), is carried whole: a part as an
// extension part whose Type is "openai-chat:<type>" or
// "openai-responses:<type>" (its Data is the wire object with that type,
// as lipapi requires), an item or tool call as an extension item of
// namespace "openai-chat" or "openai-responses" holding the wire object.
//
// # Identity across APIs
//
// Because all three adapters map the same element to the same item, the
// same content gets the same conversationprojection identity whichever API
// carried it: a system, user or assistant text (string or array form), a
// tool result (string or text-array form, its call ID and error flag not
// being part of identity), an empty tool result, a refusal, an image by URL
// or inline (base64 data with its media type), a file by id or inline.
// Tool calls are the same tool_call items (arguments compared as JSON). What
// stays in the extras (image detail, annotations and citations, names,
// cache marks) is not part of identity. Where the APIs differ, identities
// differ too: reasoning has a dialect per API; a Chat file name has no
// Messages counterpart (a document title is another member); an Anthropic
// assistant turn holding text and tool_use blocks is, as in the other
// APIs, a text item followed by tool_call items.
//
// # Tool output kept from the backend
//
// never_backend names message identities, and a tool result is a message
// item of role tool, so its identity (role tool and its text) can be
// tagged like any message's: conversationprojection.ItemIdentityOf of the
// item, or MessageIdentityOf of lipapi.Message{Role: "tool", Parts:
// [tool_result part of the same text]}. Project then removes it. A tool
// call has no identity (lipapi has no content part for it); it goes with
// its result: Encode leaves out a tool call the body answered once none of
// its results is in the call, and a result whose call the body held once
// that call is not, since no API accepts a call without its result. The
// call ID a tool-role item answers is in the extras (ToolCallID). See
// Example_neverBackendToolOutput.
//
// # Encoding
//
// Encode needs an item-authority call that passes lipapi.Call.Validate.
// Chat Completions: each message item is a message, except that the tool
// calls following an assistant item of the same body message (or any tool
// calls the extras do not know) join it; each tool result is a tool
// message; tool_result items the caller built are tool messages too. Both
// APIs: items the extras do not know (steering overlays) are written in
// the plain form (Responses: {"role": ..., "content": text}). An item
// inserted between an assistant turn's tool calls and the last of their
// results is written after that result, since Chat Completions requires
// the results to follow the calls. What an API cannot carry is an error
// wrapping ErrInexpressible: in Chat Completions a reasoning, compaction or
// item_reference item, a video_ref, summary, annotation or json part, a
// previous response ID; in both, a tool-role message item the extras do not
// pair with a call, an extension of another API, and reasoning or
// compaction of another dialect.
//
// # Reading JSON
//
// Bodies are read with the module's own JSON scanner, so behaviour does not
// depend on the Go release (encoding/json changes engine in Go 1.27). A
// body is rejected, before any other work, when it is not one JSON object,
// nests arrays and objects more than 128 deep, holds invalid UTF-8 or an
// unpaired surrogate escape, a number beyond float64's range, or an object
// with two members of the same name (at any depth, unknown members
// included: readers disagree on which of the two counts). A part whose
// members include one named like "type" in another case is rejected for
// the same reason.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). A body holding invalid UTF-8 (or an
// unpaired surrogate escape, which cannot become UTF-8) is refused with
// ErrInvalidRequest, and a call holding invalid UTF-8 cannot be encoded
// (ErrInexpressible, wrapping the *lipapi.ValidationError of the text rule
// of lipapi.Call.Validate), so a decoded call and an encoded body always
// hold valid UTF-8.
//
// # Bounds and errors
//
// lipapi's bounds are checked before the work they bound: the number of
// messages or input items against lipapi.MaxItems before any is decoded,
// the number of parts of each against lipapi.MaxContentPartsPerItem, the
// items produced against MaxItems as they are produced, then the call's
// size bounds (CheckBounds) and rules (Validate). Decode errors wrap
// ErrInvalidRequest (and, for a rule of lipapi, the *lipapi.ValidationError)
// and name JSON paths and byte offsets only, never content.
//
// # Complexity
//
// Decoding runs in time linear in the body: the body is checked in one
// pass, then each level of the structure the adapter maps (the body, a
// message, a part, a nested object) is scanned once more, a constant number
// of levels. Memory is a small multiple of the body: strings and kept
// members are copied out of it, so nothing aliases the input. Encoding is
// linear in the call and its extras.
package openai
