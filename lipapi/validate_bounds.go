package lipapi

// CheckBounds reports whether c is within the count and size bounds that
// [Call.Validate] enforces, judging from lengths alone: it parses no JSON,
// copies and allocates nothing (unless it fails) and runs in time linear in
// the number of c's items, messages and parts, whatever their sizes. It
// returns nil or the [*ValidationError] (wrapping [ErrInvalidCall]) of the
// first bound c exceeds, with the Field and Message Validate gives for that
// bound.
//
// The bounds are those of c's authority, checked in Validate's order: the
// call ID and the item, message and instruction counts; the part counts; the
// byte length of every field the rules of a unit's kind bound (the content
// parts of message items, tool calls and results, reasoning payloads,
// compactions, extensions); and the per-call reasoning budget. Two bounds
// need more than a length and are left to Validate: the nesting of JSON
// values (MaxJSONDepth) and the length of a reasoning dialect once
// normalized (CheckBounds bounds the dialect as given, which a valid call,
// whose dialects are normalized, keeps too).
//
// Every call that passes Validate passes CheckBounds, and when the first rule
// a call breaks is a bound CheckBounds checks, both return the same error. A
// call within its bounds may still break other rules. CheckBounds is the
// cheap first gate for code about to hash, copy or parse a call: an
// oversized call is rejected before any work proportional to its size.
func (c Call) CheckBounds() error {
	if c.HasItemAuthority() {
		return c.itemBounds().err()
	}
	return c.legacyBounds().err()
}

// Validate and CheckBounds check the same limits (bounds.go) through the
// same methods (callRef.bounds, outputBounds, ...), in the same order: Validate
// between its other rules, CheckBounds alone.

// itemEnvelopeBounds checks the envelope bounds of an item-authority call.
func (c *Call) itemEnvelopeBounds() problem {
	return sizeProblem(limitCallID.of(len(c.ID)), limitItems.of(len(c.Items)))
}

// itemBounds checks the bounds of a call under item authority, in the order
// of validateItems: envelope, then each item's own bounds and the running
// reasoning budget.
func (c *Call) itemBounds() problem {
	if p := c.itemEnvelopeBounds(); p.failed() {
		return p
	}
	total := 0
	for i := range c.Items {
		it := &c.Items[i]
		if p := it.bounds(); p.failed() {
			return p.under(indexed("Items", i))
		}
		if !addItemReasoning(&total, it) {
			return fail(indexed("Items", i), msgReasoningBudget)
		}
	}
	return problem{}
}

// bounds checks the size bounds the item rules apply to it, in their order,
// for the fields its kind uses (the fields of other kinds are not bounded by
// Validate either: they make the item invalid whatever their size).
func (it *Item) bounds() problem {
	if p := it.idBound(); p.failed() {
		return p
	}
	switch it.Kind {
	case ItemKindMessage:
		if p := it.contentBound(); p.failed() {
			return p
		}
		return each(".Content", it.Content, (*ContentPart).bounds)
	case ItemKindItemReference:
		return it.Reference.bounds()
	case ItemKindToolCall:
		return it.ToolCall.bounds()
	case ItemKindToolResult:
		return it.ToolResult.bounds()
	case ItemKindReasoning:
		return it.Reasoning.bounds()
	case ItemKindCompaction:
		return it.Compaction.bounds()
	case ItemKindExtension:
		return it.Extension.bounds()
	}
	return problem{}
}

// bounds checks the bound of r's ID; a nil r has none.
func (r *ItemReference) bounds() problem {
	if r == nil {
		return problem{}
	}
	return limitReferenceID.check(len(r.ID))
}

// bounds checks the size bounds of tc, which may be nil.
func (tc *ToolCallItem) bounds() problem {
	if tc == nil {
		return problem{}
	}
	if p := toolCallRef.bounds(tc.CallID, tc.Name); p.failed() {
		return p
	}
	return limitToolArguments.check(len(tc.Arguments))
}

// bounds checks the size bounds of tr and its parts; tr may be nil.
func (tr *ToolResultItem) bounds() problem {
	if tr == nil {
		return problem{}
	}
	if p := toolResultRef.bounds(tr.CallID, tr.Name); p.failed() {
		return p
	}
	if p := tr.outputBounds(); p.failed() {
		return p
	}
	return each(".ToolResult.Parts", tr.Parts, (*ContentPart).bounds)
}

// bounds checks the size bounds of ri's payload; ri and its payload may be
// nil.
func (ri *ReasoningItem) bounds() problem {
	if ri == nil {
		return problem{}
	}
	if l := ri.Reasoning.boundsOver(); l != nil {
		return fail(".Reasoning", l.msg)
	}
	return problem{}
}

// bounds checks the size bounds of cp, which may be nil.
func (cp *CompactionItem) bounds() problem {
	if cp == nil {
		return problem{}
	}
	return cp.sizeBounds()
}

// bounds checks the size bounds of ext, which may be nil.
func (ext *OpaqueExtension) bounds() problem {
	if ext == nil {
		return problem{}
	}
	if p := limitExtNamespace.check(len(ext.Namespace)); p.failed() {
		return p
	}
	return ext.laterBounds()
}

// legacySizes checks the envelope of a legacy call and every size bound of
// its parts: what validateLegacy checks first after the presence of
// messages.
func (c *Call) legacySizes() problem {
	p := sizeProblem(limitCallID.of(len(c.ID)), limitMessages.of(len(c.Messages)), limitInstructions.of(len(c.Instructions)))
	if p.failed() {
		return p
	}
	return c.eachList(checkMessageSizes)
}

// legacyBounds checks the bounds of a call under legacy authority, in the
// order of validateLegacy: the envelope and every size bound of the parts,
// then, in the order of the semantic pass, the JSON payload bounds of the
// reasoning parts and the running reasoning budget.
func (c *Call) legacyBounds() problem {
	if p := c.legacySizes(); p.failed() {
		return p
	}
	total := 0
	return c.eachList(func(list string, msgs []Message) problem { return reasoningBounds(list, msgs, &total) })
}

// reasoningBounds checks, for each reasoning part of the messages of the
// list named list, the bounds of its JSON payloads and then the running
// budget *total.
func reasoningBounds(list string, msgs []Message, total *int) problem {
	for i := range msgs {
		for j := range msgs[i].Parts {
			p := &msgs[i].Parts[j]
			if p.Kind != PartReasoning || p.Reasoning == nil {
				continue
			}
			msg := ""
			if l := p.Reasoning.jsonOver(); l != nil {
				msg = l.msg
			} else if !addReasoning(total, p.Reasoning) {
				msg = msgReasoningBudget
			}
			if msg != "" {
				return fail(indexed(indexed(list, i)+".Parts", j), msg)
			}
		}
	}
	return problem{}
}
