// Command gen writes the generated code of package toolloop from its
// contract description, contract.schema: the Go types of the contract, the
// writers of both serialized forms, the strict readers and the member
// tables (the *_gen.go files). It is run by `go generate ./toolloop/...` in
// the toolloop directory and uses only the standard library.
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
//	event <tag> legacy|envelope [large]  a LoopEvent, Go type <Camel(tag)>Event;
//	                                     EventNames order, the legacy ones first;
//	                                     large: written through the large buffer
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
// written): D (defaulted: may be absent, reading as the zero value, null is
// an error, always written), D=<value> (defaulted to that enum value, which
// a zero Go value is also written as), DS (like D, omitted when empty), O
// (optional, a pointer or an enum with data: absent or null reads nil, nil
// is written null), OS (like O, nil omitted). Go names are the CamelCase of
// snake names, with id ids ok url api lsp gpt ai written ID IDs OK URL API
// LSP GPT AI.
package main

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"
)

//go:embed templates/*.tmpl
var templates embed.FS

// schemaFile is the contract description, in the package directory.
const schemaFile = "contract.schema"

// outputs are the generated files, each rendered by the template of its
// name.
var outputs = []string{"events.go", "types.go", "enums.go", "variants.go", "memtypes.go", "encode.go", "decode.go",
	"copies.go", "wrappers.go"}

// generatedName returns the file name of output o.
func generatedName(o string) string {
	return strings.TrimSuffix(o, ".go") + "_gen.go"
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
	text, err := os.ReadFile(filepath.Join(dir, schemaFile))
	if err != nil {
		return nil, err
	}
	s, err := parseSchema(string(text))
	if err != nil {
		return nil, err
	}
	m, err := newModel(s)
	if err != nil {
		return nil, err
	}
	if m.Wrappers, err = wrappers(dir); err != nil {
		return nil, err
	}
	if m.Copies, err = m.copies(); err != nil {
		return nil, err
	}
	tmpl, err := template.New("").Funcs(m.funcs()).ParseFS(templates, "templates/*.tmpl")
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, o := range outputs {
		var b bytes.Buffer
		if err := tmpl.ExecuteTemplate(&b, o, m); err != nil {
			return nil, err
		}
		src, err := format.Source(b.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", o, err, numbered(b.String()))
		}
		out[generatedName(o)] = src
	}
	return out, nil
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
		"comment":   comment,
		"typeDoc":   m.typeDoc,
		"memberDoc": m.memberDoc,
		"valueDoc":  m.valueDoc,
		"camel":     camel,
		"lower":     lowerFirst,
		"jsonTag":   jsonTag,
		"char":      func(s string) string { return fmt.Sprintf("%q", rune(s[0])) },
		"dec":       func(n int) int { return n - 1 },
		"quote":     quote,
		"last":      func(v []*Value) *Value { return v[len(v)-1] },
		"needR":     func(name string) bool { return m.needR[name] },
		"imports": func(paths ...string) []string {
			return slices.DeleteFunc(paths, func(p string) bool { return p == "" })
		},
		"ifOrdered":  func(p string) string { return m.ifAny(p, func(t *Type) bool { return t.Ordered }) },
		"ifDefaults": func(p string) string { return m.ifAny(p, hasDefault) },
		"ifMaps": func(p string) string {
			if len(m.Maps) > 0 {
				return p
			}
			return ""
		},
		"legacyCount":   m.legacyCount,
		"envelopeCount": func() int { return len(m.Events) - m.legacyCount() },
		"allEnums":      m.allEnums,
		"largeEvents": func() []*Type {
			return slices.DeleteFunc(slices.Clone(m.Events), func(t *Type) bool { return !t.Large })
		},
		"memberCases": m.memberCases,
		"copiesImport": func() string {
			for _, c := range m.Copies {
				for _, st := range c.Steps {
					if strings.HasPrefix(st.Expr, "slices.") {
						return "slices"
					}
				}
				for _, cs := range c.Cases {
					for _, st := range cs.Steps {
						if strings.HasPrefix(st.Expr, "slices.") {
							return "slices"
						}
					}
					if strings.HasPrefix(cs.Expr, "slices.") {
						return "slices"
					}
				}
			}
			return ""
		},
	}
}

func hasDefault(t *Type) bool {
	return slices.ContainsFunc(t.Members, func(mem *Member) bool { return mem.Default != "" })
}

// ifAny returns p if some type satisfies f, else "".
func (m *model) ifAny(p string, f func(*Type) bool) string {
	if slices.ContainsFunc(m.Types, f) {
		return p
	}
	return ""
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
	if mem.Mark == MarkOS || mem.Mark == MarkDS {
		return fmt.Sprintf(" `json:\"%s,omitempty\"`", mem.Wire)
	}
	return fmt.Sprintf(" `json:%q`", mem.Wire)
}

// memberCase is one case of decoder.member: a destination type and the
// call reading into p.
type memberCase struct{ Type, Call string }

// memberCases returns the cases of decoder.member, one per wire type with a
// reader.
func (m *model) memberCases() []memberCase {
	var out []memberCase
	seen := map[string]bool{}
	add := func(typ, call string) {
		if !seen[typ] {
			seen[typ] = true
			out = append(out, memberCase{typ, call + "(d, k, p)"})
		}
	}
	for _, b := range [][2]string{{"string", "readString"}, {"uint32", "readUint"}, {"uint64", "readUint"},
		{"float64", "readFloat"}, {"bool", "readBool"}, {"Value", "readValue"}} {
		add(b[0], b[1])
	}
	for _, t := range m.Types {
		switch {
		case t.memory():
		case t.Kind == KindNewtype:
			add(t.Name, m.readerOf(t.BaseRef))
		case t.Kind == KindEnum && m.needR["read"+t.Name], t.object(), t.Kind == KindTuple:
			add(t.Name, "read"+t.Name)
		case (t.Kind == KindInternal || t.Kind == KindExternal) && m.needR["read"+t.Name]:
			add(t.Name, "read"+t.Name)
		}
	}
	for _, l := range m.Lists {
		if l.NeedR {
			add(l.Slice, l.RFunc)
		}
	}
	for _, l := range m.Maps {
		if l.NeedR {
			add(l.Slice, l.RFunc)
		}
	}
	for _, o := range m.Opts {
		add(o.Ptr.String(), o.Func)
	}
	return out
}

// quote returns s as a Go string literal, raw when that needs no escape.
func quote(s string) string {
	if !strings.ContainsAny(s, "`\\\n") {
		return "`" + s + "`"
	}
	return fmt.Sprintf("%q", s)
}
