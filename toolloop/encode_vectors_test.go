package toolloop

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// This file holds test-only references for the encoder: a reflection-based
// builder that turns a direct-form vector line into the Go event it
// describes (through the ordered jnode reader of helpers_test.go and the
// json tags), independent of the package's decoder; and a reference sorter
// that rewrites a JSON text with every object's keys sorted bytewise.

// legacyEncoder is the encoder of the vectors (serde_json 1.0.87).
var legacyEncoder = Encoder{Floats: FloatLayoutLegacy}

// eventTypes maps each tag to its event struct type.
func eventTypes() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, ev := range allEventSamples() {
		m[ev.EventName()] = reflect.TypeOf(ev)
	}
	return m
}

// buildEvent returns the event described by the direct-form JSON line.
func buildEvent(t *testing.T, line string) LoopEvent {
	t.Helper()
	n := parseOrdered(t, []byte(line))
	if n.kind != '{' || len(n.keys) == 0 || n.keys[0] != "event" {
		t.Fatalf("not a direct-form event: %.60s", line)
	}
	typ, ok := eventTypes()[n.vals[0].str]
	if !ok {
		t.Fatalf("unknown event tag %q", n.vals[0].str)
	}
	v := reflect.New(typ).Elem()
	b := builder{t: t}
	b.structFields(v, n)
	return v.Interface().(LoopEvent)
}

// vectorEvents decodes the events of events.direct.jsonl with
// UnmarshalEvent, checks their tags against events.chain.tsv and returns
// them with their lines.
func vectorEvents(t *testing.T) ([]LoopEvent, []string) {
	t.Helper()
	lines := vectorLines(t, "events.direct.jsonl", false)
	chain := vectorLines(t, "events.chain.tsv", true)
	if len(lines) != 24 || len(chain) != 24 {
		t.Fatalf("%d direct lines and %d chain rows, want 24", len(lines), len(chain))
	}
	evs := make([]LoopEvent, len(lines))
	for i, l := range lines {
		ev, err := UnmarshalEvent([]byte(l))
		if err != nil {
			t.Fatalf("event %d: UnmarshalEvent: %v", i+1, err)
		}
		if want := strings.Split(chain[i], "\t")[1]; ev.EventName() != want {
			t.Fatalf("event %d: decoded %q, want %q", i+1, ev.EventName(), want)
		}
		evs[i] = ev
	}
	return evs, lines
}

// vectorSources returns the vector events twice: decoded by UnmarshalEvent
// and built by the reference builder, so that an encoder bug mirrored by the
// decoder cannot hide.
func vectorSources(t *testing.T) (map[string][]LoopEvent, []string) {
	t.Helper()
	decoded, lines := vectorEvents(t)
	built := make([]LoopEvent, len(lines))
	for i, l := range lines {
		built[i] = buildEvent(t, l)
	}
	return map[string][]LoopEvent{"decoded": decoded, "built": built}, lines
}

type builder struct{ t *testing.T }

// structFields sets the fields of struct v from the members of object n
// named by their json tags (other members, such as a tag, are ignored).
func (b builder) structFields(v reflect.Value, n *jnode) {
	typ := v.Type()
	for i := range typ.NumField() {
		key, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if j := slices.Index(n.keys, key); j >= 0 {
			b.value(v.Field(i), n.vals[j])
		}
	}
}

func (b builder) value(v reflect.Value, n *jnode) {
	t := b.t
	typ := v.Type()
	switch typ {
	case typeOf[Value]():
		v.Set(reflect.ValueOf(MustParseValue(string(jnodeJSON(nil, n, false)))))
		return
	case typeOf[ResidualSummaryEntry]():
		f, err := strconv.ParseFloat(n.vals[1].str, 64)
		if err != nil {
			t.Fatal(err)
		}
		v.Set(reflect.ValueOf(ResidualSummaryEntry{Label: n.vals[0].str, Energy: f}))
		return
	}
	switch typ.Kind() {
	case reflect.Pointer:
		if n.kind != '0' {
			p := reflect.New(typ.Elem())
			b.value(p.Elem(), n)
			v.Set(p)
		}
	case reflect.Interface:
		b.variant(v, n)
	case reflect.Struct:
		b.structFields(v, n)
	case reflect.Slice:
		s := reflect.MakeSlice(typ, len(n.vals), len(n.vals))
		for i, e := range n.vals {
			b.value(s.Index(i), e)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(typ)
		for i, k := range n.keys {
			m.SetMapIndex(reflect.ValueOf(k), reflect.ValueOf(n.vals[i].str))
		}
		v.Set(m)
	case reflect.String:
		v.SetString(n.str)
	case reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u, err := strconv.ParseUint(n.str, 10, typ.Bits())
		if err != nil {
			t.Fatal(err)
		}
		v.SetUint(u)
	case reflect.Float64:
		f, err := strconv.ParseFloat(n.str, 64)
		if err != nil {
			t.Fatal(err)
		}
		v.SetFloat(f)
	case reflect.Bool:
		v.SetBool(n.truth)
	default:
		t.Fatalf("cannot build %s", typ)
	}
}

// variant sets the enum interface v from n.
func (b builder) variant(v reflect.Value, n *jnode) {
	e, ok := dataEnumOf(v.Type())
	if !ok {
		b.t.Fatalf("%s is not an enum with data", v.Type())
	}
	var vt reflect.Type
	var inner *jnode
	switch {
	case n.kind == '0':
		return // the None of EffectProposal.Command
	case e.tagKey != "":
		vt, inner = e.variants[n.vals[slices.Index(n.keys, e.tagKey)].str], n
	case n.kind == 's':
		vt = e.variants[n.str]
	default:
		vt, inner = e.variants[n.keys[0]], n.vals[0]
	}
	if vt == nil {
		b.t.Fatalf("unknown variant of %s", v.Type())
	}
	nv := reflect.New(vt).Elem()
	switch {
	case vt == typeOf[ModelFamilyKnown]():
		nv.SetString(n.str)
	case inner != nil:
		b.value(nv, inner)
	}
	v.Set(nv)
}

// jnodeJSON appends n as JSON text: objects in document order, or with
// their keys sorted bytewise when sorted is set; strings written the
// serde_json way; numbers verbatim.
func jnodeJSON(dst []byte, n *jnode, sorted bool) []byte {
	switch n.kind {
	case '{':
		idx := make([]int, len(n.keys))
		for i := range idx {
			idx[i] = i
		}
		if sorted {
			slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(n.keys[a], n.keys[b]) })
		}
		dst = append(dst, '{')
		for j, i := range idx {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst, _ = canon.AppendSerdeString(dst, n.keys[i])
			dst = append(dst, ':')
			dst = jnodeJSON(dst, n.vals[i], sorted)
		}
		return append(dst, '}')
	case '[':
		dst = append(dst, '[')
		for i, e := range n.vals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jnodeJSON(dst, e, sorted)
		}
		return append(dst, ']')
	case 's':
		dst, _ = canon.AppendSerdeString(dst, n.str)
		return dst
	case 'n':
		return append(dst, n.str...)
	case 'b':
		return strconv.AppendBool(dst, n.truth)
	}
	return append(dst, "null"...)
}

// sortedJSON is the reference sorter: data re-written with every object's
// keys sorted bytewise at every depth, nothing else changed.
func sortedJSON(t *testing.T, data []byte) []byte {
	t.Helper()
	return jnodeJSON(nil, parseOrdered(t, data), true)
}

// TestReferenceSorterIsFaithful pins the test references on the vectors:
// re-writing a direct line in document order gives it back, and sorting it
// gives the body of its ledger row.
func TestReferenceSorterIsFaithful(t *testing.T) {
	direct := vectorLines(t, "events.direct.jsonl", false)
	ledger := vectorLines(t, "events.ledger.jsonl", false)
	for i, l := range direct {
		if got := jnodeJSON(nil, parseOrdered(t, []byte(l)), false); string(got) != l {
			t.Errorf("event %d: document-order rewrite differs:\n got %s\nwant %s", i+1, got, l)
		}
		row := `{"event":"custom","kind":"tool_loop","payload":{"body":` + string(sortedJSON(t, []byte(l))) +
			`,"schema_version":1}}`
		if row != ledger[i] {
			t.Errorf("event %d: sorted rewrite is not the ledger row:\n got %s\nwant %s", i+1, row, ledger[i])
		}
	}
}
