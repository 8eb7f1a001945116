package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
)

// wrapper is the package-level function of an exported Encoder method: the
// method of the zero Encoder, which writes the current float layout.
type wrapper struct {
	Name, Doc, Params, Args, Results string
}

// wrappers returns the package-level functions of the exported methods
// declared on Encoder (value receiver) in the hand-written Go files of dir,
// in file and declaration order. The doc of each is the first clause of
// its method's doc (up to the first ':', ',', ';', '(' or '.') followed by
// the layout and the call.
func wrappers(dir string) ([]wrapper, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []wrapper
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_gen.go") {
			continue
		}
		ws, err := fileWrappers(fset, name)
		if err != nil {
			return nil, err
		}
		out = append(out, ws...)
	}
	return out, nil
}

// fileWrappers returns the wrappers of the exported Encoder methods
// declared in the Go file name, in declaration order.
func fileWrappers(fset *token.FileSet, name string) ([]wrapper, error) {
	f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var out []wrapper
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || !fd.Name.IsExported() || types.ExprString(fd.Recv.List[0].Type) != "Encoder" {
			continue
		}
		w, err := newWrapper(fd)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Base(name), err)
		}
		out = append(out, w)
	}
	return out, nil
}

// newWrapper returns the wrapper of method fd.
func newWrapper(fd *ast.FuncDecl) (wrapper, error) {
	w := wrapper{Name: fd.Name.Name}
	doc, ok := strings.CutPrefix(fd.Doc.Text(), w.Name+" ")
	if !ok {
		return w, fmt.Errorf("the doc of Encoder.%s does not start with its name", w.Name)
	}
	if i := strings.IndexAny(doc, ":,;(."); i >= 0 {
		doc = doc[:i]
	}
	var params, args []string
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			params = append(params, n.Name+" "+types.ExprString(p.Type))
			args = append(args, n.Name)
		}
	}
	var results []string
	for _, r := range fd.Type.Results.List {
		results = append(results, types.ExprString(r.Type))
	}
	w.Params, w.Args, w.Results = strings.Join(params, ", "), strings.Join(args, ", "), strings.Join(results, ", ")
	if len(results) > 1 {
		w.Results = "(" + w.Results + ")"
	}
	w.Doc = fmt.Sprintf("%s %s in the current float layout: Encoder{}.%s(%s).", w.Name,
		strings.TrimSpace(strings.Join(strings.Fields(doc), " ")), w.Name, w.Args)
	return w, nil
}
