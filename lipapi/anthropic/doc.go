// Package anthropic maps Anthropic Messages request bodies to and from
// lipapi calls (DecodeMessagesRequest, EncodeMessagesRequest). The
// functions are pure: no I/O, no globals that change, inputs never
// mutated, outputs never aliasing inputs. Package openai does the same for
// Chat Completions and Responses, by the same rules.
//
// # The call and its extras
//
// Decoding returns an item-authority lipapi.Call that passes Validate, and
// a *MessagesExtras holding everything of the body the call does not
// model: top-level members (model, max_tokens, tools, thinking...), members
// of messages and blocks (cache_control, citations, title, context,
// is_error, unknown members...) and the form of each element (a string or
// an array content or system). Encoding the decoded call with its extras
// writes the same JSON as the body: the same members with the same values,
// except that member order, white space, string escapes and null versus
// absent may differ.
//
// The extras of an item are keyed by its ID, which travels with the item:
// conversationprojection's Project and Reassert copy kept items with their
// IDs and give injected overlays IDs of their own, so the extras stay
// valid for a projected call (messages removed, overlays inserted, items
// reordered). Decode sets Item.ID to a key of its own: "system" for the
// system member, "m3" for the first item of message 3 and "m3.1", "m3.2"...
// for the next ones. Extras apply to an item with the same ID, kind and
// role, and to a content part at the same position with the same kind;
// Encode writes any other item or part in its plain form, and never writes
// a key.
//
// # Mapping
//
// The system member (a string or text blocks) becomes a leading system
// message item. A message becomes one or more items, so that each
// element maps to the same item as in the other APIs:
//
//   - each run of content blocks (text, image, document and blocks the
//     package does not know): one message item of the message's role;
//   - each tool_use block: a tool_call item (CallID the id, Name, Arguments
//     the input's JSON);
//   - each tool_result block: a message item of role tool, its text blocks
//     (or string content) tool_result parts, its images and documents
//     image or file parts; see "Tool output kept from the backend" below;
//   - each thinking block: a reasoning item of dialect Dialect holding its
//     text and signature; each redacted_thinking block one holding its data
//     as encrypted content.
//
// Blocks map by type: text to text parts (citations and cache_control stay
// in the extras); an image or document with a base64 source to a file_ref
// part with FileData and FileMIME; an image with a url or file source to
// an image_ref part; a document with a url or file source to a file_ref
// part with that FileRef. Empty content (an empty string or array, no
// content) cannot be held by lipapi's text parts: it is one json part
// holding null, whatever API carried it. A block of a type the package does
// not know, or of a known type in a form it does not map (a document with
// a text or content source, a tool_use without an id), is carried whole:
// as an extension part of Type "anthropic:<type>" (its Data is the block
// with that type, as lipapi requires), or, in place of a tool_use or
// thinking block, as an extension item of namespace "anthropic".
//
// # Identity across APIs
//
// Because the adapters map the same element to the same item, the same
// content gets the same conversationprojection identity in Messages, Chat
// Completions and Responses: a system, user or assistant text (string or
// block form), a tool result (string or text-block form; its tool_use_id and
// is_error are not part of identity), an empty tool result, an image by URL
// or inline, a document by file id or inline. Tool calls are the same
// tool_call items. What stays in the extras (cache marks, citations,
// titles) is not part of identity. Messages cannot express a refusal, an
// audio part, an assistant reference, a file name or an image detail, and
// its reasoning has its own dialect, so identities that depend on those
// have no Messages counterpart.
//
// # Tool output kept from the backend
//
// never_backend names message identities, and a tool result is a message
// item of role tool, so its identity (role tool and its text) can be
// tagged like any message's: conversationprojection.ItemIdentityOf of the
// item. Project then removes it. A tool call has no identity (lipapi has
// no content part for it); it goes with its result: Encode leaves out a
// tool_use block the body answered once none of its results is in the
// call, and a tool_result whose tool_use the body held once that tool_use
// is not, since Messages accepts neither alone. The tool_use_id a tool-role
// item answers is in the extras (ToolCallID).
//
// # Encoding
//
// Encode needs an item-authority call that passes lipapi.Call.Validate.
// The leading system and developer message items form the system member
// (its string form when the body had it and one text remains, else text
// blocks). The items of one body message that stay together form one
// message again; each other item is a message of its own, consecutive ones
// of one role being combined by the API. Messages has no system role inside
// the conversation: a system or developer message item after the first
// other item (a steering overlay anchored after a message) is written as a
// user message. An item inserted between an assistant turn's tool_use
// blocks and the last of their results is written after that result, since
// Messages requires the results first in the next user message. What
// Messages cannot carry is an error wrapping ErrInexpressible: a refusal,
// video_ref, summary, annotation, assistant_ref or json part; an
// item_reference or compaction item; a previous response ID; a tool-role
// message item the extras do not pair with a tool_use; an extension of
// another API; reasoning of another dialect.
//
// # Reading JSON
//
// Bodies are read with the module's own JSON scanner, so behaviour does not
// depend on the Go release (encoding/json changes engine in Go 1.27). A
// body is rejected, before any other work, when it is not one JSON object,
// nests arrays and objects more than 128 deep, holds invalid UTF-8 or an
// unpaired surrogate escape, a number beyond float64's range, or an object
// with two members of the same name (at any depth, unknown members
// included: readers disagree on which of the two counts). A block whose
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
// messages against lipapi.MaxItems before any is decoded, the number of
// blocks of each against lipapi.MaxContentPartsPerItem, the items produced
// against MaxItems as they are produced, then the call's size bounds
// (CheckBounds) and rules (Validate). Decode errors wrap ErrInvalidRequest
// (and, for a rule of lipapi, the *lipapi.ValidationError) and name JSON
// paths and byte offsets only, never content.
//
// # Complexity
//
// Decoding runs in time linear in the body: the body is checked in one
// pass, then each level of the structure the adapter maps is scanned once
// more, a constant number of levels. Memory is a small multiple of the
// body: strings and kept members are copied out of it, so nothing aliases
// the input. Encoding is linear in the call and its extras.
package anthropic
