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

	pathBlobFields = newFields("path", "blob_hash")
)

// nilVariant returns the failure of a nil (interface or pointer) variant of
// the named enum in a member that is not an Option.
func nilVariant(enum string) *pathError {
	return failure("nil " + enum)
}

func (e *encoder) message(m Message) *pathError {
	switch v := m.(type) {
	case MessageSystem:
		return e.stringObject(messageSystemFields, v.Content)
	case MessageUser:
		return e.stringObject(messageUserFields, v.Content)
	case MessageAssistant:
		return e.stringObject(messageAssistantFields, v.Content)
	case MessageAssistantToolCalls:
		return e.object(messageAssistantToolCallsFields, 0, func(int) *pathError {
			return e.array(len(v.Calls), func(j int) *pathError { return e.providerToolCall(&v.Calls[j]) })
		})
	case MessageToolResponse:
		return e.stringObject(messageToolResponseFields, v.CallID, v.Content)
	case *MessageSystem:
		if v != nil {
			return e.message(*v)
		}
	case *MessageUser:
		if v != nil {
			return e.message(*v)
		}
	case *MessageAssistant:
		if v != nil {
			return e.message(*v)
		}
	case *MessageAssistantToolCalls:
		if v != nil {
			return e.message(*v)
		}
	case *MessageToolResponse:
		if v != nil {
			return e.message(*v)
		}
	}
	return nilVariant("Message")
}

func (e *encoder) conversationDelta(d ConversationDelta) *pathError {
	switch v := d.(type) {
	case ConversationDeltaMessage:
		return e.object(deltaMessageFields, 0, func(int) *pathError { return e.message(v.Message) })
	case ConversationDeltaToolActivated:
		return e.stringObject(deltaToolActivatedFields, v.Name)
	case ConversationDeltaCompacted:
		return e.stringObject(deltaCompactedFields, v.Control)
	case *ConversationDeltaMessage:
		if v != nil {
			return e.conversationDelta(*v)
		}
	case *ConversationDeltaToolActivated:
		if v != nil {
			return e.conversationDelta(*v)
		}
	case *ConversationDeltaCompacted:
		if v != nil {
			return e.conversationDelta(*v)
		}
	}
	return nilVariant("ConversationDelta")
}

// commandInvocation writes the Option<CommandInvocation> c: null for a nil
// interface or a nil pointer.
func (e *encoder) commandInvocation(c CommandInvocation) *pathError {
	switch v := c.(type) {
	case CommandInvocationProgram:
		return e.object(commandProgramFields, 0, func(i int) *pathError {
			switch i {
			case 1:
				return e.str(v.Program)
			case 2:
				return writeStrings(e, v.Args)
			case 3:
				return e.str(v.Cwd)
			}
			return e.env(v.Env)
		})
	case CommandInvocationShell:
		return e.object(commandShellFields, 0, func(i int) *pathError {
			switch i {
			case 1:
				return e.str(v.Script)
			case 2:
				return e.str(v.Cwd)
			case 3:
				return writeStrings(e, v.DeclaredReads)
			}
			return writeStrings(e, v.DeclaredWrites)
		})
	case *CommandInvocationProgram:
		if v != nil {
			return e.commandInvocation(*v)
		}
	case *CommandInvocationShell:
		if v != nil {
			return e.commandInvocation(*v)
		}
	}
	e.lit("null")
	return nil
}

// env writes a BTreeMap<String, String>: keys sorted bytewise in both forms,
// nil as {}. Failures name no key (keys are input text).
func (e *encoder) env(m map[string]string) *pathError {
	if e.sizing {
		e.size += 2
		for k, v := range m {
			e.size += len(k) + len(v) + 6 // "k":"v",
		}
		return nil
	}
	var stack [16]string
	keys := stack[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.byte('{')
	for j, k := range keys {
		if j > 0 {
			e.byte(',')
		}
		if e.str(k) != nil {
			return failure("a key is not valid UTF-8")
		}
		e.byte(':')
		if e.str(m[k]) != nil {
			return failure("a value is not valid UTF-8")
		}
	}
	e.byte('}')
	return nil
}

func (e *encoder) admissibilityDecision(d AdmissibilityDecision) *pathError {
	switch v := d.(type) {
	case AdmissibilityDecisionAllow:
		return e.object(decisionAllowFields, 0, nil)
	case AdmissibilityDecisionDeny:
		return e.object(decisionDenyFields, 0, func(int) *pathError { return writeEnum(e, v.Reason) })
	case AdmissibilityDecisionNeedsApproval:
		return e.object(decisionNeedsApprovalFields, 0, nil)
	case *AdmissibilityDecisionAllow:
		if v != nil {
			return e.admissibilityDecision(*v)
		}
	case *AdmissibilityDecisionDeny:
		if v != nil {
			return e.admissibilityDecision(*v)
		}
	case *AdmissibilityDecisionNeedsApproval:
		if v != nil {
			return e.admissibilityDecision(*v)
		}
	}
	return nilVariant("AdmissibilityDecision")
}

// clauses writes a list of ClauseIDs.
func (e *encoder) clauses(f *fields, missing []ClauseID) *pathError {
	return e.object(f, 0, func(int) *pathError {
		return e.array(len(missing), func(j int) *pathError { return writeEnum(e, missing[j]) })
	})
}

func (e *encoder) admissibilityProfile(p AdmissibilityProfile) *pathError {
	switch v := p.(type) {
	case AdmissibilityProfileSrbnCertified:
		return e.object(profileSrbnCertifiedFields, 0, nil)
	case AdmissibilityProfileConfinementOnly:
		return e.clauses(profileConfinementOnlyFields, v.Missing)
	case AdmissibilityProfileHumanApproved:
		return e.clauses(profileHumanApprovedFields, v.Missing)
	case *AdmissibilityProfileSrbnCertified:
		if v != nil {
			return e.admissibilityProfile(*v)
		}
	case *AdmissibilityProfileConfinementOnly:
		if v != nil {
			return e.admissibilityProfile(*v)
		}
	case *AdmissibilityProfileHumanApproved:
		if v != nil {
			return e.admissibilityProfile(*v)
		}
	}
	return nilVariant("AdmissibilityProfile")
}

// deltaV writes a GateDecision variant holding delta_v.
func (e *encoder) deltaV(f *fields, dv float64) *pathError {
	return e.object(f, 0, func(int) *pathError {
		e.float(dv)
		return nil
	})
}

func (e *encoder) gateDecision(d GateDecision) *pathError {
	switch v := d.(type) {
	case GateDecisionHardPass:
		return e.object(gateHardPassFields, 0, nil)
	case GateDecisionAcceptedByDescent:
		return e.deltaV(gateAcceptedByDescentFields, v.DeltaV)
	case GateDecisionRejectedNonDescending:
		return e.deltaV(gateRejectedNonDescendingFields, v.DeltaV)
	case GateDecisionStoppedAtDeclaredFloor:
		return e.object(gateStoppedAtDeclaredFloorFields, 0, nil)
	case GateDecisionExhaustedWithCertificate:
		return e.stringObject(gateExhaustedWithCertificateFields, v.CertificateID)
	case *GateDecisionHardPass:
		if v != nil {
			return e.gateDecision(*v)
		}
	case *GateDecisionAcceptedByDescent:
		if v != nil {
			return e.gateDecision(*v)
		}
	case *GateDecisionRejectedNonDescending:
		if v != nil {
			return e.gateDecision(*v)
		}
	case *GateDecisionStoppedAtDeclaredFloor:
		if v != nil {
			return e.gateDecision(*v)
		}
	case *GateDecisionExhaustedWithCertificate:
		if v != nil {
			return e.gateDecision(*v)
		}
	}
	return nilVariant("GateDecision")
}
