package lipapi

import "strings"

// Role names the author of a message. Messages and message items use
// exactly one of the five constants below (compared exactly, never
// trimmed); the zero Role, "", fails validation as "role is required".
type Role string

// The five roles a message may have.
const (
	// RoleSystem authors system instructions.
	RoleSystem Role = "system"
	// RoleDeveloper authors developer instructions.
	RoleDeveloper Role = "developer"
	// RoleUser authors end-user turns.
	RoleUser Role = "user"
	// RoleAssistant authors model output; only it may carry legacy reasoning parts.
	RoleAssistant Role = "assistant"
	// RoleTool authors tool output.
	RoleTool Role = "tool"
)

// PartKind is the kind of a legacy message Part. The zero PartKind, "", is
// not a kind: a Part without one does not validate.
type PartKind string

// The legacy part kinds.
const (
	// PartText is plain text in Part.Text.
	PartText PartKind = "text"
	// PartImageRef references an image by Part.ImageRef.
	PartImageRef PartKind = "image_ref"
	// PartFileRef references a file by Part.FileRef.
	PartFileRef PartKind = "file_ref"
	// PartToolResult answers the tool call named by Part.ToolCallID.
	PartToolResult PartKind = "tool_result"
	// PartJSON carries a JSON value in Part.Content.
	PartJSON PartKind = "json"
	// PartReasoning carries a reasoning payload in Part.Reasoning.
	PartReasoning PartKind = "reasoning"
)

// ItemKind is the discriminator of an Item. The zero ItemKind, "", is not a
// kind: an Item without one does not validate.
type ItemKind string

// The item kinds.
const (
	// ItemKindMessage is a message made of Item.Content.
	ItemKindMessage ItemKind = "message"
	// ItemKindItemReference points at another item by Item.Reference.
	ItemKindItemReference ItemKind = "item_reference"
	// ItemKindToolCall is a function call request in Item.ToolCall.
	ItemKindToolCall ItemKind = "tool_call"
	// ItemKindToolResult is a function output in Item.ToolResult.
	ItemKindToolResult ItemKind = "tool_result"
	// ItemKindReasoning is a reasoning payload in Item.Reasoning.
	ItemKindReasoning ItemKind = "reasoning"
	// ItemKindCompaction is a context-compaction blob in Item.Compaction.
	ItemKindCompaction ItemKind = "compaction"
	// ItemKindExtension is a namespaced opaque record in Item.Extension.
	ItemKindExtension ItemKind = "extension"
)

// ItemStatus is the lifecycle status of an Item. The zero ItemStatus, "",
// is valid and means that no status is given; any other value must be one
// of the three constants.
type ItemStatus string

// The item statuses.
const (
	// ItemStatusInProgress marks an item still being produced.
	ItemStatusInProgress ItemStatus = "in_progress"
	// ItemStatusCompleted marks a finished item.
	ItemStatusCompleted ItemStatus = "completed"
	// ItemStatusIncomplete marks an item that ended before completion.
	ItemStatusIncomplete ItemStatus = "incomplete"
)

// AssistantPhase is the output phase of an assistant message item. The zero
// AssistantPhase, "", is valid on every item and means no phase; any other
// value must be one of the two constants and is allowed only on a message
// item whose role is assistant.
type AssistantPhase string

// The assistant phases.
const (
	// AssistantPhaseCommentary marks intermediate assistant output.
	AssistantPhaseCommentary AssistantPhase = "commentary"
	// AssistantPhaseFinalAnswer marks the assistant's final answer.
	AssistantPhaseFinalAnswer AssistantPhase = "final_answer"
)

// ContentPartKind is the kind of an item ContentPart. The zero
// ContentPartKind, "", is not a kind: a ContentPart without one does not
// validate.
type ContentPartKind string

// The content part kinds.
const (
	// ContentPartText is text in ContentPart.Text.
	ContentPartText ContentPartKind = "text"
	// ContentPartImageRef references an image by ContentPart.ImageRef.
	ContentPartImageRef ContentPartKind = "image_ref"
	// ContentPartFileRef references a file by ContentPart.FileRef or inlines it in ContentPart.FileData.
	ContentPartFileRef ContentPartKind = "file_ref"
	// ContentPartVideoRef references a video by ContentPart.VideoRef.
	ContentPartVideoRef ContentPartKind = "video_ref"
	// ContentPartRefusal is a model refusal in ContentPart.Refusal.
	ContentPartRefusal ContentPartKind = "refusal"
	// ContentPartReasoning carries a reasoning payload in ContentPart.Reasoning.
	ContentPartReasoning ContentPartKind = "reasoning"
	// ContentPartSummary is summary text in ContentPart.Summary.
	ContentPartSummary ContentPartKind = "summary"
	// ContentPartAnnotation carries an annotation in ContentPart.Annotation.
	ContentPartAnnotation ContentPartKind = "annotation"
	// ContentPartAssistantRef references assistant output by ContentPart.AssistantRef.
	ContentPartAssistantRef ContentPartKind = "assistant_ref"
	// ContentPartJSON carries JSON text in ContentPart.Text.
	ContentPartJSON ContentPartKind = "json"
	// ContentPartToolResult is tool output text in ContentPart.Text.
	ContentPartToolResult ContentPartKind = "tool_result"
	// ContentPartExtension is a vendor part in ContentPart.Extension.
	ContentPartExtension ContentPartKind = "extension"
)

// ReasoningDialect is an adapter-owned replay-format identifier for
// reasoning payloads. The package defines no dialect constants. A reasoning
// payload must carry a dialect that is already in normalized form (see
// NormalizeReasoningDialect) and not empty once normalized, so the zero
// ReasoningDialect, "", does not validate.
type ReasoningDialect string

// NormalizeReasoningDialect returns the lower-case form of d with leading
// and trailing white space removed, the form dialects are compared in.
func NormalizeReasoningDialect(d ReasoningDialect) ReasoningDialect {
	return ReasoningDialect(strings.ToLower(strings.TrimSpace(string(d))))
}

// IsKnown reports whether r is exactly one of the five roles (compared
// exactly, never trimmed).
func (r Role) IsKnown() bool {
	switch r {
	case RoleSystem, RoleDeveloper, RoleUser, RoleAssistant, RoleTool:
		return true
	}
	return false
}

// IsKnown reports whether s is one of the three item statuses. The empty
// status, which an item may have, is not one of them.
func (s ItemStatus) IsKnown() bool {
	switch s {
	case ItemStatusInProgress, ItemStatusCompleted, ItemStatusIncomplete:
		return true
	}
	return false
}

// IsKnown reports whether p is one of the two assistant phases. The empty
// phase, which an item may have, is not one of them.
func (p AssistantPhase) IsKnown() bool {
	return p == AssistantPhaseCommentary || p == AssistantPhaseFinalAnswer
}
