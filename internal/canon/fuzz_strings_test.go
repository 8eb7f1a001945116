package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// serdeReference writes s the serde_json way, byte by byte from the rules:
// '"' and '\\' escaped, the five short escapes, other bytes below 0x20 as
// lowercase \u00xx, everything else raw; invalid UTF-8 is refused.
func serdeReference(s string) ([]byte, bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			out = append(out, `\"`...)
		case '\\':
			out = append(out, `\\`...)
		case '\b':
			out = append(out, `\b`...)
		case '\f':
			out = append(out, `\f`...)
		case '\n':
			out = append(out, `\n`...)
		case '\r':
			out = append(out, `\r`...)
		case '\t':
			out = append(out, `\t`...)
		default:
			if c < 0x20 {
				out = append(out, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			} else {
				out = append(out, c)
			}
		}
	}
	return append(out, '"'), true
}

// stringSeeds are corpus-like contents, placed to cross word and window
// boundaries: invalid bytes at the end of 8-byte words, U+2028 split across
// words, runs of every class of byte.
var stringSeeds = []string{
	"", "plain ascii", "<&>", "\u2028\u2029", "\xff\xfe", "\xed\xa0\x80", "é😀\x00\x1f\x7f",
	"1234567\xe2\x80\xa8", "123456\xe2\x80\xa9x", "1234567\xff", "12345678\xc3", "中文字符，한국어 텍스트。",
	"Le café où l'élève — naïve", "👍🏽 👨‍👩‍👧 ❤️", "مرحبا שלום", "line\r\nlog\ttab\"q\\",
	"\xf4\x8f\xbf\xbf\xf4\x90\x80\x80\xf0\x8f\xbf\xbf\xe0\x9f\xbf\xc1\xbf", "\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\xa8\xe0\xa5\x8d\xe0\xa4\xa6\xe0\xa5\x80",
	strings.Repeat("ab<c\u2028é\xff", 700),
	// Four-byte sequences led by F1 to F3 (a flag's tag characters, plane
	// 2 and 15), across blocks, and broken ones; F4 beside them.
	"flag 🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F\n\U00020000\U0003FFFF\U000FFFFD\U0010FFFD\U00100000",
	"1234567890abcde\U000E0067\U000E0067\xf3\xa0\x81\n\xf1\x80\x80\x7f\xf2\x80\x80",
	// U+2028 and U+2029 first from 0x80 up in a word, after bytes to
	// escape in it or not, cut at the end, at every lane.
	"a\"<\u2028bcdefgh&\u2029", "\r\r\n\n\r", "1234567\r\n2345678\r\r\n\"<\r\n\"\r\t\r\n\r\n\x00\r",
	strings.Repeat("<a href=\"x\">\r\n\t\"q\"&\r", 30), "ab\u2029", "x\u202a\u2027 \u202f", "1234<67\xe2\x80", strings.Repeat("x<\u2028yz\"\u2029\u2028", 40),
	// Line endings in text dense in escapes (tables): CRLFs only; a CR
	// alone or of a CRLF as the last byte of a word (its LF the next
	// word's first) and of a sixteen-byte block; a CR alone last.
	strings.Repeat("id\t\"a\"\tb\\c\t\r\n", 24),
	strings.Repeat("\t\t\t\t\t\t\t\r\n\t\t\t\t\t\t\r\t\t\t\t\t\t\t\t\r\r\n", 6),
	strings.Repeat("\"", 15) + "\r\n" + strings.Repeat("\t", 14) + "\r" + strings.Repeat("<", 31) + "\r",
	// Clean runs longer than denseGap (cleanWords) ended by a byte to
	// escape, a byte from 0x80 up, U+2028 or a CR, in either word of a
	// sixteen-byte block, and by the end of s.
	strings.Repeat("clean words ", 3) + "\"" + strings.Repeat("x", 41) + "é" + strings.Repeat("y", 34) + "<" +
		strings.Repeat("z", 47) + "\u2028" + strings.Repeat("w", 38) + "\r" + strings.Repeat("v", 45) + "\x01" + strings.Repeat("u", 40),
}

// FuzzStringWriters checks the string kernel differentially on arbitrary
// bytes: the encoding/json style against the rule and json.Marshal
// (jsonStringWant; appending and
// streaming into a Digest, with lengths crossing the chunk and window
// boundaries, and through windows with EscapeJSON), the serde style
// against serdeReference, and
// Scanner.AppendString against encoding/json's decoding.
func FuzzStringWriters(f *testing.F) {
	for _, s := range stringSeeds {
		f.Add(s, uint16(0))
		f.Add(s, uint16(ChunkSize-3))
	}
	// The first piece a Digest streams ends between the CR of the
	// prefix and the LF that starts s (checkTextWriters).
	f.Add("\nlog\r\n", uint16(WindowSize/MaxEscapeGrowth))
	f.Fuzz(func(t *testing.T, s string, pad uint16) {
		want := checkJSONWriters(t, s, pad)
		ref, refOK := checkSerdeWriters(t, s)
		checkStreamingWriters(t, s, pad)
		checkReadingBack(t, s, want, ref, refOK)
		checkHTMLRewrite(t, s, pad)
		checkTextWriters(t, s, pad)
	})
}

// checkTextWriters checks the writers of a text with its line endings
// normalized as it is escaped (modeText) against the encoding/json style
// of the text normalized first: appending, streaming into a Digest (pad
// moving CRs across the pieces), and through windows with EscapeJSONText
// of every room from MaxEscapeGrowth bytes.
func checkTextWriters(t *testing.T, s string, pad uint16) {
	t.Helper()
	norm := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	want := jsonStringWant(t, norm)
	if got := (*Digest)(nil).AppendJSONText([]byte("x"), s); !bytes.Equal(got[1:], want) {
		t.Fatalf("AppendJSONText\n got %q\nwant %q", got[1:], want)
	}
	for _, room := range []int{MaxEscapeGrowth, MaxEscapeGrowth + 1, 9, MaxEscapeGrowth + int(pad)%512} {
		win := make([]byte, room)
		var through []byte
		for rest := s; rest != ""; {
			n, read := EscapeJSONText(win, rest)
			if n == 0 && read == 0 {
				t.Fatalf("EscapeJSONText through %d bytes made no progress", room)
			}
			through, rest = append(through, win[:n]...), rest[read:]
		}
		if !bytes.Equal(through, want[1:len(want)-1]) {
			t.Fatalf("EscapeJSONText through windows of %d\n got %q\nwant %q", room, through, want[1:len(want)-1])
		}
	}
	long := strings.Repeat("\r", int(pad)%(2*ChunkSize)) + s
	for len(long) <= ChunkSize && s != "" {
		long += s
	}
	normLong := strings.ReplaceAll(strings.ReplaceAll(long, "\r\n", "\n"), "\r", "\n")
	var d Digest
	if d.Sum256(d.AppendJSONText([]byte("{"), long)) != sha256.Sum256(append([]byte("{"), jsonStringWant(t, normLong)...)) {
		t.Fatal("Digest.AppendJSONText: digest differs")
	}
}

// checkHTMLRewrite checks the rewriting of raw JSON's '<', '>', '&',
// U+2028 and U+2029 (modeHTML), on the bytes of s whatever they are, into
// buffers of every room up to past the output and one of pad bytes.
func checkHTMLRewrite(t *testing.T, s string, pad uint16) {
	t.Helper()
	var want []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<' || c == '>' || c == '&':
			want = append(want, jsonEscapes[c]...)
		case strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029"):
			want = append(want, '\\', 'u', '2', '0', '2', "0123456789abcdef"[s[i+2]&0xf])
			i += 2
		default:
			want = append(want, c)
		}
	}
	for _, room := range []int{0, 1, 7, 8, 9, len(s), len(want), len(want) + 8, int(pad) % 512} {
		got, ok := appendEscaped(make([]byte, 1, 1+room), s, modeHTML)
		if !ok || !bytes.Equal(got[1:], want) {
			t.Fatalf("modeHTML with room %d\n got %q\nwant %q", room, got[1:], want)
		}
	}
}

// checkJSONWriters checks the encoding/json-style writers of s and
// returns the expected output.
func checkJSONWriters(t *testing.T, s string, pad uint16) []byte {
	t.Helper()
	want := jsonStringWant(t, s)
	if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("AppendJSONString\n got %q\nwant %q", got, want)
	}
	if got := AppendJSONString([]byte("x"), []byte(s)); !bytes.Equal(got[1:], want) {
		t.Fatal("AppendJSONString([]byte) differs")
	}
	if buf := make([]byte, 0, len(want)); &AppendJSONString(buf, s)[0] != &buf[:1][0] {
		t.Fatal("AppendJSONString grew a buffer sized for its output")
	}
	win := make([]byte, MaxEscapeGrowth+int(pad)%512)
	var through []byte
	for rest := s; rest != ""; {
		n, read := EscapeJSON(win, rest)
		if n == 0 && read == 0 {
			t.Fatalf("EscapeJSON through %d bytes made no progress", len(win))
		}
		through, rest = append(through, win[:n]...), rest[read:]
	}
	if !bytes.Equal(through, want[1:len(want)-1]) {
		t.Fatalf("EscapeJSON through windows of %d differs", len(win))
	}
	return want
}

// checkSerdeWriters checks AppendSerdeString of s against serdeReference
// and returns the reference.
func checkSerdeWriters(t *testing.T, s string) ([]byte, bool) {
	t.Helper()
	ref, refOK := serdeReference(s)
	got, ok := AppendSerdeString([]byte("keep"), s)
	if ok != refOK || ok && !bytes.Equal(got[4:], ref) || !ok && string(got) != "keep" {
		t.Fatalf("AppendSerdeString = %q, %v; want %q, %v", got, ok, ref, refOK)
	}
	if buf := make([]byte, 0, len(ref)); ok {
		if out, _ := AppendSerdeString(buf, s); &out[0] != &buf[:1][0] {
			t.Fatal("AppendSerdeString grew a buffer sized for its output")
		}
	}
	return ref, refOK
}

// checkStreamingWriters checks the Digest writers on s made long enough
// to stream.
func checkStreamingWriters(t *testing.T, s string, pad uint16) {
	t.Helper()
	// Streaming: a prefix of pad bytes moves s across the window's
	// pieces; repeating s makes it long enough to stream.
	long := strings.Repeat("p", int(pad)%(2*ChunkSize)) + s
	for len(long) <= ChunkSize && s != "" {
		long += s
	}
	wantLong := jsonStringWant(t, long)
	var d Digest
	if d.Sum256(d.AppendJSONString([]byte("{"), long)) != sha256.Sum256(append([]byte("{"), wantLong...)) {
		t.Fatal("Digest.AppendJSONString: digest differs")
	}
	refLong, refOK := serdeReference(long)
	var d2 Digest
	pending, ok := d2.AppendSerdeString(nil, long)
	if ok != refOK || ok && d2.Sum256(pending) != sha256.Sum256(refLong) {
		t.Fatalf("Digest.AppendSerdeString: ok %v, want %v, or digest differs", ok, refOK)
	}
}

// checkReadingBack checks that the Scanners read the writers' outputs
// back to s.
func checkReadingBack(t *testing.T, s string, want, ref []byte, refOK bool) {
	t.Helper()
	// Reading back: the lax Scanner decodes the rule's output and a
	// token holding s's invalid bytes raw as encoding/json does; the
	// strict one reads serde_json's output back to s.
	for _, tok := range [][]byte{want, rawToken(s)} {
		var sc Scanner
		sc.Reset(tok, false, MaxDepth)
		if k, err := sc.Next(); err != nil || k != KindString {
			t.Fatalf("lax scan of %q: %v %v", tok, k, err)
		}
		var dec string
		if err := json.Unmarshal(tok, &dec); err != nil {
			t.Fatal(err)
		}
		if got := sc.AppendString(nil); string(got) != dec {
			t.Fatalf("lax AppendString of %q = %q, want %q", tok, got, dec)
		}
	}
	if refOK {
		// The strict one reads back serde_json's output, and
		// encoding/json's with its \u escapes and with every '/'
		// escaped too: each holds s.
		slashed := bytes.ReplaceAll(want, []byte("/"), []byte(`\/`))
		for _, tok := range [][]byte{ref, want, slashed} {
			var sc Scanner
			sc.Reset(tok, true, SerdeMaxDepth)
			if k, err := sc.Next(); err != nil || k != KindString || string(sc.AppendString(nil)) != s {
				t.Fatalf("strict round trip of %q failed: %v", tok, err)
			}
			// Decoding while scanning, into a buffer with a prefix.
			sc.Reset(tok, true, SerdeMaxDepth)
			if k, text, err := sc.NextDecoding([]byte("p")); err != nil || k != KindString ||
				string(text) != s && string(text) != "p"+s {
				t.Fatalf("strict NextDecoding of %q = %q, %v", tok, text, err)
			}
		}
	}
}

// rawToken quotes s escaping only what JSON requires ('"', '\\' and bytes
// below 0x20), leaving invalid UTF-8, HTML characters and U+2028 raw.
func rawToken(s string) []byte {
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			out = append(out, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}
