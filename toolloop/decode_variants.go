package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// This file holds the readers of the ten enums with data (§4.3 of the
// specification). Internally tagged enums find their tag anywhere in the
// object (findTag) and then read the object as the variant's struct, the tag
// counting as a known member; unit variants ignore every other member. A
// non-object (a positional array, a bare string) is rejected. Externally
// tagged enums accept a unit variant only as its bare string and any other
// variant only as a one-member object (§4.3, §6.4).

// errUnknownVariant is the reason given for a tag or variant name that
// names no variant (the name itself is input and is not quoted).
const errUnknownVariant = "unknown variant"

// errUnknownUnit is the reason given for a bare string that names no unit
// variant of an externally tagged enum (a variant with data is written as a
// one-member object).
const errUnknownUnit = "unknown unit variant"

func readMessage(d *decoder, k canon.Kind, v *Message) error {
	const tag = "role"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "system":
		var x MessageSystem
		return setVariant(v, &x, d.object(k, tag, []decMember{{"content", &x.Content, false}}))
	case "user":
		var x MessageUser
		return setVariant(v, &x, d.object(k, tag, []decMember{{"content", &x.Content, false}}))
	case "assistant":
		var x MessageAssistant
		return setVariant(v, &x, d.object(k, tag, []decMember{{"content", &x.Content, false}}))
	case "assistant_tool_calls":
		var x MessageAssistantToolCalls
		return setVariant(v, &x, d.object(k, tag, []decMember{{"calls", &x.Calls, false}}))
	case "tool_response":
		var x MessageToolResponse
		return setVariant(v, &x, d.object(k, tag, []decMember{{"call_id", &x.CallID, false}, {"content", &x.Content, false}}))
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

func readConversationDelta(d *decoder, k canon.Kind, v *ConversationDelta) error {
	const tag = "delta"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "message":
		var x ConversationDeltaMessage
		return setVariant(v, &x, d.object(k, tag, []decMember{{"message", &x.Message, false}}))
	case "tool_activated":
		var x ConversationDeltaToolActivated
		return setVariant(v, &x, d.object(k, tag, []decMember{{"name", &x.Name, false}}))
	case "compacted":
		var x ConversationDeltaCompacted
		return setVariant(v, &x, d.object(k, tag, []decMember{{"control", &x.Control, false}}))
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

// readOptionalCommand reads EffectProposal.command, the only Option over an
// enum with data: null gives a nil CommandInvocation.
func readOptionalCommand(d *decoder, k canon.Kind, v *CommandInvocation) error {
	if k == canon.KindNull {
		*v = nil
		return nil
	}
	const tag = "form"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "program":
		var x CommandInvocationProgram
		return setVariant(v, &x, d.object(k, tag, []decMember{
			{"program", &x.Program, false},
			{"args", &x.Args, false},
			{"cwd", &x.Cwd, false},
			{"env", &x.Env, false},
		}))
	case "shell":
		var x CommandInvocationShell
		return setVariant(v, &x, d.object(k, tag, []decMember{
			{"script", &x.Script, false},
			{"cwd", &x.Cwd, false},
			{"declared_reads", &x.DeclaredReads, false},
			{"declared_writes", &x.DeclaredWrites, false},
		}))
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

func readAdmissibilityDecision(d *decoder, k canon.Kind, v *AdmissibilityDecision) error {
	const tag = "decision"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "allow":
		return decUnit(d, k, tag, v, AdmissibilityDecisionAllow{})
	case "deny":
		var x AdmissibilityDecisionDeny
		return setVariant(v, &x, d.object(k, tag, []decMember{{"reason", &x.Reason, false}}))
	case "needs_approval":
		return decUnit(d, k, tag, v, AdmissibilityDecisionNeedsApproval{})
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

func readAdmissibilityProfile(d *decoder, k canon.Kind, v *AdmissibilityProfile) error {
	const tag = "profile"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "srbn_certified":
		return decUnit(d, k, tag, v, AdmissibilityProfileSrbnCertified{})
	case "confinement_only":
		var x AdmissibilityProfileConfinementOnly
		return setVariant(v, &x, d.object(k, tag, []decMember{{"missing", &x.Missing, false}}))
	case "human_approved":
		var x AdmissibilityProfileHumanApproved
		return setVariant(v, &x, d.object(k, tag, []decMember{{"missing", &x.Missing, false}}))
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

func readGateDecision(d *decoder, k canon.Kind, v *GateDecision) error {
	const tag = "kind"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "hard_pass":
		return decUnit(d, k, tag, v, GateDecisionHardPass{})
	case "accepted_by_descent":
		var x GateDecisionAcceptedByDescent
		return setVariant(v, &x, d.object(k, tag, []decMember{{"delta_v", &x.DeltaV, false}}))
	case "rejected_non_descending":
		var x GateDecisionRejectedNonDescending
		return setVariant(v, &x, d.object(k, tag, []decMember{{"delta_v", &x.DeltaV, false}}))
	case "stopped_at_declared_floor":
		return decUnit(d, k, tag, v, GateDecisionStoppedAtDeclaredFloor{})
	case "exhausted_with_certificate":
		var x GateDecisionExhaustedWithCertificate
		return setVariant(v, &x, d.object(k, tag, []decMember{{"certificate_id", &x.CertificateID, false}}))
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

// external reads the shape of an externally tagged enum value whose first
// token is k: a bare string is a unit variant (unit is true and name is the
// string); an object must have a first member, whose name is returned, and
// the scanner is left before that member's value (read it with
// externalValue). The name is valid until the next token is read.
func (d *decoder) external(k canon.Kind) (name []byte, unit bool, err error) {
	switch k {
	case canon.KindString:
		return d.text(&d.s), true, nil
	case canon.KindObjectBegin:
		k, err := d.next()
		if err != nil {
			return nil, false, err
		}
		if k == canon.KindObjectEnd {
			return nil, false, decodeFail("expected one member naming the variant, found none")
		}
		return d.text(&d.s), false, nil
	}
	return nil, false, decMismatch(k, "a string or a one-member object")
}

// externalValue reads into dst the value of the one member, named name,
// of an externally tagged variant's object (see external), and checks that
// no other member follows.
func (d *decoder) externalValue(name string, dst any) error {
	vk, err := d.next()
	if err != nil {
		return err
	}
	if err := d.member(dst, vk); err != nil {
		return decAt(name, err)
	}
	k, err := d.next()
	if err != nil {
		return err
	}
	if k != canon.KindObjectEnd {
		return decodeFail("expected one member naming the variant, found more")
	}
	return nil
}

func readTurnOutput(d *decoder, k canon.Kind, v *TurnOutput) error {
	name, unit, err := d.external(k)
	switch {
	case err != nil:
		return err
	case unit:
		return decodeFail(errUnknownUnit)
	case string(name) == "ToolCalls":
		var x TurnOutputToolCalls
		return setVariant(v, &x, d.externalValue("ToolCalls", &x))
	case string(name) == "Text":
		var x TurnOutputText
		return setVariant(v, &x, d.externalValue("Text", &x))
	}
	return decodeFail(errUnknownVariant)
}

func readModelFamily(d *decoder, k canon.Kind, v *ModelFamily) error {
	name, unit, err := d.external(k)
	switch {
	case err != nil:
		return err
	case unit:
		if i := enumIndex(modelFamilyKnownValues, name); i >= 0 {
			*v = modelFamilyKnownVariants[i]
			return nil
		}
		return decodeFail(errUnknownUnit)
	case string(name) == "other":
		var x ModelFamilyOther
		return setVariant(v, &x, d.externalValue("other", &x))
	}
	return decodeFail(errUnknownVariant)
}

func readOverrideOrigin(d *decoder, k canon.Kind, v *OverrideOrigin) error {
	name, unit, err := d.external(k)
	switch {
	case err != nil:
		return err
	case unit:
		if string(name) == "base" {
			*v = OverrideOriginBase{}
			return nil
		}
		return decodeFail(errUnknownUnit)
	case string(name) == "family":
		var x OverrideOriginFamily
		return setVariant(v, &x, d.externalValue("family", &x))
	case string(name) == "exact_model":
		var x OverrideOriginExactModel
		return setVariant(v, &x, d.externalValue("exact_model", &x))
	}
	return decodeFail(errUnknownVariant)
}

func readStateDependency(d *decoder, k canon.Kind, v *StateDependency) error {
	name, unit, err := d.external(k)
	switch {
	case err != nil:
		return err
	case unit:
		if string(name) == "session_invariant" {
			*v = StateDependencySessionInvariant{}
			return nil
		}
		return decodeFail(errUnknownUnit)
	case string(name) == "accepted_root":
		var x StateDependencyAcceptedRoot
		return setVariant(v, &x, d.externalValue("accepted_root", &x))
	case string(name) == "partial_checkpoint_root":
		var x StateDependencyPartialCheckpointRoot
		return setVariant(v, &x, d.externalValue("partial_checkpoint_root", &x))
	case string(name) == "path_blob":
		var x StateDependencyPathBlob
		return setVariant(v, &x, d.externalValue("path_blob", &x))
	}
	return decodeFail(errUnknownVariant)
}

func readPathBlob(d *decoder, k canon.Kind, v *StateDependencyPathBlob) error {
	return d.object(k, "", []decMember{{"path", &v.Path, false}, {"blob_hash", &v.BlobHash, false}})
}
