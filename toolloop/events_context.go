package toolloop

// This file holds the 6 resident-context events and the 2 prompt-program
// events (§3 #36–43 of the specification); they are envelope-only.

// ContextWorkingSetEvent is the LoopEvent "context_working_set" (#36,
// envelope-only: refused in unversioned rows): it records the working set of
// context pages for a turn.
type ContextWorkingSetEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// PageIDs is the working-set pages; required.
	PageIDs []string `json:"page_ids"`
}

// EventName returns the event tag "context_working_set".
func (ContextWorkingSetEvent) EventName() string { return tagContextWorkingSet }

func (ContextWorkingSetEvent) isLoopEvent() {}

// ContextPagesSelectedEvent is the LoopEvent "context_pages_selected" (#37,
// envelope-only: refused in unversioned rows): it records the resident context
// pages selected for a turn.
type ContextPagesSelectedEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// ResidentDigest is the digest of the resident set; required.
	ResidentDigest string `json:"resident_digest"`
	// PageIDs is the selected pages; required.
	PageIDs []string `json:"page_ids"`
}

// EventName returns the event tag "context_pages_selected".
func (ContextPagesSelectedEvent) EventName() string { return tagContextPagesSelected }

func (ContextPagesSelectedEvent) isLoopEvent() {}

// ContextMissEvent is the LoopEvent "context_miss" (#38, envelope-only:
// refused in unversioned rows): it records a context miss.
type ContextMissEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// Key is the missed key; required.
	Key string `json:"key"`
}

// EventName returns the event tag "context_miss".
func (ContextMissEvent) EventName() string { return tagContextMiss }

func (ContextMissEvent) isLoopEvent() {}

// ContextPageRecalledEvent is the LoopEvent "context_page_recalled" (#39,
// envelope-only: refused in unversioned rows): it records a context page
// recalled into the resident set.
type ContextPageRecalledEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// PageID is the recalled page; required.
	PageID string `json:"page_id"`
}

// EventName returns the event tag "context_page_recalled".
func (ContextPageRecalledEvent) EventName() string { return tagContextPageRecalled }

func (ContextPageRecalledEvent) isLoopEvent() {}

// ContextInfeasibleEvent is the LoopEvent "context_infeasible" (#40, envelope-
// only: refused in unversioned rows): it records a context requirement beyond
// the allowance.
type ContextInfeasibleEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// Required is the size required; required.
	Required uint64 `json:"required"`
	// Allowance is the size allowed; required.
	Allowance uint64 `json:"allowance"`
}

// EventName returns the event tag "context_infeasible".
func (ContextInfeasibleEvent) EventName() string { return tagContextInfeasible }

func (ContextInfeasibleEvent) isLoopEvent() {}

// ContextCompactedEvent is the LoopEvent "context_compacted" (#41, envelope-
// only: refused in unversioned rows): it records context pages compacted into
// a summary page.
type ContextCompactedEvent struct {
	// ForestID is the forest, if any; D: absent reads as the zero value;
	// always written.
	ForestID string `json:"forest_id"`
	// BranchID is the branch, if any; D: absent reads as the zero value;
	// always written.
	BranchID string `json:"branch_id"`
	// SummaryPage is the summary page; required.
	SummaryPage string `json:"summary_page"`
	// SourcePages is the compacted pages; required.
	SourcePages []string `json:"source_pages"`
}

// EventName returns the event tag "context_compacted".
func (ContextCompactedEvent) EventName() string { return tagContextCompacted }

func (ContextCompactedEvent) isLoopEvent() {}

// PromptProgramCompiledEvent is the LoopEvent "prompt_program_compiled" (#42,
// envelope-only: refused in unversioned rows): it records a prompt program
// recompiled mid-loop because the offered tool surface or the failover route
// changed.
type PromptProgramCompiledEvent struct {
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// Program is the program; required.
	Program CompiledPromptProgram `json:"program"`
}

// EventName returns the event tag "prompt_program_compiled".
func (PromptProgramCompiledEvent) EventName() string { return tagPromptProgramCompiled }

func (PromptProgramCompiledEvent) isLoopEvent() {}

// PromptProgramInvokedEvent is the LoopEvent "prompt_program_invoked" (#43,
// envelope-only: refused in unversioned rows): it records the exact prompt
// binding of one model call.
type PromptProgramInvokedEvent struct {
	// Turn is the turn; required.
	Turn uint32 `json:"turn"`
	// InvocationDigest is the invocation digest; required.
	InvocationDigest string `json:"invocation_digest"`
	// PlatformDigest is the platform program's digest; required.
	PlatformDigest string `json:"platform_digest"`
	// DomainDigest is the domain program's digest; required.
	DomainDigest string `json:"domain_digest"`
	// ToolSpecHash is the tool surface's hash; required.
	ToolSpecHash string `json:"tool_spec_hash"`
	// ResidentContextDigest is the resident context's digest (empty on
	// older rows); D: absent reads as the zero value; always written.
	ResidentContextDigest string `json:"resident_context_digest"`
}

// EventName returns the event tag "prompt_program_invoked".
func (PromptProgramInvokedEvent) EventName() string { return tagPromptProgramInvoked }

func (PromptProgramInvokedEvent) isLoopEvent() {}
