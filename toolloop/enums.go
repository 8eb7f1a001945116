package toolloop

// This file and enums_control.go hold the 13 unit-only enums of the wire
// vocabulary (§4.2 of the specification); this one those of the residual and
// effect planes. Each is a named string type whose JSON form is the value
// itself; the constants are declared in perspt's declaration order. Valid
// reports whether a value is one of the listed ones: encoders refuse any
// other (ErrEncode) and decoders accept only the exact, case-sensitive
// spelling, returning the constant from the enum's list of values.

// EnergyComponent is the component of the candidate energy a residual
// contributes to (perspt_sdk::EnergyComponent): syntactic, structural,
// logical, bootstrap or sheaf consistency. Its zero value "" is not valid.
type EnergyComponent string

// The EnergyComponent values, in declaration order.
const (
	// EnergyComponentSyn is "syn": the syntactic component.
	EnergyComponentSyn EnergyComponent = "syn"
	// EnergyComponentStr is "str": the structural component.
	EnergyComponentStr EnergyComponent = "str"
	// EnergyComponentLog is "log": the logical component.
	EnergyComponentLog EnergyComponent = "log"
	// EnergyComponentBoot is "boot": the bootstrap component.
	EnergyComponentBoot EnergyComponent = "boot"
	// EnergyComponentSheaf is "sheaf": the sheaf-consistency component.
	EnergyComponentSheaf EnergyComponent = "sheaf"
)

// Valid reports whether c is one of the 5 EnergyComponent values.
func (c EnergyComponent) Valid() bool {
	switch c {
	case EnergyComponentSyn, EnergyComponentStr, EnergyComponentLog, EnergyComponentBoot,
		EnergyComponentSheaf:
		return true
	}
	return false
}

// energyComponentValues lists the EnergyComponent values in declaration
// order: decoding returns these constants (see readEnum) instead of
// allocating the strings it reads.
var energyComponentValues = []EnergyComponent{
	EnergyComponentSyn, EnergyComponentStr, EnergyComponentLog, EnergyComponentBoot, EnergyComponentSheaf,
}

// ResidualClass classifies a measured or admissibility residual
// (perspt_sdk::ResidualClass). An effect_denied event without a class member
// decodes to ResidualClassCapabilityDenied. Its zero value "" is not valid.
type ResidualClass string

// The ResidualClass values, in declaration order.
const (
	// ResidualClassSyntax is "syntax": a syntax error.
	ResidualClassSyntax ResidualClass = "syntax"
	// ResidualClassType is "type": a type error.
	ResidualClassType ResidualClass = "type"
	// ResidualClassBuild is "build": a build failure.
	ResidualClassBuild ResidualClass = "build"
	// ResidualClassTestFailure is "test_failure": a failing test.
	ResidualClassTestFailure ResidualClass = "test_failure"
	// ResidualClassLint is "lint": a lint finding.
	ResidualClassLint ResidualClass = "lint"
	// ResidualClassFormat is "format": a formatting difference.
	ResidualClassFormat ResidualClass = "format"
	// ResidualClassRuntime is "runtime": a runtime failure.
	ResidualClassRuntime ResidualClass = "runtime"
	// ResidualClassDependency is "dependency": a dependency problem.
	ResidualClassDependency ResidualClass = "dependency"
	// ResidualClassManifest is "manifest": a manifest problem.
	ResidualClassManifest ResidualClass = "manifest"
	// ResidualClassImportGraph is "import_graph": an import-graph problem.
	ResidualClassImportGraph ResidualClass = "import_graph"
	// ResidualClassSymbolMismatch is "symbol_mismatch": a symbol mismatch.
	ResidualClassSymbolMismatch ResidualClass = "symbol_mismatch"
	// ResidualClassInterfaceMismatch is "interface_mismatch": an interface mismatch.
	ResidualClassInterfaceMismatch ResidualClass = "interface_mismatch"
	// ResidualClassOwnershipViolation is "ownership_violation": an ownership violation.
	ResidualClassOwnershipViolation ResidualClass = "ownership_violation"
	// ResidualClassContextDrift is "context_drift": context drift.
	ResidualClassContextDrift ResidualClass = "context_drift"
	// ResidualClassRegression is "regression": a regression.
	ResidualClassRegression ResidualClass = "regression"
	// ResidualClassPolicy is "policy": a policy violation.
	ResidualClassPolicy ResidualClass = "policy"
	// ResidualClassSensorUnavailable is "sensor_unavailable": an unavailable sensor.
	ResidualClassSensorUnavailable ResidualClass = "sensor_unavailable"
	// ResidualClassToolFailure is "tool_failure": a tool failure.
	ResidualClassToolFailure ResidualClass = "tool_failure"
	// ResidualClassSheafInconsistency is "sheaf_inconsistency": a sheaf inconsistency.
	ResidualClassSheafInconsistency ResidualClass = "sheaf_inconsistency"
	// ResidualClassCapabilityDenied is "capability_denied": a kernel denial (default of effect_denied).
	ResidualClassCapabilityDenied ResidualClass = "capability_denied"
	// ResidualClassBudgetExhausted is "budget_exhausted": an exhausted budget.
	ResidualClassBudgetExhausted ResidualClass = "budget_exhausted"
	// ResidualClassToolArgumentInvalid is "tool_argument_invalid": invalid tool arguments.
	ResidualClassToolArgumentInvalid ResidualClass = "tool_argument_invalid"
	// ResidualClassWitnessStale is "witness_stale": a stale state witness.
	ResidualClassWitnessStale ResidualClass = "witness_stale"
	// ResidualClassToolThrash is "tool_thrash": tool thrashing.
	ResidualClassToolThrash ResidualClass = "tool_thrash"
	// ResidualClassToolBatchConflict is "tool_batch_conflict": a same-turn footprint conflict.
	ResidualClassToolBatchConflict ResidualClass = "tool_batch_conflict"
	// ResidualClassUnreadEdit is "unread_edit": an edit of an unread file.
	ResidualClassUnreadEdit ResidualClass = "unread_edit"
	// ResidualClassBudgetPressure is "budget_pressure": budget pressure.
	ResidualClassBudgetPressure ResidualClass = "budget_pressure"
	// ResidualClassAdjudicatorObjection is "adjudicator_objection": an adjudicator objection.
	ResidualClassAdjudicatorObjection ResidualClass = "adjudicator_objection"
	// ResidualClassProviderUnavailable is "provider_unavailable": an unavailable provider.
	ResidualClassProviderUnavailable ResidualClass = "provider_unavailable"
)

// Valid reports whether c is one of the 29 ResidualClass values.
func (c ResidualClass) Valid() bool {
	switch c {
	case ResidualClassSyntax, ResidualClassType, ResidualClassBuild,
		ResidualClassTestFailure, ResidualClassLint, ResidualClassFormat, ResidualClassRuntime,
		ResidualClassDependency, ResidualClassManifest, ResidualClassImportGraph,
		ResidualClassSymbolMismatch, ResidualClassInterfaceMismatch,
		ResidualClassOwnershipViolation, ResidualClassContextDrift, ResidualClassRegression,
		ResidualClassPolicy, ResidualClassSensorUnavailable, ResidualClassToolFailure,
		ResidualClassSheafInconsistency, ResidualClassCapabilityDenied,
		ResidualClassBudgetExhausted, ResidualClassToolArgumentInvalid,
		ResidualClassWitnessStale, ResidualClassToolThrash, ResidualClassToolBatchConflict,
		ResidualClassUnreadEdit, ResidualClassBudgetPressure,
		ResidualClassAdjudicatorObjection, ResidualClassProviderUnavailable:
		return true
	}
	return false
}

// residualClassValues lists the ResidualClass values in declaration order:
// decoding returns these constants (see readEnum) instead of allocating the
// strings it reads.
var residualClassValues = []ResidualClass{
	ResidualClassSyntax, ResidualClassType, ResidualClassBuild, ResidualClassTestFailure, ResidualClassLint,
	ResidualClassFormat, ResidualClassRuntime, ResidualClassDependency, ResidualClassManifest,
	ResidualClassImportGraph, ResidualClassSymbolMismatch, ResidualClassInterfaceMismatch,
	ResidualClassOwnershipViolation, ResidualClassContextDrift, ResidualClassRegression, ResidualClassPolicy,
	ResidualClassSensorUnavailable, ResidualClassToolFailure, ResidualClassSheafInconsistency,
	ResidualClassCapabilityDenied, ResidualClassBudgetExhausted, ResidualClassToolArgumentInvalid,
	ResidualClassWitnessStale, ResidualClassToolThrash, ResidualClassToolBatchConflict, ResidualClassUnreadEdit,
	ResidualClassBudgetPressure, ResidualClassAdjudicatorObjection, ResidualClassProviderUnavailable,
}

// ResidualSeverity is the severity of a residual
// (perspt_sdk::ResidualSeverity), from hint to blocking. Its zero value "" is
// not valid.
type ResidualSeverity string

// The ResidualSeverity values, in declaration order.
const (
	// ResidualSeverityHint is "hint": a hint.
	ResidualSeverityHint ResidualSeverity = "hint"
	// ResidualSeverityWarning is "warning": a warning.
	ResidualSeverityWarning ResidualSeverity = "warning"
	// ResidualSeverityError is "error": an error.
	ResidualSeverityError ResidualSeverity = "error"
	// ResidualSeverityBlocking is "blocking": a blocking residual.
	ResidualSeverityBlocking ResidualSeverity = "blocking"
)

// Valid reports whether c is one of the 4 ResidualSeverity values.
func (c ResidualSeverity) Valid() bool {
	switch c {
	case ResidualSeverityHint, ResidualSeverityWarning, ResidualSeverityError,
		ResidualSeverityBlocking:
		return true
	}
	return false
}

// residualSeverityValues lists the ResidualSeverity values in declaration
// order: decoding returns these constants (see readEnum) instead of
// allocating the strings it reads.
var residualSeverityValues = []ResidualSeverity{
	ResidualSeverityHint, ResidualSeverityWarning, ResidualSeverityError, ResidualSeverityBlocking,
}

// IndependenceRoute is how a sensor's verdict is independent of the model that
// produced the candidate (perspt_sdk::IndependenceRoute). Its zero value "" is
// not valid.
type IndependenceRoute string

// The IndependenceRoute values, in declaration order.
const (
	// IndependenceRouteDeterministicTool is "deterministic_tool": a deterministic tool.
	IndependenceRouteDeterministicTool IndependenceRoute = "deterministic_tool"
	// IndependenceRouteCompiler is "compiler": a compiler.
	IndependenceRouteCompiler IndependenceRoute = "compiler"
	// IndependenceRouteLSP is "lsp": a language server.
	IndependenceRouteLSP IndependenceRoute = "lsp"
	// IndependenceRouteTestOracle is "test_oracle": a test oracle.
	IndependenceRouteTestOracle IndependenceRoute = "test_oracle"
	// IndependenceRouteFormalSolver is "formal_solver": a formal solver.
	IndependenceRouteFormalSolver IndependenceRoute = "formal_solver"
	// IndependenceRouteRepoScript is "repo_script": a repository script.
	IndependenceRouteRepoScript IndependenceRoute = "repo_script"
	// IndependenceRouteExternalAPI is "external_api": an external API.
	IndependenceRouteExternalAPI IndependenceRoute = "external_api"
	// IndependenceRouteSeparateModel is "separate_model": a separate model.
	IndependenceRouteSeparateModel IndependenceRoute = "separate_model"
	// IndependenceRouteSameModelCritique is "same_model_critique": a critique by the same model.
	IndependenceRouteSameModelCritique IndependenceRoute = "same_model_critique"
)

// Valid reports whether c is one of the 9 IndependenceRoute values.
func (c IndependenceRoute) Valid() bool {
	switch c {
	case IndependenceRouteDeterministicTool, IndependenceRouteCompiler,
		IndependenceRouteLSP, IndependenceRouteTestOracle, IndependenceRouteFormalSolver,
		IndependenceRouteRepoScript, IndependenceRouteExternalAPI,
		IndependenceRouteSeparateModel, IndependenceRouteSameModelCritique:
		return true
	}
	return false
}

// independenceRouteValues lists the IndependenceRoute values in declaration
// order: decoding returns these constants (see readEnum) instead of
// allocating the strings it reads.
var independenceRouteValues = []IndependenceRoute{
	IndependenceRouteDeterministicTool, IndependenceRouteCompiler, IndependenceRouteLSP,
	IndependenceRouteTestOracle, IndependenceRouteFormalSolver, IndependenceRouteRepoScript,
	IndependenceRouteExternalAPI, IndependenceRouteSeparateModel, IndependenceRouteSameModelCritique,
}

// EffectKind is the kind of effect a tool call proposes
// (perspt_sdk::EffectKind). Its zero value "" is not valid.
type EffectKind string

// The EffectKind values, in declaration order.
const (
	// EffectKindReadFile is "read_file": reads a file.
	EffectKindReadFile EffectKind = "read_file"
	// EffectKindToolSearch is "tool_search": searches the tool catalogue.
	EffectKindToolSearch EffectKind = "tool_search"
	// EffectKindToolProgram is "tool_program": runs a tool program.
	EffectKindToolProgram EffectKind = "tool_program"
	// EffectKindSearch is "search": searches the workspace.
	EffectKindSearch EffectKind = "search"
	// EffectKindList is "list": lists the workspace.
	EffectKindList EffectKind = "list"
	// EffectKindLSPQuery is "lsp_query": queries a language server.
	EffectKindLSPQuery EffectKind = "lsp_query"
	// EffectKindWriteArtifact is "write_artifact": writes an artifact.
	EffectKindWriteArtifact EffectKind = "write_artifact"
	// EffectKindApplyPatch is "apply_patch": applies a patch.
	EffectKindApplyPatch EffectKind = "apply_patch"
	// EffectKindMoveFile is "move_file": moves a file.
	EffectKindMoveFile EffectKind = "move_file"
	// EffectKindDeleteFile is "delete_file": deletes a file.
	EffectKindDeleteFile EffectKind = "delete_file"
	// EffectKindRunVerifier is "run_verifier": runs a verifier.
	EffectKindRunVerifier EffectKind = "run_verifier"
	// EffectKindRunFormatter is "run_formatter": runs a formatter.
	EffectKindRunFormatter EffectKind = "run_formatter"
	// EffectKindRunTest is "run_test": runs tests.
	EffectKindRunTest EffectKind = "run_test"
	// EffectKindRunBuild is "run_build": runs a build.
	EffectKindRunBuild EffectKind = "run_build"
	// EffectKindMutateDependencies is "mutate_dependencies": changes dependencies.
	EffectKindMutateDependencies EffectKind = "mutate_dependencies"
	// EffectKindRunRepoScript is "run_repo_script": runs a repository script.
	EffectKindRunRepoScript EffectKind = "run_repo_script"
	// EffectKindRunShell is "run_shell": runs a shell script.
	EffectKindRunShell EffectKind = "run_shell"
	// EffectKindGitRead is "git_read": reads git state.
	EffectKindGitRead EffectKind = "git_read"
	// EffectKindGitWrite is "git_write": writes git state.
	EffectKindGitWrite EffectKind = "git_write"
	// EffectKindNetworkFetch is "network_fetch": fetches from the network.
	EffectKindNetworkFetch EffectKind = "network_fetch"
	// EffectKindAskUser is "ask_user": asks the user.
	EffectKindAskUser EffectKind = "ask_user"
	// EffectKindSpawnAgent is "spawn_agent": spawns an agent.
	EffectKindSpawnAgent EffectKind = "spawn_agent"
	// EffectKindUpdateGraph is "update_graph": updates the task graph.
	EffectKindUpdateGraph EffectKind = "update_graph"
	// EffectKindUpdatePolicy is "update_policy": updates the policy.
	EffectKindUpdatePolicy EffectKind = "update_policy"
)

// Valid reports whether c is one of the 24 EffectKind values.
func (c EffectKind) Valid() bool {
	switch c {
	case EffectKindReadFile, EffectKindToolSearch, EffectKindToolProgram, EffectKindSearch,
		EffectKindList, EffectKindLSPQuery, EffectKindWriteArtifact, EffectKindApplyPatch,
		EffectKindMoveFile, EffectKindDeleteFile, EffectKindRunVerifier,
		EffectKindRunFormatter, EffectKindRunTest, EffectKindRunBuild,
		EffectKindMutateDependencies, EffectKindRunRepoScript, EffectKindRunShell,
		EffectKindGitRead, EffectKindGitWrite, EffectKindNetworkFetch, EffectKindAskUser,
		EffectKindSpawnAgent, EffectKindUpdateGraph, EffectKindUpdatePolicy:
		return true
	}
	return false
}

// effectKindValues lists the EffectKind values in declaration order: decoding
// returns these constants (see readEnum) instead of allocating the strings it
// reads.
var effectKindValues = []EffectKind{
	EffectKindReadFile, EffectKindToolSearch, EffectKindToolProgram, EffectKindSearch, EffectKindList,
	EffectKindLSPQuery, EffectKindWriteArtifact, EffectKindApplyPatch, EffectKindMoveFile, EffectKindDeleteFile,
	EffectKindRunVerifier, EffectKindRunFormatter, EffectKindRunTest, EffectKindRunBuild,
	EffectKindMutateDependencies, EffectKindRunRepoScript, EffectKindRunShell, EffectKindGitRead,
	EffectKindGitWrite, EffectKindNetworkFetch, EffectKindAskUser, EffectKindSpawnAgent, EffectKindUpdateGraph,
	EffectKindUpdatePolicy,
}

// RiskClass is the declared risk of a proposed effect (perspt_sdk::RiskClass),
// from none to critical. Its zero value "" is not valid.
type RiskClass string

// The RiskClass values, in declaration order.
const (
	// RiskClassNone is "none": no risk.
	RiskClassNone RiskClass = "none"
	// RiskClassLow is "low": low risk.
	RiskClassLow RiskClass = "low"
	// RiskClassMedium is "medium": medium risk.
	RiskClassMedium RiskClass = "medium"
	// RiskClassHigh is "high": high risk.
	RiskClassHigh RiskClass = "high"
	// RiskClassCritical is "critical": critical risk.
	RiskClassCritical RiskClass = "critical"
)

// Valid reports whether c is one of the 5 RiskClass values.
func (c RiskClass) Valid() bool {
	switch c {
	case RiskClassNone, RiskClassLow, RiskClassMedium, RiskClassHigh, RiskClassCritical:
		return true
	}
	return false
}

// riskClassValues lists the RiskClass values in declaration order: decoding
// returns these constants (see readEnum) instead of allocating the strings it
// reads.
var riskClassValues = []RiskClass{
	RiskClassNone, RiskClassLow, RiskClassMedium, RiskClassHigh, RiskClassCritical,
}

// DenyReason is why the admissibility kernel denied a proposal
// (perspt_sdk::DenyReason); it is carried by AdmissibilityDecisionDeny. Its
// zero value "" is not valid.
type DenyReason string

// The DenyReason values, in declaration order.
const (
	// DenyReasonNoCapability is "no_capability": no capability grants the effect.
	DenyReasonNoCapability DenyReason = "no_capability"
	// DenyReasonEffectOutOfScope is "effect_out_of_scope": the effect kind is out of scope.
	DenyReasonEffectOutOfScope DenyReason = "effect_out_of_scope"
	// DenyReasonPathOutOfScope is "path_out_of_scope": a path is out of scope.
	DenyReasonPathOutOfScope DenyReason = "path_out_of_scope"
	// DenyReasonCommandOutOfScope is "command_out_of_scope": the command is out of scope.
	DenyReasonCommandOutOfScope DenyReason = "command_out_of_scope"
	// DenyReasonNetworkOutOfScope is "network_out_of_scope": the network target is out of scope.
	DenyReasonNetworkOutOfScope DenyReason = "network_out_of_scope"
	// DenyReasonCallBudgetExhausted is "call_budget_exhausted": the call budget is exhausted.
	DenyReasonCallBudgetExhausted DenyReason = "call_budget_exhausted"
	// DenyReasonExpired is "expired": the capability expired.
	DenyReasonExpired DenyReason = "expired"
	// DenyReasonRiskBudgetExhausted is "risk_budget_exhausted": the risk budget is exhausted.
	DenyReasonRiskBudgetExhausted DenyReason = "risk_budget_exhausted"
	// DenyReasonStateWitnessMismatch is "state_witness_mismatch": a precondition witness differs.
	DenyReasonStateWitnessMismatch DenyReason = "state_witness_mismatch"
	// DenyReasonShellNotPermitted is "shell_not_permitted": shell commands are not permitted.
	DenyReasonShellNotPermitted DenyReason = "shell_not_permitted"
	// DenyReasonMutationNotPermitted is "mutation_not_permitted": mutations are not permitted.
	DenyReasonMutationNotPermitted DenyReason = "mutation_not_permitted"
	// DenyReasonPolicyDenied is "policy_denied": the policy denies the effect.
	DenyReasonPolicyDenied DenyReason = "policy_denied"
	// DenyReasonPrivilegeEscalation is "privilege_escalation": the effect escalates privileges.
	DenyReasonPrivilegeEscalation DenyReason = "privilege_escalation"
)

// Valid reports whether c is one of the 13 DenyReason values.
func (c DenyReason) Valid() bool {
	switch c {
	case DenyReasonNoCapability, DenyReasonEffectOutOfScope, DenyReasonPathOutOfScope,
		DenyReasonCommandOutOfScope, DenyReasonNetworkOutOfScope,
		DenyReasonCallBudgetExhausted, DenyReasonExpired, DenyReasonRiskBudgetExhausted,
		DenyReasonStateWitnessMismatch, DenyReasonShellNotPermitted,
		DenyReasonMutationNotPermitted, DenyReasonPolicyDenied, DenyReasonPrivilegeEscalation:
		return true
	}
	return false
}

// denyReasonValues lists the DenyReason values in declaration order: decoding
// returns these constants (see readEnum) instead of allocating the strings it
// reads.
var denyReasonValues = []DenyReason{
	DenyReasonNoCapability, DenyReasonEffectOutOfScope, DenyReasonPathOutOfScope, DenyReasonCommandOutOfScope,
	DenyReasonNetworkOutOfScope, DenyReasonCallBudgetExhausted, DenyReasonExpired,
	DenyReasonRiskBudgetExhausted, DenyReasonStateWitnessMismatch, DenyReasonShellNotPermitted,
	DenyReasonMutationNotPermitted, DenyReasonPolicyDenied, DenyReasonPrivilegeEscalation,
}

// RecoveryClass is how a denied proposal may be recovered from
// (perspt_sdk::RecoveryClass). Its zero value "" is not valid.
type RecoveryClass string

// The RecoveryClass values, in declaration order.
const (
	// RecoveryClassRetryable is "retryable": the proposal may be retried.
	RecoveryClassRetryable RecoveryClass = "retryable"
	// RecoveryClassNeedsApproval is "needs_approval": the proposal needs human approval.
	RecoveryClassNeedsApproval RecoveryClass = "needs_approval"
	// RecoveryClassNeedsCapability is "needs_capability": the proposal needs a further capability.
	RecoveryClassNeedsCapability RecoveryClass = "needs_capability"
	// RecoveryClassFatal is "fatal": the denial is final.
	RecoveryClassFatal RecoveryClass = "fatal"
)

// Valid reports whether c is one of the 4 RecoveryClass values.
func (c RecoveryClass) Valid() bool {
	switch c {
	case RecoveryClassRetryable, RecoveryClassNeedsApproval, RecoveryClassNeedsCapability,
		RecoveryClassFatal:
		return true
	}
	return false
}

// recoveryClassValues lists the RecoveryClass values in declaration order:
// decoding returns these constants (see readEnum) instead of allocating the
// strings it reads.
var recoveryClassValues = []RecoveryClass{
	RecoveryClassRetryable, RecoveryClassNeedsApproval, RecoveryClassNeedsCapability, RecoveryClassFatal,
}

// ClauseID names a clause of the admissibility check (perspt_sdk::ClauseId);
// profiles list the clauses they did not certify. Its zero value "" is not
// valid.
type ClauseID string

// The ClauseID values, in declaration order.
const (
	// ClauseIDAuthority is "authority": the authority clause.
	ClauseIDAuthority ClauseID = "authority"
	// ClauseIDContract is "contract": the contract clause.
	ClauseIDContract ClauseID = "contract"
	// ClauseIDEffect is "effect": the effect clause.
	ClauseIDEffect ClauseID = "effect"
	// ClauseIDBarrierIncrement is "barrier_increment": the barrier-increment clause.
	ClauseIDBarrierIncrement ClauseID = "barrier_increment"
	// ClauseIDRiskBudget is "risk_budget": the risk-budget clause.
	ClauseIDRiskBudget ClauseID = "risk_budget"
)

// Valid reports whether c is one of the 5 ClauseID values.
func (c ClauseID) Valid() bool {
	switch c {
	case ClauseIDAuthority, ClauseIDContract, ClauseIDEffect, ClauseIDBarrierIncrement,
		ClauseIDRiskBudget:
		return true
	}
	return false
}

// clauseIDValues lists the ClauseID values in declaration order: decoding
// returns these constants (see readEnum) instead of allocating the strings it
// reads.
var clauseIDValues = []ClauseID{
	ClauseIDAuthority, ClauseIDContract, ClauseIDEffect, ClauseIDBarrierIncrement, ClauseIDRiskBudget,
}
