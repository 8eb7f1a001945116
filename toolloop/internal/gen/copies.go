package main

import "fmt"

// copyFn is a generated deep-copy function: copy<Name> for a struct or an
// enum with data, copyList<Name> for a slice of such values. A copy shares
// no memory with the original but its strings and Values (immutable), and
// the variants of enums with data are held as values, never as pointers.
type copyFn struct {
	Func, Type string
	List       string      // for a slice: the element's copy function
	Steps      []copyStep  // for a struct: its members that need a copy
	Cases      []*copyCase // for an enum with data: its variants
}

// copyStep copies one member: v.Go = Expr.
type copyStep struct{ Go, Expr string }

// copyCase copies one variant: the value of a pointer variant is copied
// (Ptr), a newtype variant is converted back from Expr, a struct variant's
// members by Steps.
type copyCase struct {
	Type  string
	Ptr   bool
	Expr  string
	Steps []copyStep
}

// copies returns the deep-copy functions of the types marked copied and of
// the types they reach, in the order they are first needed.
func (m *model) copies() ([]*copyFn, error) {
	c := &copier{done: map[string]bool{}}
	for _, t := range m.Types {
		if t.Copied {
			if _, err := c.typeCopy(t); err != nil {
				return nil, err
			}
		}
	}
	return c.fns, nil
}

type copier struct {
	fns  []*copyFn
	done map[string]bool
}

// needs reports whether a value of type r may hold memory a copy must not
// share (a slice, map or pointer) or a pointer variant.
func needs(r *TypeRef) bool {
	switch {
	case r.Ptr != nil, r.Slice != nil, r.Map != nil, r.isSum():
		return true
	case r.Decl == nil:
		return false
	}
	return typeNeeds(r.Decl)
}

func typeNeeds(t *Type) bool {
	if t.BaseRef != nil {
		return needs(t.BaseRef)
	}
	for _, mem := range t.Members {
		if needs(mem.Type) {
			return true
		}
	}
	return false
}

// expr returns the expression copying x of type r, x itself when nothing
// needs a copy.
func (c *copier) expr(r *TypeRef, x string) (string, error) {
	switch {
	case !needs(r):
		return x, nil
	case r.Slice != nil && !needs(r.Slice):
		return "slices.Clone(" + x + ")", nil
	case r.Slice != nil && r.Slice.Decl != nil:
		f := "copyList" + r.Slice.Name
		if !c.done[f] {
			c.done[f] = true
			elem, err := c.typeCopy(r.Slice.Decl)
			if err != nil {
				return "", err
			}
			c.fns = append(c.fns, &copyFn{Func: f, Type: r.Slice.Name, List: elem})
		}
		return f + "(" + x + ")", nil
	case r.Decl != nil && r.Ptr == nil && r.Map == nil:
		f, err := c.typeCopy(r.Decl)
		return f + "(" + x + ")", err
	}
	return "", fmt.Errorf("no deep copy of %s", r)
}

// typeCopy returns the name of the copy function of t, adding it when
// needed.
func (c *copier) typeCopy(t *Type) (string, error) {
	f := "copy" + t.Name
	if c.done[f] {
		return f, nil
	}
	c.done[f] = true
	fn := &copyFn{Func: f, Type: t.Name}
	c.fns = append(c.fns, fn)
	if t.Kind != KindInternal && t.Kind != KindExternal && t.Kind != KindMemSum {
		steps, err := c.steps(t)
		fn.Steps = steps
		return f, err
	}
	for _, v := range t.Variants {
		cs := &copyCase{Type: v.Name}
		var err error
		if v.BaseRef != nil && needs(v.BaseRef) {
			cs.Expr, err = c.expr(v.BaseRef, v.BaseRef.String()+"(v)")
		}
		if err == nil {
			cs.Steps, err = c.steps(v)
		}
		if err != nil {
			return "", err
		}
		fn.Cases = append(fn.Cases, cs, &copyCase{Type: v.Name, Ptr: true})
	}
	return f, nil
}

// steps returns the member copies of struct type t.
func (c *copier) steps(t *Type) ([]copyStep, error) {
	var out []copyStep
	for _, mem := range t.Members {
		if !needs(mem.Type) {
			continue
		}
		e, err := c.expr(mem.Type, "v."+mem.Go)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %v", t.Name, mem.Go, err)
		}
		out = append(out, copyStep{mem.Go, e})
	}
	return out, nil
}
