// Command gen writes the generated code of package toolloop from its
// contract description, contract.schema: the Go types of the contract, the
// writers of both serialized forms, the strict readers, the member tables
// and the deep copies (the *_gen.go files), and the package-level functions
// of the Encoder methods declared in the hand-written files. It is run by
// `go generate ./toolloop/...` in the toolloop directory and uses only the
// standard library.
//
// Usage:
//
//	go run ./internal/gen [-check]
//
// With -check it writes nothing and fails if a generated file would change.
//
// The generator decides what each type is made of (this package's Go code);
// the templates (templates/*.tmpl) decide the shape of the code that writes
// and reads it, in one place for every type.
//
// # The schema format
//
// Lines starting with '#' and blank lines are ignored. A declaration starts
// in column 0; its lines follow, indented by one tab, and the members of a
// variant by two. " : text" ends a line with a doc predicate: the generator
// writes "<Go name> <text>." and adds the rules the marker implies, the
// JSON form and what the zero value means.
//
//	event <tag> legacy|envelope          a LoopEvent, Go type <Camel(tag)>Event;
//	                                     EventNames order, the legacy ones first
//	struct <Go name>                     a wire struct
//	tuple <Go name>                      a two-member struct written as an array
//	newtype <Go name> <base type>        a named string or uint32 type
//	enum <Go name> [ordered]             a unit-only enum, its lines its values;
//	                                     ordered: with a Rank method
//	internal <Go name> <tag member>      an internally tagged enum with data
//	external <Go name>                   an externally tagged enum with data
//	memory struct|enum|sum <Go name>     an in-memory type, never serialized
//
// A struct, internal or external declaration may end in copied: a deep-copy
// function copy<Go name> is generated for it, and for each type it reaches
// that needs one (pointer variants become values, slices are copied).
//
// The lines of a declaration:
//
//	> text                          continues the declaration's doc
//	= text                          replaces its zero-value sentence
//	<name> <Go type> [marker]       a member; name is its snake_case JSON name
//	<value> : doc                   an enum value, Go <Type><Camel(value)>
//	variant <tag> [unit|newtype T]  a variant, Go <Enum><Camel(tag)>; in an
//	                                internal enum, one without members is a unit
//	units <Go name> <prefix>        the unit variants of an external enum,
//	                                values of one named string type
//
// Markers (a member without one is required: present when read, always
// written):
//
//	default             may be absent, reading as the zero value; null is an
//	                    error; always written
//	default=<value>     default, reading as that enum value, which a zero Go
//	                    value is also written as
//	default,omitempty   default, and omitted when empty (a string or a slice)
//	optional            a pointer or an enum with data: absent or null reads
//	                    nil; nil is written null
//	optional,omitempty  optional, and omitted when nil (a pointer)
//
// A type has at most 63 members. Go names are the CamelCase of snake
// names, with id ids ok url api lsp gpt ai written ID IDs OK URL API LSP
// GPT AI.
package main

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"
)

//go:embed templates/*.tmpl
var templates embed.FS

// schemaFile is the contract description, in the package directory.
const schemaFile = "contract.schema"

// output is one generated file: the template rendering it and, for the
// writers and readers, the part of the model it renders (nil: all of it).
type output struct {
	file, tmpl string
	part       func(*Type) bool
}

// outputs are the generated files: the declarations by kind of type, the
// writers and the readers split by the kind of type they serve.
var outputs = []output{
	{"events_gen.go", "events.go", nil},
	{"types_gen.go", "types.go", nil},
	{"enums_gen.go", "enums.go", nil},
	{"variants_gen.go", "variants.go", nil},
	{"memtypes_gen.go", "memtypes.go", nil},
	{"copies_gen.go", "copies.go", nil},
	{"wrappers_gen.go", "wrappers.go", nil},
	{"encode_gen.go", "encode.go", isCore},
	{"encode_legacy_gen.go", "encode.go", isLegacyEvent},
	{"encode_envelope_gen.go", "encode.go", isEnvelopeEvent},
	{"encode_types_gen.go", "encode.go", isLegacyStruct},
	{"encode_envelope_types_gen.go", "encode.go", isEnvelopeStruct},
	{"encode_variants_gen.go", "encode.go", isVariant},
	{"decode_gen.go", "decode.go", isCore},
	{"decode_member_gen_test.go", "decode_member_test.go", nil},
	{"decode_legacy_gen.go", "decode.go", isLegacyEvent},
	{"decode_envelope_gen.go", "decode.go", isEnvelopeEvent},
	{"decode_types_gen.go", "decode.go", isLegacyStruct},
	{"decode_envelope_types_gen.go", "decode.go", isEnvelopeStruct},
	{"decode_variants_gen.go", "decode.go", isVariant},
}

// The parts of the writers and readers: the core (the entry points, the
// literal table, the readers of unit enums, lists, maps and pointers), the
// legacy and the envelope-only events, the wire structs and tuples the
// legacy events reach and those only envelope-only events reach, and the
// enums with data with their variants.
func isCore(t *Type) bool          { return t == nil }
func isLegacyEvent(t *Type) bool   { return t != nil && t.Kind == KindEvent && t.Legacy }
func isEnvelopeEvent(t *Type) bool { return t != nil && t.Kind == KindEvent && !t.Legacy }
func isStruct(t *Type) bool        { return t != nil && (t.Kind == KindStruct || t.Kind == KindTuple) }
func isLegacyStruct(t *Type) bool  { return isStruct(t) && t.InLegacy }
func isEnvelopeStruct(t *Type) bool {
	return isStruct(t) && !t.InLegacy
}
func isVariant(t *Type) bool {
	return t != nil && (t.Kind == KindVariant || t.Kind == KindInternal || t.Kind == KindExternal)
}

// part returns a copy of m holding only the writers and readers of the
// types keep selects; the core also holds the entry points and the shared
// readers.
func (m *model) part(keep func(*Type) bool) *model {
	p := *m
	p.Core = keep(nil)
	p.Writers = slices.DeleteFunc(slices.Clone(m.Writers), func(w *writer) bool { return !keep(w.T) })
	p.Readers = slices.DeleteFunc(slices.Clone(m.Readers), func(r *reader) bool { return !keep(r.T) })
	p.Sums = slices.DeleteFunc(slices.Clone(m.Sums), func(w *sumWriter) bool { return !keep(w.T) })
	p.SumReaders = slices.DeleteFunc(slices.Clone(m.SumReaders), func(r *sumReader) bool { return !keep(r.T) })
	if !p.Core {
		p.Lists, p.Maps, p.Opts, p.Enums = nil, nil, nil, nil
	}
	return &p
}

// packages are the packages generated code may use, by name.
var packages = [][2]string{{"cmp", "cmp"}, {"slices", "slices"},
	{"canon", "github.com/agentkernel/agentkernel/internal/canon"}}

// withImports inserts into src, after its package clause, the import
// declaration of the packages its code (not its comments) uses.
func withImports(src []byte) []byte {
	var code strings.Builder
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			code.WriteString(l + "\n")
		}
	}
	var imports []string
	for _, p := range packages {
		if regexp.MustCompile(`\b` + p[0] + `\.[A-Z]`).MatchString(code.String()) {
			imports = append(imports, fmt.Sprintf("%q", p[1]))
		}
	}
	if len(imports) == 0 {
		return src
	}
	decl := "\nimport (\n" + strings.Join(imports, "\n") + "\n)\n"
	return bytes.Replace(src, []byte("package toolloop\n"), []byte("package toolloop\n"+decl), 1)
}

func main() {
	check := flag.Bool("check", false, "fail if a generated file would change, writing nothing")
	flag.Parse()
	if err := run(".", *check); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run generates the files of the package in dir.
func run(dir string, check bool) error {
	files, err := generate(dir)
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(mapKeys(files)) {
		path := filepath.Join(dir, name)
		if check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, files[name]) {
				return fmt.Errorf("%s is not up to date: run go generate", name)
			}
			continue
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func mapKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// generate returns the generated files of the package in dir, by name.
func generate(dir string) (map[string][]byte, error) {
	m, tmpl, err := prepare(dir)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, o := range outputs {
		src, err := m.render(tmpl, o)
		if err != nil {
			return nil, err
		}
		out[o.file] = src
	}
	return out, nil
}

// prepare reads the schema of the package in dir and its hand-written
// Encoder methods into the model, and parses the templates with the
// model's functions.
func prepare(dir string) (*model, *template.Template, error) {
	text, err := os.ReadFile(filepath.Join(dir, schemaFile))
	if err != nil {
		return nil, nil, err
	}
	s, err := parseSchema(string(text))
	if err != nil {
		return nil, nil, err
	}
	m, err := newModel(s)
	if err != nil {
		return nil, nil, err
	}
	if m.Wrappers, err = wrappers(dir); err != nil {
		return nil, nil, err
	}
	if m.Copies, err = m.copies(); err != nil {
		return nil, nil, err
	}
	tmpl, err := template.New("").Funcs(m.funcs()).ParseFS(templates, "templates/*.tmpl")
	return m, tmpl, err
}

// render returns the formatted source of output o.
func (m *model) render(tmpl *template.Template, o output) ([]byte, error) {
	data := m
	if o.part != nil {
		data = m.part(o.part)
	}
	var b bytes.Buffer
	if err := tmpl.ExecuteTemplate(&b, o.tmpl, data); err != nil {
		return nil, err
	}
	src, err := format.Source(withImports(b.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", o.file, err, numbered(b.String()))
	}
	return src, nil
}

// numbered returns src with line numbers, to locate a formatting error.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, l)
	}
	return b.String()
}

// funcs returns the functions the templates call.
func (m *model) funcs() template.FuncMap {
	return template.FuncMap{
		"comment":       comment,
		"typeDoc":       m.typeDoc,
		"memberDoc":     m.memberDoc,
		"valueDoc":      m.valueDoc,
		"camel":         camel,
		"lower":         lowerFirst,
		"jsonTag":       jsonTag,
		"char":          func(s string) string { return fmt.Sprintf("%q", rune(s[0])) },
		"dec":           func(n int) int { return n - 1 },
		"quote":         quote,
		"last":          func(v []*Value) *Value { return v[len(v)-1] },
		"needR":         func(name string) bool { return m.needR[name] },
		"legacyCount":   m.legacyCount,
		"envelopeCount": func() int { return len(m.Events) - m.legacyCount() },
		"allEnums":      m.allEnums,
		"memberCases":   m.memberCases,
	}
}

func (m *model) legacyCount() int {
	n := 0
	for _, ev := range m.Events {
		if ev.Legacy {
			n++
		}
	}
	return n
}

// allEnums returns the unit-only enums, wire and in-memory, and the units
// types, in declaration order.
func (m *model) allEnums() []*Type {
	var out []*Type
	for _, t := range m.Types {
		if t.Kind == KindEnum || t.Kind == KindMemEnum || t.Kind == KindUnits {
			out = append(out, t)
		}
	}
	return out
}

// jsonTag returns the struct tag of member mem: its JSON name, for
// documentation and the encoding/json baseline of the benchmarks.
func jsonTag(mem *Member) string {
	if mem.Owner.memory() || mem.Owner.Kind == KindTuple {
		return ""
	}
	if mem.Mark == MarkOptionalOmitEmpty || mem.Mark == MarkDefaultOmitEmpty {
		return fmt.Sprintf(" `json:\"%s,omitempty\"`", mem.Wire)
	}
	return fmt.Sprintf(" `json:%q`", mem.Wire)
}

// memberCase is one case of decoder.member: a destination type and the
// call reading into p.
type memberCase struct{ Type, Call string }

// scalarTypes are the scalar wire types, in the order of decoder.member's
// cases.
var scalarTypes = []string{"string", "uint32", "uint64", "float64", "bool", "Value"}

// memberCases returns the cases of decoder.member, the test helper reading
// a value of any wire type: one per wire type with a reader.
func (m *model) memberCases() []memberCase {
	var out []memberCase
	seen := map[string]bool{}
	add := func(typ, read string) {
		if !seen[typ] {
			seen[typ] = true
			out = append(out, memberCase{typ, read + "(d, k, p)"})
		}
	}
	for _, name := range scalarTypes {
		add(name, scalarReaders[scalarShape(&TypeRef{Name: name})])
	}
	for _, t := range m.Types {
		if read := m.declaredReader(t); read != "" {
			add(t.Name, read)
		}
	}
	for _, l := range append(slices.Clone(m.Lists), m.Maps...) {
		if l.NeedR {
			add(l.Slice, l.RFunc)
		}
	}
	for _, o := range m.Opts {
		add(o.Ptr.String(), o.Func)
	}
	return out
}

// declaredReader returns the reader of declared type t that decoder.member
// calls, or "" when t has none.
func (m *model) declaredReader(t *Type) string {
	switch {
	case t.memory():
		return ""
	case t.Kind == KindNewtype:
		return m.readerOf(t.BaseRef)
	case t.object(), t.Kind == KindTuple:
		return "read" + t.Name
	case (t.Kind == KindEnum || t.Kind == KindInternal || t.Kind == KindExternal) && m.needR["read"+t.Name]:
		return "read" + t.Name
	}
	return ""
}

// quote returns s as a Go string literal, raw when that needs no escape.
func quote(s string) string {
	if !strings.ContainsAny(s, "`\\\n") {
		return "`" + s + "`"
	}
	return fmt.Sprintf("%q", s)
}
