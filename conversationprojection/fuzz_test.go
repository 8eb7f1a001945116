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

// fuzzAtom builds an atom from fuzzed input: mask selects which fields are
// set; string fields take s or t (arbitrary bytes, invalid UTF-8 included),
// raw fields take r1 or r2 (arbitrary bytes, usually JSON).
func fuzzAtom(role, kind, s, t string, r1, r2 []byte, mask uint32) MessageAtomV1 {
	bit := func(n uint) bool { return mask&(1<<n) != 0 }
	str := func(n uint) string {
		if !bit(n) {
			return ""
		}
		if bit(n + 16) {
			return t
		}
		return s
	}
	rawf := func(n uint) json.RawMessage {
		if !bit(n) {
			return nil
		}
		if bit(n + 16) {
			return r2
		}
		return r1
	}
	c := NormalizedContent{
		Kind: ContentKind(kind), Text: str(0), ImageRef: str(1), FileData: str(2), FileName: str(3),
		VideoMIME: str(4), Refusal: str(5), Summary: str(6), AssistantRef: str(7), JSON: rawf(8),
	}
	if bit(9) {
		c.Reasoning = &NormalizedReasoning{Dialect: str(10), Text: t, Signature: str(11), Opaque: rawf(12),
			Summary: rawf(13), Content: rawf(14), EncryptedContent: rawf(15), EncryptedContentPresent: bit(31)}
	}
	if bit(10) {
		c.Annotation = &NormalizedAnnotation{Type: str(11), Data: rawf(12)}
	}
	if bit(13) {
		c.Extension = &NormalizedExtension{Namespace: str(14), Type: str(15), Implementor: s, Data: rawf(8)}
	}
	atom := MessageAtomV1{Role: lipapi.Role(role)}
	switch mask >> 29 & 3 {
	case 0:
		atom.Content = []NormalizedContent{c}
	case 1:
		atom.Content = []NormalizedContent{c, {Kind: ContentKindText, Text: s}, c}
	case 2:
		atom.Content = []NormalizedContent{}
	}
	return atom
}

// crlfText is a text longer than an identity's window, its line endings
// (CRLF, CR alone, and CRs before escapes and runs of them) at every
// offset of the window's pieces.
var crlfText = strings.Repeat("ab\r\ncd\re\"<\r\n\t\r\r\n\\x\r", 300)

// FuzzCanonicalAtomBytes checks CanonicalAtomBytes against the rule and
// encoding/json Marshal of the atom struct (atomBytesWant), and HashAtom
// against the SHA-256 of the bytes.
func FuzzCanonicalAtomBytes(f *testing.F) {
	f.Add("user", "text", "Hello", "", []byte(nil), []byte(nil), uint32(1))
	f.Add("tool", "json", "<a&b>\u2028", "\xff\xed\xa0\x80", []byte(` {"b":[1, 2.50],"a":"x<y"} `), []byte(`null`), uint32(0xffffffff))
	f.Add("", "", "\x00\x1f\"\\", "\x7f\u0085\ufffd", []byte(`{"a":1}x`), []byte(`[1,]`), uint32(0x2345))
	f.Fuzz(func(t *testing.T, role, kind, s, u string, r1, r2 []byte, mask uint32) {
		atom := fuzzAtom(role, kind, s, u, r1, r2, mask)
		got, err := CanonicalAtomBytes(atom)
		ref, refErr := atomBytesWant(t, atom)
		if refErr != nil {
			if !errors.Is(err, ErrInvalidJSON) || got != nil {
				t.Fatalf("the rule fails (%v) but CanonicalAtomBytes gives %q, %v", refErr, got, err)
			}
			if _, herr := HashAtom(atom); !errors.Is(herr, ErrInvalidJSON) {
				t.Fatalf("HashAtom error %v", herr)
			}
			return
		}
		if err != nil {
			t.Fatalf("CanonicalAtomBytes fails (%v) but the rule gives %q", err, ref)
		}
		if !bytes.Equal(got, ref) {
			t.Fatalf("\n got %q\nwant %q", got, ref)
		}
		id, err := HashAtom(atom)
		if err != nil || string(id) != "v1:"+sha256Hex(ref) {
			t.Fatalf("HashAtom = %s, %v", id, err)
		}
	})
}

// FuzzCanonicalJSON checks CanonicalJSON against encoding/json: for input
// that is exactly one JSON value it equals UseNumber decode + Marshal and is
// a fixed point; any other non-empty input (trailing data included) is
// rejected with ErrInvalidJSON.
func FuzzCanonicalJSON(f *testing.F) {
	for _, s := range []string{`{"b":[1,2.50],"a":"x<y"}`, `{"a":1}x`, ` "\ud800\u0041" `, "\"\xff\"", `[1e400,-0,1.0]`, `{"a":1,"a":{"b":2}}`, ``, ` `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in := bytes.Clone(data)
		got, err := CanonicalJSON(data)
		if !bytes.Equal(in, data) {
			t.Fatal("input mutated")
		}
		if len(data) == 0 {
			if got != nil || err != nil {
				t.Fatalf("empty input: %q, %v", got, err)
			}
			return
		}
		if !json.Valid(data) {
			if !errors.Is(err, ErrInvalidJSON) || got != nil {
				t.Fatalf("invalid input accepted: %q, %v", got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("valid input rejected: %v", err)
		}
		ref, err := jsonref.ViaEncodingJSON(data)
		if err != nil {
			t.Fatalf("reference failed on valid input: %v", err)
		}
		if !bytes.Equal(got, ref) {
			t.Fatalf("\n got %q\nwant %q", got, ref)
		}
		again, err := CanonicalJSON(got)
		if err != nil || !bytes.Equal(again, got) {
			t.Fatalf("not a fixed point: %q, %v", again, err)
		}
	})
}

// FuzzMessageIdentity checks that identity never panics, is deterministic,
// equals the hash of the atom's bytes (atomBytesWant; or fails like
// AtomOfMessage), and agrees between legacy and item forms (and the
// overlay path, textSum) for text parts.
func FuzzMessageIdentity(f *testing.F) {
	f.Add("user", "Hello", "text", []byte(nil))
	f.Add(" assistant\t", "a\r\nb\rc\xff", "json", []byte(`{"b":1,"a":[2.50]}`))
	f.Add("tool", "", "image_ref", []byte(`{"detail":"high"}`))
	f.Add("nobody", "x", "", []byte(`{`))
	f.Add("user", crlfText, "text", []byte(nil))
	f.Fuzz(func(t *testing.T, role, text, kind string, content []byte) {
		msg := lipapi.Message{Role: lipapi.Role(role), Parts: []lipapi.Part{
			lipapi.TextPart(text),
			{Kind: lipapi.PartKind(kind), Text: text, ImageRef: text, Content: content,
				Reasoning: &lipapi.ReasoningPart{Dialect: lipapi.ReasoningDialect(text), Text: text, Opaque: content}},
		}}
		id1, err1 := MessageIdentityOf(msg)
		id2, err2 := MessageIdentityOf(msg)
		if id1 != id2 || (err1 == nil) != (err2 == nil) {
			t.Fatalf("not deterministic: %s/%v vs %s/%v", id1, err1, id2, err2)
		}
		atom, aerr := AtomOfMessage(msg)
		if (aerr == nil) != (err1 == nil) {
			t.Fatalf("AtomOfMessage error %v, MessageIdentityOf error %v", aerr, err1)
		}
		if err1 != nil {
			if !errors.Is(err1, ErrInvalidRole) && !errors.Is(err1, ErrUnsupportedContent) && !errors.Is(err1, ErrInvalidJSON) {
				t.Fatalf("error wraps no expected sentinel: %v", err1)
			}
		} else {
			ref, err := atomBytesWant(t, atom)
			if err != nil {
				t.Fatal(err)
			}
			if string(id1) != "v1:"+sha256Hex(ref) || !id1.IsValid() {
				t.Fatalf("identity %s is not the hash of the atom bytes", id1)
			}
		}
		// Text parts: legacy and item forms agree, success or failure.
		single := lipapi.Message{Role: lipapi.Role(role), Parts: []lipapi.Part{lipapi.TextPart(text)}}
		item := lipapi.Item{Kind: lipapi.ItemKindMessage, ID: text, Role: lipapi.Role(role),
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartText, Text: text}}}
		lid, lerr := MessageIdentityOf(single)
		iid, ierr := ItemIdentityOf(item)
		if lid != iid || (lerr == nil) != (ierr == nil) {
			t.Fatalf("legacy %s/%v != item %s/%v", lid, lerr, iid, ierr)
		}
		// The overlay path hashes the same text message without building it.
		if ts, terr := textSum(lipapi.Role(role), text); (terr == nil) != (lerr == nil) || (terr == nil && identityOfSum(ts) != lid) {
			t.Fatalf("textSum %s/%v != legacy %s/%v", identityOfSum(ts), terr, lid, lerr)
		}
	})
}

// itemContentKinds are the item content part kinds identity maps.
var itemContentKinds = []lipapi.ContentPartKind{
	lipapi.ContentPartText, lipapi.ContentPartImageRef, lipapi.ContentPartFileRef,
	lipapi.ContentPartVideoRef, lipapi.ContentPartRefusal, lipapi.ContentPartReasoning,
	lipapi.ContentPartSummary, lipapi.ContentPartAnnotation, lipapi.ContentPartAssistantRef,
	lipapi.ContentPartJSON, lipapi.ContentPartToolResult, lipapi.ContentPartExtension,
}

// FuzzItemIdentity checks item identity for every content part kind (and
// a fuzzed one) with every field populated, so fields a kind ignores are
// present too: ItemIdentityOf never panics, is deterministic, equals the
// hash of the bytes of AtomOfItem (atomBytesWant) or fails like it, with an
// error wrapping an identity sentinel.
func FuzzItemIdentity(f *testing.F) {
	f.Add("user", "Hello", "text", []byte(nil))
	f.Add(" assistant\t", "a\r\nb\rc\xff<&>\u2028", "summary", []byte(`{"b":1,"a":[2.50,"\u00e9"]}`))
	f.Add("tool", "", "vendor:x", []byte(`[]`))
	f.Add("developer", "  Vendor.X  ", "", []byte(`{`))
	f.Add("assistant", crlfText, "tool_result", []byte(`{"a":1}`))
	f.Add("assistant", crlfText, "text", []byte(`{"a":"`+strings.Repeat("x", inlineJSON)+`"}`)) // hashed through a Digest
	f.Fuzz(func(t *testing.T, role, text, kind string, content []byte) {
		for _, k := range append(itemContentKinds, lipapi.ContentPartKind(kind)) {
			part := lipapi.ContentPart{Kind: k, Text: text, ImageRef: text, ImageMIME: text,
				FileRef: text, FileData: text, FileMIME: text, FileName: text, VideoRef: text, VideoMIME: text,
				Refusal: text, Summary: text, AssistantRef: text,
				Reasoning: &lipapi.ReasoningPart{Dialect: lipapi.ReasoningDialect(text), Text: text, Signature: text,
					Opaque: content, Summary: content, SummaryPresent: true, Content: content, EncryptedContent: content},
				Annotation: &lipapi.AnnotationPart{Type: text, Data: content},
				Extension:  &lipapi.ExtensionContentPart{Namespace: text, Type: text, Implementor: text, Data: content},
			}
			if k == lipapi.ContentPartJSON {
				part.Text = string(content)
			}
			item := lipapi.Item{Kind: lipapi.ItemKindMessage, ID: text, Status: lipapi.ItemStatus(text),
				Role: lipapi.Role(role), Content: []lipapi.ContentPart{part}}
			id, err := ItemIdentityOf(item)
			if again, err2 := ItemIdentityOf(item); again != id || (err == nil) != (err2 == nil) {
				t.Fatalf("%s: not deterministic", k)
			}
			atom, aerr := AtomOfItem(item)
			if (aerr == nil) != (err == nil) {
				t.Fatalf("%s: AtomOfItem error %v, ItemIdentityOf error %v", k, aerr, err)
			}
			if err != nil {
				if !errors.Is(err, ErrInvalidRole) && !errors.Is(err, ErrUnsupportedContent) && !errors.Is(err, ErrInvalidJSON) {
					t.Fatalf("%s: error wraps no expected sentinel: %v", k, err)
				}
				continue
			}
			ref, err := atomBytesWant(t, atom)
			if err != nil {
				t.Fatal(err)
			}
			if string(id) != "v1:"+sha256Hex(ref) || !id.IsValid() {
				t.Fatalf("%s: identity %s is not the hash of the atom bytes %s", k, id, ref)
			}
			if got, err := CanonicalAtomBytes(atom); err != nil || !bytes.Equal(got, ref) {
				t.Fatalf("%s: CanonicalAtomBytes\n got %s\nwant %s", k, got, ref)
			}
		}
	})
}
