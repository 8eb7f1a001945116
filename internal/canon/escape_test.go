package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// denseTexts returns texts that move the escapers between their sparse and
// dense paths at every offset: bytes to escape spaced 1 to 48 bytes apart
// (on both sides of denseGap), broken off by non-ASCII text, by a clean
// stretch, or by the end, in each of the eight byte positions of a word.
func denseTexts() map[string]string {
	texts := map[string]string{}
	for gap := 1; gap <= 48; gap++ {
		for lead := 0; lead < 8; lead++ {
			var b strings.Builder
			b.WriteString(strings.Repeat("a", lead))
			for k := 0; k < 12; k++ {
				b.WriteString(strings.Repeat("x", gap-1))
				b.WriteByte(("\"\\<>&\n\t\x00\x1f")[k%9])
			}
			dense := b.String()
			texts["gap"+strconv.Itoa(gap)+"/"+strconv.Itoa(lead)] = dense
			texts["gap"+strconv.Itoa(gap)+"/"+strconv.Itoa(lead)+"/utf8"] = dense + "é中" + dense + "\u2028" + dense
			texts["gap"+strconv.Itoa(gap)+"/"+strconv.Itoa(lead)+"/clean"] = dense + strings.Repeat("clean text ", 20) + dense
			texts["gap"+strconv.Itoa(gap)+"/"+strconv.Itoa(lead)+"/invalid"] = dense + "\xff" + dense
		}
	}
	return texts
}

// TestEscapingMatchesTheReferences checks both escapers against their
// references (the rule and json.Marshal, jsonStringWant; the serde_json
// rules) on every corpus class at
// every size and on denseTexts, appending into no buffer, into a buffer
// sized exactly for the output (which must not grow) and into one a little
// larger, and streaming into a Digest.
func TestEscapingMatchesTheReferences(t *testing.T) {
	texts := denseTexts()
	for _, c := range corpus.Load(t) {
		for _, n := range append(corpus.Sizes, 77, 1001, 4099) {
			texts[c.Name+"/"+strconv.Itoa(n)] = c.Prefix(n)
		}
	}
	for name, text := range texts {
		wantJSON := jsonStringWant(t, text)
		wantSerde, serdeOK := serdeReference(text)
		for _, extra := range []int{-1, 0, 5, 9, 200} {
			var buf []byte
			if extra >= 0 {
				buf = make([]byte, 0, len(wantJSON)+extra)
			}
			got := AppendJSONString(buf, text)
			if !bytes.Equal(got, wantJSON) {
				t.Fatalf("%s: AppendJSONString (room %d)\n got %q\nwant %q", name, extra, got, wantJSON)
			}
			if extra >= 0 && &got[0] != &buf[:1][0] {
				t.Fatalf("%s: AppendJSONString grew a buffer with room for its output (room %d)", name, extra)
			}
			if !serdeOK {
				continue
			}
			if extra >= 0 {
				buf = make([]byte, 0, len(wantSerde)+extra)
			}
			got, ok := AppendSerdeString(buf, []byte(text))
			if !ok || !bytes.Equal(got, wantSerde) {
				t.Fatalf("%s: AppendSerdeString (room %d)\n got %q\nwant %q", name, extra, got, wantSerde)
			}
			if extra >= 0 && &got[0] != &buf[:1][0] {
				t.Fatalf("%s: AppendSerdeString grew a buffer with room for its output (room %d)", name, extra)
			}
		}
		var d Digest
		if d.Sum256(d.AppendJSONString(nil, text)) != sha256.Sum256(wantJSON) {
			t.Fatalf("%s: Digest.AppendJSONString digests other bytes", name)
		}
		if serdeOK {
			var d Digest
			pending, ok := d.AppendSerdeString(nil, text)
			if !ok || d.Sum256(pending) != sha256.Sum256(wantSerde) {
				t.Fatalf("%s: Digest.AppendSerdeString digests other bytes", name)
			}
		}
	}
}

// TestTextLineEndingsInDenseText checks the writers of a text with its
// line endings normalized (AppendJSONText, EscapeJSONText through windows
// as large as an identity's and smaller) on denseTexts whose line feeds
// become CRLFs, lone CRs or CR CRLFs: line endings at every offset of the
// sixteen-byte blocks that escapeDense writes, the CR of a CRLF last in a
// word or a block and its LF first in the next, a lone CR last in s.
func TestTextLineEndingsInDenseText(t *testing.T) {
	for name, dense := range denseTexts() {
		for _, eol := range []string{"\r\n", "\r", "\r\r\n"} {
			s := strings.ReplaceAll(dense, "\n", eol) + eol
			norm := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
			want := jsonStringWant(t, norm)
			if got := (*Digest)(nil).AppendJSONText(nil, s); !bytes.Equal(got, want) {
				t.Fatalf("%s %q: AppendJSONText\n got %q\nwant %q", name, eol, got, want)
			}
			for _, room := range []int{MaxEscapeGrowth, 300, 1000, 2048} {
				win := make([]byte, room)
				var through []byte
				for rest := s; rest != ""; {
					n, read := EscapeJSONText(win, rest)
					if n == 0 && read == 0 {
						t.Fatalf("%s %q: EscapeJSONText through %d bytes made no progress", name, eol, room)
					}
					through, rest = append(through, win[:n]...), rest[read:]
				}
				if !bytes.Equal(through, want[1:len(want)-1]) {
					t.Fatalf("%s %q: EscapeJSONText through windows of %d\n got %q\nwant %q", name, eol, room, through, want[1:len(want)-1])
				}
			}
		}
	}
}

// TestScanningDenseEscapesAgreesWithEncodingJSON pins the scanner's
// automaton for string bodies dense in escapes (skipDenseEscapes) against
// encoding/json and the flag rules: bodies of common escapes and control
// characters' \u00xx escapes spaced 1 to 40 bytes apart (so also with
// blocks of plain text between them, '>' among it), broken at every
// offset by each thing the automaton leaves to the exact path (a rare,
// HTML or non-canonical \u escape, a truncated one, a raw control byte, an
// invalid escape, non-ASCII text, invalid UTF-8, the closing quote), with
// raw '<', '>', '&' and U+2028 around, in both modes.
func TestScanningDenseEscapesAgreesWithEncodingJSON(t *testing.T) {
	breakers := []string{`\/`, `\u00e9`, `\u003c`, `\u0001`, `\u2028`, "\x01", `\x`, "é", "\u2028", "\xff", `"`, `\`, "<", "&",
		`\u0008`, `\u000A`, `\u001B`, `\u0020`, `\u0100`, `\u00z`, `\u002z`}
	escapes := []string{`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\u001b`, `\u0000`, `\u000e`}
	var bodies []string
	for gap := 1; gap <= 40; gap += 3 {
		for k, br := range breakers {
			var b strings.Builder
			for e := 0; e < 30; e++ {
				b.WriteString(strings.Repeat("ab>c"[e%4:e%4+1], gap-1))
				b.WriteString(escapes[(e+k)%len(escapes)])
				if e == 7+gap%11 {
					b.WriteString(br)
				}
			}
			bodies = append(bodies, b.String())
		}
	}
	for _, body := range bodies {
		checkDenseBody(t, body)
	}
}

// checkDenseBody checks the string body against encoding/json and the
// flag rules in both modes.
func checkDenseBody(t *testing.T, body string) {
	t.Helper()
	tok := []byte(`"` + body + `"`)
	doc := []byte(`{"k":` + string(tok) + `,"a":1}`)
	var want string
	valid := json.Valid(doc) && json.Unmarshal(tok, &want) == nil
	if got := CheckJSON(doc, MaxDepth) == nil; got != valid {
		t.Fatalf("%q: CheckJSON valid=%t, encoding/json %t", body, got, valid)
	}
	if !valid {
		if checkSerdeJSON(doc, SerdeMaxDepth) == nil {
			t.Fatalf("%q: strict accepted what encoding/json rejects", body)
		}
		return
	}
	base, err := jsonref.ViaEncodingJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := AppendCanonicalJSON(nil, doc); err != nil || !bytes.Equal(got, base) {
		t.Fatalf("%q: canonical\n got %q\nwant %q (%v)", body, got, base, err)
	}
	for _, strict := range []bool{false, true} {
		checkDenseFlags(t, body, want, strict)
	}
}

// checkDenseFlags checks the flags and decoding of the string body, which
// encoding/json decodes to want, in one mode.
func checkDenseFlags(t *testing.T, body, want string, strict bool) {
	t.Helper()
	tok := []byte(`"` + body + `"`)
	var s Scanner
	s.Reset(tok, strict, MaxDepth)
	if _, err := s.Next(); err != nil {
		if strict && (strings.Contains(body, "\xff")) {
			return
		}
		t.Fatalf("strict=%t %q: %v", strict, body, err)
	}
	f := s.Flags()
	wantFlags := map[uint8]bool{
		StrEscaped: true,
		StrRareEscape: strings.Contains(body, `\/`) || strings.Contains(body, `\u00e9`) || strings.Contains(body, `\u0008`) ||
			strings.Contains(body, `\u000A`) || strings.Contains(body, `\u001B`) || strings.Contains(body, `\u0020`) || strings.Contains(body, `\u0100`),
		StrHTMLEscape: strings.Contains(body, `\u003c`) || strings.Contains(body, `\u2028`),
		StrHTML:       !strict && strings.ContainsAny(body, "<>&"),
		StrLineSep:    !strict && strings.Contains(body, "\u2028"),
	}
	for flag, on := range wantFlags {
		if f&flag != 0 != on {
			t.Fatalf("strict=%t %q: flag %#x is %t", strict, body, flag, !on)
		}
	}
	if got := s.AppendString(nil); string(got) != want {
		t.Fatalf("strict=%t %q: decoded %q, want %q", strict, body, got, want)
	}
}

// TestEscapeJSONFillsWindows escapes every corpus class and strings that
// grow sixfold through windows of many sizes, emptied between calls, and
// checks the concatenation against AppendJSONString and that no call
// writes past its window.
func TestEscapeJSONFillsWindows(t *testing.T) {
	texts := []string{"", "a", strings.Repeat("\x01<\xff", 300), strings.Repeat("é中😀\u2028", 200)}
	for _, c := range corpus.Load(t) {
		texts = append(texts, c.Prefix(5000))
	}
	for _, s := range texts {
		want := AppendJSONString(nil, s)
		want = want[1 : len(want)-1]
		for _, size := range []int{MaxEscapeGrowth, 7, 13, 64, 389, 1000, 4096} {
			var got []byte
			win := make([]byte, size+8)
			for rest := s; ; {
				for i := range win {
					win[i] = 0xee
				}
				n, read := EscapeJSON(win[:size], rest)
				if win[size] != 0xee || n > size {
					t.Fatalf("window of %d: wrote past it (n %d, read %d, rest %.20q)", size, n, read, rest)
				}
				got, rest = append(got, win[:n]...), rest[read:]
				if rest == "" {
					break
				}
				if read == 0 && n == 0 {
					t.Fatalf("window of %d: no progress", size)
				}
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%.30q through windows of %d differs", s, size)
			}
		}
	}
}
