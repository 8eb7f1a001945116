package toolloop

import "slices"

// This file writes the 10 enums with data (§4.3 of the specification). A
// variant may be given as a value or a pointer; a pointer variant is written
// as the value it points to. A nil interface or nil pointer fails, except
// for the optional EffectProposal.Command, where it is None (null).

var (
	messageSystemFields             = newTagged("role", "system", "content")
	messageUserFields               = newTagged("role", "user", "content")
	messageAssistantFields          = newTagged("role", "assistant", "content")
	messageAssistantToolCallsFields = newTagged("role", "assistant_tool_calls", "calls")
	messageToolResponseFields       = newTagged("role", "tool_response", "call_id", "content")

	deltaMessageFields       = newTagged("delta", "message", "message")
	deltaToolActivatedFields = newTagged("delta", "tool_activated", "name")
	deltaCompactedFields     = newTagged("delta", "compacted", "control")

	commandProgramFields = newTagged("form", "program", "program", "args", "cwd", "env")
	commandShellFields   = newTagged("form", "shell", "script", "cwd", "declared_reads", "declared_writes")

	decisionAllowFields         = newTagged("decision", "allow")
	decisionDenyFields          = newTagged("decision", "deny", "reason")
	decisionNeedsApprovalFields = newTagged("decision", "needs_approval")

	profileSrbnCertifiedFields   = newTagged("profile", "srbn_certified")
	profileConfinementOnlyFields = newTagged("profile", "confinement_only", "missing")
	profileHumanApprovedFields   = newTagged("profile", "human_approved", "missing")

	gateHardPassFields                 = newTagged("kind", "hard_pass")
	gateAcceptedByDescentFields        = newTagged("kind", "accepted_by_descent", "delta_v")
	gateRejectedNonDescendingFields    = newTagged("kind", "rejected_non_descending", "delta_v")
	gateStoppedAtDeclaredFloorFields   = newTagged("kind", "stopped_at_declared_floor")
	gateExhaustedWithCertificateFields = newTagged("kind", "exhausted_with_certificate", "certificate_id")

	pathBlobFields = newStruct("path", "blob_hash")
)

// nilVariant returns the failure of a nil (interface or pointer) variant of
// the named enum in a member that is not an Option.
func nilVariant(enum string) *pathError {
	return encodeFail("nil " + enum)
}

// foreignVariant returns the failure of a value of the named sealed
// interface whose type is none of its variants: a type of another package
// that embeds a variant, and so implements the interface through the
// promoted sealing method. It is never written, not even as None.
func foreignVariant(enum string) *pathError {
	return encodeFail(enum + " of a type that is none of its variants")
}

// before writes the part of a variant of the tagged table f with a single
// member (member 1) that precedes the member's value: the opening, the tag
// if it comes first in the form being written, and the member's key.
func (e *encoder) before(dst []byte, f *fields) []byte {
	o := e.order(f)
	dst = e.key(dst, f, o[0], 0)
	if o[0] == 0 {
		dst = e.key(dst, f, 1, 1)
	}
	return dst
}

// after writes the rest of the variant begun by before: the tag if it comes
// last, and the closing brace.
func (e *encoder) after(dst []byte, f *fields) []byte {
	if e.order(f)[0] == 1 {
		dst = e.key(dst, f, 0, 1)
	}
	return append(dst, '}')
}

// closeVariant finishes a single-member variant of f whose member write
// returned err.
func (e *encoder) closeVariant(dst []byte, f *fields, err *pathError) ([]byte, *pathError) {
	if err != nil {
		return dst, f.fail(err, 1)
	}
	return e.after(dst, f), nil
}

func (e *encoder) message(dst []byte, m Message) ([]byte, *pathError) {
	switch v := m.(type) {
	case MessageSystem:
		return e.flatObject(dst, messageSystemFields, mstr(v.Content))
	case MessageUser:
		return e.flatObject(dst, messageUserFields, mstr(v.Content))
	case MessageAssistant:
		return e.flatObject(dst, messageAssistantFields, mstr(v.Content))
	case MessageAssistantToolCalls:
		f := messageAssistantToolCallsFields
		dst, err := e.list(e.before(dst, f), v.Calls, len(v.Calls))
		return e.closeVariant(dst, f, err)
	case MessageToolResponse:
		return e.flatObject(dst, messageToolResponseFields, mstr(v.CallID), mstr(v.Content))
	case *MessageSystem:
		if v != nil {
			return e.message(dst, *v)
		}
	case *MessageUser:
		if v != nil {
			return e.message(dst, *v)
		}
	case *MessageAssistant:
		if v != nil {
			return e.message(dst, *v)
		}
	case *MessageAssistantToolCalls:
		if v != nil {
			return e.message(dst, *v)
		}
	case *MessageToolResponse:
		if v != nil {
			return e.message(dst, *v)
		}
	default:
		if m != nil {
			return dst, foreignVariant("Message")
		}
	}
	return dst, nilVariant("Message")
}

func (e *encoder) conversationDelta(dst []byte, d ConversationDelta) ([]byte, *pathError) {
	switch v := d.(type) {
	case ConversationDeltaMessage:
		f := deltaMessageFields
		dst, err := e.message(e.before(dst, f), v.Message)
		return e.closeVariant(dst, f, err)
	case ConversationDeltaToolActivated:
		return e.flatObject(dst, deltaToolActivatedFields, mstr(v.Name))
	case ConversationDeltaCompacted:
		return e.flatObject(dst, deltaCompactedFields, mstr(v.Control))
	case *ConversationDeltaMessage:
		if v != nil {
			return e.conversationDelta(dst, *v)
		}
	case *ConversationDeltaToolActivated:
		if v != nil {
			return e.conversationDelta(dst, *v)
		}
	case *ConversationDeltaCompacted:
		if v != nil {
			return e.conversationDelta(dst, *v)
		}
	default:
		if d != nil {
			return dst, foreignVariant("ConversationDelta")
		}
	}
	return dst, nilVariant("ConversationDelta")
}

// commandInvocation writes the Option<CommandInvocation> c: null for a nil
// interface or a nil pointer.
func (e *encoder) commandInvocation(dst []byte, c CommandInvocation) ([]byte, *pathError) {
	switch v := c.(type) {
	case CommandInvocationProgram:
		return e.commandProgram(dst, &v)
	case CommandInvocationShell:
		return e.commandShell(dst, &v)
	case *CommandInvocationProgram:
		if v != nil {
			return e.commandProgram(dst, v)
		}
	case *CommandInvocationShell:
		if v != nil {
			return e.commandShell(dst, v)
		}
	default:
		if c != nil {
			return dst, foreignVariant("CommandInvocation")
		}
	}
	return append(dst, "null"...), nil
}

func (e *encoder) commandProgram(dst []byte, v *CommandInvocationProgram) ([]byte, *pathError) {
	f := commandProgramFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.Program)
		case 2:
			dst, err = writeStrings(e, dst, v.Args)
		case 3:
			dst, err = e.str(dst, v.Cwd)
		case 4:
			dst, err = e.env(dst, v.Env)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) commandShell(dst []byte, v *CommandInvocationShell) ([]byte, *pathError) {
	f := commandShellFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.Script)
		case 2:
			dst, err = e.str(dst, v.Cwd)
		case 3:
			dst, err = writeStrings(e, dst, v.DeclaredReads)
		case 4:
			dst, err = writeStrings(e, dst, v.DeclaredWrites)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

// env writes a BTreeMap<String, String>: keys sorted bytewise in both forms,
// nil as {}. Failures name no key (keys are input text).
func (e *encoder) env(dst []byte, m map[string]string) ([]byte, *pathError) {
	var stack [16]string
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for j, k := range keys {
		if j > 0 {
			dst = append(dst, ',')
		}
		var err *pathError
		if dst, err = e.str(dst, k); err != nil {
			return dst, encodeFail("a key is not valid UTF-8")
		}
		dst = append(dst, ':')
		if dst, err = e.str(dst, m[k]); err != nil {
			return dst, encodeFail("a value is not valid UTF-8")
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) admissibilityDecision(dst []byte, d AdmissibilityDecision) ([]byte, *pathError) {
	switch v := d.(type) {
	case AdmissibilityDecisionAllow:
		return e.unit(dst, decisionAllowFields), nil
	case AdmissibilityDecisionDeny:
		f := decisionDenyFields
		dst, err := writeEnum(e.before(dst, f), v.Reason)
		return e.closeVariant(dst, f, err)
	case AdmissibilityDecisionNeedsApproval:
		return e.unit(dst, decisionNeedsApprovalFields), nil
	case *AdmissibilityDecisionAllow:
		if v != nil {
			return e.admissibilityDecision(dst, *v)
		}
	case *AdmissibilityDecisionDeny:
		if v != nil {
			return e.admissibilityDecision(dst, *v)
		}
	case *AdmissibilityDecisionNeedsApproval:
		if v != nil {
			return e.admissibilityDecision(dst, *v)
		}
	default:
		if d != nil {
			return dst, foreignVariant("AdmissibilityDecision")
		}
	}
	return dst, nilVariant("AdmissibilityDecision")
}

func (e *encoder) admissibilityProfile(dst []byte, p AdmissibilityProfile) ([]byte, *pathError) {
	var f *fields
	var missing []ClauseID
	switch v := p.(type) {
	case AdmissibilityProfileSrbnCertified:
		return e.unit(dst, profileSrbnCertifiedFields), nil
	case AdmissibilityProfileConfinementOnly:
		f, missing = profileConfinementOnlyFields, v.Missing
	case AdmissibilityProfileHumanApproved:
		f, missing = profileHumanApprovedFields, v.Missing
	case *AdmissibilityProfileSrbnCertified:
		if v != nil {
			return e.admissibilityProfile(dst, *v)
		}
	case *AdmissibilityProfileConfinementOnly:
		if v != nil {
			return e.admissibilityProfile(dst, *v)
		}
	case *AdmissibilityProfileHumanApproved:
		if v != nil {
			return e.admissibilityProfile(dst, *v)
		}
	default:
		if p != nil {
			return dst, foreignVariant("AdmissibilityProfile")
		}
	}
	if f == nil {
		return dst, nilVariant("AdmissibilityProfile")
	}
	dst, err := e.list(e.before(dst, f), missing, len(missing))
	return e.closeVariant(dst, f, err)
}

func (e *encoder) gateDecision(dst []byte, d GateDecision) ([]byte, *pathError) {
	var f *fields
	var deltaV float64
	switch v := d.(type) {
	case GateDecisionHardPass:
		return e.unit(dst, gateHardPassFields), nil
	case GateDecisionAcceptedByDescent:
		f, deltaV = gateAcceptedByDescentFields, v.DeltaV
	case GateDecisionRejectedNonDescending:
		f, deltaV = gateRejectedNonDescendingFields, v.DeltaV
	case GateDecisionStoppedAtDeclaredFloor:
		return e.unit(dst, gateStoppedAtDeclaredFloorFields), nil
	case GateDecisionExhaustedWithCertificate:
		return e.flatObject(dst, gateExhaustedWithCertificateFields, mstr(v.CertificateID))
	case *GateDecisionHardPass:
		if v != nil {
			return e.gateDecision(dst, *v)
		}
	case *GateDecisionAcceptedByDescent:
		if v != nil {
			return e.gateDecision(dst, *v)
		}
	case *GateDecisionRejectedNonDescending:
		if v != nil {
			return e.gateDecision(dst, *v)
		}
	case *GateDecisionStoppedAtDeclaredFloor:
		if v != nil {
			return e.gateDecision(dst, *v)
		}
	case *GateDecisionExhaustedWithCertificate:
		if v != nil {
			return e.gateDecision(dst, *v)
		}
	default:
		if d != nil {
			return dst, foreignVariant("GateDecision")
		}
	}
	if f == nil {
		return dst, nilVariant("GateDecision")
	}
	return e.after(e.float(e.before(dst, f), deltaV), f), nil
}
