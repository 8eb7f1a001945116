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
	if p := checkMessages("Messages", c.Messages, &total); p.failed() {
		return p
	}
	return checkMessages("Instructions", c.Instructions, &total)
}

// checkMessageSizes applies the part-count and size bounds to every message
// of the list named list.
func checkMessageSizes(list string, msgs []Message) problem {
	for i := range msgs {
		parts := msgs[i].Parts
		if len(parts) > MaxPartsPerMessage {
			return fail(indexed(list, i)+".Parts", "too many parts")
		}
		for j := range parts {
			if p := parts[j].checkSizes(); p.failed() {
				return p.under(indexed(indexed(list, i)+".Parts", j))
			}
		}
	}
	return problem{}
}

// checkMessages applies the role, part and reasoning rules to every message
// of the list named list, adding reasoning payload bytes to *total.
func checkMessages(list string, msgs []Message, total *int) problem {
	for i := range msgs {
		m := &msgs[i]
		if p := m.check(total); p.failed() {
			return p.under(indexed(list, i))
		}
	}
	return problem{}
}

// check applies the message rules, adding reasoning payload bytes to *total.
func (m *Message) check(total *int) problem {
	if m.Role == "" {
		return fail(".Role", "role is required")
	}
	if !m.Role.valid() {
		return fail(".Role", "invalid role")
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
				msg = "reasoning payload exceeds the per-call budget"
			}
		}
		if msg != "" {
			return fail(indexed(".Parts", j), msg)
		}
	}
	return problem{}
}

// checkSizes applies the size bounds of a legacy part, whatever its
// semantic validity.
func (p *Part) checkSizes() problem {
	switch p.Kind {
	case PartText:
		if len(p.Text) > MaxPartTextBytes {
			return fail(".Text", "text is too long")
		}
	case PartImageRef:
		if len(p.ImageRef) > MaxRefStringBytes {
			return fail(".ImageRef", "image reference is too long")
		}
		if len(p.ImageMIME) > MaxRefStringBytes {
			return fail(".ImageMIME", "image media type is too long")
		}
	case PartFileRef:
		if len(p.FileRef) > MaxRefStringBytes {
			return fail(".FileRef", "file reference is too long")
		}
		if len(p.FileMIME) > MaxRefStringBytes {
			return fail(".FileMIME", "file media type is too long")
		}
		if len(p.FileName) > MaxRefStringBytes {
			return fail(".FileName", "file name is too long")
		}
	case PartToolResult:
		if len(p.ToolCallID) > MaxRefStringBytes {
			return fail(".ToolCallID", "tool call id is too long")
		}
		if len(p.ToolName) > MaxToolNameBytes {
			return fail(".ToolName", "tool name is too long")
		}
		if outerSpace(p.ToolName) {
			return fail(".ToolName", "tool name has leading or trailing white space")
		}
		if len(p.Content) > MaxPartJSONBytes {
			return fail(".Content", "content is too long")
		}
	case PartJSON:
		if len(p.Content) > MaxPartJSONBytes {
			return fail(".Content", "content is too long")
		}
	case PartReasoning:
		if r := p.Reasoning; r != nil {
			if q := r.checkSizes(); q.failed() {
				return q.under(".Reasoning")
			}
		}
	}
	if len(p.ToolCallID) > MaxRefStringBytes {
		return fail(".ToolCallID", "tool call id is too long")
	}
	if len(p.ToolName) > MaxRefStringBytes {
		return fail(".ToolName", "tool name is too long")
	}
	return problem{}
}

// check applies the part rules and returns the reason p is invalid, or "".
func (p *Part) check() string {
	if p.Reasoning != nil && p.Kind != PartReasoning {
		return "reasoning payload on a non-reasoning part"
	}
	switch p.Kind {
	case PartText:
		if p.Text == "" {
			return "text part requires text"
		}
	case PartImageRef:
		if p.ImageRef == "" {
			return "image_ref part requires an image reference"
		}
	case PartFileRef:
		if p.FileRef == "" {
			return "file_ref part requires a file reference"
		}
	case PartToolResult:
		if p.ToolCallID == "" {
			return "tool_result part requires a tool call id"
		}
	case PartJSON:
		if len(p.Content) == 0 {
			return "json part requires content"
		}
		if !validJSON(p.Content) {
			return "json part content is not valid JSON"
		}
	case PartReasoning:
		if p.Text != "" || p.ImageRef != "" || p.ImageMIME != "" || p.FileRef != "" ||
			p.FileMIME != "" || p.FileName != "" || p.ToolCallID != "" || p.ToolName != "" ||
			len(p.Content) != 0 {
			return "reasoning part carries non-reasoning fields"
		}
		return p.Reasoning.check()
	case "":
		return "part kind is required"
	default:
		return "unknown part kind"
	}
	return ""
}
