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
		return readContentMessage(d, k, v, func(c string) Message { return MessageSystem{Content: c} })
	case "user":
		return readContentMessage(d, k, v, func(c string) Message { return MessageUser{Content: c} })
	case "assistant":
		return readContentMessage(d, k, v, func(c string) Message { return MessageAssistant{Content: c} })
	case "assistant_tool_calls":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *MessageAssistantToolCalls) error {
			return d.object(k, tag, []decMember{{"calls", listOf(&x.Calls, readProviderToolCall), false}})
		})
	case "tool_response":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *MessageToolResponse) error {
			return d.object(k, tag, []decMember{{"call_id", &x.CallID, false}, {"content", &x.Content, false}})
		})
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

// readContentMessage reads a Message variant holding only content (system,
// user, assistant) and stores wrap(content) in *v.
func readContentMessage(d *decoder, k canon.Kind, v *Message, wrap func(string) Message) error {
	var content string
	if err := d.object(k, "role", []decMember{{"content", &content, false}}); err != nil {
		return err
	}
	*v = wrap(content)
	return nil
}

func readConversationDelta(d *decoder, k canon.Kind, v *ConversationDelta) error {
	const tag = "delta"
	name, err := d.findTag(k, tag)
	if err != nil {
		return err
	}
	switch string(name) {
	case "message":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *ConversationDeltaMessage) error {
			return d.object(k, tag, []decMember{{"message", via(&x.Message, readMessage), false}})
		})
	case "tool_activated":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *ConversationDeltaToolActivated) error {
			return d.object(k, tag, []decMember{{"name", &x.Name, false}})
		})
	case "compacted":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *ConversationDeltaCompacted) error {
			return d.object(k, tag, []decMember{{"control", &x.Control, false}})
		})
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
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *CommandInvocationProgram) error {
			return d.object(k, tag, []decMember{
				{"program", &x.Program, false},
				{"args", &x.Args, false},
				{"cwd", &x.Cwd, false},
				{"env", via(&x.Env, readStringMap), false},
			})
		})
	case "shell":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *CommandInvocationShell) error {
			return d.object(k, tag, []decMember{
				{"script", &x.Script, false},
				{"cwd", &x.Cwd, false},
				{"declared_reads", &x.DeclaredReads, false},
				{"declared_writes", &x.DeclaredWrites, false},
			})
		})
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
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *AdmissibilityDecisionDeny) error {
			return d.object(k, tag, []decMember{{"reason", via(&x.Reason, readEnum[DenyReason]), false}})
		})
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
		return decInto(d, k, v, readMissingClauses)
	case "human_approved":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *AdmissibilityProfileHumanApproved) error {
			return readMissingClauses(d, k, (*AdmissibilityProfileConfinementOnly)(x))
		})
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

// readMissingClauses reads the profiles listing the missing clauses
// (confinement_only; human_approved has the same shape).
func readMissingClauses(d *decoder, k canon.Kind, x *AdmissibilityProfileConfinementOnly) error {
	return d.object(k, "profile", []decMember{{"missing", listOf(&x.Missing, readEnum[ClauseID]), false}})
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
		return decInto(d, k, v, readDeltaV)
	case "rejected_non_descending":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *GateDecisionRejectedNonDescending) error {
			return readDeltaV(d, k, (*GateDecisionAcceptedByDescent)(x))
		})
	case "stopped_at_declared_floor":
		return decUnit(d, k, tag, v, GateDecisionStoppedAtDeclaredFloor{})
	case "exhausted_with_certificate":
		return decInto(d, k, v, func(d *decoder, k canon.Kind, x *GateDecisionExhaustedWithCertificate) error {
			return d.object(k, tag, []decMember{{"certificate_id", &x.CertificateID, false}})
		})
	}
	return decAt(tag, decodeFail(errUnknownVariant))
}

// readDeltaV reads the gate decisions carrying delta_v (accepted_by_descent;
// rejected_non_descending has the same shape).
func readDeltaV(d *decoder, k canon.Kind, x *GateDecisionAcceptedByDescent) error {
	return d.object(k, "kind", []decMember{{"delta_v", &x.DeltaV, false}})
}

// external reads the shape of an externally tagged enum value whose first
// token is k: a bare string is a unit variant (unit is true and name is the
// string); an object must have a first member, whose name is returned, and
// the scanner is left before that member's value (read it, then call
// endExternal). The name is valid until the next token is read.
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

// externalValue reads the value of the one member of an externally tagged
// variant, named name, with read, and checks that no other member follows.
func externalValue[T any, I any](d *decoder, name string, v *I, read func(*decoder, canon.Kind, *T) error) error {
	vk, err := d.next()
	if err != nil {
		return err
	}
	if err := decInto(d, vk, v, read); err != nil {
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
		return externalValue(d, "ToolCalls", v, func(d *decoder, k canon.Kind, x *TurnOutputToolCalls) error {
			return readArray(d, k, (*[]ProviderToolCall)(x), readProviderToolCall)
		})
	case string(name) == "Text":
		return externalValue(d, "Text", v, readString[TurnOutputText])
	}
	return decodeFail(errUnknownVariant)
}

func readModelFamily(d *decoder, k canon.Kind, v *ModelFamily) error {
	name, unit, err := d.external(k)
	switch {
	case err != nil:
		return err
	case unit:
		if f := ModelFamilyKnown(name); f.Valid() {
			*v = f
			return nil
		}
		return decodeFail(errUnknownUnit)
	case string(name) == "other":
		return externalValue(d, "other", v, readString[ModelFamilyOther])
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
		return externalValue(d, "family", v, readString[OverrideOriginFamily])
	case string(name) == "exact_model":
		return externalValue(d, "exact_model", v, readString[OverrideOriginExactModel])
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
		return externalValue(d, "accepted_root", v, readString[StateDependencyAcceptedRoot])
	case string(name) == "partial_checkpoint_root":
		return externalValue(d, "partial_checkpoint_root", v, readString[StateDependencyPartialCheckpointRoot])
	case string(name) == "path_blob":
		return externalValue(d, "path_blob", v, func(d *decoder, k canon.Kind, x *StateDependencyPathBlob) error {
			return d.object(k, "", []decMember{{"path", &x.Path, false}, {"blob_hash", &x.BlobHash, false}})
		})
	}
	return decodeFail(errUnknownVariant)
}
