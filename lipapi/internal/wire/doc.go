// Package wire is what the request-body adapters of lipapi (packages
// openai and anthropic) share: the strict JSON reading of a body (Check,
// Value, Object), the compact writer (Writer), the extras model (Body,
// Item, Part, Group, Rest) keyed by item ID, the pairing of tool calls and
// results on encoding (Body.Plan), and the parts every API maps alike
// (empty content, extension parts and items, data URLs, tool-call
// arguments). Each adapter supplies an API value naming its sentinels,
// its extension prefix and its reasoning dialect.
package wire
