package conversationprojection

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
	"github.com/agentkernel/agentkernel/lipapi"
)

// atomBytesWant returns what CanonicalAtomBytes must give for atom: the
// rule's bytes (refAtomBytes with jsonref.Quote), or an error. It first
// checks that the running json.Marshal of the atom struct gives the same,
// up to the documented differences of the json/v2 engine: invalid UTF-8 in
// strings written as the raw U+FFFD (jsonref.LiveQuote) and a failure when
// the whole atom nests deeper than encoding/json's limit
// (jsonref.LiveAcceptsDepth).
func atomBytesWant(tb testing.TB, atom MessageAtomV1) ([]byte, error) {
	tb.Helper()
	want, err := refAtomBytes(atom, jsonref.Quote)
	liveWant, liveWantErr := want, err
	if jsonref.EngineV2() {
		liveWant, liveWantErr = refAtomBytes(atom, jsonref.LiveQuote)
		if liveWantErr == nil && !jsonref.LiveAcceptsDepth(liveWant) {
			liveWantErr = errors.New("nested deeper than encoding/json's limit")
		}
	}
	live, liveErr := json.Marshal(atom)
	if (liveErr == nil) != (liveWantErr == nil) || liveErr == nil && !bytes.Equal(live, liveWant) {
		tb.Fatalf("json.Marshal of the atom gives %.80q, %v; the rule with the documented differences gives %.80q, %v",
			live, liveErr, liveWant, liveWantErr)
	}
	return want, err
}

// refAtomBytes writes atom by the rule CanonicalAtomBytes documents, one
// member at a time, with quote writing strings and jsonref.Compact raw
// values; a raw value that is not valid JSON (json.Valid, the same on both
// engines) is an error.
func refAtomBytes(atom MessageAtomV1, quote func([]byte, string) []byte) ([]byte, error) {
	w := &refWriter{quote: quote}
	w.object(func() {
		w.str("role", string(atom.Role), true)
		w.name("content")
		if atom.Content == nil {
			w.b = append(w.b, "null"...)
			return
		}
		w.b = append(w.b, '[')
		for i := range atom.Content {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.content(&atom.Content[i])
		}
		w.b = append(w.b, ']')
	})
	return w.b, w.err
}

// refWriter is refAtomBytes's output and the state of the object being
// written.
type refWriter struct {
	b       []byte
	quote   func([]byte, string) []byte
	members int // members written in the current object
	err     error
}

func (w *refWriter) content(c *NormalizedContent) {
	w.object(func() {
		w.str("kind", string(c.Kind), true)
		for _, m := range []struct{ name, s string }{{"text", c.Text}, {"image_ref", c.ImageRef},
			{"image_mime", c.ImageMIME}, {"file_ref", c.FileRef}, {"file_data", c.FileData},
			{"file_mime", c.FileMIME}, {"file_name", c.FileName}, {"video_ref", c.VideoRef},
			{"video_mime", c.VideoMIME}, {"refusal", c.Refusal}} {
			w.str(m.name, m.s, false)
		}
		if r := c.Reasoning; r != nil {
			w.name("reasoning")
			w.object(func() {
				w.str("dialect", r.Dialect, false)
				w.str("text", r.Text, false)
				w.str("signature", r.Signature, false)
				w.raw("opaque", r.Opaque)
				w.raw("summary", r.Summary)
				w.raw("content", r.Content)
				w.raw("encrypted_content", r.EncryptedContent)
				if r.EncryptedContentPresent {
					w.name("encrypted_content_present")
					w.b = append(w.b, "true"...)
				}
			})
		}
		w.str("summary", c.Summary, false)
		if a := c.Annotation; a != nil {
			w.name("annotation")
			w.object(func() { w.str("type", a.Type, false); w.raw("data", a.Data) })
		}
		w.str("assistant_ref", c.AssistantRef, false)
		w.raw("json", c.JSON)
		if e := c.Extension; e != nil {
			w.name("extension")
			w.object(func() {
				w.str("namespace", e.Namespace, false)
				w.str("type", e.Type, true)
				w.str("implementor", e.Implementor, false)
				w.raw("data", e.Data)
			})
		}
	})
}

// object writes an object whose members members writes.
func (w *refWriter) object(members func()) {
	outer := w.members
	w.members = 0
	w.b = append(w.b, '{')
	members()
	w.b = append(w.b, '}')
	w.members = outer
}

// name writes the name of the next member of the current object.
func (w *refWriter) name(name string) {
	if w.members > 0 {
		w.b = append(w.b, ',')
	}
	w.members++
	w.b = append(append(append(w.b, '"'), name...), `":`...)
}

// str writes a string member, unless it is empty and not always written.
func (w *refWriter) str(name, s string, always bool) {
	if s != "" || always {
		w.name(name)
		w.b = w.quote(w.b, s)
	}
}

// raw writes a raw member, unless it is empty.
func (w *refWriter) raw(name string, r json.RawMessage) {
	if len(r) == 0 {
		return
	}
	if !json.Valid(r) {
		w.err = errors.Join(w.err, errors.New(name+": invalid JSON"))
		return
	}
	w.name(name)
	w.b = jsonref.Compact(w.b, r)
}

// TestGo127ReferenceIdentityIsThatOfTheValidText pins the advice of the
// package documentation for identities stored by the reference built with
// Go 1.27: its identity of a message unit holding invalid UTF-8 (the
// SHA-256 of the atom with strings written by jsonref.QuoteV2) is this
// package's identity of the unit with each invalid byte replaced by U+FFFD,
// and differs from this package's identity of the unit itself.
func TestGo127ReferenceIdentityIsThatOfTheValidText(t *testing.T) {
	messages := map[string]func(s string) lipapi.Message{
		"text": func(s string) lipapi.Message { return textMessage(lipapi.RoleUser, s) },
		"tool result": func(s string) lipapi.Message {
			return lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, Text: s, ToolCallID: "c", ToolName: "t"}}}
		},
		"file": func(s string) lipapi.Message {
			return lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{{Kind: lipapi.PartFileRef, FileRef: s, FileMIME: s, FileName: s}}}
		},
		"reasoning": func(s string) lipapi.Message {
			return lipapi.Message{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{{Kind: lipapi.PartReasoning,
				Reasoning: &lipapi.ReasoningPart{Dialect: "d", Text: s, Signature: s, Opaque: raw(`{"o":1}`)}}}}
		},
	}
	items := map[string]func(s string) lipapi.Item{
		"refusal, summary and file data": func(s string) lipapi.Item {
			return lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleAssistant, Content: []lipapi.ContentPart{
				{Kind: lipapi.ContentPartRefusal, Refusal: s}, {Kind: lipapi.ContentPartSummary, Summary: s},
				{Kind: lipapi.ContentPartFileRef, FileRef: "f", FileData: s}}}
		},
	}
	for _, text := range []string{"a\xffb", "\xed\xa0\x80 ok\r\n", "<\xc0\xaf&\u2028", "\xe2\x82\uFFFD"} {
		valid := string([]rune(text))
		check := func(name string, atom MessageAtomV1, err error, id, validID MessageIdentity) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			v2, err := refAtomBytes(atom, jsonref.QuoteV2)
			if err != nil || validID != MessageIdentity("v1:"+sha256Hex(v2)) {
				t.Errorf("%s %q: the identity of the valid text is not the Go 1.27 reference's (%v)", name, text, err)
			}
			if id == validID {
				t.Errorf("%s %q: the identity does not depend on the invalid bytes", name, text)
			}
		}
		for name, build := range messages {
			atom, err := AtomOfMessage(build(text))
			check(name, atom, err, mustIdentity(t, build(text)), mustIdentity(t, build(valid)))
		}
		for name, build := range items {
			atom, err := AtomOfItem(build(text))
			check(name, atom, err, mustItemIdentity(t, build(text)), mustItemIdentity(t, build(valid)))
		}
	}
}

// TestGo127ReferenceFailsOnPayloadsNestedNearTheLimit pins the depths the
// package documentation names: a JSON payload nested d deep has an
// identity for every d up to 10000, and its atom nests more than
// encoding/json's limit (so that the reference built with Go 1.27 fails)
// from d = 9997 in a legacy json part (whose annotation holds the payload
// four levels down) and from d = 9998 in an item json part (three levels).
func TestGo127ReferenceFailsOnPayloadsNestedNearTheLimit(t *testing.T) {
	for d := 9995; d <= 10000; d++ {
		payload := raw(strings.Repeat("[", d) + strings.Repeat("]", d))
		legacy := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: payload}}}
		item := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleUser,
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: string(payload)}}}
		for _, tc := range []struct {
			name     string
			atom     func() (MessageAtomV1, error)
			failFrom int
		}{
			{"legacy", func() (MessageAtomV1, error) { return AtomOfMessage(legacy) }, 9997},
			{"item", func() (MessageAtomV1, error) { return AtomOfItem(item) }, 9998},
		} {
			atom, err := tc.atom()
			if err != nil {
				t.Fatalf("%s, depth %d: %v", tc.name, d, err)
			}
			b, err := atomBytesWant(t, atom)
			if err != nil {
				t.Fatalf("%s, depth %d: %v", tc.name, d, err)
			}
			if tooDeep := jsonref.Depth(b) > jsonref.MaxDepth; tooDeep != (d >= tc.failFrom) {
				t.Errorf("%s, depth %d: the atom nests %d deep", tc.name, d, jsonref.Depth(b))
			}
		}
	}
}
