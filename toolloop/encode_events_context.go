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

func (e *encoder) evContextWorkingSet(dst []byte, v *ContextWorkingSetEvent) ([]byte, *pathError) {
	f := contextWorkingSetFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst = e.uint(dst, uint64(v.Turn))
		case 4:
			dst, err = writeStrings(e, dst, v.PageIDs)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evContextPagesSelected(dst []byte, v *ContextPagesSelectedEvent) ([]byte, *pathError) {
	f := contextPagesSelectedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst = e.uint(dst, uint64(v.Turn))
		case 4:
			dst, err = e.str(dst, v.ResidentDigest)
		case 5:
			dst, err = writeStrings(e, dst, v.PageIDs)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evContextCompacted(dst []byte, v *ContextCompactedEvent) ([]byte, *pathError) {
	f := contextCompactedFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst, err = e.str(dst, v.ForestID)
		case 2:
			dst, err = e.str(dst, v.BranchID)
		case 3:
			dst, err = e.str(dst, v.SummaryPage)
		case 4:
			dst, err = writeStrings(e, dst, v.SourcePages)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}

func (e *encoder) evPromptProgramCompiled(dst []byte, v *PromptProgramCompiledEvent) ([]byte, *pathError) {
	f := promptProgramCompiledFields
	for k, i := range e.order(f) {
		dst = e.key(dst, f, i, k)
		var err *pathError
		switch i {
		case 1:
			dst = e.uint(dst, uint64(v.Turn))
		case 2:
			dst, err = e.compiledPromptProgram(dst, &v.Program)
		}
		if err != nil {
			return dst, f.fail(err, i)
		}
	}
	return append(dst, '}'), nil
}
