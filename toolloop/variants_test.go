package toolloop

import (
	"reflect"
	"testing"
)

// typeOf returns the reflect.Type of T (an interface type too).
func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

// dataEnum describes one enum with data: its interface, how it is
// tagged, and its variant types by tag. For ModelFamily the nine unit
// variants share the type ModelFamilyKnown.
type dataEnum struct {
	iface    reflect.Type
	tagKey   string // member holding the tag; "" for externally tagged enums
	variants map[string]reflect.Type
}

// dataEnums lists the 10 enums with data.
var dataEnums = []dataEnum{
	{typeOf[Message](), "role", map[string]reflect.Type{
		"system": typeOf[MessageSystem](), "user": typeOf[MessageUser](), "assistant": typeOf[MessageAssistant](),
		"assistant_tool_calls": typeOf[MessageAssistantToolCalls](), "tool_response": typeOf[MessageToolResponse]()}},
	{typeOf[ConversationDelta](), "delta", map[string]reflect.Type{
		"message": typeOf[ConversationDeltaMessage](), "tool_activated": typeOf[ConversationDeltaToolActivated](),
		"compacted": typeOf[ConversationDeltaCompacted]()}},
	{typeOf[CommandInvocation](), "form", map[string]reflect.Type{
		"program": typeOf[CommandInvocationProgram](), "shell": typeOf[CommandInvocationShell]()}},
	{typeOf[AdmissibilityDecision](), "decision", map[string]reflect.Type{
		"allow": typeOf[AdmissibilityDecisionAllow](), "deny": typeOf[AdmissibilityDecisionDeny](),
		"needs_approval": typeOf[AdmissibilityDecisionNeedsApproval]()}},
	{typeOf[AdmissibilityProfile](), "profile", map[string]reflect.Type{
		"srbn_certified": typeOf[AdmissibilityProfileSrbnCertified](), "confinement_only": typeOf[AdmissibilityProfileConfinementOnly](),
		"human_approved": typeOf[AdmissibilityProfileHumanApproved]()}},
	{typeOf[GateDecision](), "kind", map[string]reflect.Type{
		"hard_pass": typeOf[GateDecisionHardPass](), "accepted_by_descent": typeOf[GateDecisionAcceptedByDescent](),
		"rejected_non_descending":    typeOf[GateDecisionRejectedNonDescending](),
		"stopped_at_declared_floor":  typeOf[GateDecisionStoppedAtDeclaredFloor](),
		"exhausted_with_certificate": typeOf[GateDecisionExhaustedWithCertificate]()}},
	{typeOf[TurnOutput](), "", map[string]reflect.Type{
		"ToolCalls": typeOf[TurnOutputToolCalls](), "Text": typeOf[TurnOutputText]()}},
	{typeOf[ModelFamily](), "", map[string]reflect.Type{
		"open_ai_gpt": typeOf[ModelFamilyKnown](), "anthropic_claude": typeOf[ModelFamilyKnown](),
		"google_gemini": typeOf[ModelFamilyKnown](), "xai_grok": typeOf[ModelFamilyKnown](),
		"deep_seek": typeOf[ModelFamilyKnown](), "cohere_command": typeOf[ModelFamilyKnown](),
		"llama": typeOf[ModelFamilyKnown](), "qwen": typeOf[ModelFamilyKnown](), "mistral": typeOf[ModelFamilyKnown](),
		"other": typeOf[ModelFamilyOther]()}},
	{typeOf[OverrideOrigin](), "", map[string]reflect.Type{
		"base": typeOf[OverrideOriginBase](), "family": typeOf[OverrideOriginFamily](),
		"exact_model": typeOf[OverrideOriginExactModel]()}},
	{typeOf[StateDependency](), "", map[string]reflect.Type{
		"session_invariant": typeOf[StateDependencySessionInvariant](), "accepted_root": typeOf[StateDependencyAcceptedRoot](),
		"partial_checkpoint_root": typeOf[StateDependencyPartialCheckpointRoot](), "path_blob": typeOf[StateDependencyPathBlob]()}},
}

// dataEnumOf returns the dataEnum of the interface type t, if any.
func dataEnumOf(t reflect.Type) (dataEnum, bool) {
	for _, e := range dataEnums {
		if e.iface == t {
			return e, true
		}
	}
	return dataEnum{}, false
}

// TestVariantsImplementTheirEnumAsValueAndPointer pins the sealed-interface
// mechanism of the sealed interfaces: every variant type, and a pointer to it, implements its
// enum, and no variant implements another enum of the list.
func TestVariantsImplementTheirEnumAsValueAndPointer(t *testing.T) {
	variantCount := 0
	for _, e := range dataEnums {
		seen := map[reflect.Type]bool{}
		for tag, vt := range e.variants {
			if !vt.Implements(e.iface) || !reflect.PointerTo(vt).Implements(e.iface) {
				t.Errorf("%s (%s) does not implement %s as value and pointer", vt, tag, e.iface)
			}
			for _, o := range dataEnums {
				if o.iface != e.iface && vt.Implements(o.iface) {
					t.Errorf("%s also implements %s", vt, o.iface)
				}
			}
			if !seen[vt] {
				seen[vt] = true
				variantCount++
			}
		}
	}
	// 5+3+2+3+3+5 internally tagged, 2+2+3+4 externally tagged.
	if variantCount != 32 {
		t.Errorf("%d variant types, want 32", variantCount)
	}
}

func TestIsAcceptedIsTrueForHardPassAndDescentOnly(t *testing.T) {
	tests := []struct {
		d    GateDecision
		want bool
	}{
		{GateDecisionHardPass{}, true},
		{&GateDecisionHardPass{}, true},
		{GateDecisionAcceptedByDescent{DeltaV: -0.5}, true},
		{&GateDecisionAcceptedByDescent{DeltaV: -0.5}, true},
		{GateDecisionRejectedNonDescending{DeltaV: 0.5}, false},
		{&GateDecisionRejectedNonDescending{}, false},
		{GateDecisionStoppedAtDeclaredFloor{}, false},
		{&GateDecisionStoppedAtDeclaredFloor{}, false},
		{GateDecisionExhaustedWithCertificate{CertificateID: "c"}, false},
		{&GateDecisionExhaustedWithCertificate{}, false},
		{nil, false},
		{(*GateDecisionHardPass)(nil), false},
		{(*GateDecisionAcceptedByDescent)(nil), false},
	}
	for _, tt := range tests {
		if got := IsAccepted(tt.d); got != tt.want {
			t.Errorf("IsAccepted(%#v) = %v, want %v", tt.d, got, tt.want)
		}
	}
}

func TestModelFamilyKnownConstantsMatchTheirTags(t *testing.T) {
	e, _ := dataEnumOf(typeOf[ModelFamily]())
	c, _ := enumCaseOf(typeOf[ModelFamilyKnown]())
	for _, v := range c.values {
		if e.variants[v] != typeOf[ModelFamilyKnown]() {
			t.Errorf("ModelFamily tag %q is not a ModelFamilyKnown", v)
		}
	}
	if len(e.variants) != len(c.values)+1 {
		t.Errorf("ModelFamily has %d tags, want the %d known ones and other", len(e.variants), len(c.values))
	}
	if ModelFamilyKnown("other").Valid() {
		t.Error(`ModelFamilyKnown("other").Valid() = true; other is the newtype variant`)
	}
}
