package lipapi

import "strings"

// Role names the author of a message.
type Role string

// The five roles a message may have.
const (
	RoleSystem    Role = "system"
	RoleDeveloper Role = "developer"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// PartKind is the kind of a legacy message Part.
type PartKind string

// The legacy part kinds.
const (
	PartText       PartKind = "text"
	PartImageRef   PartKind = "image_ref"
	PartFileRef    PartKind = "file_ref"
	PartToolResult PartKind = "tool_result"
	PartJSON       PartKind = "json"
	PartReasoning  PartKind = "reasoning"
)

// ItemKind is the discriminator of an Item.
type ItemKind string

// The item kinds.
const (
	ItemKindMessage       ItemKind = "message"
	ItemKindItemReference ItemKind = "item_reference"
	ItemKindToolCall      ItemKind = "tool_call"
	ItemKindToolResult    ItemKind = "tool_result"
	ItemKindReasoning     ItemKind = "reasoning"
	ItemKindCompaction    ItemKind = "compaction"
	ItemKindExtension     ItemKind = "extension"
)

// ItemStatus is the lifecycle status of an Item.
type ItemStatus string

// The item statuses.
const (
	ItemStatusInProgress ItemStatus = "in_progress"
	ItemStatusCompleted  ItemStatus = "completed"
	ItemStatusIncomplete ItemStatus = "incomplete"
)

// AssistantPhase is the output phase of an assistant message item.
type AssistantPhase string

// The assistant phases.
const (
	AssistantPhaseCommentary  AssistantPhase = "commentary"
	AssistantPhaseFinalAnswer AssistantPhase = "final_answer"
)

// ContentPartKind is the kind of an item ContentPart.
type ContentPartKind string

// The content part kinds.
const (
	ContentPartText         ContentPartKind = "text"
	ContentPartImageRef     ContentPartKind = "image_ref"
	ContentPartFileRef      ContentPartKind = "file_ref"
	ContentPartVideoRef     ContentPartKind = "video_ref"
	ContentPartRefusal      ContentPartKind = "refusal"
	ContentPartReasoning    ContentPartKind = "reasoning"
	ContentPartSummary      ContentPartKind = "summary"
	ContentPartAnnotation   ContentPartKind = "annotation"
	ContentPartAssistantRef ContentPartKind = "assistant_ref"
	ContentPartJSON         ContentPartKind = "json"
	ContentPartToolResult   ContentPartKind = "tool_result"
	ContentPartExtension    ContentPartKind = "extension"
)

// ReasoningDialect is an adapter-owned replay-format identifier for
// reasoning payloads. The package defines no dialect constants.
type ReasoningDialect string

// NormalizeReasoningDialect returns the lower-case form of d with leading
// and trailing white space removed, the form dialects are compared in.
func NormalizeReasoningDialect(d ReasoningDialect) ReasoningDialect {
	return ReasoningDialect(strings.ToLower(strings.TrimSpace(string(d))))
}

// valid reports whether r is one of the five roles.
func (r Role) valid() bool {
	switch r {
	case RoleSystem, RoleDeveloper, RoleUser, RoleAssistant, RoleTool:
		return true
	}
	return false
}

// valid reports whether s is one of the three statuses.
func (s ItemStatus) valid() bool {
	switch s {
	case ItemStatusInProgress, ItemStatusCompleted, ItemStatusIncomplete:
		return true
	}
	return false
}

// valid reports whether p is one of the two phases.
func (p AssistantPhase) valid() bool {
	return p == AssistantPhaseCommentary || p == AssistantPhaseFinalAnswer
}
