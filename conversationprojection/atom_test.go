package conversationprojection

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

func raw(s string) json.RawMessage { return json.RawMessage(s) }

// wantOneContentAtom fails unless err is nil and atom has role and the one
// content want.
func wantOneContentAtom(t *testing.T, atom MessageAtomV1, err error, role lipapi.Role, want NormalizedContent) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if atom.Role != role {
		t.Errorf("role %q, want %q", atom.Role, role)
	}
	if len(atom.Content) != 1 || !reflect.DeepEqual(atom.Content[0], want) {
		t.Errorf("content\n got %+v\nwant %+v", atom.Content, want)
	}
}

func TestAtomOfMessageMapsEveryPartKind(t *testing.T) {
	tests := []struct {
		name string
		part lipapi.Part
		want NormalizedContent
	}{
		{"text normalizes line breaks only", lipapi.Part{Kind: lipapi.PartText, Text: " a\r\nb\r ", ToolCallID: "x"},
			NormalizedContent{Kind: ContentKindText, Text: " a\nb\n "}},
		{"image_ref without detail", lipapi.Part{Kind: lipapi.PartImageRef, ImageRef: "r", ImageMIME: "m", Text: "ignored"},
			NormalizedContent{Kind: ContentKindImageRef, ImageRef: "r", ImageMIME: "m"}},
		{"image_ref detail becomes annotation", lipapi.Part{Kind: lipapi.PartImageRef, ImageRef: "r", Content: raw(`{ "b":1, "a":2 }`)},
			NormalizedContent{Kind: ContentKindImageRef, ImageRef: "r", Annotation: &NormalizedAnnotation{Type: "image_detail", Data: raw(`{"a":2,"b":1}`)}}},
		{"file_ref", lipapi.Part{Kind: lipapi.PartFileRef, FileRef: "f", FileMIME: "m", FileName: "n"},
			NormalizedContent{Kind: ContentKindFileRef, FileRef: "f", FileMIME: "m", FileName: "n"}},
		{"tool_result drops call id, name and content", lipapi.Part{Kind: lipapi.PartToolResult, Text: "o\r", ToolCallID: "c", ToolName: "t", Content: raw(`[1]`)},
			NormalizedContent{Kind: ContentKindToolResult, Text: "o\n"}},
		{"json", lipapi.Part{Kind: lipapi.PartJSON, Content: raw(`{"b":[1, 2.50],"a":"x<y"}`)},
			NormalizedContent{Kind: ContentKindJSON, Text: `{"a":"x\u003cy","b":[1,2.50]}`,
				Annotation: &NormalizedAnnotation{Type: "json_content", Data: raw(`{"a":"x\u003cy","b":[1,2.50]}`)},
				JSON:       raw(`{"a":"x\u003cy","b":[1,2.50]}`)}},
		{"json without content", lipapi.Part{Kind: lipapi.PartJSON},
			NormalizedContent{Kind: ContentKindJSON, Annotation: &NormalizedAnnotation{Type: "json_content"}}},
		{"reasoning", lipapi.Part{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{
			Dialect: "  Vendor.X  ", Text: "a\r\n", Signature: " s ", Opaque: raw(` {"z":0,"y":1} `), Summary: raw(`[ 1 ]`),
			SummaryPresent: true, Content: raw(`"c"`), ContentPresent: true, EncryptedContent: raw(`null`), EncryptedContentPresent: true}},
			NormalizedContent{Kind: ContentKindReasoning, Reasoning: &NormalizedReasoning{
				Dialect: "vendor.x", Text: "a\n", Signature: " s ", Opaque: raw(`{"y":1,"z":0}`), Summary: raw(`[1]`),
				Content: raw(`"c"`), EncryptedContent: raw(`null`), EncryptedContentPresent: true}}},
		{"reasoning nil payload", lipapi.Part{Kind: lipapi.PartReasoning},
			NormalizedContent{Kind: ContentKindReasoning}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			atom, err := AtomOfMessage(lipapi.Message{Role: " tool ", Parts: []lipapi.Part{tt.part}})
			wantOneContentAtom(t, atom, err, lipapi.RoleTool, tt.want)
		})
	}
}

func TestAtomOfItemMapsEveryContentKind(t *testing.T) {
	ann := &lipapi.AnnotationPart{Type: "citation", Data: raw(`{"url":"u", "idx":[ 2 ]}`)}
	normAnn := &NormalizedAnnotation{Type: "citation", Data: raw(`{"idx":[2],"url":"u"}`)}
	tests := []struct {
		name string
		part lipapi.ContentPart
		want NormalizedContent
	}{
		{"text ignores annotation", lipapi.ContentPart{Kind: lipapi.ContentPartText, Text: "a\r\n", Annotation: ann},
			NormalizedContent{Kind: ContentKindText, Text: "a\n"}},
		{"image_ref", lipapi.ContentPart{Kind: lipapi.ContentPartImageRef, ImageRef: "r", ImageMIME: "m", Text: "ignored", Annotation: ann},
			NormalizedContent{Kind: ContentKindImageRef, ImageRef: "r", ImageMIME: "m", Annotation: normAnn}},
		{"file_ref keeps file data verbatim", lipapi.ContentPart{Kind: lipapi.ContentPartFileRef, FileRef: "f", FileData: "d\r\n", FileMIME: "m", FileName: "n"},
			NormalizedContent{Kind: ContentKindFileRef, FileRef: "f", FileData: "d\r\n", FileMIME: "m", FileName: "n"}},
		{"video_ref", lipapi.ContentPart{Kind: lipapi.ContentPartVideoRef, VideoRef: "v", VideoMIME: "m"},
			NormalizedContent{Kind: ContentKindVideoRef, VideoRef: "v", VideoMIME: "m"}},
		{"refusal", lipapi.ContentPart{Kind: lipapi.ContentPartRefusal, Refusal: "no\r"},
			NormalizedContent{Kind: ContentKindRefusal, Refusal: "no\n"}},
		{"reasoning", lipapi.ContentPart{Kind: lipapi.ContentPartReasoning, Reasoning: &lipapi.ReasoningPart{Dialect: "D", Text: "t"}},
			NormalizedContent{Kind: ContentKindReasoning, Reasoning: &NormalizedReasoning{Dialect: "d", Text: "t"}}},
		{"summary", lipapi.ContentPart{Kind: lipapi.ContentPartSummary, Summary: "s\r\n"},
			NormalizedContent{Kind: ContentKindSummary, Summary: "s\n"}},
		{"annotation", lipapi.ContentPart{Kind: lipapi.ContentPartAnnotation, Annotation: ann},
			NormalizedContent{Kind: ContentKindAnnotation, Annotation: normAnn}},
		{"annotation without data", lipapi.ContentPart{Kind: lipapi.ContentPartAnnotation, Annotation: &lipapi.AnnotationPart{Type: " T "}},
			NormalizedContent{Kind: ContentKindAnnotation, Annotation: &NormalizedAnnotation{Type: " T "}}},
		{"assistant_ref", lipapi.ContentPart{Kind: lipapi.ContentPartAssistantRef, AssistantRef: "a"},
			NormalizedContent{Kind: ContentKindAssistantRef, AssistantRef: "a"}},
		{"json", lipapi.ContentPart{Kind: lipapi.ContentPartJSON, Text: ` {"b":1,"a":true} `, Annotation: ann},
			NormalizedContent{Kind: ContentKindJSON, Text: `{"a":true,"b":1}`, Annotation: normAnn, JSON: raw(`{"a":true,"b":1}`)}},
		{"json empty text", lipapi.ContentPart{Kind: lipapi.ContentPartJSON},
			NormalizedContent{Kind: ContentKindJSON}},
		{"tool_result", lipapi.ContentPart{Kind: lipapi.ContentPartToolResult, Text: "\r\r"},
			NormalizedContent{Kind: ContentKindToolResult, Text: "\n\n"}},
		{"extension", lipapi.ContentPart{Kind: lipapi.ContentPartExtension, Extension: &lipapi.ExtensionContentPart{
			Namespace: "ns", Type: "v:w", Implementor: "i", Data: raw(`{"type":"v:w", "a":1}`)}},
			NormalizedContent{Kind: ContentKindExtension, Extension: &NormalizedExtension{
				Namespace: "ns", Type: "v:w", Implementor: "i", Data: raw(`{"a":1,"type":"v:w"}`)}}},
		{"extension nil", lipapi.ContentPart{Kind: lipapi.ContentPartExtension},
			NormalizedContent{Kind: ContentKindExtension}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			item := lipapi.Item{Kind: lipapi.ItemKindMessage, ID: "i", Role: "assistant\n", Content: []lipapi.ContentPart{tt.part}}
			atom, err := AtomOfItem(item)
			wantOneContentAtom(t, atom, err, lipapi.RoleAssistant, tt.want)
		})
	}
}

// TestLongTextsNormalizeLineBreaksAcrossWindows pins the normalization of
// texts longer than the copy window, with CRs on its edges.
func TestLongTextsNormalizeLineBreaksAcrossWindows(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("line\r\n", 300) + "\r",
		strings.Repeat("x", 511) + "\r\n" + strings.Repeat("y", 510) + "\r\r\n\n",
		strings.Repeat("\r", 1030),
	} {
		atom, err := AtomOfMessage(lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartText, Text: text}}})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
		if got := atom.Content[0].Text; got != want {
			t.Fatalf("a %d-byte text normalizes to %d bytes, want %d", len(text), len(got), len(want))
		}
	}
}

func TestReasoningDialectUsesLipapiNormalization(t *testing.T) {
	for _, d := range []lipapi.ReasoningDialect{"", " A ", "Ä.B", "x\xffY", "ABC\xff"} {
		atom, err := AtomOfMessage(lipapi.Message{Role: "assistant", Parts: []lipapi.Part{{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{Dialect: d}}}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := atom.Content[0].Reasoning.Dialect, string(lipapi.NormalizeReasoningDialect(d)); got != want {
			t.Errorf("dialect %q: got %q, want %q", d, got, want)
		}
	}
}

// errCase is a message or item that must fail with a sentinel.
type errCase struct {
	name string
	msg  *lipapi.Message
	item *lipapi.Item
	want error
}

func identityErrorCases() []errCase {
	msg := func(role lipapi.Role, parts ...lipapi.Part) *lipapi.Message {
		return &lipapi.Message{Role: role, Parts: parts}
	}
	item := func(role lipapi.Role, parts ...lipapi.ContentPart) *lipapi.Item {
		return &lipapi.Item{Kind: lipapi.ItemKindMessage, Role: role, Content: parts}
	}
	withVariant := func(set func(*lipapi.Item)) *lipapi.Item {
		it := item("user", lipapi.ContentPart{Kind: "text", Text: "x"})
		set(it)
		return it
	}
	text := lipapi.TextPart("x")
	ctext := lipapi.ContentPart{Kind: lipapi.ContentPartText, Text: "x"}
	badJSON := raw(`{"a":1}x`)
	return []errCase{
		{"role empty", msg("", text), nil, ErrInvalidRole},
		{"role blank", msg(" \t", text), nil, ErrInvalidRole},
		{"role unknown", msg("User", text), nil, ErrInvalidRole},
		{"role checked before parts", msg("nobody"), nil, ErrInvalidRole},
		{"no parts", msg("user"), nil, ErrEmptyMessage},
		{"empty parts", &lipapi.Message{Role: "user", Parts: []lipapi.Part{}}, nil, ErrEmptyMessage},
		{"part kind empty", msg("user", text, lipapi.Part{}), nil, ErrUnsupportedContent},
		{"part kind unknown", msg("user", lipapi.Part{Kind: "video_ref"}), nil, ErrUnsupportedContent},
		{"json content invalid", msg("user", lipapi.Part{Kind: lipapi.PartJSON, Content: badJSON}), nil, ErrInvalidJSON},
		{"json content whitespace", msg("user", lipapi.Part{Kind: lipapi.PartJSON, Content: raw(" ")}), nil, ErrInvalidJSON},
		{"image detail invalid", msg("user", lipapi.Part{Kind: lipapi.PartImageRef, Content: raw(`{`)}), nil, ErrInvalidJSON},
		{"reasoning opaque invalid", msg("user", lipapi.Part{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{Opaque: raw(`tru`)}}), nil, ErrInvalidJSON},
		{"reasoning encrypted invalid", msg("user", lipapi.Part{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{EncryptedContent: raw(`[1,]`)}}), nil, ErrInvalidJSON},
		{"first failing part wins", msg("user", lipapi.Part{Kind: "bogus"}, lipapi.Part{Kind: lipapi.PartJSON, Content: badJSON}), nil, ErrUnsupportedContent},
		{"item kind", nil, &lipapi.Item{Kind: lipapi.ItemKindToolCall, Role: "user", Content: []lipapi.ContentPart{ctext}}, ErrNonMessageItem},
		{"item kind empty", nil, &lipapi.Item{Role: "user", Content: []lipapi.ContentPart{ctext}}, ErrNonMessageItem},
		{"item reference variant", nil, withVariant(func(it *lipapi.Item) { it.Reference = &lipapi.ItemReference{} }), ErrNonMessageItem},
		{"item tool_call variant", nil, withVariant(func(it *lipapi.Item) { it.ToolCall = &lipapi.ToolCallItem{} }), ErrNonMessageItem},
		{"item tool_result variant", nil, withVariant(func(it *lipapi.Item) { it.ToolResult = &lipapi.ToolResultItem{} }), ErrNonMessageItem},
		{"item reasoning variant", nil, withVariant(func(it *lipapi.Item) { it.Reasoning = &lipapi.ReasoningItem{} }), ErrNonMessageItem},
		{"item compaction variant", nil, withVariant(func(it *lipapi.Item) { it.Compaction = &lipapi.CompactionItem{} }), ErrNonMessageItem},
		{"item extension variant", nil, withVariant(func(it *lipapi.Item) { it.Extension = &lipapi.OpaqueExtension{} }), ErrNonMessageItem},
		{"item variant checked before role", nil, &lipapi.Item{Kind: lipapi.ItemKindMessage, Reference: &lipapi.ItemReference{}}, ErrNonMessageItem},
		{"item role", nil, item("bot", ctext), ErrInvalidRole},
		{"item role before content", nil, item(""), ErrInvalidRole},
		{"item no content", nil, item("user"), ErrEmptyMessage},
		{"item content kind empty", nil, item("user", lipapi.ContentPart{}), ErrUnsupportedContent},
		{"item content kind unknown", nil, item("user", lipapi.ContentPart{Kind: "input_text"}), ErrUnsupportedContent},
		{"item json text invalid", nil, item("user", lipapi.ContentPart{Kind: lipapi.ContentPartJSON, Text: `{"a":1} {}`}), ErrInvalidJSON},
		{"item json text before annotation", nil, item("user", lipapi.ContentPart{Kind: lipapi.ContentPartJSON, Text: `x`, Annotation: &lipapi.AnnotationPart{Data: raw(`y`)}}), ErrInvalidJSON},
		{"item annotation data invalid", nil, item("user", lipapi.ContentPart{Kind: lipapi.ContentPartAnnotation, Annotation: &lipapi.AnnotationPart{Data: raw(`'a'`)}}), ErrInvalidJSON},
		{"item extension data invalid", nil, item("user", lipapi.ContentPart{Kind: lipapi.ContentPartExtension, Extension: &lipapi.ExtensionContentPart{Data: raw(`NaN`)}}), ErrInvalidJSON},
		{"item reasoning summary invalid", nil, item("user", lipapi.ContentPart{Kind: lipapi.ContentPartReasoning, Reasoning: &lipapi.ReasoningPart{Summary: raw(`{"a"}`)}}), ErrInvalidJSON},
	}
}

// TestC6_IdentityErrorsWrapSentinels pins correction C6 for identity:
// unknown kinds wrap ErrUnsupportedContent, JSON failures ErrInvalidJSON,
// and the atom builders and streaming identity functions agree.
func TestC6_IdentityErrorsWrapSentinels(t *testing.T) {
	for _, tc := range identityErrorCases() {
		t.Run(tc.name, func(t *testing.T) {
			var aerr, ierr error
			if tc.msg != nil {
				_, aerr = AtomOfMessage(*tc.msg)
				_, ierr = MessageIdentityOf(*tc.msg)
			} else {
				_, aerr = AtomOfItem(*tc.item)
				_, ierr = ItemIdentityOf(*tc.item)
			}
			if !errors.Is(aerr, tc.want) || !errors.Is(ierr, tc.want) {
				t.Fatalf("errors %v / %v, want %v", aerr, ierr, tc.want)
			}
			if aerr.Error() != ierr.Error() {
				t.Errorf("atom error %q != identity error %q", aerr, ierr)
			}
		})
	}
}

func TestErrorsNeverContainMessageText(t *testing.T) {
	const secret = "S3CRET-payload"
	cases := []struct {
		name string
		err  func() error
	}{
		{"role", func() error { _, err := MessageIdentityOf(textMessage(secret, "x")); return err }},
		{"part kind", func() error {
			_, err := MessageIdentityOf(lipapi.Message{Role: "user", Parts: []lipapi.Part{{Kind: secret, Text: secret}}})
			return err
		}},
		{"json part", func() error {
			_, err := MessageIdentityOf(lipapi.Message{Role: "user", Parts: []lipapi.Part{{Kind: "json", Content: raw(`{"` + secret + `":` + secret + `}`)}}})
			return err
		}},
		{"item json", func() error {
			_, err := ItemIdentityOf(lipapi.Item{Kind: "message", Role: "user", Content: []lipapi.ContentPart{{Kind: "json", Text: `["` + secret + `" ` + secret}}})
			return err
		}},
		{"item kind", func() error { _, err := ItemIdentityOf(lipapi.Item{Kind: secret, ID: secret}); return err }},
		{"content kind", func() error {
			_, err := ItemIdentityOf(lipapi.Item{Kind: "message", Role: "user", Content: []lipapi.ContentPart{{Kind: secret}}})
			return err
		}},
		{"atom raw field", func() error {
			_, err := CanonicalAtomBytes(MessageAtomV1{Role: secret, Content: []NormalizedContent{{Kind: secret, Text: secret, JSON: raw(secret)}}})
			return err
		}},
		{"canonical json", func() error { _, err := CanonicalJSON([]byte(`{"a":"` + secret + `"} ` + secret)); return err }},
		{"identity", func() error { _, err := ParseMessageIdentity("v1:" + secret); return err }},
		{"anchor", func() error { return MessageAnchor{Identity: secret}.Validate() }},
		{"resolve", func() error {
			_, _, err := ResolveAnchor([]lipapi.Item{{Kind: "message", Role: secret}}, MessageAnchor{Identity: helloIdentity, Occurrence: 1})
			return err
		}},
	}
	for _, c := range cases {
		err := c.err()
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "S3CRET") {
			t.Errorf("%s: error echoes input: %v", c.name, err)
		}
	}
}

func TestAtomDoesNotAliasInput(t *testing.T) {
	content := raw(`{"a":1}`)
	ann := &lipapi.AnnotationPart{Type: "t", Data: raw(`[1]`)}
	r := &lipapi.ReasoningPart{Dialect: "d", Opaque: raw(`{}`)}
	msgAtom, err := AtomOfMessage(lipapi.Message{Role: "user", Parts: []lipapi.Part{
		{Kind: lipapi.PartJSON, Content: content}, {Kind: lipapi.PartReasoning, Reasoning: r}}})
	if err != nil {
		t.Fatal(err)
	}
	itemAtom, err := AtomOfItem(lipapi.Item{Kind: "message", Role: "user", Content: []lipapi.ContentPart{
		{Kind: lipapi.ContentPartAnnotation, Annotation: ann}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{msgAtom.Content[0].JSON, msgAtom.Content[0].Annotation.Data, msgAtom.Content[1].Reasoning.Opaque, itemAtom.Content[0].Annotation.Data} {
		for i := range b {
			b[i] = 'X'
		}
	}
	if string(content) != `{"a":1}` || string(ann.Data) != `[1]` || string(r.Opaque) != `{}` {
		t.Fatalf("atom aliases input: %s %s %s", content, ann.Data, r.Opaque)
	}
	// The legacy json part's annotation data and JSON are separate copies.
	msgAtom2, _ := AtomOfMessage(lipapi.Message{Role: "user", Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: content}}})
	msgAtom2.Content[0].JSON[0] = '['
	if msgAtom2.Content[0].Annotation.Data[0] != '{' {
		t.Fatal("annotation data shares memory with JSON")
	}
}
