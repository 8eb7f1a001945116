package conversationprojection

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// identityVector is one case of testdata/conversationprojection/identities.json.
type identityVector struct {
	Name             string          `json:"name"`
	Form             string          `json:"form"`
	Message          json.RawMessage `json:"message"`
	Overrides        []override      `json:"overrides"`
	ExpectedAtom     *string         `json:"expected_atom"`
	ExpectedIdentity string          `json:"expected_identity"`
	ExpectedError    string          `json:"expected_error"`
}

// override sets the field at Path to the bytes Hex encodes.
type override struct {
	Path string `json:"path"`
	Hex  string `json:"hex"`
}

// sentinelsByName maps the sentinel names vectors use to the errors.
var sentinelsByName = map[string]error{
	"ErrNonMessageItem":         ErrNonMessageItem,
	"ErrEmptyMessage":           ErrEmptyMessage,
	"ErrInvalidRole":            ErrInvalidRole,
	"ErrUnsupportedContent":     ErrUnsupportedContent,
	"ErrInvalidJSON":            ErrInvalidJSON,
	"ErrInvalidMessageIdentity": ErrInvalidMessageIdentity,
}

func loadIdentityVectors(t *testing.T) []identityVector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "conversationprojection", "identities.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []identityVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return file.Vectors
}

// applyOverride sets the field named by a snake_case JSON path such as
// "parts[0].text" or "content[1].annotation.data" inside the value v
// points to. String fields get the bytes as a string, byte-slice fields
// (json.RawMessage) the bytes themselves.
func applyOverride(v any, path string, b []byte) error {
	cur := reflect.ValueOf(v).Elem()
	for _, seg := range strings.Split(path, ".") {
		name, idx := seg, -1
		if open := strings.IndexByte(seg, '['); open >= 0 && strings.HasSuffix(seg, "]") {
			n, err := strconv.Atoi(seg[open+1 : len(seg)-1])
			if err != nil {
				return fmt.Errorf("bad index in %q", seg)
			}
			name, idx = seg[:open], n
		}
		for cur.Kind() == reflect.Pointer {
			if cur.IsNil() {
				cur.Set(reflect.New(cur.Type().Elem()))
			}
			cur = cur.Elem()
		}
		f, ok := fieldByJSONName(cur, name)
		if !ok {
			return fmt.Errorf("no field %q in %s", name, cur.Type())
		}
		cur = f
		if idx >= 0 {
			if cur.Kind() != reflect.Slice || idx >= cur.Len() {
				return fmt.Errorf("index %d out of range at %q", idx, seg)
			}
			cur = cur.Index(idx)
		}
	}
	for cur.Kind() == reflect.Pointer {
		if cur.IsNil() {
			cur.Set(reflect.New(cur.Type().Elem()))
		}
		cur = cur.Elem()
	}
	switch {
	case cur.Kind() == reflect.String:
		cur.SetString(string(b))
	case cur.Kind() == reflect.Slice && cur.Type().Elem().Kind() == reflect.Uint8:
		cur.SetBytes(append([]byte(nil), b...))
	default:
		return fmt.Errorf("cannot set %s from bytes", cur.Type())
	}
	return nil
}

func fieldByJSONName(v reflect.Value, name string) (reflect.Value, bool) {
	if v.Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	for i := 0; i < v.NumField(); i++ {
		tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if tag == name {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// vectorAtomAndIdentity decodes vector v and returns its atom (via
// AtomOf*) and its identity (via the streaming *IdentityOf).
func vectorAtomAndIdentity(t *testing.T, v identityVector) (MessageAtomV1, MessageIdentity, error, error) {
	t.Helper()
	var target any
	switch v.Form {
	case "legacy":
		target = new(lipapi.Message)
	case "item":
		target = new(lipapi.Item)
	default:
		t.Fatalf("unknown form %q", v.Form)
	}
	if err := json.Unmarshal(v.Message, target); err != nil {
		t.Fatal(err)
	}
	for _, o := range v.Overrides {
		b, err := hex.DecodeString(o.Hex)
		if err != nil {
			t.Fatal(err)
		}
		if err := applyOverride(target, o.Path, b); err != nil {
			t.Fatal(err)
		}
	}
	switch m := target.(type) {
	case *lipapi.Message:
		atom, aerr := AtomOfMessage(*m)
		id, ierr := MessageIdentityOf(*m)
		return atom, id, aerr, ierr
	default:
		it := target.(*lipapi.Item)
		atom, aerr := AtomOfItem(*it)
		id, ierr := ItemIdentityOf(*it)
		return atom, id, aerr, ierr
	}
}

func TestIdentityVectorsGolden(t *testing.T) {
	for _, v := range loadIdentityVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			atom, id, aerr, ierr := vectorAtomAndIdentity(t, v)
			if v.ExpectedError != "" {
				want, ok := sentinelsByName[v.ExpectedError]
				if !ok {
					t.Fatalf("unknown sentinel %q", v.ExpectedError)
				}
				if !errors.Is(aerr, want) || !errors.Is(ierr, want) {
					t.Fatalf("errors %v / %v, want %v", aerr, ierr, want)
				}
				return
			}
			if aerr != nil || ierr != nil {
				t.Fatalf("unexpected errors %v / %v", aerr, ierr)
			}
			if v.ExpectedAtom == nil {
				t.Fatal("vector has neither expected_atom nor expected_error")
			}
			got, err := CanonicalAtomBytes(atom)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != *v.ExpectedAtom {
				t.Errorf("atom bytes\n got %s\nwant %s", got, *v.ExpectedAtom)
			}
			if string(id) != v.ExpectedIdentity {
				t.Errorf("streamed identity %s, want %s", id, v.ExpectedIdentity)
			}
			if h, err := HashAtom(atom); err != nil || string(h) != v.ExpectedIdentity {
				t.Errorf("HashAtom = %s, %v; want %s", h, err, v.ExpectedIdentity)
			}
			if want := "v1:" + sha256Hex([]byte(*v.ExpectedAtom)); want != v.ExpectedIdentity {
				t.Errorf("vector inconsistent: sha256 of expected atom is %s", want)
			}
		})
	}
}

func TestApplyOverrideSetsStringsAndRawFields(t *testing.T) {
	var m lipapi.Message
	if err := json.Unmarshal([]byte(`{"role":"user","parts":[{"kind":"text","text":"x"},{"kind":"reasoning"}]}`), &m); err != nil {
		t.Fatal(err)
	}
	if err := applyOverride(&m, "parts[0].text", []byte{0xff, 'a'}); err != nil {
		t.Fatal(err)
	}
	if err := applyOverride(&m, "parts[1].reasoning.opaque", []byte(`[1]`)); err != nil {
		t.Fatal(err)
	}
	if m.Parts[0].Text != "\xffa" || string(m.Parts[1].Reasoning.Opaque) != "[1]" {
		t.Fatalf("overrides not applied: %q %q", m.Parts[0].Text, m.Parts[1].Reasoning.Opaque)
	}
	if err := applyOverride(&m, "parts[5].text", nil); err == nil {
		t.Fatal("out-of-range override accepted")
	}
	if err := applyOverride(&m, "parts[0].nosuch", nil); err == nil {
		t.Fatal("unknown field accepted")
	}
}
