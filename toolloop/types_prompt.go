package toolloop

// PromptSectionID names a prompt section (perspt_sdk's PromptSectionId, a
// newtype). JSON: a bare string.
type PromptSectionID string

// PromptSectionVersion is a prompt section's version (a newtype over u32).
// JSON: a bare integer.
type PromptSectionVersion uint32

// CompiledPromptProgram is a prompt program compiled for one route, stage
// and dialect. JSON: an object with the members below in this order.
type CompiledPromptProgram struct {
	// Route is the model route compiled for (required).
	Route PromptRoute `json:"route"`
	// Stage is the agent stage compiled for (required).
	Stage PromptStage `json:"stage"`
	// Dialect is the prompt dialect used (required).
	Dialect DialectRef `json:"dialect"`
	// Messages are the compiled messages (required).
	Messages []CompiledPromptMessage `json:"messages"`
	// DroppedSections are the sections left out (required).
	DroppedSections []PromptSectionID `json:"dropped_sections"`
	// ToolSpecHash hashes the offered tool surface (required).
	ToolSpecHash string `json:"tool_spec_hash"`
	// ProgramDigest is the program's identity (required; opaque here).
	ProgramDigest string `json:"program_digest"`
}

// PromptRoute is the model route a program is compiled for. JSON:
// {"adapter":…,"family":…,"exact_model":…}.
type PromptRoute struct {
	// Adapter names the provider adapter (required).
	Adapter string `json:"adapter"`
	// Family is the model family (required; a nil Family cannot be
	// encoded).
	Family ModelFamily `json:"family"`
	// ExactModel is the exact model name (O).
	ExactModel *string `json:"exact_model"`
}

// DialectRef names a prompt dialect and its version. JSON:
// {"id":…,"version":…}.
type DialectRef struct {
	// ID names the dialect (required).
	ID string `json:"id"`
	// Version is the dialect version (required).
	Version uint32 `json:"version"`
}

// CompiledPromptMessage is one message of a compiled prompt program. JSON:
// {"role":…,"content":…,"sections":[…],"rendered_hash":…}.
type CompiledPromptMessage struct {
	// Role is the message's role (required).
	Role PromptMessageRole `json:"role"`
	// Content is the rendered text (required).
	Content string `json:"content"`
	// Sections record where the content came from (required).
	Sections []SectionProvenance `json:"sections"`
	// RenderedHash hashes Content (required; opaque here).
	RenderedHash string `json:"rendered_hash"`
}

// SectionProvenance records one prompt section rendered into a message.
// JSON: {"id":…,"version":…,"content_hash":…,"origin":…}.
type SectionProvenance struct {
	// ID names the section (required).
	ID PromptSectionID `json:"id"`
	// Version is the section's version (required).
	Version PromptSectionVersion `json:"version"`
	// ContentHash hashes the section's content (required).
	ContentHash string `json:"content_hash"`
	// Origin is the override level the section came from (required; a nil
	// Origin cannot be encoded).
	Origin OverrideOrigin `json:"origin"`
}
