package lipapi

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

// boundsMessages are the Message texts of the bounds CheckBounds checks:
// Validate reports one of them exactly when the first rule a call breaks is
// a count or size bound.
var boundsMessages = []string{"too long", "too many", "exceeds the per-call budget"}

// isBoundsFailure reports whether err is a Validate failure of a bound
// CheckBounds checks: a count or size bound, except the reasoning rules'
// bound on a normalized dialect (reported on the part, where the legacy
// envelope's bound on the dialect as given is reported on its Dialect).
func isBoundsFailure(err error) bool {
	var ve *ValidationError
	if !errors.As(err, &ve) {
		return false
	}
	if ve.Message == "reasoning dialect is too long" && !strings.HasSuffix(ve.Field, ".Dialect") {
		return false
	}
	for _, m := range boundsMessages {
		if strings.Contains(ve.Message, m) {
			return true
		}
	}
	return false
}

// boundsDisagree returns why c.CheckBounds() contradicts err =
// c.Validate(), or "": a valid call is within its bounds, a call out of its
// bounds is invalid, and when Validate's first failure is a bound,
// CheckBounds reports the same one.
func boundsDisagree(c Call, err error) string {
	got := c.CheckBounds()
	switch {
	case err == nil && got != nil:
		return fmt.Sprintf("Validate() = nil but CheckBounds() = %v", got)
	case got != nil && err == nil:
		return fmt.Sprintf("CheckBounds() = %v on a valid call", got)
	case isBoundsFailure(err) && !reflect.DeepEqual(got, err):
		return fmt.Sprintf("Validate() = %v, a bound, but CheckBounds() = %v", err, got)
	case got != nil && !errors.Is(got, ErrInvalidCall):
		return fmt.Sprintf("CheckBounds() = %v does not wrap ErrInvalidCall", got)
	}
	return ""
}

// TestCheckBoundsMatchesValidate pins CheckBounds against Validate on one
// call per bound, each exceeding it by one unit: the same error, field and
// message. (The rule tables of the Validate tests check the same agreement
// on every row through checkValidate.)
func TestCheckBoundsMatchesValidate(t *testing.T) {
	item := func(f func(*Item)) func() Call {
		return func() Call {
			c := itemCall()
			for i := range c.Items {
				f(&c.Items[i])
			}
			return c
		}
	}
	legacy := func(f func(*Call)) func() Call {
		return func() Call { c := legacyCall(); f(&c); return c }
	}
	over := bytesOf(MaxPartTextBytes + 1)
	for _, tc := range []struct {
		name  string
		call  func() Call
		field string
	}{
		{"item call id", func() Call { c := itemCall(); c.ID = bytesOf(MaxCallIDBytes + 1); return c }, "ID"},
		{"items", func() Call {
			return Call{Items: copiesOf(itemCall().Items[iUser], MaxItems+1)}
		}, "Items"},
		{"item id", item(func(it *Item) {
			if it.Kind == ItemKindCompaction {
				it.ID = bytesOf(MaxItemReferenceIDBytes + 1)
			}
		}), fI(iCompaction, ".ID")},
		{"content parts", item(func(it *Item) {
			if it.Role == RoleAssistant {
				it.Content = make([]ContentPart, MaxContentPartsPerItem+1)
				for j := range it.Content {
					it.Content[j] = ContentPart{Kind: ContentPartText, Text: "x"}
				}
			}
		}), fI(iAssistant, ".Content")},
		{"content text", item(func(it *Item) {
			if it.Role == RoleAssistant {
				it.Content[cText].Text = over
			}
		}), fI(iAssistant, fmt.Sprintf(".Content[%d].Text", cText))},
		{"tool arguments", item(func(it *Item) {
			if it.ToolCall != nil && it.ToolCall.CallID == "call_2" {
				it.ToolCall.Arguments = jsonString(MaxToolParametersBytes + 1)
			}
		}), fI(iCall2, ".ToolCall.Arguments")},
		{"tool output", item(func(it *Item) {
			if it.ToolResult != nil && it.ToolResult.Output != "" {
				it.ToolResult.Output = over
			}
		}), fI(iResult1, ".ToolResult.Output")},
		{"reasoning summary", item(func(it *Item) {
			if it.Reasoning != nil {
				it.Reasoning.Reasoning.Summary = jsonString(MaxPartJSONBytes + 1)
			}
		}), fI(iReasoning, ".Reasoning")},
		{"compaction content", item(func(it *Item) {
			if it.Compaction != nil {
				it.Compaction.EncryptedContent = bytesOf(MaxCompactionEncryptedContentBytes + 1)
			}
		}), fI(iCompaction, ".Compaction.EncryptedContent")},
		{"extension data", item(func(it *Item) {
			if it.Extension != nil {
				it.Extension.Data = jsonString(MaxExtensionDataBytes + 1)
			}
		}), fI(iExtension, ".Extension.Data")},
		{"item reasoning budget", func() Call {
			c := itemCall()
			r := *reasoningPayload()
			r.Text = bytesOf(MaxReasoningBytesPerCall / 2)
			c.Items[iReasoning].Reasoning = &ReasoningItem{Reasoning: &r}
			c.Items[iAssistant].Content[cReasoning].Reasoning = &r
			return c
		}, fI(iReasoning, "")},
		{"legacy call id", legacy(func(c *Call) { c.ID = bytesOf(MaxCallIDBytes + 1) }), "ID"},
		{"messages", legacy(func(c *Call) { c.Messages = make([]Message, MaxMessages+1) }), "Messages"},
		{"instructions", legacy(func(c *Call) { c.Instructions = make([]Message, MaxInstructionMessages+1) }), "Instructions"},
		{"parts", legacy(func(c *Call) { c.Messages[mUser].Parts = make([]Part, MaxPartsPerMessage+1) }), "Messages[0].Parts"},
		{"legacy text", legacy(func(c *Call) { c.Instructions[0].Parts[0].Text = over }), "Instructions[0].Parts[0].Text"},
		{"legacy json", legacy(func(c *Call) { c.Messages[mUser].Parts[3].Content = jsonString(MaxPartJSONBytes + 1) }), "Messages[0].Parts[3].Content"},
		{"legacy reasoning content", legacy(func(c *Call) {
			c.Messages[mAssistant].Parts[1].Reasoning.Content = jsonString(MaxPartJSONBytes + 1)
		}), "Messages[1].Parts[1]"},
		{"legacy reasoning budget", legacy(func(c *Call) {
			r := *reasoningPayload()
			r.Text = bytesOf(MaxReasoningBytesPerCall)
			c.Messages[mAssistant].Parts = append(c.Messages[mAssistant].Parts, Part{Kind: PartReasoning, Reasoning: &r})
		}), "Messages[1].Parts[2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.call()
			err := c.CheckBounds()
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Field != tc.field {
				t.Fatalf("CheckBounds() = %v, want a failure at %s", err, tc.field)
			}
			if want := c.Validate(); !reflect.DeepEqual(err, want) {
				t.Fatalf("CheckBounds() = %v, Validate() = %v", err, want)
			}
		})
	}
}

// TestCheckBoundsIgnoresWhatValidateIgnores pins the calls CheckBounds must
// accept although a field is over a bound: a field the part's kind does
// not use, and a blank extension namespace, which Validate never measures.
func TestCheckBoundsIgnoresWhatValidateIgnores(t *testing.T) {
	c := itemCall()
	c.Items[iAssistant].Content[cText].FileData = bytesOf(MaxFileDataBytes + 1)
	c.Items[iAssistant].Content[cExtension].Extension.Namespace = strings.Repeat(" ", MaxExtensionNamespaceBytes+1)
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	if err := c.CheckBounds(); err != nil {
		t.Fatalf("CheckBounds() = %v", err)
	}
}

// TestCheckBoundsCostsNothingOnHugeCalls: a call far over the item bound,
// or with a part far over its size bound, is rejected with only the error
// allocated, and a call within its bounds costs no allocation.
func TestCheckBoundsCostsNothingOnHugeCalls(t *testing.T) {
	many := Call{Items: copiesOf(itemCall().Items[iUser], 100_000)}
	huge := Call{Messages: []Message{{Role: RoleUser, Parts: []Part{TextPart(bytesOf(200 << 20))}}}}
	for name, c := range map[string]Call{"100 000 items": many, "200 MB text": huge} {
		if c.CheckBounds() == nil {
			t.Fatalf("%s: CheckBounds() = nil", name)
		}
		if n := corpus.Allocated(func() { _ = c.CheckBounds() }); n > 1<<10 {
			t.Errorf("%s: CheckBounds allocated %d bytes", name, n)
		}
	}
	for name, c := range map[string]Call{"items": representativeItemCall(), "legacy": representativeLegacyCall(), "all kinds": itemCall()} {
		if got := testing.AllocsPerRun(100, func() { _ = c.CheckBounds() }); got != 0 {
			t.Errorf("%s: CheckBounds allocates %v times on a valid call", name, got)
		}
	}
}

// TestValidateDoesNotCopyJSONParts: a json content part at its size bound
// is checked in place, not copied (it used to cost its own size).
func TestValidateDoesNotCopyJSONParts(t *testing.T) {
	c := Call{Items: []Item{{Kind: ItemKindMessage, Role: RoleUser, Content: []ContentPart{
		{Kind: ContentPartJSON, Text: string(jsonString(MaxPartJSONBytes))},
	}}}}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if n := corpus.Allocated(func() { _ = c.Validate() }); n > 4<<10 {
		t.Errorf("Validate of an 8 MiB json part allocated %d bytes", n)
	}
}
