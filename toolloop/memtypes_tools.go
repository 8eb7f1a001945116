package toolloop

// This file holds the in-memory prompt and tool-catalogue types of §9.2 of
// the specification: the prompt envelope, tool entries and their footprints.
// None is serialized by this package.

// PromptEnvelope is the compiled prompt binding for one actor: the seeded
// text, the digests stamped into every control frame, and what is needed to
// recompile when the tool surface or the failover route changes.
type PromptEnvelope struct {
	// Text is the seeded prompt text.
	Text string
	// InvocationDigest is the invocation digest.
	InvocationDigest string
	// ManifestDigest is the manifest digest.
	ManifestDigest string
	// Stage is the platform stage, kept for per-call recompilation; nil
	// when absent.
	Stage *PlatformStage
	// DomainSections are the domain's same-stage sections, rendered once.
	DomainSections []RenderedSection
	// Invocation is the invocation compiled at seed time; nil when absent.
	Invocation *CompiledPromptInvocation
}

// PlatformStage is the platform's sections for one stage.
type PlatformStage struct {
	// Stage is the agent stage.
	Stage PromptStage
	// Separator joins the rendered sections.
	Separator string
	// Sections are the stage's rendered sections.
	Sections []RenderedSection
}

// RenderedSection is one rendered prompt section.
type RenderedSection struct {
	// ID names the section.
	ID PromptSectionID
	// Version is the section's version.
	Version PromptSectionVersion
	// Role is the role of the message the section goes into.
	Role PromptMessageRole
	// Required reports whether the section may not be dropped.
	Required bool
	// Priority orders the sections when some must be dropped.
	Priority uint16
	// ContentHash hashes Content.
	ContentHash string
	// Content is the rendered text.
	Content string
}

// CompiledPromptInvocation is the pair of programs of one model call and
// its digest.
type CompiledPromptInvocation struct {
	// Platform is the platform program.
	Platform CompiledPromptProgram
	// Domain is the domain program.
	Domain CompiledPromptProgram
	// InvocationDigest is the invocation digest.
	InvocationDigest string
}

// ToolEntry is one tool of the catalogue offered to the model.
type ToolEntry struct {
	// Name is the tool's name.
	Name string
	// Description is the tool's description.
	Description string
	// DiscoverySummary is the one-line summary shown by tool discovery.
	DiscoverySummary string
	// DescriptionTemplates are per-selector descriptions; nil when absent.
	DescriptionTemplates *ToolDescriptionLibrary
	// Effect is the kind of effect the tool has.
	Effect EffectKind
	// Risk is the tool's declared risk.
	Risk RiskClass
	// Schema is the tool's argument JSON schema.
	Schema Value
	// Footprint is the resources the tool touches.
	Footprint FootprintSpec
	// ProposalBindings map call arguments to proposal fields.
	ProposalBindings []ProposalBinding
	// Durable reports whether the tool's effect is durable (bracketed by
	// external intent and result records).
	Durable bool
	// Origin is where the tool comes from.
	Origin ToolOrigin
	// Hot reports whether the tool is offered without discovery.
	Hot bool
}

// ToolDescriptionLibrary is a base description with selector-specific
// overrides.
type ToolDescriptionLibrary struct {
	// Base is the default description.
	Base string
	// Overrides are the selector-specific descriptions.
	Overrides []ToolDescriptionOverride
}

// ToolDescriptionOverride is one selector-specific tool description.
type ToolDescriptionOverride struct {
	// Selector selects where the override applies.
	Selector string
	// Description is the overriding description.
	Description string
}

// FootprintSpec declares the resources a tool or correction touches.
type FootprintSpec struct {
	// Selectors select the resources.
	Selectors []ResourceSelector
}

// ToolOrigin is where a tool comes from: ToolOriginBuiltin,
// ToolOriginDomain or ToolOriginExternal.
type ToolOrigin interface {
	isToolOrigin()
}

// ToolOriginBuiltin is the ToolOrigin unit variant of a built-in tool.
type ToolOriginBuiltin struct{}

// ToolOriginDomain is the ToolOrigin variant of a tool supplied by the named
// domain.
type ToolOriginDomain string

// ToolOriginExternal is the ToolOrigin variant of a tool supplied by the
// named external source.
type ToolOriginExternal string

func (ToolOriginBuiltin) isToolOrigin()  {}
func (ToolOriginDomain) isToolOrigin()   {}
func (ToolOriginExternal) isToolOrigin() {}

// ProposalBinding maps a call argument (Field) to a part of the effect
// proposal: ProposalBindingPath, ProposalBindingCommand, ProposalBindingURL
// or ProposalBindingMultiValue.
type ProposalBinding interface {
	isProposalBinding()
}

// ProposalBindingPath binds the argument Field to the proposal's path.
type ProposalBindingPath struct {
	// Field names the call argument.
	Field string
}

// ProposalBindingCommand binds the argument Field to the proposal's
// command.
type ProposalBindingCommand struct {
	// Field names the call argument.
	Field string
}

// ProposalBindingURL binds the argument Field to the proposal's network
// target.
type ProposalBindingURL struct {
	// Field names the call argument.
	Field string
}

// ProposalBindingMultiValue binds the list argument Field to the proposal
// part named by Target.
type ProposalBindingMultiValue struct {
	// Field names the call argument.
	Field string
	// Target is the proposal part each value binds to.
	Target MultiValueTarget
}

func (ProposalBindingPath) isProposalBinding()       {}
func (ProposalBindingCommand) isProposalBinding()    {}
func (ProposalBindingURL) isProposalBinding()        {}
func (ProposalBindingMultiValue) isProposalBinding() {}

// MultiValueTarget is the proposal part a multi-value binding targets. Its
// zero value "" is not valid.
type MultiValueTarget string

// The MultiValueTarget values, in declaration order.
const (
	// MultiValueTargetPath is "path": the values are paths.
	MultiValueTargetPath MultiValueTarget = "path"
	// MultiValueTargetCommand is "command": the values are commands.
	MultiValueTargetCommand MultiValueTarget = "command"
	// MultiValueTargetURL is "url": the values are network targets.
	MultiValueTargetURL MultiValueTarget = "url"
)

// Valid reports whether t is one of the 3 MultiValueTarget values.
func (t MultiValueTarget) Valid() bool {
	switch t {
	case MultiValueTargetPath, MultiValueTargetCommand, MultiValueTargetURL:
		return true
	}
	return false
}

// AccessMode is how a footprint selector accesses its resource. Its zero
// value "" is not valid.
type AccessMode string

// The AccessMode values, in declaration order.
const (
	// AccessModeRead is "read": the resource is read.
	AccessModeRead AccessMode = "read"
	// AccessModeWrite is "write": the resource is written.
	AccessModeWrite AccessMode = "write"
)

// Valid reports whether a is one of the 2 AccessMode values.
func (a AccessMode) Valid() bool {
	return a == AccessModeRead || a == AccessModeWrite
}

// ResourceSelector selects the resources of a footprint:
// ResourceSelectorLiteral, ResourceSelectorPathArgument,
// ResourceSelectorParentManifestOf, ResourceSelectorProviderRateLimit or
// ResourceSelectorOpaqueWorkspace.
type ResourceSelector interface {
	isResourceSelector()
}

// ResourceSelectorLiteral selects one fixed resource.
type ResourceSelectorLiteral struct {
	// Resource is the selected resource.
	Resource Resource
	// Access is how it is accessed.
	Access AccessMode
}

// ResourceSelectorPathArgument selects the file named by the call argument
// Field.
type ResourceSelectorPathArgument struct {
	// Field names the call argument.
	Field string
	// Access is how the file is accessed.
	Access AccessMode
}

// ResourceSelectorParentManifestOf selects the manifest governing the path
// named by the call argument Field.
type ResourceSelectorParentManifestOf struct {
	// Field names the call argument.
	Field string
	// Access is how the manifest is accessed.
	Access AccessMode
}

// ResourceSelectorProviderRateLimit is the ResourceSelector unit variant
// selecting the provider's rate limit.
type ResourceSelectorProviderRateLimit struct{}

// ResourceSelectorOpaqueWorkspace is the ResourceSelector unit variant
// selecting the whole workspace as one opaque resource.
type ResourceSelectorOpaqueWorkspace struct{}

func (ResourceSelectorLiteral) isResourceSelector()           {}
func (ResourceSelectorPathArgument) isResourceSelector()      {}
func (ResourceSelectorParentManifestOf) isResourceSelector()  {}
func (ResourceSelectorProviderRateLimit) isResourceSelector() {}
func (ResourceSelectorOpaqueWorkspace) isResourceSelector()   {}

// Resource is one resource of a footprint: a string-carrying variant per
// resource kind (ResourceFile, ResourceInterface, ResourceManifest,
// ResourceLockfile, ResourceMigration, ResourceTestFixture,
// ResourceToolchain, ResourceCapability, ResourceRiskBudget,
// ResourceProviderRateLimit) or a unit variant (ResourceFreshIDAllocator,
// ResourceLedgerRoot, ResourceOpaqueWorkspace).
type Resource interface {
	isResource()
}

// ResourceFile is the Resource variant of the named file.
type ResourceFile string

// ResourceInterface is the Resource variant of the named interface.
type ResourceInterface string

// ResourceManifest is the Resource variant of the named manifest.
type ResourceManifest string

// ResourceLockfile is the Resource variant of the named lock file.
type ResourceLockfile string

// ResourceMigration is the Resource variant of the named migration.
type ResourceMigration string

// ResourceTestFixture is the Resource variant of the named test fixture.
type ResourceTestFixture string

// ResourceToolchain is the Resource variant of the named toolchain.
type ResourceToolchain string

// ResourceCapability is the Resource variant of the named capability.
type ResourceCapability string

// ResourceRiskBudget is the Resource variant of the named risk budget.
type ResourceRiskBudget string

// ResourceProviderRateLimit is the Resource variant of the named provider's
// rate limit.
type ResourceProviderRateLimit string

// ResourceFreshIDAllocator is the Resource unit variant of the fresh
// identifier allocator.
type ResourceFreshIDAllocator struct{}

// ResourceLedgerRoot is the Resource unit variant of the ledger root.
type ResourceLedgerRoot struct{}

// ResourceOpaqueWorkspace is the Resource unit variant of the whole
// workspace as one opaque resource.
type ResourceOpaqueWorkspace struct{}

func (ResourceFile) isResource()              {}
func (ResourceInterface) isResource()         {}
func (ResourceManifest) isResource()          {}
func (ResourceLockfile) isResource()          {}
func (ResourceMigration) isResource()         {}
func (ResourceTestFixture) isResource()       {}
func (ResourceToolchain) isResource()         {}
func (ResourceCapability) isResource()        {}
func (ResourceRiskBudget) isResource()        {}
func (ResourceProviderRateLimit) isResource() {}
func (ResourceFreshIDAllocator) isResource()  {}
func (ResourceLedgerRoot) isResource()        {}
func (ResourceOpaqueWorkspace) isResource()   {}
