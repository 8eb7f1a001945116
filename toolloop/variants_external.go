package toolloop

// This file holds the four externally tagged enums with data (§4.3 of the
// specification). A unit variant is written as its bare name ("base"); a
// newtype or struct variant as a one-member object whose member name selects
// the variant ({"family":"claude"}). Newtype variants are named non-struct
// types, unit variants empty structs.

// TurnOutput is what one model turn produced, externally tagged with
// PascalCase names: TurnOutputToolCalls ({"ToolCalls":[…]}) or
// TurnOutputText ({"Text":"…"}).
type TurnOutput interface {
	isTurnOutput()
}

// TurnOutputToolCalls is the TurnOutput newtype variant "ToolCalls": the
// turn's tool calls. JSON: {"ToolCalls":[…]} (nil is written []).
type TurnOutputToolCalls []ProviderToolCall

// TurnOutputText is the TurnOutput newtype variant "Text": the turn's text.
// JSON: {"Text":"…"}.
type TurnOutputText string

func (TurnOutputToolCalls) isTurnOutput() {}
func (TurnOutputText) isTurnOutput()      {}

// ModelFamily is the family of a prompt route's model
// (perspt_sdk::prompt::ModelFamily): ModelFamilyKnown, one of the nine
// listed unit variants written as a bare string ("qwen"), or
// ModelFamilyOther, any other family written {"other":"<name>"}.
type ModelFamily interface {
	isModelFamily()
}

// ModelFamilyKnown is a unit variant of ModelFamily, written as its bare
// name. Only the ModelFamily… constants are valid; encoding any other value
// fails with ErrEncode (use ModelFamilyOther for other families).
type ModelFamilyKnown string

// The ModelFamilyKnown values, in declaration order.
const (
	// ModelFamilyOpenAIGPT is "open_ai_gpt": OpenAI's GPT models.
	ModelFamilyOpenAIGPT ModelFamilyKnown = "open_ai_gpt"
	// ModelFamilyAnthropicClaude is "anthropic_claude": Anthropic's Claude
	// models.
	ModelFamilyAnthropicClaude ModelFamilyKnown = "anthropic_claude"
	// ModelFamilyGoogleGemini is "google_gemini": Google's Gemini models.
	ModelFamilyGoogleGemini ModelFamilyKnown = "google_gemini"
	// ModelFamilyXaiGrok is "xai_grok": xAI's Grok models.
	ModelFamilyXaiGrok ModelFamilyKnown = "xai_grok"
	// ModelFamilyDeepSeek is "deep_seek": DeepSeek's models.
	ModelFamilyDeepSeek ModelFamilyKnown = "deep_seek"
	// ModelFamilyCohereCommand is "cohere_command": Cohere's Command models.
	ModelFamilyCohereCommand ModelFamilyKnown = "cohere_command"
	// ModelFamilyLlama is "llama": the Llama models.
	ModelFamilyLlama ModelFamilyKnown = "llama"
	// ModelFamilyQwen is "qwen": the Qwen models.
	ModelFamilyQwen ModelFamilyKnown = "qwen"
	// ModelFamilyMistral is "mistral": Mistral's models.
	ModelFamilyMistral ModelFamilyKnown = "mistral"
)

// Valid reports whether f is one of the 9 ModelFamilyKnown values.
func (f ModelFamilyKnown) Valid() bool {
	switch f {
	case ModelFamilyOpenAIGPT, ModelFamilyAnthropicClaude, ModelFamilyGoogleGemini,
		ModelFamilyXaiGrok, ModelFamilyDeepSeek, ModelFamilyCohereCommand,
		ModelFamilyLlama, ModelFamilyQwen, ModelFamilyMistral:
		return true
	}
	return false
}

// modelFamilyKnownValues lists the ModelFamilyKnown values in declaration
// order: decoding returns these constants (see readEnum) instead of
// allocating the strings it reads.
var modelFamilyKnownValues = []ModelFamilyKnown{
	ModelFamilyOpenAIGPT, ModelFamilyAnthropicClaude, ModelFamilyGoogleGemini, ModelFamilyXaiGrok,
	ModelFamilyDeepSeek, ModelFamilyCohereCommand, ModelFamilyLlama, ModelFamilyQwen, ModelFamilyMistral,
}

// modelFamilyKnownVariants holds modelFamilyKnownValues as ModelFamily
// values, boxed once: decoding a known family copies one of them instead of
// boxing a new string.
var modelFamilyKnownVariants = func() []ModelFamily {
	out := make([]ModelFamily, len(modelFamilyKnownValues))
	for i, f := range modelFamilyKnownValues {
		out[i] = f
	}
	return out
}()

// ModelFamilyOther is the ModelFamily newtype variant "other": a family not
// in the list, by name. JSON: {"other":"<name>"}.
type ModelFamilyOther string

func (ModelFamilyKnown) isModelFamily() {}
func (ModelFamilyOther) isModelFamily() {}

// OverrideOrigin is the override level a prompt section came from:
// OverrideOriginBase ("base"), OverrideOriginFamily ({"family":"<s>"}) or
// OverrideOriginExactModel ({"exact_model":"<s>"}).
type OverrideOrigin interface {
	isOverrideOrigin()
}

// OverrideOriginBase is the OverrideOrigin unit variant "base": the base
// section. JSON: "base".
type OverrideOriginBase struct{}

// OverrideOriginFamily is the OverrideOrigin newtype variant "family": an
// override for a model family. JSON: {"family":"<s>"}.
type OverrideOriginFamily string

// OverrideOriginExactModel is the OverrideOrigin newtype variant
// "exact_model": an override for one exact model. JSON:
// {"exact_model":"<s>"}.
type OverrideOriginExactModel string

func (OverrideOriginBase) isOverrideOrigin()       {}
func (OverrideOriginFamily) isOverrideOrigin()     {}
func (OverrideOriginExactModel) isOverrideOrigin() {}

// StateDependency is the state a conversation message was born from (its
// birth dependency): StateDependencySessionInvariant
// ("session_invariant"), StateDependencyAcceptedRoot
// ({"accepted_root":"<s>"}), StateDependencyPartialCheckpointRoot
// ({"partial_checkpoint_root":"<s>"}) or StateDependencyPathBlob
// ({"path_blob":{"path":…,"blob_hash":…}}).
type StateDependency interface {
	isStateDependency()
}

// StateDependencySessionInvariant is the StateDependency unit variant
// "session_invariant": the message depends on no mutable state. JSON:
// "session_invariant".
type StateDependencySessionInvariant struct{}

// StateDependencyAcceptedRoot is the StateDependency newtype variant
// "accepted_root": an accepted state root. JSON: {"accepted_root":"<s>"}.
type StateDependencyAcceptedRoot string

// StateDependencyPartialCheckpointRoot is the StateDependency newtype
// variant "partial_checkpoint_root": a partial checkpoint's root. JSON:
// {"partial_checkpoint_root":"<s>"}.
type StateDependencyPartialCheckpointRoot string

// StateDependencyPathBlob is the StateDependency struct variant
// "path_blob": one path's content blob. JSON:
// {"path_blob":{"path":…,"blob_hash":…}} (the inner object follows the
// struct rules: any member order, both required).
type StateDependencyPathBlob struct {
	// Path is the file's path (required).
	Path string `json:"path"`
	// BlobHash is the blob's hash (required).
	BlobHash string `json:"blob_hash"`
}

func (StateDependencySessionInvariant) isStateDependency()      {}
func (StateDependencyAcceptedRoot) isStateDependency()          {}
func (StateDependencyPartialCheckpointRoot) isStateDependency() {}
func (StateDependencyPathBlob) isStateDependency()              {}
