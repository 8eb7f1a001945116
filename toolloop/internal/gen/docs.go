package main

import (
	"fmt"
	"slices"
	"strings"
)

// This file composes the doc comments of the generated declarations from
// the schema's doc predicates and the rules its markers imply, so that
// every rule a user needs is said where the identifier is documented.

// sentence returns the Go name followed by the schema predicate, as one
// sentence.
func sentence(name, predicate string) string {
	p := strings.TrimSpace(predicate)
	if !strings.HasSuffix(p, ".") {
		p += "."
	}
	return name + " " + p
}

// typeDoc returns the doc comment of the declaration of t, unwrapped:
// paragraphs separated by blank lines.
func (s *Schema) typeDoc(t *Type) string {
	switch t.Kind {
	case KindEvent:
		return s.eventDoc(t)
	case KindStruct:
		return sentence(t.Name, t.Doc) + " JSON: " + jsonForm(t) + ". " + s.zeroDoc(t)
	case KindTuple:
		return sentence(t.Name, t.Doc) + " JSON: the two-element array [" + t.Members[0].Wire + ", " +
			t.Members[1].Wire + "], such as [\"build\",1.0]; reading requires exactly two elements, a string" +
			" then a number. It carries no JSON tags because it is not an object. " + s.zeroDoc(t)
	case KindNewtype:
		return sentence(t.Name, t.Doc) + " JSON: " + map[bool]string{true: "a bare string", false: "a bare integer"}[t.Base == "string"] +
			". Every value is valid, the zero value included."
	case KindEnum, KindMemEnum, KindUnits:
		return s.enumDoc(t)
	case KindInternal, KindExternal, KindMemSum:
		return s.sumDoc(t)
	case KindVariant:
		return s.variantDoc(t)
	}
	doc := sentence(t.Name, t.Doc)
	if t.Zero != "" {
		return doc + " " + t.Zero
	}
	return doc + " " + s.zeroDoc(t)
}

// eventDoc returns the doc of event t.
func (s *Schema) eventDoc(t *Type) string {
	place := "It is a legacy event: an unversioned (pre-envelope) ledger row may hold it."
	if !t.Legacy {
		place = "It is envelope-only: an unversioned ledger row holding it is refused with ErrUnversionedEvent."
	}
	return fmt.Sprintf("%s is the LoopEvent %q: it %s %s\n\nJSON: %s. %s", t.Name, t.Tag,
		strings.TrimSpace(t.Doc), place, jsonForm(t), s.zeroDoc(t))
}

// enumDoc returns the doc of a unit-only enum, wire or in-memory, or of
// the units type of an external enum.
func (s *Schema) enumDoc(t *Type) string {
	doc := sentence(t.Name, t.Doc)
	if t.Kind == KindUnits {
		doc = sentence(t.Name, "is a unit variant of "+t.Parent.Name+", written as its bare name: "+t.Doc)
	}
	if t.Kind != KindMemEnum {
		doc += " JSON: the value as a string, exactly (case-sensitive) one of the constants below; any" +
			" other value fails to encode (ErrEncode) and to decode (ErrDecode)."
	}
	if t.Ordered {
		doc += " Rank gives a level's position in the order."
	}
	return doc + " " + s.zeroDoc(t)
}

// sumDoc returns the doc of an enum with data, a sealed interface.
func (s *Schema) sumDoc(t *Type) string {
	var names []string
	if t.Units != nil {
		names = append(names, t.Units.Name)
	}
	for _, v := range t.Variants {
		names = append(names, v.Name)
	}
	doc := sentence(t.Name, t.Doc) + " It is a sealed interface implemented by " + list(names, "and") +
		", as values and as pointers (a variant's methods have value receivers)."
	switch t.Kind {
	case KindInternal:
		doc += fmt.Sprintf(" JSON: an object whose %q member names the variant, anywhere in the object"+
			" (it is written first), followed by the variant's members; a unit variant is an object holding"+
			" only the tag, and other members are ignored when it is read.", t.TagKey)
	case KindExternal:
		form := " JSON: a one-member object named after the variant: "
		if t.Units != nil || slices.ContainsFunc(t.Variants, func(v *Type) bool { return v.Shape == ShapeUnit }) {
			form = " JSON: a unit variant is its bare name, any other variant a one-member object named after" +
				" the variant: "
		}
		doc += form + list(externalForms(t), "or") + "; any other shape fails to decode."
	}
	if t.Kind == KindMemSum {
		return doc + " The zero " + t.Name + ", a nil interface, holds no variant."
	}
	doc += " The zero " + t.Name + ", a nil interface, holds no variant: encoding it (or a nil pointer variant)" +
		" fails with ErrEncode"
	if opts := s.optionalUses(t); len(opts) > 0 {
		doc += ", except as " + list(opts, "or") + ", where it is None, written null"
	}
	return doc + "; so does a value of a type outside the package that merely embeds a variant."
}

// externalForms lists the JSON forms of the variants of an external enum.
func externalForms(t *Type) []string {
	var out []string
	if t.Units != nil {
		out = append(out, fmt.Sprintf("%q (%s, one of its constants)", t.Units.Values[0].Wire, t.Units.Name))
	}
	for _, v := range t.Variants {
		out = append(out, externalForm(v)+" ("+v.Name+")")
	}
	return out
}

// externalForm returns the JSON form of one variant of an external enum.
func externalForm(v *Type) string {
	switch v.Shape {
	case ShapeUnit:
		return fmt.Sprintf("%q", v.Tag)
	case ShapeNewtype:
		return fmt.Sprintf("{%q:%s}", v.Tag, valueForm(parseTypeRef(v.Base)))
	}
	return fmt.Sprintf("{%q:%s}", v.Tag, jsonForm(v))
}

// variantDoc returns the doc of a variant type.
func (s *Schema) variantDoc(v *Type) string {
	e := v.Parent
	kind := map[Shape]string{ShapeStruct: "variant", ShapeUnit: "unit variant", ShapeNewtype: "newtype variant"}[v.Shape]
	if v.Shape == ShapeStruct && len(v.Members) == 0 {
		kind = "unit variant"
	}
	name := fmt.Sprintf("%q", v.Tag)
	if e.Kind == KindMemSum {
		name = camel(v.Tag)
	}
	doc := fmt.Sprintf("%s is the %s %s %s: %s.", v.Name, e.Name, kind, name, strings.TrimSuffix(v.Doc, "."))
	return doc + variantJSONDoc(v) + " " + s.variantZeroDoc(v)
}

// variantJSONDoc returns the sentences, each after a space, on the JSON
// form of variant v: none for a variant of an in-memory sum.
func variantJSONDoc(v *Type) string {
	switch {
	case v.Parent.Kind == KindInternal:
		return " JSON: " + jsonForm(v) + "."
	case v.Parent.Kind == KindExternal && v.Shape == ShapeStruct:
		return " JSON: " + externalForm(v) + "." +
			" The inner object follows the rules of a struct: members in any order, unknown ones ignored."
	case v.Parent.Kind == KindExternal:
		return " JSON: " + externalForm(v) + "."
	}
	return ""
}

// variantZeroDoc returns the sentence stating what the zero value of
// variant v is.
func (s *Schema) variantZeroDoc(v *Type) string {
	switch {
	case v.Shape == ShapeStruct && len(v.Members) == 0, v.Shape == ShapeUnit:
		return "Its only value is its zero value."
	case v.Shape == ShapeNewtype:
		return "Every value is valid, the zero value included."
	}
	return s.zeroDoc(v)
}

// zeroDoc returns the sentence stating what the zero value of t is.
func (s *Schema) zeroDoc(t *Type) string {
	switch {
	case t.Zero != "":
		return t.Zero
	case t.Kind == KindEnum || t.Kind == KindMemEnum || t.Kind == KindUnits:
		return s.enumZeroDoc(t)
	case (t.Kind == KindMemStruct || t.Kind == KindVariant) && t.memory():
		return "The zero " + t.Name + " holds no data: every field is zero or nil."
	}
	return objectZeroDoc(t)
}

// enumZeroDoc returns the sentence stating what the zero value of enum t
// is: invalid, except where a member defaults it.
func (s *Schema) enumZeroDoc(t *Type) string {
	doc := `The zero value "" is not valid: Valid reports false for it`
	if t.Kind != KindMemEnum {
		doc += " and it cannot be encoded"
	}
	for _, m := range s.defaultedUses(t) {
		doc += fmt.Sprintf(", except as %s.%s, where it stands for the default %s", m.Owner.Name, m.Go,
			t.value(m.Default).Go)
	}
	return doc + "."
}

// objectZeroDoc returns the sentence stating what the zero value of the
// object type t is: one that cannot be encoded when a member's zero value
// is invalid, else valid with its defaults.
func objectZeroDoc(t *Type) string {
	name := "The zero " + t.Name
	switch blockers := zeroBlockers(t, ""); len(blockers) {
	case 0:
	case 1:
		return name + " cannot be encoded: " + blockers[0] + " must be set, its zero value being invalid."
	default:
		return name + " cannot be encoded: " + list(blockers, "and") + " must be set, their zero values being invalid."
	}
	doc := name + " is valid: it encodes with every member at its zero value"
	for _, m := range t.Members {
		if m.Default != "" {
			doc += fmt.Sprintf(", %s standing for its default %s", m.Go, m.Type.Decl.value(m.Default).Go)
		}
	}
	return doc + "."
}

// zeroBlockers returns the paths of the members of t (at any depth of
// required structs) whose zero value cannot be encoded.
func zeroBlockers(t *Type, prefix string) []string {
	var out []string
	for _, m := range t.Members {
		if m.Mark == MarkOptional || m.Mark == MarkOptionalOmitEmpty || m.Default != "" {
			continue
		}
		switch r := m.Type; {
		case r.isEnum(), r.isSum(), r.Decl != nil && r.Decl.Kind == KindUnits:
			out = append(out, prefix+m.Go)
		case r.Decl != nil && r.Decl.object():
			out = append(out, zeroBlockers(r.Decl, prefix+m.Go+".")...)
		}
	}
	return out
}

// defaultedUses returns the members of enum type t with a non-zero default.
func (s *Schema) defaultedUses(t *Type) []*Member {
	var out []*Member
	s.eachMember(func(m *Member) {
		if m.Default != "" && m.Type.Decl == t {
			out = append(out, m)
		}
	})
	return out
}

// optionalUses returns the Owner.Member names of the optional members of
// sum t.
func (s *Schema) optionalUses(t *Type) []string {
	var out []string
	s.eachMember(func(m *Member) {
		if m.Mark == MarkOptional && m.Type.Decl == t {
			out = append(out, m.Owner.Name+"."+m.Go)
		}
	})
	return out
}

// eachMember calls f for every member of every type.
func (s *Schema) eachMember(f func(*Member)) {
	for _, t := range s.Types {
		for _, m := range t.Members {
			f(m)
		}
	}
}

// jsonForm returns the JSON shape of an object type: its members in
// declaration order when there are at most four, else a description.
func jsonForm(t *Type) string {
	var parts []string
	if key, val, ok := t.tagged(); ok {
		parts = append(parts, fmt.Sprintf("%q:%q", key, val))
	}
	if len(t.Members) > 4 && len(parts) == 0 {
		return "an object with the members below, in this order"
	}
	if len(t.Members) > 4 {
		return "{" + parts[0] + ",…} with the members below, in this order"
	}
	for _, m := range t.Members {
		parts = append(parts, fmt.Sprintf("%q:%s", m.Wire, valueForm(m.Type)))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// valueForm returns a placeholder for a JSON value of type r.
func valueForm(r *TypeRef) string {
	switch {
	case r.Slice != nil:
		return "[…]"
	case r.Map != nil, r.Decl != nil && r.Decl.object():
		return "{…}"
	case r.Name == "string":
		return `"…"`
	}
	return "…"
}

// memberDoc returns the doc of member m.
func (s *Schema) memberDoc(m *Member) string {
	doc := sentence(m.Go, m.Doc)
	if m.Owner.memory() {
		return doc
	}
	r := m.Type
	switch m.Mark {
	case MarkRequired:
		return doc + requiredDoc(r)
	case MarkDefault:
		if m.Default != "" {
			c := r.Decl.value(m.Default).Go
			return doc + fmt.Sprintf(" Defaulted: an absent member reads as %s, and the zero value is written"+
				" as that default, %q.", c, m.Default)
		}
		return doc + " Defaulted: an absent member reads as the zero value; always written."
	case MarkDefaultOmitEmpty:
		return doc + " Omitted when empty; an absent member reads as the zero value."
	case MarkOptional:
		if r.isSum() {
			return doc + " Optional: a nil interface or a nil pointer variant is written null; an absent or" +
				" null member reads as nil."
		}
		return doc + " Optional: nil is written null; an absent or null member reads as nil."
	}
	return doc + " Optional: omitted when nil; an absent or null member reads as nil."
}

// requiredDoc returns the sentence that ends the doc of a required member
// of type r.
func requiredDoc(r *TypeRef) string {
	switch {
	case r.Name == "Value":
		return " Required; the zero Value, null, is allowed."
	case r.isEnum(), r.Decl != nil && r.Decl.Kind == KindUnits:
		return " Required; one of the " + r.Name + " constants."
	case r.isSum():
		return " Required; a nil " + r.Name + " cannot be encoded."
	case r.Slice != nil:
		return " Required; nil is written []."
	case r.Map != nil:
		return " Required; written with its keys sorted bytewise, nil as {}; when read, the last of" +
			" repeated keys wins."
	}
	return " Required."
}

// valueDoc returns the doc of value v of enum t.
func (s *Schema) valueDoc(t *Type, v *Value) string {
	doc := fmt.Sprintf("%s is %q: %s", v.Go, v.Wire, strings.TrimSuffix(v.Doc, "."))
	if t.Ordered {
		doc += fmt.Sprintf(" (rank %d)", v.Rank)
	}
	doc += "."
	for _, m := range s.defaultedUses(t) {
		if m.Default == v.Wire {
			doc += fmt.Sprintf(" It is the default of %s.%s.", m.Owner.Name, m.Go)
		}
	}
	return doc
}

// list joins words as an English list: "a", "a and b", "a, b and c".
func list(words []string, conj string) string {
	switch n := len(words); n {
	case 0:
		return ""
	case 1:
		return words[0]
	default:
		return strings.Join(words[:n-1], ", ") + " " + conj + " " + words[n-1]
	}
}

// comment formats doc as a Go comment indented by indent, wrapped at 80
// columns (a tab counting as four). Words are never split, so neither are
// hyphenated ones.
func comment(doc, indent string) string {
	var b strings.Builder
	width := 80 - 4*len(indent) - 3
	for i, para := range strings.Split(doc, "\n\n") {
		if i > 0 {
			b.WriteString(indent + "//\n")
		}
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				b.WriteString(indent + "// " + line + "\n")
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		if line != "" {
			b.WriteString(indent + "// " + line + "\n")
		}
	}
	return b.String()
}
