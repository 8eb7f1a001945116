package toolloop

import (
	"encoding"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestEveryExportedIdentifierIsDocumented parses the package's non-test
// files and requires a doc comment starting with the identifier's name on
// every exported type, function, method, constant, variable and struct
// field (a constant or variable may instead be covered by its group's
// comment when the group has no per-name comments).
func TestEveryExportedIdentifierIsDocumented(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	if len(files) < 10 {
		t.Fatalf("parsed only %d files", len(files))
	}
	check := func(name string, doc *ast.CommentGroup, pos token.Pos) {
		if !ast.IsExported(name) {
			return
		}
		text := ""
		if doc != nil {
			text = doc.Text()
		}
		if !strings.HasPrefix(text, name+" ") {
			t.Errorf("%s: %s lacks a doc comment starting with its name", fset.Position(pos), name)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				check(d.Name.Name, d.Doc, d.Pos())
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						doc := s.Doc
						if doc == nil && len(d.Specs) == 1 {
							doc = d.Doc
						}
						check(s.Name.Name, doc, s.Pos())
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fld := range st.Fields.List {
								for _, n := range fld.Names {
									check(n.Name, fld.Doc, n.Pos())
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if s.Doc == nil && d.Doc != nil && d.Lparen.IsValid() {
								continue // documented by its group
							}
							doc := s.Doc
							if doc == nil {
								doc = d.Doc
							}
							check(n.Name, doc, n.Pos())
						}
					}
				}
			}
		}
	}
}

// TestNoTypeCustomizesEncodingJSON pins that no type reachable from the
// events implements json.Marshaler, json.Unmarshaler or the text
// interfaces encoding/json would use, so encoding/json serves only as a
// benchmark baseline, and it can marshal every sample event.
func TestNoTypeCustomizesEncodingJSON(t *testing.T) {
	for _, typ := range wireTypes() {
		if typ.Kind() == reflect.Interface {
			continue
		}
		for _, c := range []reflect.Type{typ, reflect.PointerTo(typ)} {
			for _, i := range []reflect.Type{typeOf[json.Marshaler](), typeOf[json.Unmarshaler](),
				typeOf[encoding.TextMarshaler](), typeOf[encoding.TextUnmarshaler]()} {
				if c.Implements(i) {
					t.Errorf("%s implements %s", c, i)
				}
			}
		}
	}
	for _, ev := range append(allEventSamples(), variantEventSamples()...) {
		if _, err := json.Marshal(ev); err != nil {
			t.Errorf("encoding/json cannot marshal %s: %v", ev.EventName(), err)
		}
	}
}
