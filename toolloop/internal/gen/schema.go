package main

import (
	"fmt"
	"slices"
	"strings"
)

// This file parses contract.schema (its header comment describes the
// format) into the model the templates are fed with, and checks it.

// Kind is the kind of a declared type.
type Kind int

const (
	KindEvent     Kind = iota // a LoopEvent variant
	KindStruct                // a wire struct
	KindTuple                 // a wire tuple, written as an array
	KindNewtype               // a named string or uint32 type
	KindEnum                  // a unit-only enum
	KindInternal              // an internally tagged enum with data
	KindExternal              // an externally tagged enum with data
	KindVariant               // a variant of an enum with data
	KindUnits                 // the named string type of an external enum's unit variants
	KindMemStruct             // an in-memory struct
	KindMemEnum               // an in-memory unit-only enum
	KindMemSum                // an in-memory enum with data
)

// Shape is the shape of a variant.
type Shape int

const (
	ShapeStruct  Shape = iota // fields, possibly none (a unit variant of an internal enum)
	ShapeUnit                 // an empty struct written as its bare name (external) or in memory
	ShapeNewtype              // a named non-struct type
)

// Mark is a member marker.
type Mark int

const (
	MarkRequired Mark = iota
	MarkD             // defaulted
	MarkDS            // defaulted, omitted when empty
	MarkO             // optional
	MarkOS            // optional, omitted when nil
)

// Schema is the parsed contract.
type Schema struct {
	Types  []*Type // declared types in order (variants and units under their enum)
	Events []*Type
	byName map[string]*Type
}

// Type is one declared type.
type Type struct {
	Kind     Kind
	Name     string // Go name
	Tag      string // event tag, variant tag
	Legacy   bool   // events: accepted in unversioned rows
	Doc      string // the doc predicate (after the Go name)
	Zero     string // an explicit zero-value sentence, or ""
	Base     string // newtypes and newtype variants: the underlying Go type
	BaseRef  *TypeRef
	TagKey   string // internal enums: the tag member
	Ordered  bool   // enums: has a Rank method
	Copied   bool   // a deep-copy function copy<Name> is generated
	InLegacy bool   // a legacy event or a type a legacy event reaches
	Prefix   string // enum constants' prefix (the type name, or a units prefix)
	Shape    Shape  // variants
	Members  []*Member
	Values   []*Value
	Variants []*Type // enums with data: their variants, in order
	Units    *Type   // external enums: the unit variants' string type, if any
	Parent   *Type   // variants and units: their enum
	Line     int
}

// Member is one member of a struct, event, tuple or variant.
type Member struct {
	Wire    string // the JSON name (snake_case)
	Go      string // the Go field name
	Type    *TypeRef
	Mark    Mark
	Default string // MarkD: the wire value of a non-zero default, or ""
	Doc     string
	Owner   *Type
	Index   int // position in the declaration
}

// Value is one value of a unit-only enum.
type Value struct {
	Wire, Go, Doc string
	Rank          int
}

// TypeRef is a Go type expression of a member.
type TypeRef struct {
	Ptr   *TypeRef // *T
	Slice *TypeRef // []T
	Map   *TypeRef // map[string]T
	Name  string   // a builtin or declared type name
	Decl  *Type    // the declaration of Name, if declared
}

// String returns the Go spelling of t.
func (t *TypeRef) String() string {
	switch {
	case t.Ptr != nil:
		return "*" + t.Ptr.String()
	case t.Slice != nil:
		return "[]" + t.Slice.String()
	case t.Map != nil:
		return "map[string]" + t.Map.String()
	}
	return t.Name
}

// builtins are the type names the schema may use without declaring them.
var builtins = []string{"string", "bool", "byte", "uint16", "uint32", "uint64", "float64", "Value", "LoopEvent"}

// parseSchema parses the text of contract.schema.
func parseSchema(text string) (*Schema, error) {
	s := &Schema{byName: map[string]*Type{}}
	var cur, variant *Type
	for n, raw := range strings.Split(text, "\n") {
		line := n + 1
		if raw == "" || strings.HasPrefix(raw, "#") {
			continue
		}
		depth := len(raw) - len(strings.TrimLeft(raw, "\t"))
		body := raw[depth:]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("contract.schema:%d: %s", line, fmt.Sprintf(format, args...))
		}
		head, doc, _ := strings.Cut(body, " : ")
		words := strings.Fields(head)
		if len(words) == 0 {
			return nil, fail("empty line body")
		}
		switch {
		case depth == 0:
			t, err := newDecl(words, doc)
			if err != nil {
				return nil, fail("%v", err)
			}
			t.Line = line
			cur, variant = t, nil
			if err := s.add(t); err != nil {
				return nil, fail("%v", err)
			}
		case cur == nil:
			return nil, fail("indented line outside a declaration")
		case words[0] == ">" || words[0] == "=":
			target := cur
			if depth == 2 && variant != nil {
				target = variant
			}
			text := strings.TrimSpace(strings.TrimPrefix(body, words[0]))
			if words[0] == ">" {
				target.Doc += " " + text
			} else {
				target.Zero = strings.TrimSpace(target.Zero + " " + text)
			}
		case depth == 1 && (cur.Kind == KindInternal || cur.Kind == KindExternal || cur.Kind == KindMemSum):
			v, err := newVariant(cur, words, doc)
			if err != nil {
				return nil, fail("%v", err)
			}
			v.Line = line
			variant = v
			if v.Kind == KindUnits {
				if cur.Units != nil {
					return nil, fail("%s has two units lines", cur.Name)
				}
				cur.Units = v
			} else {
				cur.Variants = append(cur.Variants, v)
			}
			if err := s.add(v); err != nil {
				return nil, fail("%v", err)
			}
		case depth == 1 && (cur.Kind == KindEnum || cur.Kind == KindMemEnum),
			depth == 2 && variant != nil && variant.Kind == KindUnits:
			target := cur
			if depth == 2 {
				target = variant
			}
			if len(words) != 1 || doc == "" {
				return nil, fail("an enum value is `<value> : doc`")
			}
			target.Values = append(target.Values, &Value{Wire: words[0], Go: target.Prefix + camel(words[0]),
				Doc: doc, Rank: len(target.Values)})
		case depth == 1 || depth == 2 && variant != nil && variant.Kind == KindVariant:
			owner := cur
			if depth == 2 {
				owner = variant
			}
			m, err := newMember(owner, words, doc)
			if err != nil {
				return nil, fail("%v", err)
			}
			owner.Members = append(owner.Members, m)
		default:
			return nil, fail("unexpected indentation")
		}
	}
	if err := s.resolve(); err != nil {
		return nil, err
	}
	return s, nil
}

// newDecl returns the type a declaration line starts.
func newDecl(words []string, doc string) (*Type, error) {
	t := &Type{Doc: doc}
	args := words[1:]
	switch kw := words[0]; kw {
	case "event":
		if len(args) != 2 || args[1] != "legacy" && args[1] != "envelope" {
			return nil, fmt.Errorf("event <tag> legacy|envelope")
		}
		t.Kind, t.Tag, t.Legacy, t.Name = KindEvent, args[0], args[1] == "legacy", camel(args[0])+"Event"
		return t, nil
	case "struct", "tuple", "newtype", "enum", "internal", "external":
		t.Kind = map[string]Kind{"struct": KindStruct, "tuple": KindTuple, "newtype": KindNewtype,
			"enum": KindEnum, "internal": KindInternal, "external": KindExternal}[kw]
	case "memory":
		if len(args) < 1 {
			return nil, fmt.Errorf("memory struct|enum|sum <name>")
		}
		k, ok := map[string]Kind{"struct": KindMemStruct, "enum": KindMemEnum, "sum": KindMemSum}[args[0]]
		if !ok {
			return nil, fmt.Errorf("memory struct|enum|sum <name>")
		}
		t.Kind, args = k, args[1:]
	default:
		return nil, fmt.Errorf("unknown declaration %q", kw)
	}
	if len(args) < 1 {
		return nil, fmt.Errorf("%s needs a Go name", words[0])
	}
	t.Name, t.Prefix, args = args[0], args[0], args[1:]
	if n := len(args); n > 0 && args[n-1] == "copied" {
		t.Copied, args = true, args[:n-1]
	}
	switch {
	case t.Kind == KindNewtype && len(args) == 1:
		t.Base = args[0]
	case t.Kind == KindInternal && len(args) == 1:
		t.TagKey = args[0]
	case t.Kind == KindEnum && len(args) == 1 && args[0] == "ordered":
		t.Ordered = true
	case len(args) != 0:
		return nil, fmt.Errorf("unexpected %q", strings.Join(args, " "))
	}
	return t, nil
}

// newVariant returns the variant (or units type) a line of enum e declares.
func newVariant(e *Type, words []string, doc string) (*Type, error) {
	if words[0] == "units" {
		if e.Kind != KindExternal || len(words) != 3 {
			return nil, fmt.Errorf("units <Go name> <constant prefix>, in an external enum")
		}
		return &Type{Kind: KindUnits, Name: words[1], Prefix: words[2], Doc: doc, Parent: e}, nil
	}
	if words[0] != "variant" || len(words) < 2 {
		return nil, fmt.Errorf("variant <tag> [unit | newtype <type>]")
	}
	v := &Type{Kind: KindVariant, Tag: words[1], Name: e.Name + camel(words[1]), Doc: doc, Parent: e}
	switch rest := words[2:]; {
	case len(rest) == 0:
	case len(rest) == 1 && rest[0] == "unit" && e.Kind != KindInternal:
		v.Shape = ShapeUnit
	case len(rest) == 2 && rest[0] == "newtype" && e.Kind != KindInternal:
		v.Shape, v.Base = ShapeNewtype, rest[1]
	default:
		return nil, fmt.Errorf("unexpected %q", strings.Join(rest, " "))
	}
	return v, nil
}

// newMember returns the member a line of owner declares.
func newMember(owner *Type, words []string, doc string) (*Member, error) {
	if len(words) < 2 || len(words) > 3 {
		return nil, fmt.Errorf("a member is `<name> <type> [marker] : doc`")
	}
	m := &Member{Wire: words[0], Go: camel(words[0]), Type: parseTypeRef(words[1]), Doc: doc, Owner: owner,
		Index: len(owner.Members)}
	if len(words) == 3 {
		mark, def, _ := strings.Cut(words[2], "=")
		k, ok := map[string]Mark{"D": MarkD, "DS": MarkDS, "O": MarkO, "OS": MarkOS}[mark]
		if !ok || def != "" && k != MarkD {
			return nil, fmt.Errorf("unknown marker %q", words[2])
		}
		m.Mark, m.Default = k, def
	}
	if m.Mark != MarkRequired && owner.memory() {
		return nil, fmt.Errorf("in-memory members carry no marker")
	}
	return m, nil
}

// parseTypeRef parses a Go type expression of the schema.
func parseTypeRef(s string) *TypeRef {
	switch {
	case strings.HasPrefix(s, "*"):
		return &TypeRef{Ptr: parseTypeRef(s[1:])}
	case strings.HasPrefix(s, "[]"):
		return &TypeRef{Slice: parseTypeRef(s[2:])}
	case strings.HasPrefix(s, "map[string]"):
		return &TypeRef{Map: parseTypeRef(s[len("map[string]"):])}
	}
	return &TypeRef{Name: s}
}

func (s *Schema) add(t *Type) error {
	if s.byName[t.Name] != nil || slices.Contains(builtins, t.Name) {
		return fmt.Errorf("%s declared twice", t.Name)
	}
	s.byName[t.Name] = t
	s.Types = append(s.Types, t)
	if t.Kind == KindEvent {
		s.Events = append(s.Events, t)
	}
	return nil
}

// memory reports whether t is an in-memory type or a variant of one.
func (t *Type) memory() bool {
	if t.Parent != nil {
		return t.Parent.memory()
	}
	return t.Kind == KindMemStruct || t.Kind == KindMemEnum || t.Kind == KindMemSum
}

// resolve binds every type name and checks the rules the generated code
// relies on.
func (s *Schema) resolve() error {
	legacyDone := false
	for _, ev := range s.Events {
		if !ev.Legacy {
			legacyDone = true
		} else if legacyDone {
			return fmt.Errorf("contract.schema:%d: legacy events come first", ev.Line)
		}
	}
	var bind func(t *TypeRef) error
	bind = func(t *TypeRef) error {
		switch {
		case t.Ptr != nil:
			return bind(t.Ptr)
		case t.Slice != nil:
			return bind(t.Slice)
		case t.Map != nil:
			return bind(t.Map)
		case slices.Contains(builtins, t.Name):
			return nil
		}
		t.Decl = s.byName[t.Name]
		if t.Decl == nil {
			return fmt.Errorf("unknown type %s", t.Name)
		}
		return nil
	}
	for _, t := range s.Types {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("contract.schema:%d: %s: %s", t.Line, t.Name, fmt.Sprintf(format, args...))
		}
		if t.Doc == "" {
			return fail("no doc")
		}
		if len(t.Members) > 62 {
			return fail("more than 62 members")
		}
		for _, m := range t.Members {
			if err := bind(m.Type); err != nil {
				return fail("%s: %v", m.Wire, err)
			}
			if m.Doc == "" {
				return fail("%s: no doc", m.Wire)
			}
			if err := checkMember(m); err != nil {
				return fail("%s: %v", m.Wire, err)
			}
		}
		if t.Kind == KindTuple && len(t.Members) != 2 {
			return fail("a tuple has two members")
		}
		if (t.Kind == KindEnum || t.Kind == KindMemEnum || t.Kind == KindUnits) && len(t.Values) == 0 {
			return fail("an enum needs values")
		}
		if t.Base != "" {
			t.BaseRef = parseTypeRef(t.Base)
			if err := bind(t.BaseRef); err != nil {
				return fail("%v", err)
			}
		}
	}
	for _, ev := range s.Events {
		if ev.Legacy {
			markLegacy(ev)
		}
	}
	return nil
}

// markLegacy marks t and every type it reaches as reached by a legacy
// event.
func markLegacy(t *Type) {
	if t == nil || t.InLegacy {
		return
	}
	t.InLegacy = true
	var ref func(r *TypeRef)
	ref = func(r *TypeRef) {
		switch {
		case r == nil:
		case r.Ptr != nil:
			ref(r.Ptr)
		case r.Slice != nil:
			ref(r.Slice)
		case r.Map != nil:
			ref(r.Map)
		default:
			markLegacy(r.Decl)
		}
	}
	for _, m := range t.Members {
		ref(m.Type)
	}
	ref(t.BaseRef)
	for _, v := range t.Variants {
		markLegacy(v)
	}
	markLegacy(t.Units)
}

// checkMember checks that the marker of m suits its type.
func checkMember(m *Member) error {
	t := m.Type
	switch m.Mark {
	case MarkO, MarkOS:
		if t.Ptr == nil && !t.isSum() {
			return fmt.Errorf("an optional member is a pointer or an enum with data")
		}
		if t.isSum() && m.Mark == MarkOS {
			return fmt.Errorf("an OS enum with data is not supported")
		}
	case MarkDS:
		if t.Name != "string" && t.Slice == nil {
			return fmt.Errorf("a DS member is a string or a slice")
		}
	case MarkD:
		if m.Default != "" {
			e := t.Decl
			if e == nil || e.Kind != KindEnum || e.value(m.Default) == nil {
				return fmt.Errorf("the default %q is not a value of an enum", m.Default)
			}
		}
	}
	if t.Map != nil && t.Map.Name != "string" && !m.Owner.memory() {
		return fmt.Errorf("only map[string]string is supported on the wire")
	}
	if t.Ptr != nil && m.Mark != MarkO && m.Mark != MarkOS && !m.Owner.memory() {
		return fmt.Errorf("a pointer member must be O or OS")
	}
	return nil
}

// value returns the value of enum t spelled wire, or nil.
func (t *Type) value(wire string) *Value {
	for _, v := range t.Values {
		if v.Wire == wire {
			return v
		}
	}
	return nil
}

// isSum reports whether t names an enum with data (a sealed interface).
func (t *TypeRef) isSum() bool {
	return t.Decl != nil && (t.Decl.Kind == KindInternal || t.Decl.Kind == KindExternal || t.Decl.Kind == KindMemSum)
}

// isEnum reports whether t names a unit-only enum.
func (t *TypeRef) isEnum() bool {
	return t.Decl != nil && (t.Decl.Kind == KindEnum || t.Decl.Kind == KindMemEnum)
}

// object reports whether t is written as a JSON object of its members:
// events, wire structs and the struct variants of wire enums.
func (t *Type) object() bool {
	switch t.Kind {
	case KindEvent, KindStruct:
		return true
	case KindVariant:
		return t.Shape == ShapeStruct && !t.memory()
	}
	return false
}

// tagged reports whether t's object carries a tag member (events and the
// variants of internal enums) and returns its name and value.
func (t *Type) tagged() (key, value string, ok bool) {
	switch {
	case t.Kind == KindEvent:
		return "event", t.Tag, true
	case t.Kind == KindVariant && t.Parent.Kind == KindInternal:
		return t.Parent.TagKey, t.Tag, true
	}
	return "", "", false
}

// camel returns the Go spelling of a snake_case (or PascalCase) name.
func camel(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		switch w {
		case "id", "ids", "ok", "url", "api", "lsp", "gpt", "ai":
			b.WriteString(strings.ToUpper(strings.TrimSuffix(w, "s")))
			if strings.HasSuffix(w, "s") {
				b.WriteString("s")
			}
		case "":
		default:
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// lowerFirst returns s with its first letter in lower case, for
// unexported names derived from a Go type name.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// KindName names t's kind as the schema spells it, for the templates.
func (t *Type) KindName() string {
	return [...]string{"event", "struct", "tuple", "newtype", "enum", "internal", "external", "variant", "units",
		"memory struct", "memory enum", "memory sum"}[t.Kind]
}

// ShapeName names a variant's shape, for the templates.
func (t *Type) ShapeName() string {
	return [...]string{"struct", "unit", "newtype"}[t.Shape]
}
