package toolloop

// This file holds the six internally tagged enums with data (§4.3 of the
// specification). Each is a sealed interface (an unexported method) with one
// Go type per variant; the variant's JSON object holds the tag member first,
// then its fields in order. Unit variants are empty structs and are still
// written as objects ({"kind":"hard_pass"}). Encoders accept a variant as a
// value or a pointer; decoders return values. Every method of these types has
// a value receiver, so both T and *T satisfy the interface.

// Message is one provider-neutral conversation message (perspt_sdk's
// Message), internally tagged by "role": MessageSystem, MessageUser,
// MessageAssistant, MessageAssistantToolCalls or MessageToolResponse.
type Message interface {
	isMessage()
}

// MessageSystem is the Message variant "system". JSON:
// {"role":"system","content":…}.
type MessageSystem struct {
	// Content is the message text (required).
	Content string `json:"content"`
}

// MessageUser is the Message variant "user". JSON:
// {"role":"user","content":…}.
type MessageUser struct {
	// Content is the message text (required).
	Content string `json:"content"`
}

// MessageAssistant is the Message variant "assistant". JSON:
// {"role":"assistant","content":…}.
type MessageAssistant struct {
	// Content is the message text (required).
	Content string `json:"content"`
}

// MessageAssistantToolCalls is the Message variant "assistant_tool_calls".
// JSON: {"role":"assistant_tool_calls","calls":[…]}.
type MessageAssistantToolCalls struct {
	// Calls are the assistant's tool calls (required).
	Calls []ProviderToolCall `json:"calls"`
}

// MessageToolResponse is the Message variant "tool_response". JSON:
// {"role":"tool_response","call_id":…,"content":…}.
type MessageToolResponse struct {
	// CallID is the answered call (required).
	CallID string `json:"call_id"`
	// Content is the tool's response (required).
	Content string `json:"content"`
}

func (MessageSystem) isMessage()             {}
func (MessageUser) isMessage()               {}
func (MessageAssistant) isMessage()          {}
func (MessageAssistantToolCalls) isMessage() {}
func (MessageToolResponse) isMessage()       {}

// ConversationDelta is one change of the model context (perspt_sdk's
// ConversationDelta), internally tagged by "delta":
// ConversationDeltaMessage, ConversationDeltaToolActivated or
// ConversationDeltaCompacted.
type ConversationDelta interface {
	isConversationDelta()
}

// ConversationDeltaMessage is the ConversationDelta variant "message": a
// message appended. JSON: {"delta":"message","message":{…}}.
type ConversationDeltaMessage struct {
	// Message is the appended message (required; nil cannot be encoded).
	Message Message `json:"message"`
}

// ConversationDeltaToolActivated is the ConversationDelta variant
// "tool_activated". JSON: {"delta":"tool_activated","name":…}.
type ConversationDeltaToolActivated struct {
	// Name is the activated tool (required).
	Name string `json:"name"`
}

// ConversationDeltaCompacted is the ConversationDelta variant "compacted".
// JSON: {"delta":"compacted","control":…}.
type ConversationDeltaCompacted struct {
	// Control is the compaction's control text (required).
	Control string `json:"control"`
}

func (ConversationDeltaMessage) isConversationDelta()       {}
func (ConversationDeltaToolActivated) isConversationDelta() {}
func (ConversationDeltaCompacted) isConversationDelta()     {}

// CommandInvocation is a command an effect runs, internally tagged by
// "form": CommandInvocationProgram or CommandInvocationShell. It only occurs
// as the optional EffectProposal.Command, where nil is None.
type CommandInvocation interface {
	isCommandInvocation()
}

// CommandInvocationProgram is the CommandInvocation variant "program": a
// program with arguments. JSON:
// {"form":"program","program":…,"args":[…],"cwd":…,"env":{…}}.
type CommandInvocationProgram struct {
	// Program is the executable (required).
	Program string `json:"program"`
	// Args are the arguments (required).
	Args []string `json:"args"`
	// Cwd is the working directory (required).
	Cwd string `json:"cwd"`
	// Env is the environment (required; written with keys sorted
	// bytewise, nil as {}; a repeated key on read: the last wins).
	Env map[string]string `json:"env"`
}

// CommandInvocationShell is the CommandInvocation variant "shell": a shell
// script with its declared footprint. JSON:
// {"form":"shell","script":…,"cwd":…,"declared_reads":[…],"declared_writes":[…]}.
type CommandInvocationShell struct {
	// Script is the shell script (required).
	Script string `json:"script"`
	// Cwd is the working directory (required).
	Cwd string `json:"cwd"`
	// DeclaredReads are the paths the script declares it reads (required).
	DeclaredReads []string `json:"declared_reads"`
	// DeclaredWrites are the paths the script declares it writes
	// (required).
	DeclaredWrites []string `json:"declared_writes"`
}

func (CommandInvocationProgram) isCommandInvocation() {}
func (CommandInvocationShell) isCommandInvocation()   {}

// AdmissibilityDecision is the admissibility kernel's decision, internally
// tagged by "decision": AdmissibilityDecisionAllow,
// AdmissibilityDecisionDeny or AdmissibilityDecisionNeedsApproval.
type AdmissibilityDecision interface {
	isAdmissibilityDecision()
}

// AdmissibilityDecisionAllow is the AdmissibilityDecision unit variant
// "allow". JSON: {"decision":"allow"}.
type AdmissibilityDecisionAllow struct{}

// AdmissibilityDecisionDeny is the AdmissibilityDecision variant "deny".
// JSON: {"decision":"deny","reason":…}.
type AdmissibilityDecisionDeny struct {
	// Reason is why the proposal was denied (required).
	Reason DenyReason `json:"reason"`
}

// AdmissibilityDecisionNeedsApproval is the AdmissibilityDecision unit
// variant "needs_approval". JSON: {"decision":"needs_approval"}.
type AdmissibilityDecisionNeedsApproval struct{}

func (AdmissibilityDecisionAllow) isAdmissibilityDecision()         {}
func (AdmissibilityDecisionDeny) isAdmissibilityDecision()          {}
func (AdmissibilityDecisionNeedsApproval) isAdmissibilityDecision() {}

// AdmissibilityProfile is the certification profile an admitted proposal
// reached, internally tagged by "profile":
// AdmissibilityProfileSrbnCertified, AdmissibilityProfileConfinementOnly or
// AdmissibilityProfileHumanApproved.
type AdmissibilityProfile interface {
	isAdmissibilityProfile()
}

// AdmissibilityProfileSrbnCertified is the AdmissibilityProfile unit
// variant "srbn_certified": every clause certified. JSON:
// {"profile":"srbn_certified"}.
type AdmissibilityProfileSrbnCertified struct{}

// AdmissibilityProfileConfinementOnly is the AdmissibilityProfile variant
// "confinement_only". JSON: {"profile":"confinement_only","missing":[…]}.
type AdmissibilityProfileConfinementOnly struct {
	// Missing are the clauses not certified (required).
	Missing []ClauseID `json:"missing"`
}

// AdmissibilityProfileHumanApproved is the AdmissibilityProfile variant
// "human_approved". JSON: {"profile":"human_approved","missing":[…]}.
type AdmissibilityProfileHumanApproved struct {
	// Missing are the clauses not certified (required).
	Missing []ClauseID `json:"missing"`
}

func (AdmissibilityProfileSrbnCertified) isAdmissibilityProfile()   {}
func (AdmissibilityProfileConfinementOnly) isAdmissibilityProfile() {}
func (AdmissibilityProfileHumanApproved) isAdmissibilityProfile()   {}

// GateDecision is the acceptance gate's decision on a measured candidate
// (perspt_sdk's GateDecision), internally tagged by "kind":
// GateDecisionHardPass, GateDecisionAcceptedByDescent,
// GateDecisionRejectedNonDescending, GateDecisionStoppedAtDeclaredFloor or
// GateDecisionExhaustedWithCertificate. IsAccepted tells the accepting ones.
type GateDecision interface {
	isGateDecision()
}

// GateDecisionHardPass is the GateDecision unit variant "hard_pass": every
// hard check passed. JSON: {"kind":"hard_pass"}.
type GateDecisionHardPass struct{}

// GateDecisionAcceptedByDescent is the GateDecision variant
// "accepted_by_descent": the energy descended enough. JSON:
// {"kind":"accepted_by_descent","delta_v":…}.
type GateDecisionAcceptedByDescent struct {
	// DeltaV is the energy change (required).
	DeltaV float64 `json:"delta_v"`
}

// GateDecisionRejectedNonDescending is the GateDecision variant
// "rejected_non_descending". JSON:
// {"kind":"rejected_non_descending","delta_v":…}.
type GateDecisionRejectedNonDescending struct {
	// DeltaV is the energy change (required).
	DeltaV float64 `json:"delta_v"`
}

// GateDecisionStoppedAtDeclaredFloor is the GateDecision unit variant
// "stopped_at_declared_floor". JSON: {"kind":"stopped_at_declared_floor"}.
type GateDecisionStoppedAtDeclaredFloor struct{}

// GateDecisionExhaustedWithCertificate is the GateDecision variant
// "exhausted_with_certificate". JSON:
// {"kind":"exhausted_with_certificate","certificate_id":…}.
type GateDecisionExhaustedWithCertificate struct {
	// CertificateID names the exhaustion certificate (required).
	CertificateID string `json:"certificate_id"`
}

func (GateDecisionHardPass) isGateDecision()                 {}
func (GateDecisionAcceptedByDescent) isGateDecision()        {}
func (GateDecisionRejectedNonDescending) isGateDecision()    {}
func (GateDecisionStoppedAtDeclaredFloor) isGateDecision()   {}
func (GateDecisionExhaustedWithCertificate) isGateDecision() {}

// IsAccepted reports whether d accepts the candidate: true for
// GateDecisionHardPass and GateDecisionAcceptedByDescent (as values or
// non-nil pointers), false for every other variant, a nil interface and a
// nil pointer.
func IsAccepted(d GateDecision) bool {
	switch d := d.(type) {
	case GateDecisionHardPass, GateDecisionAcceptedByDescent:
		return true
	case *GateDecisionHardPass:
		return d != nil
	case *GateDecisionAcceptedByDescent:
		return d != nil
	}
	return false
}
