package toolloop

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The test of this file pins which decoding rule applies to which member.
// It takes every direct-form event of the vectors, walks it with the marker
// table of members_table_test.go (transcribed from the specification's
// tables of events, structs and enum variants), and for every member at every depth it can
// type decodes the document with that member removed and with it set to
// null:
//
//   - required (and the tag of an internally tagged enum): ErrDecode naming
//     the member path, except that a required Value accepts null;
//   - D: removed → the default, null → ErrDecode naming the path;
//   - DS: like D, the default being empty (omitted on write);
//   - O: removed or null → nil (written null); OS: the same, nil omitted.
//
// A decoded document is re-encoded (legacy float layout, that of the
// vectors) and compared with the original document edited as the rule says
// (the member set to its default, to null, or left out), so the member and
// every other member are checked at once. Members that a direct form omits
// (OS and DS only) are checked by inserting a null instead.

// memberWalker generates and checks the cases for one document.
type memberWalker struct {
	t       *testing.T
	tables  *specTables
	doc     string // the document's name in messages
	root    *jnode
	enc     Encoder
	covered map[string]bool // "Owner.member" exercised
	cases   int
}

// specTables is the parsed marker table.
type specTables struct {
	types map[string][]specMember // by event tag, struct type or "Enum/variant"
}

// parseSpecTables parses the tables of members_table_test.go.
func parseSpecTables(t *testing.T) *specTables {
	t.Helper()
	st := &specTables{types: map[string][]specMember{}}
	for _, table := range []map[string]string{specEventMembers, specStructMembers, specVariantMembers} {
		for owner, entry := range table {
			ms, err := parseSpecMembers(entry)
			if err != nil {
				t.Fatalf("marker table entry %s: %v", owner, err)
			}
			st.types[owner] = ms
		}
	}
	return st
}

// memberDocuments returns the direct-form events of the vectors, each once,
// with a name for messages.
func memberDocuments(t *testing.T) (names, docs []string) {
	seen := map[string]bool{}
	add := func(name, doc string) {
		if !seen[doc] {
			seen[doc] = true
			names, docs = append(names, name), append(docs, doc)
		}
	}
	for i, l := range vectorLines(t, "events.direct.jsonl", false) {
		add(fmt.Sprintf("events.direct.jsonl line %d", i+1), l)
	}
	for i, d := range vectorDirectForms(t) {
		add(fmt.Sprintf("vector direct form %d (legacy_rows.jsonl, decode_rules.txt)", i+1), d)
	}
	for i, d := range supplementaryDocuments {
		add(fmt.Sprintf("supplementary document %d", i+1), d)
	}
	return names, docs
}

// supplementaryDocuments are direct forms, written from the specification's
// tables, of variants that no vector document holds.
var supplementaryDocuments = []string{
	`{"event":"conversation_delta","record":{"event_schema_version":1,"prior_digest":"p","delta":{"delta":"compacted","control":"ctl"},"digest":"d"}}`,
}

func TestMarkerTableCoversTheSpecifiedTypes(t *testing.T) {
	st := parseSpecTables(t)
	if got := len(specEventMembers); got != 43 {
		t.Errorf("marker table lists %d events, want 43", got)
	}
	for _, name := range EventNames() {
		if _, ok := specEventMembers[name]; !ok {
			t.Errorf("marker table misses event %s", name)
		}
	}
	if got := len(specStructMembers); got != 29+1 {
		t.Errorf("marker table lists %d structs, want the 29 structs and path_blob", got)
	}
	for _, e := range dataEnums {
		name := e.iface.Name()
		tag, internal := specTagKeys[name]
		_, external := specExternalVariants[name]
		if internal == external || tag != e.tagKey {
			t.Errorf("marker table tags %s with %q (internal %v, external %v), the enum table with %q", name, tag, internal, external, e.tagKey)
		}
		for v := range e.variants {
			if _, ok := st.types[name+"/"+v]; internal && !ok {
				t.Errorf("marker table misses variant %s/%s", name, v)
			}
		}
	}
}

func TestEveryMemberDecodesAsItsSpecMarkerSays(t *testing.T) {
	st := parseSpecTables(t)
	enc := Encoder{Floats: FloatLayoutLegacy}
	covered := map[string]bool{}
	events := map[string]bool{}
	cases := 0
	names, docs := memberDocuments(t)
	for i, doc := range docs {
		root := parseOrdered(t, []byte(doc))
		if root.kind != '{' || len(root.keys) == 0 || root.keys[0] != eventTag || root.vals[0].kind != 's' {
			t.Errorf("%s: not a direct-form event", names[i])
			continue
		}
		tag := root.vals[0].str
		members, ok := st.types[tag]
		if _, isEvent := specEventMembers[tag]; !ok || !isEvent {
			t.Errorf("%s: event %q is not in the marker table", names[i], tag)
			continue
		}
		ev, err := UnmarshalEvent([]byte(doc))
		if err != nil {
			t.Errorf("%s: the unmodified document does not decode: %v", names[i], err)
			continue
		}
		if got, err := enc.MarshalEvent(ev); err != nil || string(got) != doc {
			t.Errorf("%s: the unmodified document does not re-encode to itself (err %v), so its edits cannot be compared", names[i], err)
			continue
		}
		events[tag] = true
		w := &memberWalker{t: t, tables: st, doc: names[i], root: root, enc: enc, covered: covered}
		w.object(root, tag, eventTag, members, "")
		cases += w.cases
	}
	if len(events) != 43 {
		t.Errorf("the vectors cover %d of the 43 events", len(events))
	}
	var all, missed []string
	for owner, ms := range st.types {
		for _, m := range ms {
			key := owner + "." + m.name
			all = append(all, key)
			if !covered[key] {
				missed = append(missed, key)
			}
		}
	}
	slices.Sort(missed)
	if len(missed) > 0 {
		t.Errorf("%d of the %d table members occur in no vector document, so their markers are not pinned: %s",
			len(missed), len(all), strings.Join(missed, ", "))
	}
	t.Logf("%d documents, %d of %d table members exercised, %d decoding cases", len(docs), len(all)-len(missed), len(all), cases)
}

// join appends a member name to a path written as in decoding errors.
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// value walks the value n of type typ at path, checking the members of
// every object whose type the table knows.
func (w *memberWalker) value(n *jnode, typ, path string) {
	switch {
	case strings.HasPrefix(typ, "[]"):
		if n.kind != '[' {
			return
		}
		for i, e := range n.vals {
			w.value(e, typ[2:], fmt.Sprintf("%s[%d]", path, i))
		}
	case strings.HasPrefix(typ, "*"):
		w.value(n, typ[1:], path) // null is no object: nothing to walk
	case n.kind != '{':
		// A scalar, a unit variant's bare string, or a null Option.
	case specTagKeys[typ] != "":
		tag := specTagKeys[typ]
		i := slices.Index(n.keys, tag)
		if i < 0 || n.vals[i].kind != 's' {
			w.t.Errorf("%s: %s at %q has no string tag %q", w.doc, typ, path, tag)
			return
		}
		owner := typ + "/" + n.vals[i].str
		members, ok := w.tables.types[owner]
		if !ok {
			w.t.Errorf("%s: variant %s at %q is not in the marker table", w.doc, owner, path)
			return
		}
		w.object(n, owner, tag, members, path)
	case specExternalVariants[typ] != nil:
		if inner, ok := specExternalVariants[typ][firstKey(n)]; ok && len(n.keys) == 1 {
			w.value(n.vals[0], inner, join(path, n.keys[0]))
		} else {
			w.t.Errorf("%s: %s at %q is not one of its one-member object forms", w.doc, typ, path)
		}
	default:
		if members, ok := w.tables.types[typ]; ok {
			w.object(n, typ, "", members, path)
		}
	}
}

// firstKey returns the name of the first member of object n, or "".
func firstKey(n *jnode) string {
	if len(n.keys) == 0 {
		return ""
	}
	return n.keys[0]
}

// object checks every member of the object n of type owner (tagged by tag
// when not empty) at path: the document must list exactly the table's
// members in order (tag first), omitting only OS and DS ones; then each
// member is removed and nulled in turn, and its value walked.
func (w *memberWalker) object(n *jnode, owner, tag string, members []specMember, path string) {
	want := []string{}
	if tag != "" {
		want = append(want, tag)
	}
	for _, m := range members {
		if slices.Contains(n.keys, m.name) {
			want = append(want, m.name)
		}
	}
	if !slices.Equal(n.keys, want) {
		w.t.Errorf("%s: %s at %q has members %q; the marker table says %q (declaration order, tag first): table and vectors disagree",
			w.doc, owner, path, n.keys, want)
		return
	}
	if tag != "" {
		w.member(n, 0, owner, specMember{name: tag, typ: "string", mark: markTag}, path)
	}
	for _, m := range members {
		i := slices.Index(n.keys, m.name)
		if i < 0 {
			w.absent(n, owner, m, path)
			continue
		}
		w.member(n, i, owner, m, path)
		w.value(n.vals[i], m.typ, join(path, m.name))
	}
}

// member checks member i of object n: removed, then null.
func (w *memberWalker) member(n *jnode, i int, owner string, m specMember, path string) {
	w.covered[owner+"."+m.name] = true
	p := join(path, m.name)
	removed := w.without(n, i)
	nulled := w.replaced(n, i, &jnode{kind: '0'})
	switch m.mark {
	case markRequired, markTag:
		w.wantError(removed, owner, m, p, "removed")
		if m.typ == "Value" {
			w.wantEvent(nulled, nulled, owner, m, p, "null (a Value)")
		} else {
			w.wantError(nulled, owner, m, p, "null")
		}
	case markD:
		w.wantEvent(removed, w.replaced(n, i, defaultNode(m)), owner, m, p, "removed")
		w.wantError(nulled, owner, m, p, "null")
	case markDS:
		w.wantEvent(removed, removed, owner, m, p, "removed")
		w.wantError(nulled, owner, m, p, "null")
	case markO:
		w.wantEvent(removed, nulled, owner, m, p, "removed")
		w.wantEvent(nulled, nulled, owner, m, p, "null")
	case markOS:
		w.wantEvent(removed, removed, owner, m, p, "removed")
		w.wantEvent(nulled, removed, owner, m, p, "null")
	}
}

// absent checks a member the document omits, which only OS and DS members
// may be in a direct form: inserted as null it must decode as absent (OS)
// or fail naming the path (DS).
func (w *memberWalker) absent(n *jnode, owner string, m specMember, path string) {
	w.covered[owner+"."+m.name] = true
	p := join(path, m.name)
	n.keys, n.vals = append(n.keys, m.name), append(n.vals, &jnode{kind: '0'})
	inserted := jnodeJSON(nil, w.root, false)
	n.keys, n.vals = n.keys[:len(n.keys)-1], n.vals[:len(n.vals)-1]
	switch m.mark {
	case markOS:
		w.wantEvent(inserted, jnodeJSON(nil, w.root, false), owner, m, p, "absent, then null")
	case markDS:
		w.wantError(inserted, owner, m, p, "absent, then null")
	default:
		w.t.Errorf("%s: %s member %s.%s is absent from a direct form, which writes every required, D and O member",
			w.doc, m.mark, owner, m.name)
	}
}

// without returns the document with member i of n removed.
func (w *memberWalker) without(n *jnode, i int) []byte {
	keys, vals := n.keys, n.vals
	n.keys = slices.Delete(slices.Clone(keys), i, i+1)
	n.vals = slices.Delete(slices.Clone(vals), i, i+1)
	out := jnodeJSON(nil, w.root, false)
	n.keys, n.vals = keys, vals
	return out
}

// replaced returns the document with the value of member i of n replaced.
func (w *memberWalker) replaced(n *jnode, i int, v *jnode) []byte {
	old := n.vals[i]
	n.vals[i] = v
	out := jnodeJSON(nil, w.root, false)
	n.vals[i] = old
	return out
}

// defaultNode returns the JSON written for the default of D member m: its
// stated default, else its Go zero value.
func defaultNode(m specMember) *jnode {
	switch {
	case m.def != "":
		return &jnode{kind: 's', str: m.def}
	case strings.HasPrefix(m.typ, "[]"):
		return &jnode{kind: '['}
	case strings.HasPrefix(m.typ, "map["):
		return &jnode{kind: '{'}
	case m.typ == "float64":
		return &jnode{kind: 'n', str: "0.0"}
	case strings.HasPrefix(m.typ, "uint"):
		return &jnode{kind: 'n', str: "0"}
	case m.typ == "bool":
		return &jnode{kind: 'b'}
	}
	return &jnode{kind: 's'} // string, newtype over string
}

// wantError checks that input fails with ErrDecode naming path p.
func (w *memberWalker) wantError(input []byte, owner string, m specMember, p, edit string) {
	w.t.Helper()
	w.cases++
	ev, err := UnmarshalEvent(input)
	switch {
	case err == nil:
		w.t.Errorf("%s: %s member %s.%s at %q %s: decoded as %T, want ErrDecode naming %q",
			w.doc, m.mark, owner, m.name, p, edit, ev, p)
	case !errors.Is(err, ErrDecode):
		w.t.Errorf("%s: %s member %s.%s at %q %s: error %q does not wrap ErrDecode", w.doc, m.mark, owner, m.name, p, edit, err)
	case !strings.Contains(err.Error(), ": "+p+": "):
		w.t.Errorf("%s: %s member %s.%s %s: error %q does not name the path %q", w.doc, m.mark, owner, m.name, edit, err, p)
	}
}

// wantEvent checks that input decodes to an event written exactly as want.
func (w *memberWalker) wantEvent(input, want []byte, owner string, m specMember, p, edit string) {
	w.t.Helper()
	w.cases++
	ev, err := UnmarshalEvent(input)
	if err != nil {
		w.t.Errorf("%s: %s member %s.%s at %q %s: %v, want it to decode", w.doc, m.mark, owner, m.name, p, edit, err)
		return
	}
	got, err := w.enc.MarshalEvent(ev)
	if err != nil || !bytes.Equal(got, want) {
		w.t.Errorf("%s: %s member %s.%s at %q %s: decoded event re-encodes (err %v) as\n%s\nwant\n%s",
			w.doc, m.mark, owner, m.name, p, edit, err, got, want)
	}
}
