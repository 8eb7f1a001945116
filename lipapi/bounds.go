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

	// MaxPartTextBytes bounds text-bearing fields: the Text of legacy text
	// and tool_result parts, the Text, Summary and Refusal of content parts
	// and ToolResultItem.Output.
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

// A limit is one count or size bound of Validate: the field at path,
// relative to the value checked, holds at most max elements or bytes; a
// field over it breaks the rule with the message msg.
type limit struct {
	path string
	max  int
	msg  string
}

// The limits, each bound once. A value's bounds are checked by methods
// that Validate and CheckBounds both call, in Validate's order (such as
// callRef.bounds); the paths of the reasoning payload's limits are
// relative to the payload.
var (
	// A call.
	limitCallID       = limit{"ID", MaxCallIDBytes, "call id is too long"}
	limitItems        = limit{"Items", MaxItems, "too many items"}
	limitMessages     = limit{"Messages", MaxMessages, "too many messages"}
	limitInstructions = limit{"Instructions", MaxInstructionMessages, "too many instruction messages"}

	// An item and its variants.
	limitItemID            = limit{".ID", MaxItemReferenceIDBytes, "item id is too long"}
	limitItemContent       = limit{".Content", MaxContentPartsPerItem, "too many content parts"}
	limitReferenceID       = limit{".Reference.ID", MaxItemReferenceIDBytes, "item reference id is too long"}
	limitToolCallID        = limit{".ToolCall.CallID", MaxRefStringBytes, "call id is too long"}
	limitToolCallName      = limit{".ToolCall.Name", MaxToolNameBytes, "tool name is too long"}
	limitToolArguments     = limit{".ToolCall.Arguments", MaxToolParametersBytes, "JSON value is too long"}
	limitToolResultCallID  = limit{".ToolResult.CallID", MaxRefStringBytes, "call id is too long"}
	limitToolResultName    = limit{".ToolResult.Name", MaxToolNameBytes, "tool name is too long"}
	limitToolOutput        = limit{".ToolResult.Output", MaxPartTextBytes, "output is too long"}
	limitToolResultParts   = limit{".ToolResult.Parts", MaxContentPartsPerItem, "too many parts"}
	limitEncapsulatedID    = limit{".Compaction.EncapsulatedID", MaxRefStringBytes, "encapsulated id is too long"}
	limitCompactionDialect = limit{".Compaction.Dialect", MaxCompactionDialectBytes, "compaction dialect is too long"}
	limitCompactionImpl    = limit{".Compaction.Implementor", MaxExtensionImplementorBytes, "implementor is too long"}
	limitCompactionSecret  = limit{".Compaction.EncryptedContent", MaxCompactionEncryptedContentBytes, "encrypted content is too long"}
	limitCompactionOpaque  = limit{".Compaction.Opaque", MaxPartJSONBytes, "JSON value is too long"}
	limitExtNamespace      = limit{".Extension.Namespace", MaxExtensionNamespaceBytes, "namespace is too long"}
	limitExtType           = limit{".Extension.Type", MaxExtensionTypeBytes, "extension type is too long"}
	limitExtImplementor    = limit{".Extension.Implementor", MaxExtensionImplementorBytes, "implementor is too long"}
	limitExtDirection      = limit{".Extension.Direction", MaxExtensionDirectionBytes, "direction is too long"}
	limitExtData           = limit{".Extension.Data", MaxExtensionDataBytes, "JSON value is too long"}

	// A content part, by kind; an extension part's paths are relative to
	// its Extension.
	limitText            = limit{".Text", MaxPartTextBytes, "text is too long"}
	limitSummary         = limit{".Summary", MaxPartTextBytes, "text is too long"}
	limitRefusal         = limit{".Refusal", MaxPartTextBytes, "text is too long"}
	limitImageRef        = limit{".ImageRef", MaxRefStringBytes, "image reference is too long"}
	limitImageMIME       = limit{".ImageMIME", MaxRefStringBytes, "image media type is too long"}
	limitFileRef         = limit{".FileRef", MaxRefStringBytes, "file reference is too long"}
	limitFileData        = limit{".FileData", MaxFileDataBytes, "file data is too long"}
	limitFileMIME        = limit{".FileMIME", MaxRefStringBytes, "file media type is too long"}
	limitFileName        = limit{".FileName", MaxRefStringBytes, "file name is too long"}
	limitVideoRef        = limit{".VideoRef", MaxRefStringBytes, "video reference is too long"}
	limitVideoMIME       = limit{".VideoMIME", MaxRefStringBytes, "video media type is too long"}
	limitAssistantRef    = limit{".AssistantRef", MaxRefStringBytes, "assistant reference is too long"}
	limitJSONText        = limit{".Text", MaxPartJSONBytes, "json text is too long"}
	limitAnnotationType  = limit{".Annotation.Type", MaxRefStringBytes, "annotation type is too long"}
	limitAnnotationData  = limit{".Annotation.Data", MaxPartJSONBytes, "JSON value is too long"}
	limitPartNamespace   = limit{".Namespace", MaxExtensionNamespaceBytes, "namespace is too long"}
	limitPartImplementor = limit{".Implementor", MaxExtensionImplementorBytes, "implementor is too long"}
	limitPartType        = limit{".Type", MaxExtensionTypeBytes, "extension type is too long"}
	limitPartData        = limit{".Data", MaxExtensionDataBytes, "extension data is too long"}

	// A legacy message and its parts.
	limitParts           = limit{".Parts", MaxPartsPerMessage, "too many parts"}
	limitContentJSON     = limit{".Content", MaxPartJSONBytes, "content is too long"}
	limitToolCallIDRef   = limit{".ToolCallID", MaxRefStringBytes, "tool call id is too long"}
	limitPartToolName    = limit{".ToolName", MaxToolNameBytes, "tool name is too long"}
	limitAnyPartToolName = limit{".ToolName", MaxRefStringBytes, "tool name is too long"}

	// A reasoning payload.
	limitDialect          = limit{".Dialect", MaxReasoningDialectBytes, "reasoning dialect is too long"}
	limitReasoningText    = limit{".Text", MaxReasoningTextBytes, "reasoning text is too long"}
	limitSignature        = limit{".Signature", MaxReasoningSignatureBytes, "reasoning signature is too long"}
	limitReasoningOpaque  = limit{".Opaque", MaxReasoningOpaqueBytes, "reasoning opaque payload is too long"}
	limitReasoningSummary = limit{".Summary", MaxPartJSONBytes, "reasoning summary is too long"}
	limitReasoningContent = limit{".Content", MaxPartJSONBytes, "reasoning content is too long"}
	limitReasoningSecret  = limit{".EncryptedContent", MaxPartJSONBytes, "reasoning encrypted content is too long"}
)

// over reports whether a field of size n is over l.
func (l *limit) over(n int) bool { return n > l.max }

// fail returns the problem of a field over l.
func (l *limit) fail() problem { return fail(l.path, l.msg) }

// A size is the size n of a field that limit l bounds.
type size struct {
	l *limit
	n int
}

// of returns the size n of a field that l bounds.
func (l *limit) of(n int) size { return size{l, n} }

// firstOver returns the limit of the first of sizes that is over it, or
// nil: the fields of a value are bounded in the order listed.
func firstOver(sizes ...size) *limit {
	for _, s := range sizes {
		if s.l.over(s.n) {
			return s.l
		}
	}
	return nil
}

// sizeProblem returns the problem of the first of sizes over its limit, or
// none.
func sizeProblem(sizes ...size) problem {
	if l := firstOver(sizes...); l != nil {
		return l.fail()
	}
	return problem{}
}

// check returns the problem of a field of size n over l, or none.
func (l *limit) check(n int) problem {
	if l.over(n) {
		return l.fail()
	}
	return problem{}
}
