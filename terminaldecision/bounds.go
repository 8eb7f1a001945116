package terminaldecision

// Bounds of the value model, in bytes of UTF-8 measured on the raw value (not
// the trimmed one), except MaxEvidenceActions, which is an array size.
const (
	// MaxProviderIDBytes bounds a provider identity.
	MaxProviderIDBytes = 128
	// MaxIdentifierBytes bounds every identifier and reference: candidate
	// reference, request, trace and leg ids, policy revision, trajectory,
	// parent, progress and control references, action item and call ids,
	// action names and continuation provenance.
	MaxIdentifierBytes = 256
	// MaxReasonCodeBytes bounds a decision or continuation reason code.
	MaxReasonCodeBytes = 96
	// MaxInstructionBytes bounds a continuation instruction.
	MaxInstructionBytes = 4096
	// MaxEvidenceTextBytes bounds each of the evidence objective, recent text
	// and candidate text.
	MaxEvidenceTextBytes = 2048
	// MaxEvidenceActions is the size of the fixed Evidence.Actions array.
	MaxEvidenceActions = 8
)
