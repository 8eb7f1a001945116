package lipapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

var itemsType = reflect.TypeOf([]Item(nil))

// roundTripWant returns what json.Unmarshal(json.Marshal(c)) must decode
// to, per the spec: c without Metadata, with every empty slice but
// Call.Items (the only []Item) nil, and every raw value compacted the
// encoding/json way.
func roundTripWant(t *testing.T, c Call) Call {
	t.Helper()
	want := CloneCall(c)
	walk(reflect.ValueOf(&want).Elem(), func(v reflect.Value) {
		switch {
		case v.Kind() == reflect.Map:
			v.Set(reflect.Zero(v.Type()))
		case v.Type() == rawMessageType && v.Len() > 0:
			b, err := json.Marshal(json.RawMessage(v.Bytes()))
			if err != nil {
				t.Fatalf("raw value is not valid JSON: %v", err)
			}
			v.SetBytes(b)
		case v.Kind() == reflect.Slice && v.Len() == 0 && v.Type() != itemsType:
			v.Set(reflect.Zero(v.Type()))
		}
	})
	return want
}

func roundTrip(t *testing.T, c Call) (Call, []byte) {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var got Call
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	return got, b
}

// messyCall is fullCall with raw values that are not compact and strings
// that need escaping.
func messyCall() Call {
	c := fullCall()
	c.ID = "req <&> \u2028 é \x7f \"q\" \\"
	c.Messages[mUser].Parts[0].Text = "tab\there\nnewline \u0000 nul 😀"
	c.Messages[mUser].Parts[3].Content = raw(" {\n\t\"a\" : [ 1 , 2.50 , \"<b>\" ] , \"\\u00e9\" : null }\n")
	c.Items[iCall1].ToolCall.Arguments = raw("\t[ true , false ]  ")
	c.Items[iReasoning].Reasoning.Reasoning.EncryptedContent = raw("null")
	c.Items[iAssistant].Content[cExtension].Extension.Data = raw(` { "type" : "acme:widget" } `)
	return c
}

func TestCallJSONRoundTrip(t *testing.T) {
	names, calls := containerVariants()
	names = append(names, "full", "messy", "zero", "empty items", "nil items")
	calls = append(calls, fullCall(), messyCall(), Call{}, Call{Items: []Item{}}, Call{Messages: legacyCall().Messages})
	for i, c := range calls {
		t.Run(names[i], func(t *testing.T) {
			got, _ := roundTrip(t, c)
			if want := roundTripWant(t, c); !reflect.DeepEqual(got, want) {
				t.Fatalf("round trip:\n got %#v\nwant %#v", got, want)
			}
			if got.HasItemAuthority() != c.HasItemAuthority() {
				t.Fatal("round trip changed the authority")
			}
		})
	}
}

func TestCallJSONItemsNullVersusEmpty(t *testing.T) {
	for _, tc := range []struct {
		call Call
		json string
	}{
		{Call{}, `{"items":null}`},
		{Call{Items: []Item{}, PreviousResponseID: "r"}, `{"items":[],"previous_response_id":"r"}`},
		{Call{ID: "x", Messages: []Message{{Role: RoleUser, Parts: []Part{TextPart("hi")}, Metadata: map[string]string{"k": "v"}}}},
			`{"id":"x","messages":[{"role":"user","parts":[{"kind":"text","text":"hi"}]}],"items":null}`},
	} {
		b, err := json.Marshal(tc.call)
		if err != nil || string(b) != tc.json {
			t.Errorf("Marshal = %s, %v; want %s", b, err, tc.json)
		}
	}
	var c Call
	if err := json.Unmarshal([]byte(`{"messages":[{"role":"user","parts":[]}]}`), &c); err != nil || c.Items != nil || c.HasItemAuthority() {
		t.Errorf("absent items decoded to %#v, %v; want nil", c.Items, err)
	}
	if err := json.Unmarshal([]byte(`{"items":[]}`), &c); err != nil || c.Items == nil || len(c.Items) != 0 {
		t.Errorf("items [] decoded to %#v, %v; want empty non-nil", c.Items, err)
	}
}

func TestCallJSONRawCompaction(t *testing.T) {
	c := Call{Messages: []Message{{Role: RoleUser, Parts: []Part{{Kind: PartJSON, Content: raw(" { \"a\" : \"<b>&\" , \"n\" : [ 1 ,\n2 ] } ")}}}}}
	got, _ := roundTrip(t, c)
	if want := `{"a":"\u003cb\u003e\u0026","n":[1,2]}`; string(got.Messages[0].Parts[0].Content) != want {
		t.Fatalf("content = %s, want %s", got.Messages[0].Parts[0].Content, want)
	}
}

// TestCallJSONGolden pins every JSON name: the snake_case tags of Call,
// Message, Part and ReasoningPart and the tags of Item, ContentPart and
// their variants.
func TestCallJSONGolden(t *testing.T) {
	b, err := json.MarshalIndent(fullCall(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join("testdata", "call.golden.json")
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Fatalf("encoding differs from %s (run with -update after checking the change):\n%s", path, b)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, want); err != nil {
		t.Fatal(err)
	}
	var back Call
	if err := json.Unmarshal(compact.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if w := roundTripWant(t, fullCall()); !reflect.DeepEqual(back, w) {
		t.Fatal("the golden file does not decode to the full call")
	}
}
