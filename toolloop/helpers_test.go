package toolloop

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentkernel/agentkernel/internal/testvec"
)

// vectorPath is the path of a file of the conformance vectors copied to
// testdata/toolloop.
func vectorPath(name string) string { return filepath.Join("..", "testdata", "toolloop", name) }

// readVector returns the bytes of a vector file.
func readVector(t *testing.T, name string) []byte {
	t.Helper()
	return testvec.Read(t, vectorPath(name))
}

// vectorLines returns the lines of a vector file (see testvec.Lines).
func vectorLines(t *testing.T, name string, comments bool) []string {
	t.Helper()
	return testvec.Lines(t, vectorPath(name), comments)
}

// vectorRows returns the columns of the rows of a vector file, failing
// unless it has rows rows of cols columns (see testvec.Rows).
func vectorRows(t *testing.T, name string, rows, cols int) [][]string {
	t.Helper()
	return testvec.Rows(t, vectorPath(name), rows, cols)
}

// f64Rows returns the want f64 rows of a scalars file (see testvec.F64Rows).
func f64Rows(t *testing.T, name string, want int) []testvec.F64 {
	t.Helper()
	return testvec.F64Rows(t, vectorPath(name), want)
}

// legacyRow is one line of legacy_rows.jsonl.
type legacyRow struct {
	Case   string `json:"case"`
	Row    string `json:"row"`
	Expect string `json:"expect"`
	Event  string `json:"event"`
	Detail string `json:"detail"`
}

// legacyRows decodes legacy_rows.jsonl (with encoding/json, as its README
// says).
func legacyRows(t *testing.T) []legacyRow {
	t.Helper()
	var rows []legacyRow
	for i, l := range vectorLines(t, "legacy_rows.jsonl", false) {
		var r legacyRow
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("legacy_rows.jsonl line %d: %v", i+1, err)
		}
		rows = append(rows, r)
	}
	return rows
}

// wireTypes returns every type reachable from the 43 event structs and
// EnvelopeV1 (through fields, elements and the variants of dataEnums),
// each once.
func wireTypes() []reflect.Type {
	seen := map[reflect.Type]bool{}
	var out []reflect.Type
	var visit func(reflect.Type)
	visit = func(typ reflect.Type) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		out = append(out, typ)
		switch typ.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			visit(typ.Elem())
		case reflect.Interface:
			if e, ok := dataEnumOf(typ); ok {
				for _, v := range e.variants {
					visit(v)
				}
			}
		case reflect.Struct:
			for i := range typ.NumField() {
				visit(typ.Field(i).Type)
			}
		}
	}
	for _, ev := range allEventSamples() {
		visit(reflect.TypeOf(ev))
	}
	visit(typeOf[EnvelopeV1]())
	return out
}

// jnode is a JSON value parsed with its object members in document order
// (test-only reference reader built on encoding/json's tokenizer).
type jnode struct {
	kind  byte // '{', '[', 's' string, 'n' number, 'b' bool, '0' null
	keys  []string
	vals  []*jnode // object member values, parallel to keys, or array elements
	str   string   // string value or number literal
	truth bool
}

// parseOrdered parses data into a jnode tree, failing the test on error.
func parseOrdered(t *testing.T, data []byte) *jnode {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		t.Fatalf("parsing vector JSON: %v", err)
	}
	return n
}

func parseNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &jnode{kind: byte(v)}
		for dec.More() {
			if v == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			c, err := parseNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, c)
		}
		_, err := dec.Token() // closing delimiter
		return n, err
	case string:
		return &jnode{kind: 's', str: v}, nil
	case json.Number:
		return &jnode{kind: 'n', str: v.String()}, nil
	case bool:
		return &jnode{kind: 'b', truth: v}, nil
	default:
		return &jnode{kind: '0'}, nil
	}
}
