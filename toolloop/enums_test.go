package toolloop

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// strs converts enum constants to their string values.
func strs[T ~string](v ...T) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = string(x)
	}
	return out
}

// enumCase describes one string enum: its values as perspt declares them,
// in declaration order, the Go constants in the same order (for the decoded
// enums, the package's list of them, which the decoder returns its values
// from), and its Valid method.
type enumCase struct {
	typ    reflect.Type
	values []string
	consts []string
	valid  func(string) bool
}

func (c enumCase) name() string { return c.typ.Name() }

// enumOf returns the enumCase of E: values lists perspt's values, space
// separated, and consts E's constants in the same order.
func enumOf[E interface {
	~string
	Valid() bool
}](values string, consts ...E) enumCase {
	return enumCase{typeOf[E](), strings.Fields(values), strs(consts...), func(s string) bool { return E(s).Valid() }}
}

// unitEnums are the unit-only wire enums.
var unitEnums = []enumCase{
	enumOf[EnergyComponent]("syn str log boot sheaf", energyComponentValues...),
	enumOf[ResidualClass]("syntax type build test_failure lint format runtime dependency manifest import_graph symbol_mismatch interface_mismatch ownership_violation context_drift regression policy sensor_unavailable tool_failure sheaf_inconsistency capability_denied budget_exhausted tool_argument_invalid witness_stale tool_thrash tool_batch_conflict unread_edit budget_pressure adjudicator_objection provider_unavailable",
		residualClassValues...),
	enumOf[ResidualSeverity]("hint warning error blocking", residualSeverityValues...),
	enumOf[IndependenceRoute]("deterministic_tool compiler lsp test_oracle formal_solver repo_script external_api separate_model same_model_critique",
		independenceRouteValues...),
	enumOf[EffectKind]("read_file tool_search tool_program search list lsp_query write_artifact apply_patch move_file delete_file run_verifier run_formatter run_test run_build mutate_dependencies run_repo_script run_shell git_read git_write network_fetch ask_user spawn_agent update_graph update_policy",
		effectKindValues...),
	enumOf[RiskClass]("none low medium high critical", riskClassValues...),
	enumOf[DenyReason]("no_capability effect_out_of_scope path_out_of_scope command_out_of_scope network_out_of_scope call_budget_exhausted expired risk_budget_exhausted state_witness_mismatch shell_not_permitted mutation_not_permitted policy_denied privilege_escalation",
		denyReasonValues...),
	enumOf[RecoveryClass]("retryable needs_approval needs_capability fatal", recoveryClassValues...),
	enumOf[ClauseID]("authority contract effect barrier_increment risk_budget", clauseIDValues...),
	enumOf[FailureKind]("gate_rejection tool_failure provider_transport provider_rate_limit capability_mismatch measured_plateau scope_too_broad needs_approval needs_capability unknown",
		failureKindValues...),
	enumOf[CascadeLevel]("retry fallback refine escalate contain", cascadeLevelValues...),
	enumOf[PromptStage]("session_bootstrap graph_plan tool_discovery conversation_compact external_reconcile repository_explore branch_strategy branch_propose branch_correct branch_review adjudicate evidence_summarize",
		promptStageValues...),
	enumOf[PromptMessageRole]("system user", promptMessageRoleValues...),
}

// otherEnums are the remaining string enums: the unit variants of
// ModelFamily and the in-memory MultiValueTarget and AccessMode.
var otherEnums = []enumCase{
	enumOf[ModelFamilyKnown]("open_ai_gpt anthropic_claude google_gemini xai_grok deep_seek cohere_command llama qwen mistral",
		modelFamilyKnownValues...),
	enumOf[MultiValueTarget]("path command url", MultiValueTargetPath, MultiValueTargetCommand, MultiValueTargetURL),
	enumOf[AccessMode]("read write", AccessModeRead, AccessModeWrite),
}

func allEnums() []enumCase { return append(slices.Clip(unitEnums), otherEnums...) }

// enumCaseOf returns the enumCase of the string enum type t, if any.
func enumCaseOf(t reflect.Type) (enumCase, bool) {
	for _, c := range allEnums() {
		if c.typ == t {
			return c, true
		}
	}
	return enumCase{}, false
}

func TestEnumConstantsSpellTheSpecValuesInOrder(t *testing.T) {
	for _, c := range allEnums() {
		if !slices.Equal(c.consts, c.values) {
			t.Errorf("%s constants = %q, want %q", c.name(), c.consts, c.values)
		}
	}
}

// TestEnumConstantsAreDeclaredInSpecOrder reads the source files and checks
// that each enum's typed constants are declared exactly in the listed order.
func TestEnumConstantsAreDeclaredInSpecOrder(t *testing.T) {
	fset := token.NewFileSet()
	declared := map[string][]string{}
	for _, file := range []string{"enums_gen.go"} {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				id, ok := vs.Type.(*ast.Ident)
				if !ok || len(vs.Values) != 1 {
					continue
				}
				lit, ok := vs.Values[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				v, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				declared[id.Name] = append(declared[id.Name], v)
			}
		}
	}
	for _, c := range allEnums() {
		if got := declared[c.name()]; !slices.Equal(got, c.values) {
			t.Errorf("%s declared %q, want %q", c.name(), got, c.values)
		}
	}
}

func TestEnumValidAcceptsExactlyItsList(t *testing.T) {
	all := allEnums()
	for _, c := range all {
		for _, v := range c.values {
			if !c.valid(v) {
				t.Errorf("%s(%q).Valid() = false", c.name(), v)
			}
			// Near misses: case, padding, affixes.
			for _, bad := range []string{strings.ToUpper(v), strings.ToUpper(v[:1]) + v[1:], " " + v, v + " ",
				v + "_", "_" + v, v + "\x00", strings.ReplaceAll(v, "_", "-"), strings.ReplaceAll(v, "_", "")} {
				if bad != v && c.valid(bad) && !slices.Contains(c.values, bad) {
					t.Errorf("%s(%q).Valid() = true", c.name(), bad)
				}
			}
		}
		for _, bad := range []string{"", "unknown_value", "null"} {
			if c.valid(bad) != slices.Contains(c.values, bad) {
				t.Errorf("%s(%q).Valid() = %v", c.name(), bad, c.valid(bad))
			}
		}
		// Every value of every other enum is valid here only if listed here.
		for _, o := range all {
			for _, v := range o.values {
				if c.valid(v) != slices.Contains(c.values, v) {
					t.Errorf("%s(%q).Valid() = %v", c.name(), v, c.valid(v))
				}
			}
		}
	}
}

func TestCascadeLevelRankFollowsDeclarationOrder(t *testing.T) {
	for i, l := range []CascadeLevel{CascadeLevelRetry, CascadeLevelFallback, CascadeLevelRefine,
		CascadeLevelEscalate, CascadeLevelContain} {
		if got := l.Rank(); got != i {
			t.Errorf("%s.Rank() = %d, want %d", l, got, i)
		}
	}
	for _, l := range []CascadeLevel{"", "Retry", "contained", "fatal"} {
		if got := l.Rank(); got != -1 {
			t.Errorf("CascadeLevel(%q).Rank() = %d, want -1", l, got)
		}
	}
}

func TestEnumValidDoesNotAllocate(t *testing.T) {
	c := ResidualClass("provider_unavailable")
	if n := testing.AllocsPerRun(100, func() { _ = c.Valid() }); n != 0 {
		t.Errorf("Valid allocates %v times", n)
	}
}
