package main

import (
	"fmt"
	"slices"
	"strings"
)

// This file turns the schema into what the templates render: for every
// type, the steps its writer takes in each form and the cases its reader
// switches on. It decides what is written and read, in which order, and
// which functions exist; the templates decide how the code doing it looks.

// model is the data of one generation run.
type model struct {
	*Schema
	Lits       []string       // the key literals, appended through the lits table
	litIndex   map[string]int // index of each literal in Lits
	Writers    []*writer      // object and tuple writers, in declaration order
	Sums       []*sumWriter   // writers of the enums with data, and of LoopEvent
	Lists      []*listFn      // list writers and readers, by element type
	Maps       []*listFn      // map writers and readers, by element type
	Readers    []*reader      // object and tuple readers
	Opts       []*optFn       // readers of Option members
	Enums      []*Type        // unit-only wire enums (and units types), in order
	SumReaders []*sumReader   // readers of the enums with data
	Wrappers   []wrapper      // the package-level functions of the Encoder methods
	Copies     []*copyFn      // the deep-copy functions
	Core       bool           // the part of the writers and readers with the entry points
	needW      map[string]bool
	needR      map[string]bool
}

// writer is the writer of one object or tuple type.
type writer struct {
	T      *Type
	Func   string
	Forms  []*form // the ledger form first when the orders differ
	NeedEr bool    // some step may fail
}

// form is the straight-line code of one member order.
type form struct {
	Sorted bool // written when e.sorted holds (only when the orders differ)
	Steps  []*step
}

// step is one step of a writer: a literal, a value, or a conditional block.
type step struct {
	Lit   int    // index in model.Lits, or -1
	Text  string // the literal, for comments
	Op    *op
	If    string // the condition of a block
	Block []*step
}

// op writes one value.
type op struct {
	Shape    string // str uint float bool value enum call strings map
	Expr     string // the Go expression written (a pointer for struct and tuple calls)
	Func     string // the writer called, for the call shape
	Nullable string // a pointer that is written null when nil, or ""
	Inner    *op    // with Nullable: the write of the pointed-to value
	Name     string // the member named in a failure's path, or ""
	At       string // the index named in a failure's path, or ""
	Root     string // the event a failure is named after, or ""
}

// Fails reports whether o may fail.
func (o *op) Fails() bool {
	if o.Inner != nil {
		return o.Inner.Fails()
	}
	switch o.Shape {
	case "uint", "float", "bool", "value":
		return false
	}
	return true
}

// sumWriter is the writer of an enum with data (or of LoopEvent).
type sumWriter struct {
	T        *Type
	Iface    string // the interface type
	Func     string
	Optional bool // nil is None (null), not a failure
	Cases    []*sumCase
	NeedEr   bool
}

// sumCase writes one variant type.
type sumCase struct {
	Type  string // the variant's Go type
	Steps []*step
	Tail  *op // the single write of Steps, when its result is returned as is
}

// listFn is the writer and reader of one slice type.
type listFn struct {
	Elem   *TypeRef
	Slice  string // the slice type
	WFunc  string
	RFunc  string
	Op     *op    // the element write, of s[j]
	Read   string // the element reader
	NeedW  bool
	NeedR  bool
	NeedEr bool
}

// reader is the reader of one object or tuple type.
type reader struct {
	T        *Type
	Func     string
	TagKey   string
	Cases    []*rcase
	Defaults []*rcase // members whose absence reads as a non-zero default
	Required string   // the mask of the required members, or ""
	Names    string   // the member table naming them
}

// rcase reads one member.
type rcase struct {
	Wire, Go, Func, Bit string
	Const               string // Defaults: the default constant
}

// optFn is the reader of one pointer type.
type optFn struct {
	Ptr  *TypeRef
	Func string
	Read string // the reader of the pointed-to value
}

// newModel builds the model of s.
func newModel(s *Schema) (*model, error) {
	m := &model{Schema: s, Core: true, litIndex: map[string]int{}, needW: map[string]bool{}, needR: map[string]bool{}}
	for _, t := range s.Types {
		if t.memory() {
			continue
		}
		switch {
		case t.object():
			w, err := m.objectWriter(t)
			if err != nil {
				return nil, err
			}
			m.Writers = append(m.Writers, w)
			m.Readers = append(m.Readers, m.objectReader(t))
		case t.Kind == KindTuple:
			m.Writers = append(m.Writers, m.tupleWriter(t))
			m.Readers = append(m.Readers, m.objectReader(t))
		case t.Kind == KindEnum, t.Kind == KindUnits:
			m.Enums = append(m.Enums, t)
		}
	}
	// The entry points of the hand-written code.
	m.needW["writeConversation"], m.needW["writeConversationDelta"], m.needW["writeLoopEvent"] = true, true, true
	m.Sums = append(m.Sums, m.eventWriter())
	for _, t := range s.Types {
		if t.Kind == KindInternal || t.Kind == KindExternal {
			m.Sums = append(m.Sums, m.sumWriter(t), m.optionWriter(t))
			m.SumReaders = append(m.SumReaders, m.sumReader(t), m.optionReader(t))
		}
	}
	m.Sums = slices.DeleteFunc(m.Sums, func(w *sumWriter) bool { return !m.needW[w.Func] })
	m.SumReaders = slices.DeleteFunc(m.SumReaders, func(r *sumReader) bool { return !m.needR[r.Func] })
	for _, l := range append(slices.Clone(m.Lists), m.Maps...) {
		l.NeedW, l.NeedR = m.needW[l.WFunc], m.needR[l.RFunc]
	}
	return m, nil
}

// lit returns the index of literal s in the lits table.
func (m *model) lit(s string) int {
	i, ok := m.litIndex[s]
	if !ok {
		i = len(m.Lits)
		m.Lits = append(m.Lits, s)
		m.litIndex[s] = i
	}
	return i
}

// item is a member of an object in one order: the tag or a member.
type item struct {
	m        *Member // nil for the tag
	key, tag string
}

// objectWriter returns the writer of object type t.
func (m *model) objectWriter(t *Type) (*writer, error) {
	w := &writer{T: t, Func: "write" + t.Name}
	var direct []item
	if key, val, ok := t.tagged(); ok {
		direct = append(direct, item{key: key, tag: val})
	}
	for _, mem := range t.Members {
		direct = append(direct, item{m: mem, key: mem.Wire})
	}
	sorted := slices.Clone(direct)
	slices.SortStableFunc(sorted, func(a, b item) int { return strings.Compare(a.key, b.key) })
	root := ""
	if t.Kind == KindEvent {
		root = "event " + t.Tag
	}
	orders := [][]item{direct}
	if !slices.EqualFunc(direct, sorted, func(a, b item) bool { return a.key == b.key }) {
		orders = [][]item{sorted, direct}
	}
	for i, order := range orders {
		f := &form{Sorted: len(orders) == 2 && i == 0}
		var err error
		if f.Steps, err = m.objectSteps(t, order, root); err != nil {
			return nil, err
		}
		w.Forms = append(w.Forms, f)
	}
	w.NeedEr = needErr(w.Forms...)
	return w, nil
}

// objectSteps returns the steps writing the members of t in order.
func (m *model) objectSteps(t *Type, order []item, root string) ([]*step, error) {
	var steps []*step
	var pending strings.Builder
	flush := func(into *[]*step) {
		if pending.Len() > 0 {
			*into = append(*into, m.litStep(pending.String()))
			pending.Reset()
		}
	}
	sep := "{"
	for i, it := range order {
		if it.m == nil {
			fmt.Fprintf(&pending, "%s%q:%q", sep, it.key, it.tag)
			sep = ","
			continue
		}
		o := m.memberOp(it.m, root)
		cond := omitCond(it.m)
		if cond == "" {
			fmt.Fprintf(&pending, "%s%q:", sep, it.key)
			flush(&steps)
			steps = append(steps, &step{Lit: -1, Op: o})
			sep = ","
			continue
		}
		// A member omitted when empty writes its own key.
		flush(&steps)
		if sep == "{" {
			// First in its order: the brace is written anyway, and the
			// member is followed by the comma the next member would
			// otherwise write.
			if i+1 == len(order) || order[i+1].m != nil && omitCond(order[i+1].m) != "" {
				return nil, fmt.Errorf("%s: an omittable member first in an order must be followed by one that is always written", t.Name)
			}
			steps = append(steps, m.litStep("{"))
			steps = append(steps, &step{Lit: -1, If: cond, Block: []*step{
				m.litStep(fmt.Sprintf("%q:", it.key)), {Lit: -1, Op: o}, m.litStep(","),
			}})
			sep = ""
			continue
		}
		steps = append(steps, &step{Lit: -1, If: cond, Block: []*step{
			m.litStep(fmt.Sprintf(",%q:", it.key)), {Lit: -1, Op: o},
		}})
	}
	if sep == "{" {
		pending.WriteString("{")
	}
	pending.WriteString("}")
	flush(&steps)
	return steps, nil
}

func (m *model) litStep(s string) *step {
	return &step{Lit: m.lit(s), Text: s}
}

// omitCond returns the condition under which an omitempty member is
// written, or "" for a member always written.
func omitCond(mem *Member) string {
	switch {
	case mem.Mark == MarkOptionalOmitEmpty:
		return "v." + mem.Go + " != nil"
	case mem.Mark == MarkDefaultOmitEmpty && mem.Type.Slice != nil:
		return "len(v." + mem.Go + ") != 0"
	case mem.Mark == MarkDefaultOmitEmpty:
		return "v." + mem.Go + ` != ""`
	}
	return ""
}

// needErr reports whether a step of the forms may fail.
func needErr(forms ...*form) bool {
	var walk func([]*step) bool
	walk = func(steps []*step) bool {
		for _, s := range steps {
			if s.Op != nil && s.Op.Fails() || walk(s.Block) {
				return true
			}
		}
		return false
	}
	for _, f := range forms {
		if walk(f.Steps) {
			return true
		}
	}
	return false
}

// memberOp returns the write of member mem of the value v.
func (m *model) memberOp(mem *Member, root string) *op {
	expr := "v." + mem.Go
	var o *op
	switch r := mem.Type; {
	case r.Ptr != nil && mem.Mark == MarkOptionalOmitEmpty:
		o = m.valueOp(r.Ptr, "*"+expr, expr)
	case r.Ptr != nil:
		o = &op{Nullable: expr, Inner: m.valueOp(r.Ptr, "*"+expr, expr)}
	case r.isSum() && mem.Mark == MarkOptional:
		o = &op{Shape: "call", Func: m.needWriter("writeOpt" + r.Name), Expr: expr}
	case mem.Default != "":
		o = &op{Shape: "enum", Expr: "cmp.Or(" + expr + ", " + r.Decl.value(mem.Default).Go + ")"}
	default:
		o = m.valueOp(r, expr, "&"+expr)
	}
	o.Name, o.Root = mem.Wire, root
	if o.Inner != nil {
		o.Inner.Name, o.Inner.Root = mem.Wire, root
	}
	return o
}

// valueOp returns the write of a value of type r, held by expr (and at
// address ptr).
func (m *model) valueOp(r *TypeRef, expr, ptr string) *op {
	switch {
	case r.Slice != nil:
		return &op{Shape: "call", Func: m.needWriter(m.list(r.Slice).WFunc), Expr: expr}
	case r.Map != nil:
		return &op{Shape: "call", Func: m.needWriter(m.mapFn(r.Map).WFunc), Expr: expr}
	}
	switch shape := scalarShape(r); {
	case shape == "str" && r.Name != "string":
		return &op{Shape: shape, Expr: "string(" + expr + ")"}
	case shape != "":
		return &op{Shape: shape, Expr: expr}
	case r.isEnum(), r.Decl.Kind == KindUnits:
		return &op{Shape: "enum", Expr: expr}
	case r.isSum():
		return &op{Shape: "call", Func: m.needWriter("write" + r.Name), Expr: expr}
	}
	return &op{Shape: "call", Func: m.needWriter("write" + r.Name), Expr: ptr}
}

// scalarShape returns the shape of the scalar type r is, or of which r is
// a newtype: str, uint, float, bool or value; "" for any other type.
func scalarShape(r *TypeRef) string {
	base := r.Name
	if r.Decl != nil && r.Decl.Kind == KindNewtype {
		base = r.Decl.Base
	}
	switch base {
	case "string":
		return "str"
	case "uint16", "uint32", "uint64":
		return "uint"
	case "float64":
		return "float"
	case "bool":
		return "bool"
	case "Value":
		return "value"
	}
	return ""
}

// scalarReaders are the readers of the scalar shapes.
var scalarReaders = map[string]string{"str": "readString", "uint": "readUint", "float": "readFloat",
	"bool": "readBool", "value": "readValue"}

func (m *model) needWriter(name string) string {
	m.needW[name] = true
	return name
}

// list returns the list functions of element type e, creating them.
func (m *model) list(e *TypeRef) *listFn {
	name := mangle(e)
	for _, l := range m.Lists {
		if l.Elem.String() == e.String() {
			return l
		}
	}
	l := &listFn{Elem: e, Slice: "[]" + e.String(), WFunc: "writeList" + name, RFunc: "readList" + name}
	m.Lists = append(m.Lists, l)
	l.Op = m.valueOp(e, "s[j]", "&s[j]")
	l.Op.At = "j"
	l.NeedEr = l.Op.Fails()
	l.Read = m.readerOf(e)
	return l
}

// mapFn returns the map functions of element type e (map[string]e),
// creating them. Only string elements are supported: the writer names the
// failure of a value without its key, which is input text.
func (m *model) mapFn(e *TypeRef) *listFn {
	for _, l := range m.Maps {
		if l.Elem.String() == e.String() {
			return l
		}
	}
	if e.Name != "string" {
		panic("gen: only map[string]string is supported") // checked by checkMember
	}
	l := &listFn{Elem: e, Slice: "map[string]" + e.String(), WFunc: "writeMap" + mangle(e), RFunc: "readMap" + mangle(e),
		Read: m.readerOf(e)}
	m.Maps = append(m.Maps, l)
	return l
}

// mangle returns an identifier part naming type r.
func mangle(r *TypeRef) string {
	switch {
	case r.Ptr != nil:
		return "Opt" + mangle(r.Ptr)
	case r.Slice != nil:
		return "List" + mangle(r.Slice)
	case r.Map != nil:
		return "Map" + mangle(r.Map)
	}
	return strings.ToUpper(r.Name[:1]) + r.Name[1:]
}

// tupleWriter returns the writer of tuple t: an array of its members.
func (m *model) tupleWriter(t *Type) *writer {
	f := &form{}
	f.Steps = append(f.Steps, m.litStep("["))
	for i, mem := range t.Members {
		if i > 0 {
			f.Steps = append(f.Steps, m.litStep(","))
		}
		o := m.valueOp(mem.Type, "v."+mem.Go, "&v."+mem.Go)
		o.At = fmt.Sprint(i)
		f.Steps = append(f.Steps, &step{Lit: -1, Op: o})
	}
	f.Steps = append(f.Steps, m.litStep("]"))
	return &writer{T: t, Func: "write" + t.Name, Forms: []*form{f}, NeedEr: needErr(f)}
}

// eventWriter returns the writer of LoopEvent.
func (m *model) eventWriter() *sumWriter {
	w := &sumWriter{Iface: "LoopEvent", Func: "writeLoopEvent"}
	for _, ev := range m.Events {
		o := &op{Shape: "call", Func: "write" + ev.Name, Expr: "&v"}
		w.Cases = append(w.Cases, &sumCase{Type: ev.Name, Steps: []*step{{Lit: -1, Op: o}}, Tail: o})
	}
	return w
}

// sumWriter returns the writer of enum t.
func (m *model) sumWriter(t *Type) *sumWriter {
	w := &sumWriter{T: t, Iface: t.Name, Func: "write" + t.Name}
	if t.Units != nil {
		w.Cases = append(w.Cases, &sumCase{Type: t.Units.Name, Steps: []*step{{Lit: -1, Op: &op{Shape: "enum", Expr: "v"}}}})
	}
	for _, v := range t.Variants {
		w.Cases = append(w.Cases, &sumCase{Type: v.Name, Steps: m.variantSteps(t, v)})
	}
	for _, c := range w.Cases {
		c.Tail = tailOf(c.Steps)
	}
	w.NeedEr = needErr(&form{Steps: flatten(w.Cases)})
	return w
}

// optionWriter returns the writer of an Option of enum t: t's writer, nil
// being written null.
func (m *model) optionWriter(t *Type) *sumWriter {
	w := m.sumWriter(t)
	w.Func, w.Optional = "writeOpt"+t.Name, true
	return w
}

// variantSteps returns the steps writing variant v of enum t: through its
// own writer in an internal enum, as its bare tag for a unit variant of an
// external enum, else as an object of one member, its tag, holding its
// value.
func (m *model) variantSteps(t *Type, v *Type) []*step {
	switch {
	case t.Kind == KindInternal:
		return []*step{{Lit: -1, Op: &op{Shape: "call", Func: "write" + v.Name, Expr: "&v"}}}
	case v.Shape == ShapeUnit:
		return []*step{m.litStep(fmt.Sprintf("%q", v.Tag))}
	}
	o := &op{Shape: "call", Func: "write" + v.Name, Expr: "&v"}
	if v.Shape == ShapeNewtype {
		o = m.valueOp(v.BaseRef, v.BaseRef.String()+"(v)", "&v")
	}
	o.Name = v.Tag
	return []*step{m.litStep(fmt.Sprintf("{%q:", v.Tag)), {Lit: -1, Op: o}, m.litStep("}")}
}

// tailOf returns the write of steps when it is a single write that may
// fail and names nothing in a failure's path, so that its result can be
// returned as is; else nil.
func tailOf(steps []*step) *op {
	if len(steps) != 1 || steps[0].Op == nil {
		return nil
	}
	if o := steps[0].Op; o.Inner == nil && o.Name == "" && o.At == "" && o.Fails() {
		return o
	}
	return nil
}

// flatten returns the steps of the cases not written as a tail call.
func flatten(cases []*sumCase) []*step {
	var out []*step
	for _, c := range cases {
		if c.Tail == nil {
			out = append(out, c.Steps...)
		}
	}
	return out
}

// objectReader returns the reader of object or tuple type t.
func (m *model) objectReader(t *Type) *reader {
	r := &reader{T: t, Func: "read" + t.Name, Names: lowerFirst(t.Name) + "Members"}
	if key, _, ok := t.tagged(); ok {
		r.TagKey = key
	}
	var required uint64
	for i, mem := range t.Members {
		c := &rcase{Wire: mem.Wire, Go: mem.Go, Bit: fmt.Sprintf("1<<%d", i)}
		switch {
		case mem.Type.Ptr != nil:
			c.Func = m.opt(mem.Type)
		case mem.Mark == MarkOptional:
			c.Func = m.needReader("readOpt" + mem.Type.Name)
			m.needReader("read" + mem.Type.Name)
		default:
			c.Func = m.readerOf(mem.Type)
		}
		if mem.Mark == MarkRequired {
			required |= 1 << i
		}
		if mem.Default != "" {
			r.Defaults = append(r.Defaults, &rcase{Go: mem.Go, Const: mem.Type.Decl.value(mem.Default).Go})
		}
		r.Cases = append(r.Cases, c)
	}
	if required != 0 {
		r.Required = fmt.Sprintf("%#b", required)
	}
	return r
}

// readerOf returns the reader of a value of type r.
func (m *model) readerOf(r *TypeRef) string {
	switch {
	case r.Slice != nil:
		return m.needReader(m.list(r.Slice).RFunc)
	case r.Ptr != nil:
		return m.opt(r)
	case r.Map != nil:
		return m.needReader(m.mapFn(r.Map).RFunc)
	}
	if read := scalarReaders[scalarShape(r)]; read != "" {
		return read
	}
	return m.needReader("read" + r.Name)
}

func (m *model) needReader(name string) string {
	m.needR[name] = true
	return name
}

// opt returns the reader of pointer type p, creating it.
func (m *model) opt(p *TypeRef) string {
	name := "readOpt" + mangle(p.Ptr)
	for _, o := range m.Opts {
		if o.Func == name {
			return name
		}
	}
	m.Opts = append(m.Opts, &optFn{Ptr: p, Func: name, Read: m.readerOf(p.Ptr)})
	return name
}

// sumReader is the reader of an enum with data.
type sumReader struct {
	T        *Type
	Func     string
	Optional bool // null reads as nil
	HasUnits bool // external: some variant is read from a bare name
	Cases    []*rvariant
}

// rvariant reads one variant of an enum with data.
type rvariant struct {
	Tag, Type string
	Unit      bool   // external: a unit variant, read from its bare name
	Read      string // the reader of the variant's value
	Ptr       string // what the reader is given: &x, or &x converted
}

// sumReader returns the reader of enum t.
func (m *model) sumReader(t *Type) *sumReader {
	r := &sumReader{T: t, Func: "read" + t.Name, HasUnits: t.Units != nil}
	for _, v := range t.Variants {
		c := &rvariant{Tag: v.Tag, Type: v.Name, Ptr: "&x"}
		switch {
		case v.Shape == ShapeUnit:
			c.Unit, r.HasUnits = true, true
		case v.Shape == ShapeNewtype:
			c.Read = m.readerOf(v.BaseRef)
			if v.BaseRef.Slice != nil {
				c.Ptr = "(*" + v.BaseRef.String() + ")(&x)"
			}
		default:
			c.Read = m.needReader("read" + v.Name)
		}
		r.Cases = append(r.Cases, c)
	}
	return r
}

// optionReader returns the reader of an Option of enum t, which reads null
// as nil and anything else through t's reader.
func (m *model) optionReader(t *Type) *sumReader {
	return &sumReader{T: t, Func: "readOpt" + t.Name, Optional: true, HasUnits: t.Units != nil}
}
