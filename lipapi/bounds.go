package lipapi

// Bounds enforced by [Call.Validate]. Sizes are byte lengths as reported by
// len (not rune counts); counts are numbers of slice elements.
const (
	// MaxCallIDBytes bounds Call.ID.
	MaxCallIDBytes = 512

	// MaxMessages bounds the number of Call.Messages.
	MaxMessages = 4096
	// MaxInstructionMessages bounds the number of Call.Instructions.
	MaxInstructionMessages = 1024
	// MaxPartsPerMessage bounds the number of Parts of one legacy Message.
	MaxPartsPerMessage = 2048

	// MaxItems bounds the number of Call.Items.
	MaxItems = 4096
	// MaxItemReferenceIDBytes bounds Item.ID and ItemReference.ID.
	MaxItemReferenceIDBytes = 512
	// MaxContentPartsPerItem bounds Item.Content and ToolResultItem.Parts.
	MaxContentPartsPerItem = 2048

	// MaxPartTextBytes bounds text-bearing fields: legacy Part.Text, the
	// Text, Summary and Refusal of content parts and ToolResultItem.Output.
	MaxPartTextBytes = 8 << 20
	// MaxPartJSONBytes bounds JSON payloads: legacy Part.Content, json
	// content parts, AnnotationPart.Data, CompactionItem.Opaque and the
	// Summary, Content and EncryptedContent of a ReasoningPart.
	MaxPartJSONBytes = 8 << 20
	// MaxRefStringBytes bounds references and their metadata: image, file,
	// video and assistant references, MIME types, file names, call IDs and
	// annotation types.
	MaxRefStringBytes = 8 << 10
	// MaxFileDataBytes bounds ContentPart.FileData (inline base64).
	MaxFileDataBytes = 8 << 20
	// MaxToolNameBytes bounds tool names.
	MaxToolNameBytes = 256
	// MaxToolParametersBytes bounds ToolCallItem.Arguments.
	MaxToolParametersBytes = 256 << 10

	// MaxReasoningDialectBytes bounds ReasoningPart.Dialect.
	MaxReasoningDialectBytes = 8 << 10
	// MaxReasoningTextBytes bounds ReasoningPart.Text.
	MaxReasoningTextBytes = 8 << 20
	// MaxReasoningSignatureBytes bounds ReasoningPart.Signature.
	MaxReasoningSignatureBytes = 8 << 10
	// MaxReasoningOpaqueBytes bounds ReasoningPart.Opaque.
	MaxReasoningOpaqueBytes = 8 << 20
	// MaxReasoningBytesPerCall bounds the running total of reasoning payload
	// bytes (Text, Signature, Opaque, Summary, Content and EncryptedContent
	// of every reasoning payload; dialects excluded) over a whole call.
	MaxReasoningBytesPerCall = 8 << 20

	// MaxCompactionDialectBytes bounds CompactionItem.Dialect.
	MaxCompactionDialectBytes = 8 << 10
	// MaxCompactionEncryptedContentBytes bounds
	// CompactionItem.EncryptedContent.
	MaxCompactionEncryptedContentBytes = 8 << 20

	// MaxExtensionNamespaceBytes bounds extension namespaces.
	MaxExtensionNamespaceBytes = 256
	// MaxExtensionTypeBytes bounds extension types.
	MaxExtensionTypeBytes = 256
	// MaxExtensionImplementorBytes bounds extension and compaction
	// implementors.
	MaxExtensionImplementorBytes = 256
	// MaxExtensionDirectionBytes bounds OpaqueExtension.Direction.
	MaxExtensionDirectionBytes = 64
	// MaxExtensionDataBytes bounds the Data of extension items and
	// extension content parts.
	MaxExtensionDataBytes = 4 << 20

	// MaxJSONDepth bounds the nesting of arrays and objects in the JSON
	// payloads checked "within depth": tool-call arguments, compaction
	// opaque data, extension data and annotation data.
	MaxJSONDepth = 64
)
