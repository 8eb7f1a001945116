package toolloop

// ContextCheckpoint is a checkpoint of the model context covering a range
// of events. JSON: an object with the members below in this order.
type ContextCheckpoint struct {
	// Parent is the previous checkpoint (O).
	Parent *string `json:"parent"`
	// CoveredFrom is the first covered event (required).
	CoveredFrom uint64 `json:"covered_from"`
	// CoveredTo is the last covered event (required).
	CoveredTo uint64 `json:"covered_to"`
	// CoveredEventRoot is the event-log chain root over the covered events
	// (required; not interpreted by this package).
	CoveredEventRoot string `json:"covered_event_root"`
	// Control is the control frame at the checkpoint (required).
	Control ControlFrame `json:"control"`
	// ArtifactRefs reference recorded artifacts (required).
	ArtifactRefs []string `json:"artifact_refs"`
	// NarrativeObservation is a narrative summary (O).
	NarrativeObservation *string `json:"narrative_observation"`
}

// ControlFrame is the loop's control state, stamped into checkpoints. JSON:
// an object with the members below in this order; the D members are absent
// on older rows and read as their zero value.
type ControlFrame struct {
	// ProjectionDigest is the projection digest (D).
	ProjectionDigest string `json:"projection_digest"`
	// EventSchemaVersion is the event schema version (D).
	EventSchemaVersion uint32 `json:"event_schema_version"`
	// PromptInvocationDigest is the prompt invocation digest (D).
	PromptInvocationDigest string `json:"prompt_invocation_digest"`
	// PromptManifestDigest is the prompt manifest digest (D).
	PromptManifestDigest string `json:"prompt_manifest_digest"`
	// ResidentContextDigest is the resident context digest (D).
	ResidentContextDigest string `json:"resident_context_digest"`
	// NodeID is the task-graph node (D).
	NodeID string `json:"node_id"`
	// Goal is the node's goal (required).
	Goal string `json:"goal"`
	// NodeGeneration is the node generation (required).
	NodeGeneration uint32 `json:"node_generation"`
	// AcceptedStateRoot is the accepted state root (required).
	AcceptedStateRoot string `json:"accepted_state_root"`
	// GraphRevision is the task-graph revision (required).
	GraphRevision string `json:"graph_revision"`
	// CapabilityIDs are the granted capabilities (required).
	CapabilityIDs []string `json:"capability_ids"`
	// AuthorityEpoch is the authority epoch (required).
	AuthorityEpoch uint64 `json:"authority_epoch"`
	// RemainingRejectionBudget is the remaining rejection budget (required).
	RemainingRejectionBudget uint32 `json:"remaining_rejection_budget"`
	// RemainingTurns is the number of remaining turns (required).
	RemainingTurns uint32 `json:"remaining_turns"`
	// ActiveModel is the model in use (required).
	ActiveModel ModelID `json:"active_model"`
	// RemainingFallbackModels are the fallback models left (required).
	RemainingFallbackModels []ModelID `json:"remaining_fallback_models"`
	// ActivatedTools are the activated tools (required).
	ActivatedTools []string `json:"activated_tools"`
	// UnresolvedCallIDs are the calls without a response yet (required).
	UnresolvedCallIDs []string `json:"unresolved_call_ids"`
	// ResidualSummary summarizes the residual energy by label (required).
	ResidualSummary []ResidualSummaryEntry `json:"residual_summary"`
}

// ResidualSummaryEntry is one (label, energy) pair of a residual summary
// (Rust's (String, f64) tuple). JSON: the two-element array
// [label, energy], e.g. ["build",1.0]; decoding requires exactly two
// elements, a string then a number. It carries no JSON tags because it is
// not an object.
type ResidualSummaryEntry struct {
	// Label is the summary label, the tuple's first element.
	Label string
	// Energy is the label's energy, the tuple's second element.
	Energy float64
}

// DurableSeedFile is the content-addressed form of a SeedFile persisted in
// a durable candidate checkpoint. JSON:
// {"path":…,"content_artifact":…,"source_preimage_artifact":…}.
type DurableSeedFile struct {
	// Path is the file's path (required).
	Path string `json:"path"`
	// ContentArtifact is the artifact handle of the accepted content (O:
	// nil means the file is deleted).
	ContentArtifact *string `json:"content_artifact"`
	// SourcePreimageArtifact is the artifact handle of the workspace state
	// the first mutation derived from (O).
	SourcePreimageArtifact *string `json:"source_preimage_artifact"`
}
