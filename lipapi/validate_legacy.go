package lipapi

// validateLegacy checks a call under legacy authority (!HasItemAuthority):
// first the envelope and every size bound, then each message's semantics.
func (c *Call) validateLegacy() problem {
	if len(c.Messages) == 0 {
		return fail("Messages", "messages are required")
	}
	if p := c.legacySizes(); p.failed() {
		return p
	}
	total := 0
	return c.eachList(func(list string, msgs []Message) problem { return checkMessages(list, msgs, &total) })
}

// checkMessages applies the message rules to every message of the list
// named list, adding reasoning payload bytes to *total.
func checkMessages(list string, msgs []Message, total *int) problem {
	return each(list, msgs, func(m *Message) problem { return m.check(total) })
}

// checkMessageSizes applies the part-count and size bounds to every message
// of the list named list.
func checkMessageSizes(list string, msgs []Message) problem {
	for i := range msgs {
		parts := msgs[i].Parts
		if limitParts.over(len(parts)) {
			return limitParts.fail().under(indexed(list, i))
		}
		for j := range parts {
			if p := parts[j].checkSizes(); p.failed() {
				return p.under(indexed(indexed(list, i)+".Parts", j))
			}
		}
	}
	return problem{}
}

// check applies the message rules, adding reasoning payload bytes to *total.
func (m *Message) check(total *int) problem {
	if p := checkRole(m.Role); p.failed() {
		return p
	}
	if len(m.Parts) == 0 {
		return fail(".Parts", "parts are required")
	}
	for j := range m.Parts {
		p := &m.Parts[j]
		msg := p.check()
		if msg == "" && p.Kind == PartReasoning {
			if m.Role != RoleAssistant {
				msg = "reasoning parts require the assistant role"
			} else if !addReasoning(total, p.Reasoning) {
				msg = msgReasoningBudget
			}
		}
		if msg != "" {
			return fail(indexed(".Parts", j), msg)
		}
	}
	return problem{}
}

// checkSizes applies the size bounds of a legacy part, whatever its
// semantic validity: those of the fields its kind uses, then those of
// ToolCallID and ToolName, which every kind bounds.
func (p *Part) checkSizes() problem {
	if q := p.kindSizes(); q.failed() {
		return q
	}
	return sizeProblem(limitToolCallIDRef.of(len(p.ToolCallID)), limitAnyPartToolName.of(len(p.ToolName)))
}

// kindSizes applies the size bounds of the fields p's kind uses.
func (p *Part) kindSizes() problem {
	switch p.Kind {
	case PartText:
		return limitText.check(len(p.Text))
	case PartToolResult:
		return p.toolResultSizes()
	case PartReasoning:
		return p.Reasoning.envelopeBounds()
	}
	return p.referenceSizes()
}

// referenceSizes applies the size bounds of an image_ref, file_ref or json
// part.
func (p *Part) referenceSizes() problem {
	switch p.Kind {
	case PartImageRef:
		return sizeProblem(limitImageRef.of(len(p.ImageRef)), limitImageMIME.of(len(p.ImageMIME)))
	case PartFileRef:
		return sizeProblem(
			limitFileRef.of(len(p.FileRef)), limitFileMIME.of(len(p.FileMIME)),
			limitFileName.of(len(p.FileName)),
		)
	case PartJSON:
		return limitContentJSON.check(len(p.Content))
	}
	return problem{}
}

// toolResultSizes applies the size bounds of a tool_result part, and the
// rule on the tool name's white space, which comes between them.
func (p *Part) toolResultSizes() problem {
	switch {
	case limitToolCallIDRef.over(len(p.ToolCallID)):
		return limitToolCallIDRef.fail()
	case limitPartToolName.over(len(p.ToolName)):
		return limitPartToolName.fail()
	case outerSpace(p.ToolName):
		return fail(".ToolName", "tool name has leading or trailing white space")
	case limitContentJSON.over(len(p.Content)):
		return limitContentJSON.fail()
	}
	return limitText.check(len(p.Text))
}

// check applies the part rules and returns the reason p is invalid, or "".
func (p *Part) check() string {
	if p.Reasoning != nil && p.Kind != PartReasoning {
		return "reasoning payload on a non-reasoning part"
	}
	switch p.Kind {
	case PartJSON:
		if len(p.Content) == 0 {
			return "json part requires content"
		}
		if !validJSON(p.Content) {
			return "json part content is not valid JSON"
		}
		return ""
	case PartReasoning:
		if p.carriesNonReasoningFields() {
			return "reasoning part carries non-reasoning fields"
		}
		return p.Reasoning.check()
	}
	return p.missing()
}

// missing returns the reason a part of a kind carrying a text or a
// reference lacks it, or that its kind is not known, or "".
func (p *Part) missing() string {
	var present bool
	var reason string
	switch p.Kind {
	case PartText:
		present, reason = p.Text != "", "text part requires text"
	case PartImageRef:
		present, reason = p.ImageRef != "", "image_ref part requires an image reference"
	case PartFileRef:
		present, reason = p.FileRef != "", "file_ref part requires a file reference"
	case PartToolResult:
		present, reason = p.ToolCallID != "", "tool_result part requires a tool call id"
	case "":
		return "part kind is required"
	default:
		return "unknown part kind"
	}
	if present {
		return ""
	}
	return reason
}

// carriesNonReasoningFields reports whether a field other than Kind and
// Reasoning is set.
func (p *Part) carriesNonReasoningFields() bool {
	return p.Text != "" || p.ImageRef != "" || p.ImageMIME != "" || p.FileRef != "" ||
		p.FileMIME != "" || p.FileName != "" || p.ToolCallID != "" || p.ToolName != "" ||
		len(p.Content) != 0
}
