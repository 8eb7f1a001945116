package conversationprojection

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// sha256Hex is an independent reference for the digest part of identities.
func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

const helloIdentity = "v1:4337a58d8a6421f81e4a4594973147157014a00bbf8fc7a48a3f5fd5bac30da4"

func TestMessageIdentityValidateFormat(t *testing.T) {
	digest := strings.Repeat("0123456789abcdef", 4)
	tests := []struct {
		name string
		id   MessageIdentity
		ok   bool
	}{
		{"valid", MessageIdentity("v1:" + digest), true},
		{"hello", helloIdentity, true},
		{"empty", "", false},
		{"no colon", MessageIdentity("v1" + digest), false},
		{"two colons", MessageIdentity("v1:" + digest[:32] + ":" + digest[33:]), false},
		{"trailing colon", MessageIdentity("v1:" + digest + ":"), false},
		{"version v2", MessageIdentity("v2:" + digest), false},
		{"version upper", MessageIdentity("V1:" + digest), false},
		{"upper hex", MessageIdentity("v1:" + strings.ToUpper(digest)), false},
		{"short digest", MessageIdentity("v1:" + digest[:63]), false},
		{"long digest", MessageIdentity("v1:" + digest + "0"), false},
		{"non hex", MessageIdentity("v1:" + digest[:63] + "g"), false},
		{"leading space not trimmed", MessageIdentity(" v1:" + digest), false},
		{"trailing newline not trimmed", MessageIdentity("v1:" + digest + "\n"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.id.Validate()
			if (err == nil) != tt.ok {
				t.Fatalf("Validate() = %v, want ok=%v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalidMessageIdentity) {
				t.Fatalf("error %v does not wrap ErrInvalidMessageIdentity", err)
			}
			if tt.id.IsValid() != tt.ok {
				t.Fatalf("IsValid() = %v", !tt.ok)
			}
			if err != nil && len(tt.id) > 8 && strings.Contains(err.Error(), string(tt.id)) {
				t.Fatalf("error echoes the identity: %v", err)
			}
		})
	}
}

func TestParseMessageIdentityTrimsThenValidates(t *testing.T) {
	got, err := ParseMessageIdentity(" \t" + helloIdentity + "\r\n")
	if err != nil || got != helloIdentity {
		t.Fatalf("ParseMessageIdentity = %q, %v", got, err)
	}
	for _, raw := range []string{"", "  ", "v1:abc", "v1:" + strings.ToUpper(helloIdentity[3:])} {
		got, err := ParseMessageIdentity(raw)
		if got != "" || !errors.Is(err, ErrInvalidMessageIdentity) {
			t.Errorf("ParseMessageIdentity(%q) = %q, %v", raw, got, err)
		}
	}
}

func TestMessageIdentityVersionDigestSplitAtFirstColon(t *testing.T) {
	tests := []struct {
		id              MessageIdentity
		version, digest string
	}{
		{helloIdentity, "v1", helloIdentity[3:]},
		{"nocolon", "", ""},
		{"", "", ""},
		{"a:b:c", "a", "b:c"},
		{":x", "", "x"},
	}
	for _, tt := range tests {
		if v, d := tt.id.Version(), tt.id.Digest(); v != tt.version || d != tt.digest {
			t.Errorf("%q: Version/Digest = %q/%q, want %q/%q", tt.id, v, d, tt.version, tt.digest)
		}
		if tt.id.String() != string(tt.id) {
			t.Errorf("String() = %q", tt.id.String())
		}
	}
}

func textMessage(role lipapi.Role, text string) lipapi.Message {
	return lipapi.Message{Role: role, Parts: []lipapi.Part{lipapi.TextPart(text)}}
}

func textItem(role lipapi.Role, text string) lipapi.Item {
	return lipapi.Item{Kind: lipapi.ItemKindMessage, Role: role, Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: text}}}
}

// mustOf returns f(x), failing t on an error.
func mustOf[X, Y any](t testing.TB, f func(X) (Y, error), x X) Y {
	t.Helper()
	y, err := f(x)
	if err != nil {
		t.Fatal(err)
	}
	return y
}

// mustIdentity, mustItemIdentity and mustAtom return the identity or the
// atom of a message, failing t on an error.
func mustIdentity(t testing.TB, msg lipapi.Message) MessageIdentity {
	t.Helper()
	return mustOf(t, MessageIdentityOf, msg)
}

func mustItemIdentity(t testing.TB, item lipapi.Item) MessageIdentity {
	t.Helper()
	return mustOf(t, ItemIdentityOf, item)
}

func mustAtom(t testing.TB, msg lipapi.Message) MessageAtomV1 {
	t.Helper()
	return mustOf(t, AtomOfMessage, msg)
}

// identityMessages covers every legacy part kind.
func identityMessages() []lipapi.Message {
	return []lipapi.Message{
		textMessage(lipapi.RoleUser, "Hello"),
		textMessage(lipapi.RoleAssistant, "a\r\nb\rc <&> \u2028 \xff\xed\xa0\x80"),
		{Role: lipapi.RoleUser, Parts: []lipapi.Part{
			{Kind: lipapi.PartImageRef, ImageRef: "img", ImageMIME: "image/png", Content: json.RawMessage(`{"detail":"low","a":1}`)},
			{Kind: lipapi.PartFileRef, FileRef: "f", FileMIME: "text/plain", FileName: "a.txt"},
		}},
		{Role: lipapi.RoleTool, Parts: []lipapi.Part{
			{Kind: lipapi.PartToolResult, Text: "out\r\n", ToolCallID: "c1", ToolName: "t"},
			{Kind: lipapi.PartJSON, Content: json.RawMessage(` {"z":[1,2.50,-0,1E+2],"a":"<x>"} `)},
			{Kind: lipapi.PartJSON},
		}},
		{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{
			{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{
				Dialect: " X.Y ", Text: "t\r\n", Signature: "s", Opaque: json.RawMessage(`{"b":1,"a":2}`),
				Summary: json.RawMessage(`[ "s" ]`), Content: json.RawMessage(`null`),
				EncryptedContent: json.RawMessage(`"e"`), EncryptedContentPresent: true,
			}},
			{Kind: lipapi.PartReasoning},
		}},
	}
}

func TestIdentityEqualsHashOfAtomBytes(t *testing.T) {
	for i, msg := range identityMessages() {
		id := mustIdentity(t, msg)
		atom := mustAtom(t, msg)
		b := mustOf(t, CanonicalAtomBytes, atom)
		ref, err := atomBytesWant(t, atom)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != string(ref) {
			t.Errorf("message %d: atom bytes\n got %s\nwant %s", i, b, ref)
		}
		if want := MessageIdentity("v1:" + sha256Hex(b)); id != want {
			t.Errorf("message %d: identity %s, want %s", i, id, want)
		}
		if h, err := HashAtom(atom); err != nil || h != id {
			t.Errorf("message %d: HashAtom = %s, %v", i, h, err)
		}
	}
}

func TestIdentityIgnoresNonSemanticFields(t *testing.T) {
	base := mustIdentity(t, textMessage(lipapi.RoleUser, "hi"))
	withMeta := textMessage(lipapi.RoleUser, "hi")
	withMeta.Metadata = map[string]string{"trace": "1"}
	withMeta.Parts[0].ToolCallID, withMeta.Parts[0].ToolName = "c", "n"
	if got := mustIdentity(t, withMeta); got != base {
		t.Errorf("metadata/tool fields changed identity")
	}
	trimmed := textMessage(" user\t", "hi")
	if got := mustIdentity(t, trimmed); got != base {
		t.Errorf("untrimmed role changed identity")
	}
	item := textItem(lipapi.RoleUser, "hi")
	item.ID, item.Status, item.Phase = "msg_1", lipapi.ItemStatusCompleted, lipapi.AssistantPhaseCommentary
	if got := mustItemIdentity(t, item); got != base {
		t.Errorf("item ID/status/phase changed identity")
	}
	if mustIdentity(t, textMessage(lipapi.RoleAssistant, "hi")) == base {
		t.Errorf("role is not part of identity")
	}
	if mustIdentity(t, textMessage(lipapi.RoleUser, "hi ")) == base {
		t.Errorf("text is trimmed")
	}
}

func TestIdentityNormalizesLineBreaks(t *testing.T) {
	want := mustIdentity(t, textMessage(lipapi.RoleUser, "a\nb\n\nc\n"))
	for _, s := range []string{"a\r\nb\n\nc\n", "a\rb\r\r\nc\r", "a\nb\r\rc\r\n"} {
		if got := mustIdentity(t, textMessage(lipapi.RoleUser, s)); got != want {
			t.Errorf("%q: identity differs from normalized text", s)
		}
	}
	if mustIdentity(t, textMessage(lipapi.RoleUser, "a\n\r")) != mustIdentity(t, textMessage(lipapi.RoleUser, "a\n\n")) {
		t.Errorf(`"\n\r" is not two line breaks`)
	}
}

func TestLegacyAndItemFormsAgree(t *testing.T) {
	reasoning := &lipapi.ReasoningPart{Dialect: "d", Text: "r\r\n", Opaque: json.RawMessage(`{"y":1, "x":2}`)}
	tests := []struct {
		name string
		part lipapi.Part
		cp   lipapi.ContentPart
	}{
		{"text", lipapi.TextPart("x\r\ny"), lipapi.ContentPart{Kind: lipapi.ContentPartText, Text: "x\r\ny"}},
		{"file_ref", lipapi.Part{Kind: lipapi.PartFileRef, FileRef: "f", FileMIME: "m", FileName: "n"},
			lipapi.ContentPart{Kind: lipapi.ContentPartFileRef, FileRef: "f", FileMIME: "m", FileName: "n"}},
		{"tool_result", lipapi.Part{Kind: lipapi.PartToolResult, Text: "o", ToolCallID: "c"},
			lipapi.ContentPart{Kind: lipapi.ContentPartToolResult, Text: "o"}},
		{"reasoning", lipapi.Part{Kind: lipapi.PartReasoning, Reasoning: reasoning},
			lipapi.ContentPart{Kind: lipapi.ContentPartReasoning, Reasoning: reasoning}},
		{"image_ref with synthesized annotation", lipapi.Part{Kind: lipapi.PartImageRef, ImageRef: "i", Content: json.RawMessage(`{"detail":"high"}`)},
			lipapi.ContentPart{Kind: lipapi.ContentPartImageRef, ImageRef: "i", Annotation: &lipapi.AnnotationPart{Type: "image_detail", Data: json.RawMessage(`{ "detail": "high" }`)}}},
		{"json with synthesized annotation", lipapi.Part{Kind: lipapi.PartJSON, Content: json.RawMessage(`{"b":1,"a":[true]}`)},
			lipapi.ContentPart{Kind: lipapi.ContentPartJSON, Text: `{"a":[true],"b":1}`, Annotation: &lipapi.AnnotationPart{Type: "json_content", Data: json.RawMessage(`{"a":[true],"b":1}`)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{tt.part}}
			item := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool, Content: []lipapi.ContentPart{tt.cp}}
			if a, b := mustIdentity(t, msg), mustItemIdentity(t, item); a != b {
				t.Errorf("legacy %s != item %s", a, b)
			}
		})
	}
	// Without the annotation legacy synthesizes, the forms differ.
	msg := lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: json.RawMessage(`1`)}}}
	item := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser, Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: `1`}}}
	if mustIdentity(t, msg) == mustItemIdentity(t, item) {
		t.Errorf("json item without annotation equals legacy json part")
	}
}

// benchTextMessage is a user message with 300 bytes of ordinary text.
func benchTextMessage() lipapi.Message {
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 7)[:300]
	return textMessage(lipapi.RoleUser, text)
}

func TestMessageIdentityOfAllocsAtMostThree(t *testing.T) {
	msg := benchTextMessage()
	if len(msg.Parts[0].Text) != 300 {
		t.Fatalf("bench text is %d bytes", len(msg.Parts[0].Text))
	}
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := MessageIdentityOf(msg); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 {
		t.Fatalf("MessageIdentityOf allocates %.1f times, want at most 3", allocs)
	}
	item := textItem(lipapi.RoleUser, msg.Parts[0].Text)
	allocs = testing.AllocsPerRun(200, func() {
		if _, err := ItemIdentityOf(item); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 {
		t.Fatalf("ItemIdentityOf allocates %.1f times, want at most 3", allocs)
	}
}

func TestMessageIdentityValidateDoesNotAllocate(t *testing.T) {
	id := MessageIdentity(helloIdentity)
	if allocs := testing.AllocsPerRun(100, func() { _ = id.Validate() }); allocs != 0 {
		t.Fatalf("Validate of a valid identity allocates %.1f times", allocs)
	}
}

func TestLargeMessageIdentityStreams(t *testing.T) {
	// A text far larger than the writer's chunk exercises streaming; the
	// identity must still equal the hash of the full atom bytes.
	text := strings.Repeat("ab<\u2028\xff\"\\\n", 20000)
	msg := textMessage(lipapi.RoleUser, text)
	ref, err := atomBytesWant(t, mustAtom(t, msg))
	if err != nil {
		t.Fatal(err)
	}
	if got := mustIdentity(t, msg); got != MessageIdentity("v1:"+sha256Hex(ref)) {
		t.Fatalf("streamed identity %s does not hash the atom bytes", got)
	}
}

func TestTextSumIsTheIdentityOfTheTextMessage(t *testing.T) {
	long := strings.Repeat("line\r\nnext <&> \u2028 \xff\"\\ ", 600) // longer than a hash chunk
	for _, role := range []lipapi.Role{lipapi.RoleSystem, " user ", lipapi.RoleTool, "", "operator"} {
		for _, text := range []string{"", "plain", "a\rb\r\nc\n", "<tag> & \"q\"", long} {
			want, wantErr := MessageIdentityOf(textMessage(role, text))
			got, err := textSum(role, text)
			if (err != nil) != (wantErr != nil) || (err == nil && identityOfSum(got) != want) {
				t.Errorf("role %q, text of %d bytes: textSum gives %s, %v; MessageIdentityOf %s, %v",
					role, len(text), identityOfSum(got), err, want, wantErr)
			}
		}
	}
}
