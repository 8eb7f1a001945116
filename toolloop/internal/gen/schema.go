package main

import (
	"errors"
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
	MarkRequired          Mark = iota // present when read, always written
	MarkDefault                       // may be absent, reading as its default; always written
	MarkDefaultOmitEmpty              // like MarkDefault, omitted when empty
	MarkOptional                      // a pointer or an enum with data: absent or null reads nil, nil is written null
	MarkOptionalOmitEmpty             // like MarkOptional, nil omitted
)

// marks are the member markers by their schema words.
var marks = map[string]Mark{
	"default":            MarkDefault,
	"default,omitempty":  MarkDefaultOmitEmpty,
	"optional":           MarkOptional,
	"optional,omitempty": MarkOptionalOmitEmpty,
}

// maxMembers is the most members a type may have: its reader tracks the
// members it has seen in a uint64 whose bit i stands for member i and
// whose bit 63 for the tag member.
const maxMembers = 63

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
	Default string // MarkDefault: the wire value of a non-zero default, or ""
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
	p := &schemaReader{s: &Schema{byName: map[string]*Type{}}}
	for n, raw := range strings.Split(text, "\n") {
		if raw == "" || strings.HasPrefix(raw, "#") {
			continue
		}
		if err := p.parseLine(raw, n+1); err != nil {
			return nil, fmt.Errorf("contract.schema:%d: %v", n+1, err)
		}
	}
	if err := p.s.resolve(); err != nil {
		return nil, err
	}
	return p.s, nil
}

// A schemaReader reads the schema line by line into s: the declaration being
// read is cur, and its variant being read, if any, variant.
type schemaReader struct {
	s            *Schema
	cur, variant *Type
}

// parseLine parses the line raw, the line-th of the schema: a declaration
// in column 0, else a line of the declaration being read.
func (p *schemaReader) parseLine(raw string, line int) error {
	depth := len(raw) - len(strings.TrimLeft(raw, "\t"))
	body := raw[depth:]
	head, doc, _ := strings.Cut(body, " : ")
	words := strings.Fields(head)
	switch {
	case len(words) == 0:
		return errors.New("empty line body")
	case depth == 0:
		return p.declaration(words, doc, line)
	case p.cur == nil:
		return errors.New("indented line outside a declaration")
	case words[0] == ">" || words[0] == "=":
		p.docLine(depth, words[0], strings.TrimSpace(strings.TrimPrefix(body, words[0])))
		return nil
	}
	return p.indented(depth, words, doc, line)
}

// indented parses a line of the declaration being read other than a doc
// line; its depth and, under an enum with data, its first word decide
// what it declares.
func (p *schemaReader) indented(depth int, words []string, doc string, line int) error {
	cur, variant := p.cur, p.variant
	switch {
	case depth == 1 && cur.withData():
		return p.variantLine(words, doc, line)
	case depth == 1 && (cur.Kind == KindEnum || cur.Kind == KindMemEnum),
		depth == 2 && variant != nil && variant.Kind == KindUnits:
		return p.valueLine(depth, words, doc)
	case depth == 1 || depth == 2 && variant != nil && variant.Kind == KindVariant:
		return p.memberLine(depth, words, doc)
	}
	return errors.New("unexpected indentation")
}

// declaration starts the type a line in column 0 declares.
func (p *schemaReader) declaration(words []string, doc string, line int) error {
	t, err := newDecl(words, doc)
	if err != nil {
		return err
	}
	t.Line = line
	p.cur, p.variant = t, nil
	return p.s.add(t)
}

// docLine adds the text of a "> text" line (mark ">") to the doc of the
// declaration or variant being read, or of a "= text" line to its
// zero-value sentence.
func (p *schemaReader) docLine(depth int, mark, text string) {
	target := p.cur
	if depth == 2 && p.variant != nil {
		target = p.variant
	}
	if mark == ">" {
		target.Doc += " " + text
	} else {
		target.Zero = strings.TrimSpace(target.Zero + " " + text)
	}
}

// variantLine adds the variant, or the units type, a line of an enum with
// data declares.
func (p *schemaReader) variantLine(words []string, doc string, line int) error {
	v, err := newVariant(p.cur, words, doc)
	if err != nil {
		return err
	}
	v.Line = line
	p.variant = v
	if v.Kind != KindUnits {
		p.cur.Variants = append(p.cur.Variants, v)
	} else if p.cur.Units != nil {
		return fmt.Errorf("%s has two units lines", p.cur.Name)
	} else {
		p.cur.Units = v
	}
	return p.s.add(v)
}

// valueLine adds the value a line of a unit-only enum or of a units type
// declares.
func (p *schemaReader) valueLine(depth int, words []string, doc string) error {
	target := p.cur
	if depth == 2 {
		target = p.variant
	}
	if len(words) != 1 || doc == "" {
		return errors.New("an enum value is `<value> : doc`")
	}
	target.Values = append(target.Values, &Value{Wire: words[0], Go: target.Prefix + camel(words[0]),
		Doc: doc, Rank: len(target.Values)})
	return nil
}

// memberLine adds the member a line of a type or of a variant declares.
func (p *schemaReader) memberLine(depth int, words []string, doc string) error {
	owner := p.cur
	if depth == 2 {
		owner = p.variant
	}
	m, err := newMember(owner, words, doc)
	if err != nil {
		return err
	}
	owner.Members = append(owner.Members, m)
	return nil
}

// withData reports whether t is an enum with data, whose lines declare
// variants.
func (t *Type) withData() bool {
	return t.Kind == KindInternal || t.Kind == KindExternal || t.Kind == KindMemSum
}

// declKinds are the kinds of the declarations in column 0, by keyword;
// events and in-memory types have their own syntax.
var declKinds = map[string]Kind{"struct": KindStruct, "tuple": KindTuple, "newtype": KindNewtype,
	"enum": KindEnum, "internal": KindInternal, "external": KindExternal}

// memoryKinds are the kinds of the in-memory declarations, by the word
// after "memory".
var memoryKinds = map[string]Kind{"struct": KindMemStruct, "enum": KindMemEnum, "sum": KindMemSum}

// newDecl returns the type a declaration line starts.
func newDecl(words []string, doc string) (*Type, error) {
	t := &Type{Doc: doc}
	args := words[1:]
	switch kw := words[0]; kw {
	case "event":
		return newEvent(t, args)
	case "memory":
		k, ok := Kind(0), len(args) > 0
		if ok {
			k, ok = memoryKinds[args[0]]
		}
		if !ok {
			return nil, fmt.Errorf("memory struct|enum|sum <name>")
		}
		t.Kind, args = k, args[1:]
	default:
		k, ok := declKinds[kw]
		if !ok {
			return nil, fmt.Errorf("unknown declaration %q", kw)
		}
		t.Kind = k
	}
	if len(args) < 1 {
		return nil, fmt.Errorf("%s needs a Go name", words[0])
	}
	t.Name, t.Prefix = args[0], args[0]
	return t, t.options(args[1:])
}

// newEvent returns t as the event an `event <tag> legacy|envelope` line
// declares, args being the words after "event".
func newEvent(t *Type, args []string) (*Type, error) {
	if len(args) != 2 || args[1] != "legacy" && args[1] != "envelope" {
		return nil, fmt.Errorf("event <tag> legacy|envelope")
	}
	t.Kind, t.Tag, t.Legacy, t.Name = KindEvent, args[0], args[1] == "legacy", camel(args[0])+"Event"
	return t, nil
}

// options sets the options the words after a declaration's Go name give:
// a trailing "copied", a newtype's base type, an internal enum's tag
// member, an enum's "ordered".
func (t *Type) options(args []string) error {
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
		return fmt.Errorf("unexpected %q", strings.Join(args, " "))
	}
	return nil
}

// newVariant returns the variant (or units type) a line of enum e declares.
func newVariant(e *Type, words []string, doc string) (*Type, error) {
	if words[0] == "units" {
		return newUnits(e, words, doc)
	}
	if words[0] != "variant" || len(words) < 2 {
		return nil, fmt.Errorf("variant <tag> [unit | newtype <type>]")
	}
	v := &Type{Kind: KindVariant, Tag: words[1], Name: e.Name + camel(words[1]), Doc: doc, Parent: e}
	rest := words[2:]
	switch {
	case len(rest) == 0:
		return v, nil
	case e.Kind == KindInternal:
	case len(rest) == 1 && rest[0] == "unit":
		v.Shape = ShapeUnit
		return v, nil
	case len(rest) == 2 && rest[0] == "newtype":
		v.Shape, v.Base = ShapeNewtype, rest[1]
		return v, nil
	}
	return nil, fmt.Errorf("unexpected %q", strings.Join(rest, " "))
}

// newUnits returns the units type a `units <Go name> <prefix>` line of
// external enum e declares.
func newUnits(e *Type, words []string, doc string) (*Type, error) {
	if e.Kind != KindExternal || len(words) != 3 {
		return nil, fmt.Errorf("units <Go name> <constant prefix>, in an external enum")
	}
	return &Type{Kind: KindUnits, Name: words[1], Prefix: words[2], Doc: doc, Parent: e}, nil
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
		k, ok := marks[mark]
		if !ok || def != "" && k != MarkDefault {
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
	if err := s.checkEventOrder(); err != nil {
		return err
	}
	for _, t := range s.Types {
		if err := s.checkType(t); err != nil {
			return fmt.Errorf("contract.schema:%d: %s: %v", t.Line, t.Name, err)
		}
	}
	for _, ev := range s.Events {
		if ev.Legacy {
			markLegacy(ev)
		}
	}
	return nil
}

// checkEventOrder checks that the legacy events come first.
func (s *Schema) checkEventOrder() error {
	legacyDone := false
	for _, ev := range s.Events {
		if !ev.Legacy {
			legacyDone = true
		} else if legacyDone {
			return fmt.Errorf("contract.schema:%d: legacy events come first", ev.Line)
		}
	}
	return nil
}

// bind binds the type names of r to their declarations.
func (s *Schema) bind(r *TypeRef) error {
	switch {
	case r.Ptr != nil:
		return s.bind(r.Ptr)
	case r.Slice != nil:
		return s.bind(r.Slice)
	case r.Map != nil:
		return s.bind(r.Map)
	case slices.Contains(builtins, r.Name):
		return nil
	}
	r.Decl = s.byName[r.Name]
	if r.Decl == nil {
		return fmt.Errorf("unknown type %s", r.Name)
	}
	return nil
}

// checkType binds the types of t's members and base, and checks t's docs,
// its number of members and the rules of its kind and markers.
func (s *Schema) checkType(t *Type) error {
	if t.Doc == "" {
		return errors.New("no doc")
	}
	if len(t.Members) > maxMembers {
		return fmt.Errorf("%d members, more than the %d a reader can track", len(t.Members), maxMembers)
	}
	for _, m := range t.Members {
		if err := s.checkMember(m); err != nil {
			return fmt.Errorf("%s: %v", m.Wire, err)
		}
	}
	if err := t.checkKind(); err != nil {
		return err
	}
	if t.Base != "" {
		t.BaseRef = parseTypeRef(t.Base)
		return s.bind(t.BaseRef)
	}
	return nil
}

// checkKind checks the rules of t's kind on what it declares: a tuple has
// two members, an enum at least one value.
func (t *Type) checkKind() error {
	switch {
	case t.Kind == KindTuple && len(t.Members) != 2:
		return errors.New("a tuple has two members")
	case (t.Kind == KindEnum || t.Kind == KindMemEnum || t.Kind == KindUnits) && len(t.Values) == 0:
		return errors.New("an enum needs values")
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

// checkMember binds the type of m and checks its doc and that its marker
// suits its type.
func (s *Schema) checkMember(m *Member) error {
	if err := s.bind(m.Type); err != nil {
		return err
	}
	if m.Doc == "" {
		return errors.New("no doc")
	}
	if err := checkMark(m); err != nil {
		return err
	}
	t := m.Type
	if t.Map != nil && t.Map.Name != "string" && !m.Owner.memory() {
		return errors.New("only map[string]string is supported on the wire")
	}
	if t.Ptr != nil && !m.optional() && !m.Owner.memory() {
		return errors.New("a pointer member must be optional or optional,omitempty")
	}
	return nil
}

// optional reports whether m is marked optional, omitted when nil or not.
func (m *Member) optional() bool {
	return m.Mark == MarkOptional || m.Mark == MarkOptionalOmitEmpty
}

// checkMark checks that the marker of m suits its type.
func checkMark(m *Member) error {
	t := m.Type
	switch m.Mark {
	case MarkOptional, MarkOptionalOmitEmpty:
		if t.Ptr == nil && !t.isSum() {
			return errors.New("an optional member is a pointer or an enum with data")
		}
		if t.isSum() && m.Mark == MarkOptionalOmitEmpty {
			return errors.New("an optional,omitempty enum with data is not supported")
		}
	case MarkDefaultOmitEmpty:
		if t.Name != "string" && t.Slice == nil {
			return errors.New("a default,omitempty member is a string or a slice")
		}
	case MarkDefault:
		if e := t.Decl; m.Default != "" && (e == nil || e.Kind != KindEnum || e.value(m.Default) == nil) {
			return fmt.Errorf("the default %q is not a value of an enum", m.Default)
		}
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
