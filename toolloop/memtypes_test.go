package toolloop

import (
	"math"
	"reflect"
	"testing"
)

func TestCorrectionPacketIsEmptyWithoutOperatorsAndDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		p    CorrectionPacket
		want bool
	}{
		{"zero", CorrectionPacket{}, true},
		{"empty slices", CorrectionPacket{Operators: []CorrectionOperator{}, Diagnostics: []StructuredDiagnosticRef{}}, true},
		{"other parts only", CorrectionPacket{
			DominantCluster: ResidualClusterRef{ClusterID: "k", MemberCount: 3},
			Affected:        AffectedSet{Paths: []string{"a"}}, FollowUpStages: []string{"s"},
			NoGoods: []NoGoodRef{{Key: "k"}}, Uncertainty: []MissingSensorDecl{{Sensor: "lsp"}},
			ExpectedFootprint: FootprintSpec{Selectors: []ResourceSelector{ResourceSelectorOpaqueWorkspace{}}}}, true},
		{"an operator", CorrectionPacket{Operators: []CorrectionOperator{{OperatorID: "o"}}}, false},
		{"a diagnostic", CorrectionPacket{Diagnostics: []StructuredDiagnosticRef{{Message: "m"}}}, false},
	}
	for _, tt := range tests {
		if got := tt.p.IsEmpty(); got != tt.want {
			t.Errorf("%s: IsEmpty() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestProjectionMismatchTotalSumsAndSaturates(t *testing.T) {
	tests := []struct {
		m    ProjectionMismatch
		want uint32
	}{
		{ProjectionMismatch{}, 0},
		{ProjectionMismatch{1, 2, 3, 4, 5}, 15},
		{ProjectionMismatch{PartialApplications: 7}, 7},
		{ProjectionMismatch{math.MaxUint32, 0, 0, 0, 0}, math.MaxUint32},
		{ProjectionMismatch{math.MaxUint32, 1, 0, 0, 0}, math.MaxUint32},
		{ProjectionMismatch{math.MaxUint32, math.MaxUint32, math.MaxUint32, math.MaxUint32, math.MaxUint32}, math.MaxUint32},
	}
	for _, tt := range tests {
		if got := tt.m.Total(); got != tt.want {
			t.Errorf("%+v.Total() = %d, want %d", tt.m, got, tt.want)
		}
	}
}

// TestInMemoryEnumsHaveTheirVariants pins the sealed in-memory enums.
func TestInMemoryEnumsHaveTheirVariants(t *testing.T) {
	enums := []struct {
		iface    reflect.Type
		variants []any
	}{
		{typeOf[ToolOrigin](), []any{ToolOriginBuiltin{}, ToolOriginDomain("d"), ToolOriginExternal("mcp")}},
		{typeOf[ProposalBinding](), []any{ProposalBindingPath{Field: "p"}, ProposalBindingCommand{Field: "c"},
			ProposalBindingURL{Field: "u"}, ProposalBindingMultiValue{Field: "m", Target: MultiValueTargetURL}}},
		{typeOf[ResourceSelector](), []any{ResourceSelectorLiteral{Resource: ResourceLedgerRoot{}, Access: AccessModeRead},
			ResourceSelectorPathArgument{Field: "path", Access: AccessModeWrite},
			ResourceSelectorParentManifestOf{Field: "path", Access: AccessModeRead},
			ResourceSelectorProviderRateLimit{}, ResourceSelectorOpaqueWorkspace{}}},
		{typeOf[Resource](), []any{ResourceFile("a"), ResourceInterface("b"), ResourceManifest("c"),
			ResourceLockfile("d"), ResourceMigration("e"), ResourceTestFixture("f"), ResourceToolchain("g"),
			ResourceCapability("h"), ResourceRiskBudget("i"), ResourceProviderRateLimit("j"),
			ResourceFreshIDAllocator{}, ResourceLedgerRoot{}, ResourceOpaqueWorkspace{}}},
		{typeOf[NodeTerminalOutcome](), []any{NodeTerminalOutcomeHardPass{}, NodeTerminalOutcomeEscalated{CertificateID: "c"}}},
	}
	for _, e := range enums {
		for _, v := range e.variants {
			vt := reflect.TypeOf(v)
			if !vt.Implements(e.iface) || !reflect.PointerTo(vt).Implements(e.iface) {
				t.Errorf("%s does not implement %s as value and pointer", vt, e.iface)
			}
			for _, o := range enums {
				if o.iface != e.iface && vt.Implements(o.iface) {
					t.Errorf("%s also implements %s", vt, o.iface)
				}
			}
		}
	}
}
