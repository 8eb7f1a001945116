package conversationprojection

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// atomBytesCases are atoms with the exact bytes their rules require.
var atomBytesCases = []struct {
	name string
	atom MessageAtomV1
	want string
}{
	{"zero atom", MessageAtomV1{}, `{"role":"","content":null}`},
	{"empty content", MessageAtomV1{Role: "user", Content: []NormalizedContent{}}, `{"role":"user","content":[]}`},
	{"unknown role and kind escaped", MessageAtomV1{Role: "<r>", Content: []NormalizedContent{{Kind: "k\"&"}}},
		`{"role":"\u003cr\u003e","content":[{"kind":"k\"\u0026"}]}`},
	{"every string field in order", MessageAtomV1{Role: "user", Content: []NormalizedContent{{
		Kind: "x", Text: "1", ImageRef: "2", ImageMIME: "3", FileRef: "4", FileData: "5", FileMIME: "6", FileName: "7",
		VideoRef: "8", VideoMIME: "9", Refusal: "10", Summary: "11", AssistantRef: "12"}}},
		`{"role":"user","content":[{"kind":"x","text":"1","image_ref":"2","image_mime":"3","file_ref":"4","file_data":"5",` +
			`"file_mime":"6","file_name":"7","video_ref":"8","video_mime":"9","refusal":"10","summary":"11","assistant_ref":"12"}]}`},
	{"objects between strings", MessageAtomV1{Role: "tool", Content: []NormalizedContent{{
		Kind: "json", Refusal: "r", Reasoning: &NormalizedReasoning{}, Summary: "s", Annotation: &NormalizedAnnotation{},
		AssistantRef: "a", JSON: raw(`1`), Extension: &NormalizedExtension{}}}},
		`{"role":"tool","content":[{"kind":"json","refusal":"r","reasoning":{},"summary":"s","annotation":{},` +
			`"assistant_ref":"a","json":1,"extension":{"type":""}}]}`},
	{"reasoning members", MessageAtomV1{Role: "assistant", Content: []NormalizedContent{{Kind: "reasoning", Reasoning: &NormalizedReasoning{
		Dialect: "d", Text: "t", Signature: "s", Opaque: raw(`{"b":1,"a":2}`), Summary: raw(`[]`), Content: raw(`""`),
		EncryptedContent: raw(`null`), EncryptedContentPresent: true}}}},
		`{"role":"assistant","content":[{"kind":"reasoning","reasoning":{"dialect":"d","text":"t","signature":"s",` +
			`"opaque":{"b":1,"a":2},"summary":[],"content":"","encrypted_content":null,"encrypted_content_present":true}}]}`},
	{"reasoning only flag", MessageAtomV1{Role: "assistant", Content: []NormalizedContent{{Kind: "reasoning", Reasoning: &NormalizedReasoning{EncryptedContentPresent: true}}}},
		`{"role":"assistant","content":[{"kind":"reasoning","reasoning":{"encrypted_content_present":true}}]}`},
	{"reasoning only raw", MessageAtomV1{Role: "assistant", Content: []NormalizedContent{{Kind: "reasoning", Reasoning: &NormalizedReasoning{Summary: raw(`1`)}}}},
		`{"role":"assistant","content":[{"kind":"reasoning","reasoning":{"summary":1}}]}`},
	{"annotation data only", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "annotation", Annotation: &NormalizedAnnotation{Data: raw(`true`)}}}},
		`{"role":"user","content":[{"kind":"annotation","annotation":{"data":true}}]}`},
	{"extension members", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "extension", Extension: &NormalizedExtension{
		Namespace: "n", Type: "t", Implementor: "i", Data: raw(`{}`)}}}},
		`{"role":"user","content":[{"kind":"extension","extension":{"namespace":"n","type":"t","implementor":"i","data":{}}}]}`},
	{"extension implementor without namespace", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "extension", Extension: &NormalizedExtension{Implementor: "i"}}}},
		`{"role":"user","content":[{"kind":"extension","extension":{"type":"","implementor":"i"}}]}`},
	{"two contents", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "text", Text: "a"}, {Kind: "text"}}},
		`{"role":"user","content":[{"kind":"text","text":"a"},{"kind":"text"}]}`},
	{"string escapes", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "text",
		Text: "\"\\\b\f\n\r\t\x00\x1b\x1f<>&\u2028\u2029/\x7f\u0085\ufffd"}}},
		`{"role":"user","content":[{"kind":"text","text":"\"\\\b\f\n\r\t\u0000\u001b\u001f\u003c\u003e\u0026\u2028\u2029/` + "\x7f\u0085\ufffd" + `"}]}`},
	{"invalid utf-8 bytes each become ufffd", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "text",
		Text: "a\xffb\xed\xa0\x80c\xc0\xafd\xe2\x82e\xf4\x90\x80\x80"}}},
		`{"role":"user","content":[{"kind":"text","text":"a\ufffdb\ufffd\ufffd\ufffdc\ufffd\ufffdd\ufffd\ufffde\ufffd\ufffd\ufffd\ufffd"}]}`},
	{"raw values compacted, not sorted, html escaped", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "json",
		JSON: raw(" {\"b\" : [ 1 , 2.50e+1 ] ,\n \"a\":\"<\\u00e9>\u2028\", \"b\":null}\t")}}},
		`{"role":"user","content":[{"kind":"json","json":{"b":[1,2.50e+1],"a":"\u003c\u00e9\u003e\u2028","b":null}}]}`},
	{"raw invalid utf-8 kept", MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "json", JSON: raw("\"\xff\"")}}},
		"{\"role\":\"user\",\"content\":[{\"kind\":\"json\",\"json\":\"\xff\"}]}"},
}

func TestCanonicalAtomBytesExact(t *testing.T) {
	for _, tt := range atomBytesCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CanonicalAtomBytes(tt.atom)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
			id, err := HashAtom(tt.atom)
			if err != nil || string(id) != "v1:"+sha256Hex([]byte(tt.want)) {
				t.Errorf("HashAtom = %s, %v", id, err)
			}
		})
	}
}

// TestCanonicalAtomBytesEqualsMarshal checks the table against the rule and
// the running json.Marshal (atomBytesWant).
func TestCanonicalAtomBytesEqualsMarshal(t *testing.T) {
	for _, tt := range atomBytesCases {
		ref, err := atomBytesWant(t, tt.atom)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, err := CanonicalAtomBytes(tt.atom)
		if err != nil || string(got) != string(ref) {
			t.Errorf("%s:\n got %s (%v)\nwant %s", tt.name, got, err, ref)
		}
	}
}

func TestCanonicalAtomBytesRejectsBadRawFields(t *testing.T) {
	bad := []json.RawMessage{raw(" "), raw(`{"a":1}x`), raw(`[1,]`), raw(`01`), raw("\"a\x01\""), raw(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))}
	fields := []struct {
		name string
		set  func(r json.RawMessage) NormalizedContent
	}{
		{"content[0].json", func(r json.RawMessage) NormalizedContent { return NormalizedContent{Kind: "json", JSON: r} }},
		{"content[0].annotation.data", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "annotation", Annotation: &NormalizedAnnotation{Data: r}}
		}},
		{"content[0].extension.data", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "extension", Extension: &NormalizedExtension{Data: r}}
		}},
		{"content[0].reasoning.opaque", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "reasoning", Reasoning: &NormalizedReasoning{Opaque: r}}
		}},
		{"content[0].reasoning.summary", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "reasoning", Reasoning: &NormalizedReasoning{Summary: r}}
		}},
		{"content[0].reasoning.content", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "reasoning", Reasoning: &NormalizedReasoning{Content: r}}
		}},
		{"content[0].reasoning.encrypted_content", func(r json.RawMessage) NormalizedContent {
			return NormalizedContent{Kind: "reasoning", Reasoning: &NormalizedReasoning{EncryptedContent: r}}
		}},
	}
	for _, f := range fields {
		for _, b := range bad {
			atom := MessageAtomV1{Role: "user", Content: []NormalizedContent{f.set(b)}}
			out, err := CanonicalAtomBytes(atom)
			if !errors.Is(err, ErrInvalidJSON) || out != nil {
				t.Errorf("%s = %.20q: got %q, %v; want ErrInvalidJSON", f.name, b, out, err)
				continue
			}
			if !strings.Contains(err.Error(), f.name) {
				t.Errorf("error %q does not name %s", err, f.name)
			}
			if _, herr := HashAtom(atom); !errors.Is(herr, ErrInvalidJSON) {
				t.Errorf("HashAtom error %v", herr)
			}
			if _, werr := atomBytesWant(t, atom); werr == nil {
				t.Errorf("%s = %.20q: the rule accepts what CanonicalAtomBytes rejects", f.name, b)
			}
		}
	}
}

// TestCanonicalAtomBytesAcceptsDepthLimit pins that a raw value may nest
// 10000 deep whatever the atom around it adds, which encoding/json on the
// json/v2 engine does not accept (atomBytesWant checks that it fails).
func TestCanonicalAtomBytesAcceptsDepthLimit(t *testing.T) {
	deep := raw(strings.Repeat("[", 10000) + strings.Repeat("]", 10000))
	atom := MessageAtomV1{Role: "user", Content: []NormalizedContent{{Kind: "json", JSON: deep}}}
	got, err := CanonicalAtomBytes(atom)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := atomBytesWant(t, atom)
	if err != nil || string(got) != string(ref) {
		t.Fatalf("deep raw value differs from the rule: %v", err)
	}
}

func TestHashAtomStreamsLargeAtoms(t *testing.T) {
	big := strings.Repeat(`{"k":"<v>","n":[1,2,3]},`, 2000)
	atom := MessageAtomV1{Role: "user", Content: []NormalizedContent{
		{Kind: "text", Text: strings.Repeat("x\xff<", 5000)},
		{Kind: "json", JSON: raw("[" + big + "0]"), Annotation: &NormalizedAnnotation{Type: "t", Data: raw("[" + big + "1]")}},
	}}
	ref, err := atomBytesWant(t, atom)
	if err != nil {
		t.Fatal(err)
	}
	id, err := HashAtom(atom)
	if err != nil || string(id) != "v1:"+sha256Hex(ref) {
		t.Fatalf("HashAtom = %s, %v", id, err)
	}
}
