package lipapi

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// rule is one row of a validation table: a mutation of a valid base call
// and the failure it must produce. An empty field means the mutated call
// must stay valid (a boundary or an explicitly allowed case).
type rule struct {
	name   string
	base   func() Call
	mutate func(*Call)
	field  string // exact ValidationError.Field; "" = valid
	msg    string // substring of ValidationError.Message
}

func runRules(t *testing.T, rows []rule) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			c := r.base()
			r.mutate(&c)
			checkValidate(t, c, r.field, r.msg)
		})
	}
}

// checkValidate asserts c.Validate() is nil when field is "", and otherwise
// a *ValidationError wrapping ErrInvalidCall with that exact Field and a
// Message containing msg.
func checkValidate(t *testing.T, c Call, field, msg string) {
	t.Helper()
	before := CloneCall(c)
	err := c.Validate()
	if !reflect.DeepEqual(c, before) {
		t.Fatal("Validate mutated its input")
	}
	if cloneErr := before.Validate(); !reflect.DeepEqual(cloneErr, err) {
		t.Fatalf("the clone validates to %v, the original to %v", cloneErr, err)
	}
	if msg := boundsDisagree(c, err); msg != "" {
		t.Fatal(msg)
	}
	if field == "" {
		if err != nil {
			t.Fatalf("Validate() = %v, want nil", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("Validate() = nil, want failure at %s", field)
	}
	if !errors.Is(err, ErrInvalidCall) {
		t.Fatalf("Validate() = %v, does not wrap ErrInvalidCall", err)
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Validate() = %T, want *ValidationError", err)
	}
	if ve.Field != field || !strings.Contains(ve.Message, msg) {
		t.Fatalf("Validate() = {Field: %q, Message: %q}, want {Field: %q, Message containing %q}", ve.Field, ve.Message, field, msg)
	}
}

// fI returns the path of item i followed by suffix.
func fI(i int, suffix string) string { return fmt.Sprintf("Items[%d]%s", i, suffix) }

func copiesOf(it Item, n int) []Item {
	items := make([]Item, n)
	for i := range items {
		items[i] = it
	}
	return items
}

func TestValidateItemAuthorityRules(t *testing.T) {
	userMsg := itemCall().Items[iUser]
	rows := []rule{
		{"base call is valid", itemCall, func(*Call) {}, "", ""},
		{"legacy messages conflict with items", itemCall, func(c *Call) { c.Messages = legacyCall().Messages }, "Items", "conflicting"},
		{"legacy instructions conflict with items", itemCall, func(c *Call) { c.Instructions = legacyCall().Instructions }, "Items", "conflicting"},
		{"empty items without previous response", itemCall, func(c *Call) { c.Items = []Item{} }, "Items", "required"},
		{"empty items with blank previous response", itemCall, func(c *Call) { c.Items, c.PreviousResponseID = []Item{}, " \t" }, "Items", "required"},
		{"empty items continue a previous response", itemCall, func(c *Call) { c.Items, c.PreviousResponseID = []Item{}, "resp_1" }, "", ""},
		{"empty call id allowed", itemCall, func(c *Call) { c.ID = "" }, "", ""},
		{"call id at bound", itemCall, func(c *Call) { c.ID = bytesOf(MaxCallIDBytes) }, "", ""},
		{"call id over bound", itemCall, func(c *Call) { c.ID = bytesOf(MaxCallIDBytes + 1) }, "ID", "too long"},
		{"items at bound", itemCall, func(c *Call) { c.Items = copiesOf(userMsg, MaxItems) }, "", ""},
		{"items over bound", itemCall, func(c *Call) { c.Items = copiesOf(userMsg, MaxItems+1) }, "Items", "too many"},
		{"duplicate item id", itemCall, func(c *Call) { c.Items[iCall2].ID = "msg_1" }, fI(iCall2, ".ID"), "duplicate"},
		{"duplicate item id reported at first repeat", itemCall, func(c *Call) {
			c.Items[iRefUnknown].ID = "fc_1"
			c.Items[iResult2].ID = "rs_1"
		}, fI(iReasoning, ".ID"), "duplicate"},
		{"empty item ids never collide", itemCall, func(c *Call) { c.Items[iCall1].ID, c.Items[iReasoning].ID = "", "" }, "", ""},
		{"forward item reference", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = "later"; c.Items[iRefUnknown].ID = "later" }, fI(iRefBack, ".Reference.ID"), "forward"},
		{"self item reference allowed", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = "ref_1" }, "", ""},
		{"duplicate tool call id", itemCall, func(c *Call) {
			c.Items[iCall2].ToolCall.CallID = "call_1"
			c.Items[iResult2].ToolResult.CallID = "call_1"
		}, fI(iCall2, ".ToolCall.CallID"), "duplicate"},
		{"orphan tool result", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = "call_9" }, fI(iResult1, ".ToolResult.CallID"), "no earlier"},
		{"tool result before its call", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = "call_2" }, fI(iResult1, ".ToolResult.CallID"), "no earlier"},
		{"two results for one call allowed", itemCall, func(c *Call) { c.Items[iResult2].ToolResult.CallID = "call_1" }, "", ""},

		// Item rules common to every kind.
		{"item id at bound", itemCall, func(c *Call) { c.Items[iCall1].ID = bytesOf(MaxItemReferenceIDBytes) }, "", ""},
		{"item id over bound", itemCall, func(c *Call) { c.Items[iCall1].ID = bytesOf(MaxItemReferenceIDBytes + 1) }, fI(iCall1, ".ID"), "too long"},
		{"unknown item status", itemCall, func(c *Call) { c.Items[iCall1].Status = "done" }, fI(iCall1, ".Status"), "status"},
		{"in-progress and incomplete statuses", itemCall, func(c *Call) {
			c.Items[iCall1].Status = ItemStatusInProgress
			c.Items[iCall2].Status = ItemStatusIncomplete
		}, "", ""},
		{"unknown phase", itemCall, func(c *Call) { c.Items[iAssistant].Phase = "draft" }, fI(iAssistant, ".Phase"), "invalid"},
		{"final answer phase", itemCall, func(c *Call) { c.Items[iAssistant].Phase = AssistantPhaseFinalAnswer }, "", ""},
		{"phase on user message", itemCall, func(c *Call) { c.Items[iUser].Phase = AssistantPhaseCommentary }, fI(iUser, ".Phase"), "only allowed"},
		{"phase on tool call", itemCall, func(c *Call) { c.Items[iCall1].Phase = AssistantPhaseCommentary }, fI(iCall1, ".Phase"), "only allowed"},
		{"item kind required", itemCall, func(c *Call) { c.Items[iUser].Kind = "" }, fI(iUser, ".Kind"), "required"},
		{"unknown item kind", itemCall, func(c *Call) { c.Items[iUser].Kind = "note" }, fI(iUser, ".Kind"), "unknown"},

		// message
		{"message with variant payload", itemCall, func(c *Call) { c.Items[iUser].Extension = &OpaqueExtension{} }, fI(iUser, ""), "variant"},
		{"message role required", itemCall, func(c *Call) { c.Items[iUser].Role = "" }, fI(iUser, ".Role"), "required"},
		{"message role unknown", itemCall, func(c *Call) { c.Items[iUser].Role = "robot" }, fI(iUser, ".Role"), "invalid"},
		{"message every role", itemCall, func(c *Call) {
			for _, r := range []Role{RoleSystem, RoleDeveloper, RoleUser, RoleAssistant, RoleTool} {
				c.Items = append(c.Items, Item{Kind: ItemKindMessage, Role: r, Content: []ContentPart{{Kind: ContentPartText, Text: "x"}}})
			}
		}, "", ""},
		{"message content required", itemCall, func(c *Call) { c.Items[iUser].Content = []ContentPart{} }, fI(iUser, ".Content"), "required"},
		{"message content at bound", itemCall, func(c *Call) {
			c.Items[iUser].Content = make([]ContentPart, MaxContentPartsPerItem)
			fillText(c.Items[iUser].Content)
		}, "", ""},
		{"message content over bound", itemCall, func(c *Call) {
			c.Items[iUser].Content = make([]ContentPart, MaxContentPartsPerItem+1)
			fillText(c.Items[iUser].Content)
		}, fI(iUser, ".Content"), "too many"},

		// item_reference
		{"reference with content", itemCall, func(c *Call) { c.Items[iRefBack].Content = c.Items[iUser].Content }, fI(iRefBack, ""), "another kind"},
		{"reference with role", itemCall, func(c *Call) { c.Items[iRefBack].Role = RoleUser }, fI(iRefBack, ""), "another kind"},
		{"reference with foreign payload", itemCall, func(c *Call) { c.Items[iRefBack].ToolCall = &ToolCallItem{} }, fI(iRefBack, ""), "another kind"},
		{"reference missing", itemCall, func(c *Call) { c.Items[iRefBack].Reference = nil }, fI(iRefBack, ".Reference.ID"), "required"},
		{"reference id blank", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = " \n" }, fI(iRefBack, ".Reference.ID"), "required"},
		{"reference id at bound", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = bytesOf(MaxItemReferenceIDBytes) }, "", ""},
		{"reference id over bound", itemCall, func(c *Call) { c.Items[iRefBack].Reference.ID = bytesOf(MaxItemReferenceIDBytes + 1) }, fI(iRefBack, ".Reference.ID"), "too long"},

		// tool_call
		{"tool call with content", itemCall, func(c *Call) { c.Items[iCall1].Content = c.Items[iUser].Content }, fI(iCall1, ""), "another kind"},
		{"tool call with role", itemCall, func(c *Call) { c.Items[iCall1].Role = RoleAssistant }, fI(iCall1, ""), "another kind"},
		{"tool call with foreign payload", itemCall, func(c *Call) { c.Items[iCall1].Reference = &ItemReference{ID: "x"} }, fI(iCall1, ""), "another kind"},
		{"tool call missing", itemCall, func(c *Call) { c.Items[iCall1].ToolCall = nil }, fI(iCall1, ".ToolCall"), "requires"},
		{"tool call id blank", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.CallID = "\t" }, fI(iCall1, ".ToolCall.CallID"), "required"},
		{"tool call name blank", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Name = " " }, fI(iCall1, ".ToolCall.Name"), "required"},
		{"tool call id over bound", itemCall, func(c *Call) { setCallID(c, bytesOf(MaxRefStringBytes+1)) }, fI(iCall1, ".ToolCall.CallID"), "too long"},
		{"tool call id at bound", itemCall, func(c *Call) { setCallID(c, bytesOf(MaxRefStringBytes)) }, "", ""},
		{"tool call name at bound", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Name = bytesOf(MaxToolNameBytes) }, "", ""},
		{"tool call name over bound", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Name = bytesOf(MaxToolNameBytes + 1) }, fI(iCall1, ".ToolCall.Name"), "too long"},
		{"tool call name outer space", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Name = "lookup " }, fI(iCall1, ".ToolCall.Name"), "white space"},
		{"tool call arguments at bound", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = jsonString(MaxToolParametersBytes) }, "", ""},
		{"tool call arguments over bound", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = jsonString(MaxToolParametersBytes + 1) }, fI(iCall1, ".ToolCall.Arguments"), "too long"},
		{"tool call arguments invalid", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw(`{"q":`) }, fI(iCall1, ".ToolCall.Arguments"), "invalid JSON"},
		{"tool call arguments at depth bound", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw(nested(MaxJSONDepth)) }, "", ""},
		{"tool call arguments too deep", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw(nested(MaxJSONDepth + 1)) }, fI(iCall1, ".ToolCall.Arguments"), "deeper"},
		{"tool call arguments depth ignores strings", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw(`["` + nested(MaxJSONDepth) + `\"[["]`) }, "", ""},

		// tool_result
		{"tool result with content", itemCall, func(c *Call) { c.Items[iResult1].Content = c.Items[iUser].Content }, fI(iResult1, ""), "another kind"},
		{"tool result with role", itemCall, func(c *Call) { c.Items[iResult1].Role = RoleTool }, fI(iResult1, ""), "another kind"},
		{"tool result with foreign payload", itemCall, func(c *Call) { c.Items[iResult1].Compaction = &CompactionItem{} }, fI(iResult1, ""), "another kind"},
		{"tool result missing", itemCall, func(c *Call) { c.Items[iResult1].ToolResult = nil }, fI(iResult1, ".ToolResult"), "requires"},
		{"tool result call id blank", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = " " }, fI(iResult1, ".ToolResult.CallID"), "required"},
		{"tool result call id over bound", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = bytesOf(MaxRefStringBytes + 1) }, fI(iResult1, ".ToolResult.CallID"), "too long"},
		{"tool result name may be empty", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Name = "" }, "", ""},
		{"tool result name at bound", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Name = bytesOf(MaxToolNameBytes) }, "", ""},
		{"tool result name over bound", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Name = bytesOf(MaxToolNameBytes + 1) }, fI(iResult1, ".ToolResult.Name"), "too long"},
		{"tool result name outer space", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Name = "\nlookup" }, fI(iResult1, ".ToolResult.Name"), "white space"},
		{"tool result output and parts", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Parts = c.Items[iUser].Content }, fI(iResult1, ".ToolResult"), "exactly one"},
		{"tool result neither output nor parts", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Output = "" }, fI(iResult1, ".ToolResult"), "exactly one"},
		{"tool result output at bound", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Output = bytesOf(MaxPartTextBytes) }, "", ""},
		{"tool result output over bound", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Output = bytesOf(MaxPartTextBytes + 1) }, fI(iResult1, ".ToolResult.Output"), "too long"},
		{"tool result parts at bound", itemCall, func(c *Call) {
			c.Items[iResult2].ToolResult.Parts = make([]ContentPart, MaxContentPartsPerItem)
			fillText(c.Items[iResult2].ToolResult.Parts)
		}, "", ""},
		{"tool result parts over bound", itemCall, func(c *Call) {
			c.Items[iResult2].ToolResult.Parts = make([]ContentPart, MaxContentPartsPerItem+1)
			fillText(c.Items[iResult2].ToolResult.Parts)
		}, fI(iResult2, ".ToolResult.Parts"), "too many"},
		{"tool result part invalid", itemCall, func(c *Call) { c.Items[iResult2].ToolResult.Parts[1].ImageRef = "" }, fI(iResult2, ".ToolResult.Parts[1].ImageRef"), "required"},

		// reasoning (the payload rules are in TestValidateReasoningRules)
		{"reasoning with content", itemCall, func(c *Call) { c.Items[iReasoning].Content = c.Items[iUser].Content }, fI(iReasoning, ""), "another kind"},
		{"reasoning with role", itemCall, func(c *Call) { c.Items[iReasoning].Role = RoleAssistant }, fI(iReasoning, ""), "another kind"},
		{"reasoning with foreign payload", itemCall, func(c *Call) { c.Items[iReasoning].ToolResult = &ToolResultItem{} }, fI(iReasoning, ""), "another kind"},
		{"reasoning item missing", itemCall, func(c *Call) { c.Items[iReasoning].Reasoning = nil }, fI(iReasoning, ".Reasoning"), "requires"},

		// compaction
		{"compaction with content", itemCall, func(c *Call) { c.Items[iCompaction].Content = c.Items[iUser].Content }, fI(iCompaction, ""), "another kind"},
		{"compaction with role", itemCall, func(c *Call) { c.Items[iCompaction].Role = RoleSystem }, fI(iCompaction, ""), "another kind"},
		{"compaction with foreign payload", itemCall, func(c *Call) { c.Items[iCompaction].Reasoning = &ReasoningItem{} }, fI(iCompaction, ""), "another kind"},
		{"compaction missing", itemCall, func(c *Call) { c.Items[iCompaction].Compaction = nil }, fI(iCompaction, ".Compaction"), "requires"},
		{"compaction empty payload allowed", itemCall, func(c *Call) { c.Items[iCompaction].Compaction = &CompactionItem{} }, "", ""},
		{"compaction encapsulated id at bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.EncapsulatedID = bytesOf(MaxRefStringBytes) }, "", ""},
		{"compaction encapsulated id over bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.EncapsulatedID = bytesOf(MaxRefStringBytes + 1) }, fI(iCompaction, ".Compaction.EncapsulatedID"), "too long"},
		{"compaction dialect at bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Dialect = bytesOf(MaxCompactionDialectBytes) }, "", ""},
		{"compaction dialect over bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Dialect = bytesOf(MaxCompactionDialectBytes + 1) }, fI(iCompaction, ".Compaction.Dialect"), "too long"},
		{"compaction implementor at bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Implementor = bytesOf(MaxExtensionImplementorBytes) }, "", ""},
		{"compaction implementor over bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Implementor = bytesOf(MaxExtensionImplementorBytes + 1) }, fI(iCompaction, ".Compaction.Implementor"), "too long"},
		{"compaction encrypted content at bound", itemCall, func(c *Call) {
			c.Items[iCompaction].Compaction.EncryptedContent = bytesOf(MaxCompactionEncryptedContentBytes)
		}, "", ""},
		{"compaction encrypted content over bound", itemCall, func(c *Call) {
			c.Items[iCompaction].Compaction.EncryptedContent = bytesOf(MaxCompactionEncryptedContentBytes + 1)
		}, fI(iCompaction, ".Compaction.EncryptedContent"), "too long"},
		{"compaction opaque at bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Opaque = jsonString(MaxPartJSONBytes) }, "", ""},
		{"compaction opaque over bound", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Opaque = jsonString(MaxPartJSONBytes + 1) }, fI(iCompaction, ".Compaction.Opaque"), "too long"},
		{"compaction opaque invalid", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Opaque = raw(`{v:1}`) }, fI(iCompaction, ".Compaction.Opaque"), "invalid JSON"},
		{"compaction opaque too deep", itemCall, func(c *Call) { c.Items[iCompaction].Compaction.Opaque = raw(nested(MaxJSONDepth + 1)) }, fI(iCompaction, ".Compaction.Opaque"), "deeper"},

		// extension
		{"extension with content", itemCall, func(c *Call) { c.Items[iExtension].Content = c.Items[iUser].Content }, fI(iExtension, ""), "another kind"},
		{"extension with role", itemCall, func(c *Call) { c.Items[iExtension].Role = RoleUser }, fI(iExtension, ""), "another kind"},
		{"extension with foreign payload", itemCall, func(c *Call) { c.Items[iExtension].ToolCall = &ToolCallItem{} }, fI(iExtension, ""), "another kind"},
		{"extension missing", itemCall, func(c *Call) { c.Items[iExtension].Extension = nil }, fI(iExtension, ".Extension"), "requires"},
		{"extension namespace blank", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "  " }, fI(iExtension, ".Extension.Namespace"), "required"},
		{"extension namespace inner space", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "ac me" }, fI(iExtension, ".Extension.Namespace"), "white space"},
		{"extension namespace inner tab", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "ac\tme" }, fI(iExtension, ".Extension.Namespace"), "white space"},
		{"extension namespace inner CR", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "ac\rme" }, fI(iExtension, ".Extension.Namespace"), "white space"},
		{"extension namespace inner LF", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = "ac\nme" }, fI(iExtension, ".Extension.Namespace"), "white space"},
		{"extension namespace outer space allowed", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = " acme\n" }, "", ""},
		{"extension namespace at bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = bytesOf(MaxExtensionNamespaceBytes) }, "", ""},
		{"extension namespace over bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Namespace = bytesOf(MaxExtensionNamespaceBytes + 1) }, fI(iExtension, ".Extension.Namespace"), "too long"},
		{"extension type blank", itemCall, func(c *Call) { c.Items[iExtension].Extension.Type = "\t" }, fI(iExtension, ".Extension.Type"), "required"},
		{"extension type at bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Type = bytesOf(MaxExtensionTypeBytes) }, "", ""},
		{"extension type over bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Type = bytesOf(MaxExtensionTypeBytes + 1) }, fI(iExtension, ".Extension.Type"), "too long"},
		{"extension implementor at bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Implementor = bytesOf(MaxExtensionImplementorBytes) }, "", ""},
		{"extension implementor over bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Implementor = bytesOf(MaxExtensionImplementorBytes + 1) }, fI(iExtension, ".Extension.Implementor"), "too long"},
		{"extension direction at bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Direction = bytesOf(MaxExtensionDirectionBytes) }, "", ""},
		{"extension direction over bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Direction = bytesOf(MaxExtensionDirectionBytes + 1) }, fI(iExtension, ".Extension.Direction"), "too long"},
		{"extension data may be empty", itemCall, func(c *Call) { c.Items[iExtension].Extension.Data = nil }, "", ""},
		{"extension data at bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Data = jsonString(MaxExtensionDataBytes) }, "", ""},
		{"extension data over bound", itemCall, func(c *Call) { c.Items[iExtension].Extension.Data = jsonString(MaxExtensionDataBytes + 1) }, fI(iExtension, ".Extension.Data"), "too long"},
		{"extension data invalid", itemCall, func(c *Call) { c.Items[iExtension].Extension.Data = raw(`{"n":1}}`) }, fI(iExtension, ".Extension.Data"), "invalid JSON"},
		{"extension data too deep", itemCall, func(c *Call) { c.Items[iExtension].Extension.Data = raw(nested(MaxJSONDepth + 1)) }, fI(iExtension, ".Extension.Data"), "deeper"},
	}
	runRules(t, rows)
}

// fillText makes every part of parts a valid text part.
func fillText(parts []ContentPart) {
	for j := range parts {
		parts[j] = ContentPart{Kind: ContentPartText, Text: "x"}
	}
}

// setCallID gives the first tool call and its result the call id id.
func setCallID(c *Call, id string) {
	c.Items[iCall1].ToolCall.CallID = id
	c.Items[iResult1].ToolResult.CallID = id
}

// TestValidateOrder pins the order between rules whose failures are
// reported at different fields.
func TestValidateOrder(t *testing.T) {
	rows := []rule{
		{"conflict before empty items", itemCall, func(c *Call) { c.Items = []Item{}; c.Messages = legacyCall().Messages }, "Items", "conflicting"},
		{"empty items before call id", itemCall, func(c *Call) { c.Items = []Item{}; c.ID = bytesOf(MaxCallIDBytes + 1) }, "Items", "required"},
		{"call id before item count", itemCall, func(c *Call) {
			c.ID = bytesOf(MaxCallIDBytes + 1)
			c.Items = copiesOf(c.Items[iUser], MaxItems+1)
		}, "ID", "too long"},
		{"duplicate ids before item rules", itemCall, func(c *Call) {
			c.Items[iUser].Kind = ""
			c.Items[iRefUnknown].ID = "msg_1"
		}, fI(iRefUnknown, ".ID"), "duplicate"},
		{"earlier item first", itemCall, func(c *Call) {
			c.Items[iCall2].ToolCall = nil
			c.Items[iCall1].ToolCall.Name = ""
		}, fI(iCall1, ".ToolCall.Name"), "required"},
		{"item rules before pairing", itemCall, func(c *Call) {
			c.Items[iResult1].ToolResult.CallID = "call_9"
			c.Items[iResult1].ToolResult.Name = " x"
		}, fI(iResult1, ".ToolResult.Name"), "white space"},
		{"pairing before later item rules", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.CallID = "call_9"; c.Items[iCall2].Kind = "" }, fI(iResult1, ".ToolResult.CallID"), "no earlier"},
		{"id before status", itemCall, func(c *Call) { c.Items[iCall1].ID = bytesOf(MaxItemReferenceIDBytes + 1); c.Items[iCall1].Status = "x" }, fI(iCall1, ".ID"), "too long"},
		{"status before phase", itemCall, func(c *Call) { c.Items[iCall1].Phase = "x"; c.Items[iCall1].Status = "x" }, fI(iCall1, ".Status"), "status"},
		{"phase before exclusive", itemCall, func(c *Call) { c.Items[iCall1].Role = RoleAssistant; c.Items[iCall1].Phase = AssistantPhaseCommentary }, fI(iCall1, ".Phase"), "only allowed"},
		{"phase before kind", itemCall, func(c *Call) { c.Items[iCall1].Phase = "x"; c.Items[iCall1].Kind = "" }, fI(iCall1, ".Phase"), "phase"},
		{"exclusive before payload", itemCall, func(c *Call) { c.Items[iCall1].Role = RoleUser; c.Items[iCall1].ToolCall = nil }, fI(iCall1, ""), "another kind"},
		{"message payload before role", itemCall, func(c *Call) { c.Items[iUser].Role = ""; c.Items[iUser].Reference = &ItemReference{} }, fI(iUser, ""), "variant"},
		{"role before content", itemCall, func(c *Call) { c.Items[iUser].Role = ""; c.Items[iUser].Content = nil }, fI(iUser, ".Role"), "required"},
		{"earlier content part first", itemCall, func(c *Call) {
			c.Items[iAssistant].Content[cJSON].Text = ""
			c.Items[iAssistant].Content[cText].Text = ""
		}, fI(iAssistant, ".Content[0].Text"), "required"},
	}
	runRules(t, rows)
}

// fillerItems is the number of items largeItemCall puts before those of
// itemCall: enough IDs and tool calls that the pairing tables no longer fit
// on the stack.
const fillerItems = 4 * smallIndexSlots

// largeItemCall is itemCall after fillerItems valid items: messages with
// IDs and tool calls with their results, all keys distinct.
func largeItemCall() Call {
	c := itemCall()
	items := make([]Item, 0, fillerItems+len(c.Items))
	for k := 0; len(items) < fillerItems; k++ {
		id := fmt.Sprintf("fill_%d", k)
		items = append(items,
			Item{Kind: ItemKindMessage, ID: "msg_" + id, Role: RoleUser, Content: []ContentPart{{Kind: ContentPartText, Text: "x"}}},
			Item{Kind: ItemKindToolCall, ID: "fc_" + id, ToolCall: &ToolCallItem{CallID: "call_" + id, Name: "f"}},
			Item{Kind: ItemKindToolResult, ToolResult: &ToolResultItem{CallID: "call_" + id, Output: "y"}},
			Item{Kind: ItemKindItemReference, Reference: &ItemReference{ID: "msg_" + id}},
		)
	}
	c.Items = append(items, c.Items...)
	return c
}

func TestValidatePairsKeysOfLargeCalls(t *testing.T) {
	const f = fillerItems
	runRules(t, []rule{
		{"large call is valid", largeItemCall, func(*Call) {}, "", ""},
		{"duplicate item id", largeItemCall, func(c *Call) { c.Items[f+iCall2].ID = "msg_1" }, fI(f+iCall2, ".ID"), "duplicate"},
		{"duplicate of a filler id", largeItemCall, func(c *Call) { c.Items[f+iCall2].ID = "msg_fill_3" }, fI(f+iCall2, ".ID"), "duplicate"},
		{"duplicate item id reported at first repeat", largeItemCall, func(c *Call) {
			c.Items[f+iRefUnknown].ID = "fc_1"
			c.Items[f+iResult2].ID = "rs_1"
		}, fI(f+iReasoning, ".ID"), "duplicate"},
		{"forward item reference", largeItemCall, func(c *Call) {
			c.Items[f+iRefBack].Reference.ID = "later"
			c.Items[f+iRefUnknown].ID = "later"
		}, fI(f+iRefBack, ".Reference.ID"), "forward"},
		{"reference to a filler", largeItemCall, func(c *Call) { c.Items[f+iRefBack].Reference.ID = "msg_fill_9" }, "", ""},
		{"duplicate tool call id", largeItemCall, func(c *Call) {
			c.Items[f+iCall2].ToolCall.CallID = "call_fill_7"
		}, fI(f+iCall2, ".ToolCall.CallID"), "duplicate"},
		{"orphan tool result", largeItemCall, func(c *Call) { c.Items[f+iResult1].ToolResult.CallID = "call_9" }, fI(f+iResult1, ".ToolResult.CallID"), "no earlier"},
		{"tool result before its call", largeItemCall, func(c *Call) { c.Items[f+iResult1].ToolResult.CallID = "call_2" }, fI(f+iResult1, ".ToolResult.CallID"), "no earlier"},
		{"result for a filler call allowed", largeItemCall, func(c *Call) { c.Items[f+iResult2].ToolResult.CallID = "call_fill_0" }, "", ""},
	})
}
