package toolloop

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// specEventNames are the 43 event tags of perspt, in order.
var specEventNames = strings.Fields(`conversation_seeded conversation_delta turn_observed
	tool_call_observed proposal_observed proposal_checked effect_applied tool_batch_conflict
	effect_denied candidate_measured gate_decision_recorded decision_bound_refused
	candidate_restored effect_boundary_measured context_checkpoint_created
	durable_candidate_checkpoint recovery_control_granted route_failover recovery_contained
	search_opened search_usage_snapshot branch_forked branch_strategy_selected
	branch_observation branch_candidate_measured partial_checkpointed frontier_epoch_started
	frontier_entry_served branch_ineligible branch_not_selected branch_abandoned
	branch_selected branch_committed no_good_recorded search_closed context_working_set
	context_pages_selected context_miss context_page_recalled context_infeasible
	context_compacted prompt_program_compiled prompt_program_invoked`)

// goName applies the Go naming rule (CamelCase, initialisms in upper case)
// to a snake_case JSON name.
func goName(snake string) string {
	init := map[string]string{"id": "ID", "ids": "IDs", "ok": "OK", "url": "URL", "api": "API",
		"lsp": "LSP", "gpt": "GPT", "ai": "AI"}
	var b strings.Builder
	for _, w := range strings.Split(snake, "_") {
		if u, ok := init[w]; ok {
			b.WriteString(u)
		} else if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

func TestEventNamesAreTheFortyThreeTagsInSpecOrder(t *testing.T) {
	if len(specEventNames) != 43 {
		t.Fatalf("test table has %d tags", len(specEventNames))
	}
	if got := EventNames(); !slices.Equal(got, specEventNames) {
		t.Errorf("EventNames() = %q, want %q", got, specEventNames)
	}
}

func TestEventNamesReturnsAFreshSlice(t *testing.T) {
	a := EventNames()
	a[0] = "mutated"
	if b := EventNames(); b[0] != "conversation_seeded" {
		t.Errorf("EventNames shares its slice: got %q after mutating a previous result", b[0])
	}
}

func TestIsLegacyEventIsTrueForExactlyTheFirstNineteen(t *testing.T) {
	for i, name := range specEventNames {
		if got, want := IsLegacyEvent(name), i < 19; got != want {
			t.Errorf("IsLegacyEvent(%q) = %v, want %v", name, got, want)
		}
	}
	for _, name := range []string{"", "custom", "Conversation_seeded", "CONVERSATION_SEEDED",
		"conversation_seeded ", "conversationseeded", "candidate_accepted", "search_usage_snapshot"} {
		if IsLegacyEvent(name) {
			t.Errorf("IsLegacyEvent(%q) = true", name)
		}
	}
}

// TestIsLegacyEventAgreesWithTheVectorRows checks IsLegacyEvent against the
// unversioned rows of legacy_rows.jsonl: v0 rows hold exactly the 19 legacy
// events, unversioned_refused rows exactly the 24 others.
func TestIsLegacyEventAgreesWithTheVectorRows(t *testing.T) {
	accepted, refused := map[string]bool{}, map[string]bool{}
	for _, r := range legacyRows(t) {
		if r.Expect != "v0" && r.Expect != "unversioned_refused" {
			continue
		}
		var row struct {
			Payload map[string]json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal([]byte(r.Row), &row); err != nil {
			t.Fatalf("%s: %v", r.Case, err)
		}
		var tag string
		if err := json.Unmarshal(row.Payload["event"], &tag); err != nil {
			t.Fatalf("%s: payload tag: %v", r.Case, err)
		}
		if IsLegacyEvent(tag) != (r.Expect == "v0") {
			t.Errorf("%s: IsLegacyEvent(%q) = %v for a %s row", r.Case, tag, IsLegacyEvent(tag), r.Expect)
		}
		if r.Expect == "v0" {
			accepted[tag] = true
		} else {
			refused[tag] = true
		}
	}
	if len(accepted) != 19 || len(refused) != 24 {
		t.Errorf("vector rows cover %d legacy and %d envelope-only tags, want 19 and 24", len(accepted), len(refused))
	}
}

func TestAllEventSamplesFollowEventNamesAndTheNamingRule(t *testing.T) {
	samples := allEventSamples()
	names := EventNames()
	if len(samples) != len(names) {
		t.Fatalf("%d samples, want %d", len(samples), len(names))
	}
	for i, ev := range samples {
		if ev.EventName() != names[i] {
			t.Errorf("sample %d is %q, want %q", i, ev.EventName(), names[i])
		}
		typ := reflect.TypeOf(ev)
		if want := goName(names[i]) + "Event"; typ.Name() != want || typ.Kind() != reflect.Struct {
			t.Errorf("event %q has Go type %s, want struct %s", names[i], typ, want)
		}
		if !reflect.PointerTo(typ).Implements(typeOf[LoopEvent]()) {
			t.Errorf("*%s does not implement LoopEvent", typ)
		}
		if p := reflect.New(typ).Interface().(LoopEvent); p.EventName() != names[i] {
			t.Errorf("pointer to %s names %q", typ, p.EventName())
		}
	}
}

// TestGoFieldNamesFollowTheirJSONKeys pins the naming rule on every struct reachable
// from the events: the Go field name is the CamelCase of its json key.
func TestGoFieldNamesFollowTheirJSONKeys(t *testing.T) {
	types := wireTypes()
	for _, typ := range types {
		if typ.Kind() != reflect.Struct || typ == typeOf[ResidualSummaryEntry]() {
			continue
		}
		for i := range typ.NumField() {
			f := typ.Field(i)
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() {
				continue
			}
			if want := goName(key); f.Name != want {
				t.Errorf("%s.%s has json key %q, want field name %s", typ, f.Name, key, want)
			}
		}
	}
	if len(types) < 100 {
		t.Errorf("visited only %d types", len(types))
	}
}

// TestEventTypesMatchTheVectorShapes reads every direct-form event of the
// vectors with a reference JSON reader and checks it against the Go types:
// member names and order against the json tags (omitempty members may be
// absent), variant tags against the enum types, unit-enum strings against
// Valid, integers against their width. It pins the field order the encoder
// relies on.
func TestEventTypesMatchTheVectorShapes(t *testing.T) {
	docs := append(vectorLines(t, "events.direct.jsonl", false), vectorDirectForms(t)...)
	byTag := map[string]reflect.Type{}
	for _, ev := range allEventSamples() {
		byTag[ev.EventName()] = reflect.TypeOf(ev)
	}
	sc := shapeChecker{t: t, variants: map[reflect.Type]bool{}}
	events := map[string]bool{}
	for i, d := range docs {
		n := parseOrdered(t, []byte(d))
		if n.kind != '{' || len(n.keys) == 0 || n.keys[0] != "event" || n.vals[0].kind != 's' {
			t.Errorf("doc %d: not a direct-form event", i)
			continue
		}
		typ, ok := byTag[n.vals[0].str]
		if !ok {
			t.Errorf("doc %d: unknown tag %q", i, n.vals[0].str)
			continue
		}
		events[n.vals[0].str] = true
		sc.structMembers(n.vals[0].str, n, typ, 1)
	}
	if len(events) != 43 {
		t.Errorf("vectors cover %d events, want 43", len(events))
	}
	if len(docs) < 100 {
		t.Errorf("only %d vector documents checked", len(docs))
	}
	for _, e := range dataEnums {
		for tag, vt := range e.variants {
			if !sc.variants[vt] {
				t.Logf("variant %s (%s) of %s does not occur in the vectors", vt, tag, e.iface)
			}
		}
	}
}

// shapeChecker compares jnode trees with Go types.
type shapeChecker struct {
	t        *testing.T
	variants map[reflect.Type]bool // variant types seen
}

// structMembers checks the members of object n from index skip on against
// the fields of struct typ, in order.
func (sc shapeChecker) structMembers(path string, n *jnode, typ reflect.Type, skip int) {
	keys, vals := n.keys[skip:], n.vals[skip:]
	j := 0
	for i := range typ.NumField() {
		f := typ.Field(i)
		key, opt, _ := strings.Cut(f.Tag.Get("json"), ",")
		if j < len(keys) && keys[j] == key {
			sc.value(path+"."+key, vals[j], f.Type)
			j++
		} else if opt != "omitempty" {
			sc.t.Errorf("%s: member %q missing or out of order (members %q)", path, key, n.keys)
			return
		}
	}
	if j != len(keys) {
		sc.t.Errorf("%s: unexpected members %q for %s", path, keys[j:], typ)
	}
}

// jsonNodes is, by Go kind, the kind of JSON node a value of that kind is
// written as, and the node's name in errors.
var jsonNodes = map[reflect.Kind]struct {
	kind byte
	name string
}{
	reflect.Struct:  {'{', "an object"},
	reflect.Map:     {'{', "an object"},
	reflect.Slice:   {'[', "an array"},
	reflect.String:  {'s', "a string"},
	reflect.Uint16:  {'n', "an unsigned integer"},
	reflect.Uint32:  {'n', "an unsigned integer"},
	reflect.Uint64:  {'n', "an unsigned integer"},
	reflect.Float64: {'n', "a number"},
	reflect.Bool:    {'b', "a boolean"},
}

// value checks node n against Go type typ.
func (sc shapeChecker) value(path string, n *jnode, typ reflect.Type) {
	t := sc.t
	switch {
	case typ == typeOf[Value]():
		return
	case typ == typeOf[ResidualSummaryEntry]():
		if n.kind != '[' || len(n.vals) != 2 || n.vals[0].kind != 's' || n.vals[1].kind != 'n' {
			t.Errorf("%s: not a [label, energy] tuple", path)
		}
		return
	}
	if want, ok := jsonNodes[typ.Kind()]; ok && n.kind != want.kind {
		t.Errorf("%s: want %s for %s", path, want.name, typ)
		return
	}
	switch typ.Kind() {
	case reflect.Pointer:
		if n.kind != '0' {
			sc.value(path, n, typ.Elem())
		}
	case reflect.Interface:
		sc.variant(path, n, typ)
	case reflect.Struct:
		sc.structMembers(path, n, typ, 0)
	case reflect.Slice:
		for _, e := range n.vals {
			sc.value(path+"[]", e, typ.Elem())
		}
	case reflect.String:
		if c, ok := enumCaseOf(typ); ok && !c.valid(n.str) {
			t.Errorf("%s: %q is not a valid %s", path, n.str, typ)
		}
	case reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if strings.ContainsAny(n.str, ".eE-") || len(n.str) > 20 {
			t.Errorf("%s: want an unsigned integer for %s", path, typ)
		}
	case reflect.Map, reflect.Float64, reflect.Bool:
	default:
		t.Errorf("%s: unexpected Go type %s", path, typ)
	}
}

// variant checks n against the enum with data iface.
func (sc shapeChecker) variant(path string, n *jnode, iface reflect.Type) {
	t := sc.t
	e, ok := dataEnumOf(iface)
	if !ok {
		t.Errorf("%s: %s is not an enum with data", path, iface)
		return
	}
	if n.kind == '0' && iface == typeOf[CommandInvocation]() {
		return // the only Option over an enum with data
	}
	if e.tagKey != "" { // internally tagged: the tag member first
		if n.kind != '{' || len(n.keys) == 0 || n.keys[0] != e.tagKey || n.vals[0].kind != 's' {
			t.Errorf("%s: want an object tagged by %q first", path, e.tagKey)
			return
		}
		vt, ok := e.variants[n.vals[0].str]
		if !ok {
			t.Errorf("%s: unknown %s tag %q", path, iface, n.vals[0].str)
			return
		}
		sc.variants[vt] = true
		sc.structMembers(path+"<"+n.vals[0].str+">", n, vt, 1)
		return
	}
	switch n.kind { // externally tagged
	case 's':
		vt, ok := e.variants[n.str]
		if !ok || (vt.Kind() != reflect.Struct && vt != typeOf[ModelFamilyKnown]()) || vt.Kind() == reflect.Struct && vt.NumField() != 0 {
			t.Errorf("%s: %q is not a unit variant of %s", path, n.str, iface)
			return
		}
		sc.variants[vt] = true
	case '{':
		if len(n.keys) != 1 {
			t.Errorf("%s: want a one-member object for %s", path, iface)
			return
		}
		vt, ok := e.variants[n.keys[0]]
		if !ok || vt == typeOf[ModelFamilyKnown]() || vt.Kind() == reflect.Struct && vt.NumField() == 0 {
			t.Errorf("%s: %q is not a data variant of %s", path, n.keys[0], iface)
			return
		}
		sc.variants[vt] = true
		sc.value(path+"<"+n.keys[0]+">", n.vals[0], vt)
	default:
		t.Errorf("%s: want a string or an object for %s", path, iface)
	}
}
