package toolloop

// Arrays. Element writers are selected by type switches rather than passed
// as function values or called through generic code, which would move the
// output buffer to the heap. For the same reason no writer may call itself
// through another function: Go's escape analysis sends the buffer of
// mutually recursive functions to the heap (direct self-recursion is fine).
// So arrays are written by three functions of increasing level, each
// calling only writers of lower levels: list for the elements that hold no
// array of structs, list1 for those holding such a list, residuals for
// ResidualEvent, which holds a list1 array. TestMarshalAllocatesOnce fails if
// the buffer escapes.

// list writes the slice s, of length n, whose elements hold no array of
// structs, as a JSON array; nil is written [].
func (e *encoder) list(dst []byte, s any, n int) ([]byte, *pathError) {
	dst = append(dst, '[')
	for j := range n {
		if j > 0 {
			dst = append(dst, ',')
		}
		var err *pathError
		if dst, err = e.item(dst, s, j); err != nil {
			return dst, err.at(j)
		}
	}
	return append(dst, ']'), nil
}

// item writes element j of the slice s for list.
func (e *encoder) item(dst []byte, s any, j int) ([]byte, *pathError) {
	switch s := s.(type) {
	case []SymbolRef:
		return e.symbolRef(dst, &s[j])
	case []StateWitness:
		return e.flatObject(dst, stateWitnessFields, mstr(s[j].Resource), mstr(s[j].ContentHash))
	case []ModelID:
		return e.modelID(dst, &s[j])
	case []ResidualSummaryEntry:
		return e.residualSummaryEntry(dst, &s[j])
	case []DurableSeedFile:
		return e.durableSeedFile(dst, &s[j])
	case []StateDependency:
		return e.stateDependency(dst, s[j])
	case []ProviderToolCall:
		return e.providerToolCall(dst, &s[j])
	case TurnOutputToolCalls:
		return e.providerToolCall(dst, &s[j])
	case []SectionProvenance:
		return e.sectionProvenance(dst, &s[j])
	case []ClauseID:
		return writeEnum(dst, s[j])
	}
	return dst, encodeFail("no writer for this array element") // unreachable: the callers are all in this package
}

// list1 is list for the slices whose elements hold a list array: messages,
// correction directions and compiled prompt messages.
func (e *encoder) list1(dst []byte, s any, n int) ([]byte, *pathError) {
	dst = append(dst, '[')
	for j := range n {
		if j > 0 {
			dst = append(dst, ',')
		}
		var err *pathError
		switch s := s.(type) {
		case []Message:
			dst, err = e.message(dst, s[j])
		case []CorrectionDirection:
			dst, err = e.correctionDirection(dst, &s[j])
		case []CompiledPromptMessage:
			dst, err = e.compiledPromptMessage(dst, &s[j])
		default:
			err = encodeFail("no writer for this array element") // unreachable: the callers are all in this package
		}
		if err != nil {
			return dst, err.at(j)
		}
	}
	return append(dst, ']'), nil
}

// residuals writes a list of ResidualEvents, whose correction directions
// are a list1 array.
func (e *encoder) residuals(dst []byte, s []ResidualEvent) ([]byte, *pathError) {
	dst = append(dst, '[')
	for j := range s {
		if j > 0 {
			dst = append(dst, ',')
		}
		var err *pathError
		if dst, err = e.residual(dst, &s[j]); err != nil {
			return dst, err.at(j)
		}
	}
	return append(dst, ']'), nil
}
