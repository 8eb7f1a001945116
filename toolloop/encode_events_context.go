package toolloop

// This file writes the 6 resident-context events and the 2 prompt-program
// events (§3 #36–43 of the specification). Member 0 of every table is the
// "event" tag; the context events share their first three members
// (forest_id, branch_id and, but for context_compacted, turn).

var (
	contextWorkingSetFields    = newEvent(tagContextWorkingSet, "forest_id", "branch_id", "turn", "page_ids")
	contextPagesSelectedFields = newEvent(tagContextPagesSelected,
		"forest_id", "branch_id", "turn", "resident_digest", "page_ids")
	contextMissFields           = newEvent(tagContextMiss, "forest_id", "branch_id", "turn", "key")
	contextPageRecalledFields   = newEvent(tagContextPageRecalled, "forest_id", "branch_id", "turn", "page_id")
	contextInfeasibleFields     = newEvent(tagContextInfeasible, "forest_id", "branch_id", "turn", "required", "allowance")
	contextCompactedFields      = newEvent(tagContextCompacted, "forest_id", "branch_id", "summary_page", "source_pages")
	promptProgramCompiledFields = newEvent(tagPromptProgramCompiled, "turn", "program")
	promptProgramInvokedFields  = newEvent(tagPromptProgramInvoked,
		"turn", "invocation_digest", "platform_digest", "domain_digest", "tool_spec_hash", "resident_context_digest")
)

// contextEvent writes a context event of f: forest, branch and turn as
// members 1 to 3, then rest for the members from 4 on.
func (e *encoder) contextEvent(f *fields, forest, branch string, turn uint32, rest func(i int) *pathError) *pathError {
	return e.object(f, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(forest)
		case 2:
			return e.str(branch)
		case 3:
			e.uint(uint64(turn))
			return nil
		}
		return rest(i)
	})
}

func (e *encoder) evContextWorkingSet(v *ContextWorkingSetEvent) *pathError {
	return e.contextEvent(contextWorkingSetFields, v.ForestID, v.BranchID, v.Turn, func(int) *pathError {
		return writeStrings(e, v.PageIDs)
	})
}

func (e *encoder) evContextPagesSelected(v *ContextPagesSelectedEvent) *pathError {
	return e.contextEvent(contextPagesSelectedFields, v.ForestID, v.BranchID, v.Turn, func(i int) *pathError {
		if i == 4 {
			return e.str(v.ResidentDigest)
		}
		return writeStrings(e, v.PageIDs)
	})
}

func (e *encoder) evContextMiss(v *ContextMissEvent) *pathError {
	return e.contextEvent(contextMissFields, v.ForestID, v.BranchID, v.Turn, func(int) *pathError {
		return e.str(v.Key)
	})
}

func (e *encoder) evContextPageRecalled(v *ContextPageRecalledEvent) *pathError {
	return e.contextEvent(contextPageRecalledFields, v.ForestID, v.BranchID, v.Turn, func(int) *pathError {
		return e.str(v.PageID)
	})
}

func (e *encoder) evContextInfeasible(v *ContextInfeasibleEvent) *pathError {
	return e.contextEvent(contextInfeasibleFields, v.ForestID, v.BranchID, v.Turn, func(i int) *pathError {
		if i == 4 {
			e.uint(v.Required)
		} else {
			e.uint(v.Allowance)
		}
		return nil
	})
}

func (e *encoder) evContextCompacted(v *ContextCompactedEvent) *pathError {
	return e.object(contextCompactedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			return e.str(v.ForestID)
		case 2:
			return e.str(v.BranchID)
		case 3:
			return e.str(v.SummaryPage)
		}
		return writeStrings(e, v.SourcePages)
	})
}

func (e *encoder) evPromptProgramCompiled(v *PromptProgramCompiledEvent) *pathError {
	return e.object(promptProgramCompiledFields, 0, func(i int) *pathError {
		if i == 1 {
			e.uint(uint64(v.Turn))
			return nil
		}
		return e.compiledPromptProgram(&v.Program)
	})
}

func (e *encoder) evPromptProgramInvoked(v *PromptProgramInvokedEvent) *pathError {
	return e.object(promptProgramInvokedFields, 0, func(i int) *pathError {
		switch i {
		case 1:
			e.uint(uint64(v.Turn))
			return nil
		case 2:
			return e.str(v.InvocationDigest)
		case 3:
			return e.str(v.PlatformDigest)
		case 4:
			return e.str(v.DomainDigest)
		case 5:
			return e.str(v.ToolSpecHash)
		}
		return e.str(v.ResidentContextDigest)
	})
}
