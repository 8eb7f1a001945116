package conversationprojection

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// atomHashStrings returns the strings the identity writer is tested with:
// empty and short ones, every escape, line breaks to normalize, invalid
// UTF-8, and long texts of every corpus class at lengths that put window
// boundaries everywhere (a text of control characters grows sixfold).
func atomHashStrings(t testing.TB) []string {
	out := []string{"", "a", "x\r\ny\rz\r", "\r\n\r\r\n", "<&>\u2028\u2029\"\\/\x7f", "\xff\xfe\xe2\x82", "é中😀",
		strings.Repeat("\x01\x1f", 700), strings.Repeat("ab\r\n", 900) + "\r", strings.Repeat("\r", 600)}
	for i, c := range corpus.Load(t) {
		for _, n := range []int{1, 7, 170, 1021, 1022 + i, 2047 + 3*i, 9000 + 17*i} {
			out = append(out, c.Prefix(n))
		}
	}
	return out
}

// atomHashRaws returns the raw JSON values the writer is tested with:
// absent, short and long (streamed), canonical and not, with a canonical
// form shorter and longer than the value, and invalid.
func atomHashRaws() [][]byte {
	doc := map[string]any{"z": strings.Repeat("<é\r\n", 2000), "a": []any{1.50, "x", nil}}
	long, _ := json.Marshal(doc)
	indented, _ := json.MarshalIndent(doc, " ", "\t")
	return [][]byte{nil, []byte(`1`), []byte(` {"b":1,"a":[2.50,"<\u2028"]} `), []byte(`"\ud800\u0041\xff"`),
		[]byte(`{`), []byte(` `), long, append(long[:len(long):len(long)], 'x'),
		[]byte(`"<<<<<<<<"`), indented, []byte(`"` + strings.Repeat("<&>", 3000) + `"`)}
}

// randomParts returns n legacy parts and n item content parts of random
// kinds built from strs and raws.
func randomParts(r *rand.Rand, n int, strs []string, raws [][]byte) ([]lipapi.Part, []lipapi.ContentPart) {
	s := func() string { return strs[r.Intn(len(strs))] }
	raw := func() []byte { return raws[r.Intn(len(raws))] }
	reasoning := func() *lipapi.ReasoningPart {
		if r.Intn(4) == 0 {
			return nil
		}
		rp := &lipapi.ReasoningPart{Dialect: lipapi.ReasoningDialect([]string{"", " Anthropic-Messages ", "x"}[r.Intn(3)]),
			Text: s(), Signature: s(), EncryptedContentPresent: r.Intn(2) == 0}
		if r.Intn(2) == 0 {
			rp.Opaque, rp.Summary, rp.Content, rp.EncryptedContent = raw(), raw(), raw(), raw()
		}
		return rp
	}
	legacyKinds := []lipapi.PartKind{lipapi.PartText, lipapi.PartText, lipapi.PartToolResult, lipapi.PartImageRef,
		lipapi.PartFileRef, lipapi.PartJSON, lipapi.PartReasoning, "", "video"}
	legacy := make([]lipapi.Part, n)
	for i := range legacy {
		legacy[i] = lipapi.Part{Kind: legacyKinds[r.Intn(len(legacyKinds))], Text: s(), ImageRef: s(), ImageMIME: s(),
			FileRef: s(), FileMIME: s(), FileName: s(), Content: raw(), Reasoning: reasoning()}
		if r.Intn(3) > 0 && legacy[i].Kind != lipapi.PartImageRef {
			legacy[i].Content = raws[r.Intn(3)] // mostly valid
		}
	}
	items := make([]lipapi.ContentPart, n)
	for i := range items {
		k := append(itemContentKinds, lipapi.ContentPartText, "", "vendor:x")[r.Intn(len(itemContentKinds)+3)]
		p := lipapi.ContentPart{Kind: k, Text: s(), ImageRef: s(), ImageMIME: s(), FileRef: s(), FileData: s(),
			FileMIME: s(), FileName: s(), VideoRef: s(), VideoMIME: s(), Refusal: s(), Summary: s(), AssistantRef: s(),
			Reasoning: reasoning()}
		if k == lipapi.ContentPartJSON {
			p.Text = string(raw())
		}
		if r.Intn(2) == 0 {
			p.Annotation = &lipapi.AnnotationPart{Type: s(), Data: raw()}
		}
		if r.Intn(2) == 0 {
			p.Extension = &lipapi.ExtensionContentPart{Namespace: s(), Type: s(), Implementor: s(), Data: raw()}
		}
		items[i] = p
	}
	return legacy, items
}

// TestIdentityWritersAgreeWithTheAtomBytes pins the identity writer, both
// the stack window (sumParts) and the canon.Digest (sumDigest), on
// random messages of every part kind: each gives the SHA-256 of the atom's
// bytes (atomBytesWant), or exactly the error AtomOfMessage or AtomOfItem
// gives.
func TestIdentityWritersAgreeWithTheAtomBytes(t *testing.T) {
	strs, raws := atomHashStrings(t), atomHashRaws()
	r := rand.New(rand.NewSource(9))
	roles := []lipapi.Role{lipapi.RoleSystem, lipapi.RoleDeveloper, lipapi.RoleUser, lipapi.RoleAssistant, lipapi.RoleTool}
	for n := 0; n < 3000; n++ {
		role := roles[n%len(roles)]
		legacy, items := randomParts(r, 1+r.Intn(4), strs, raws)
		for _, src := range []partSource{{legacy: legacy}, {items: items}} {
			var atom MessageAtomV1
			var err error
			if src.legacy != nil {
				atom, err = AtomOfMessage(lipapi.Message{Role: role, Parts: legacy})
			} else {
				atom, err = AtomOfItem(lipapi.Item{Kind: lipapi.ItemKindMessage, Role: role, Content: items})
			}
			var want sum
			if err == nil {
				ref, werr := atomBytesWant(t, atom)
				if werr != nil {
					t.Fatal(werr)
				}
				want = sha256.Sum256(ref)
			}
			for name, f := range map[string]func(lipapi.Role, *partSource) (sum, error){"window": sumParts, "digest": sumDigest} {
				got, gerr := f(role, &src)
				if fmt.Sprint(gerr) != fmt.Sprint(err) || got != want {
					t.Fatalf("message %d (%d legacy parts), %s writer: %x, %v; want %x, %v",
						n, len(src.legacy), name, got, gerr, want, err)
				}
			}
		}
	}
}

// TestTextIdentityAllocatesOnlyItsResult pins the allocations of the
// identity of text messages: one, the identity string, at every length
// and for every class of text, line breaks to normalize included, in both
// the legacy and the item form, and for the text of an overlay.
func TestTextIdentityAllocatesOnlyItsResult(t *testing.T) {
	for _, c := range corpus.Load(t) {
		for _, n := range corpus.Sizes {
			text := c.Prefix(n)
			msg := textMessage(lipapi.RoleUser, text)
			item := textItem(lipapi.RoleAssistant, text)
			tool := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, Text: text}, lipapi.TextPart(text)}}
			for name, f := range map[string]func(){
				"message":     func() { _, _ = MessageIdentityOf(msg) },
				"item":        func() { _, _ = ItemIdentityOf(item) },
				"tool_result": func() { _, _ = MessageIdentityOf(tool) },
				"overlay":     func() { _, _ = textSum(lipapi.RoleSystem, text) },
			} {
				want := 1.0
				if name == "overlay" {
					want = 0
				}
				if got := testing.AllocsPerRun(20, f); got != want {
					t.Errorf("%s/%d, %s: %v allocations, want %v", c.Name, n, name, got, want)
				}
			}
		}
	}
}

// TestJSONPartIdentityAllocatesOnlyItsResult pins the allocations of the
// identity of a message or item carrying a tool's JSON output: one, the
// identity string, for a payload that is canonical already (as
// encoding/json writes a map) at every corpus size hashed inline, and for
// a small one that is not (white space, unsorted keys, a string to
// decode).
func TestJSONPartIdentityAllocatesOnlyItsResult(t *testing.T) {
	check := func(name string, doc []byte) {
		t.Helper()
		msg := lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: doc}}}
		item := lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool,
			Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: string(doc)}}}
		if got := testing.AllocsPerRun(20, func() { _, _ = MessageIdentityOf(msg) }); got != 1 {
			t.Errorf("%s, message: %v allocations, want 1", name, got)
		}
		if got := testing.AllocsPerRun(20, func() { _, _ = ItemIdentityOf(item) }); got != 1 {
			t.Errorf("%s, item: %v allocations, want 1", name, got)
		}
	}
	for _, c := range corpus.Load(t) {
		if !c.Valid {
			continue // encoding/json writes invalid bytes as \ufffd, which re-encodes raw
		}
		for _, n := range corpus.Sizes {
			doc, err := json.Marshal(map[string]any{"exit_code": 0, "stdout": c.Prefix(n), "truncated": false})
			if err != nil {
				t.Fatal(err)
			}
			if len(doc) > inlineJSON {
				continue
			}
			check(c.Name+"/"+strconv.Itoa(n), doc)
		}
	}
	check("not canonical", []byte(`{ "truncated": false, "stdout": "ok\n", "exit_code": 0, "files": [ "caf\u00e9.go", "b.go" ] }`))
}

// TestHostileTextIdentityAllocatesLittle: texts that escape to six times
// their length, or consist of line breaks to normalize, cost at most two
// allocations beyond the result, of a few kilobytes, whatever their length.
func TestHostileTextIdentityAllocatesLittle(t *testing.T) {
	for name, text := range map[string]string{
		"html":     strings.Repeat("<", 4<<20),
		"controls": strings.Repeat("\x00\x1b", 2<<20),
		"invalid":  strings.Repeat("\xff", 4<<20),
		"crs":      strings.Repeat("\r\r\n", 1<<20),
	} {
		msg := textMessage(lipapi.RoleUser, text)
		perGrowth := 1.0
		if raceEnabled {
			perGrowth = 2
		}
		want := 1 + 2*perGrowth
		if allocs := testing.AllocsPerRun(3, func() { _, _ = MessageIdentityOf(msg) }); allocs > want {
			t.Errorf("%s: %v allocations, want at most %v", name, allocs, want)
		}
		if n := corpus.Allocated(func() { _, _ = MessageIdentityOf(msg) }); n > 64<<10 {
			t.Errorf("%s: %d bytes allocated for a %d-byte text, want at most 64 KiB", name, n, len(text))
		}
	}
}
