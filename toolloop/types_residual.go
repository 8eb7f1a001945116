package toolloop

// ResidualEvent is one measured residual of a candidate. JSON: an object
// with the members below in this order.
type ResidualEvent struct {
	// ResidualID identifies the residual (required).
	ResidualID string `json:"residual_id"`
	// NodeID is the task-graph node measured (required).
	NodeID string `json:"node_id"`
	// Generation is the node generation measured (required).
	Generation uint32 `json:"generation"`
	// Component is the energy component (required).
	Component EnergyComponent `json:"component"`
	// Class classifies the residual (required).
	Class ResidualClass `json:"class"`
	// Severity is the residual's severity (required).
	Severity ResidualSeverity `json:"severity"`
	// Score is the residual's energy contribution (required).
	Score float64 `json:"score"`
	// Sensor is the sensor that observed the residual (required).
	Sensor SensorRef `json:"sensor"`
	// Evidence is the sensor's evidence (required).
	Evidence EvidencePayload `json:"evidence"`
	// AffectedPaths are the workspace paths involved (required).
	AffectedPaths []string `json:"affected_paths"`
	// AffectedSymbols are the symbols involved (required).
	AffectedSymbols []SymbolRef `json:"affected_symbols"`
	// CorrectionDirections are the suggested corrections (required).
	CorrectionDirections []CorrectionDirection `json:"correction_directions"`
}

// SensorRef identifies the sensor behind a residual. JSON:
// {"id":…,"route":…} plus "fingerprint" when it is not empty.
type SensorRef struct {
	// ID is the sensor's identifier (required).
	ID string `json:"id"`
	// Route is how the sensor is independent of the model (required).
	Route IndependenceRoute `json:"route"`
	// Fingerprint identifies the sensor build (DS: omitted on write when
	// empty; absent reads as "", null is an error).
	Fingerprint string `json:"fingerprint,omitempty"`
}

// SymbolRef names a code symbol, optionally with its container. JSON:
// {"name":…,"container":…}.
type SymbolRef struct {
	// Name is the symbol's name (required).
	Name string `json:"name"`
	// Container is the enclosing symbol (O: nil is written null; absent or
	// null reads as nil).
	Container *string `json:"container"`
}

// EvidencePayload is the evidence a sensor attached to a residual. JSON:
// {"summary":…,"raw":…,"structured":…}.
type EvidencePayload struct {
	// Summary is a short human-readable summary (required).
	Summary string `json:"summary"`
	// Raw is the sensor's raw output (O).
	Raw *string `json:"raw"`
	// Structured is machine-readable evidence (O: nil is written null;
	// absent or null reads as nil, so a non-nil pointer to the null Value
	// does not survive a round trip).
	Structured *Value `json:"structured"`
}

// CorrectionDirection is a directed correction for a residual class. JSON:
// an object with the members below in this order.
type CorrectionDirection struct {
	// DirectionID identifies the direction (required).
	DirectionID string `json:"direction_id"`
	// Addresses is the residual class the direction corrects (required).
	Addresses ResidualClass `json:"addresses"`
	// Instruction tells the model what to do (required).
	Instruction string `json:"instruction"`
	// TargetPaths are the paths to change (required).
	TargetPaths []string `json:"target_paths"`
	// TargetSymbols are the symbols to change (required).
	TargetSymbols []SymbolRef `json:"target_symbols"`
	// Rationale explains the direction (required).
	Rationale string `json:"rationale"`
}
