package canon

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// Deterministic differential tests of the package's size bounds, with
// inputs too large for the fuzzers to reach: each crosses a bound (one
// below, at, one past, and far past it) and checks every canonical path
// against encoding/json (a UseNumber decode and Marshal) and the
// streaming paths against the whole ones.

// checkDocumentPaths checks every writer of the canonical form of raw
// against encoding/json's: appending (to nothing and to a prefix),
// streamed through a Digest, CanonicalForm at limits around the form's
// length, CanonicalJSONValue, AppendCanonicalJSONString (whole and
// streamed), AppendCompactJSON (whole and streamed) against Marshal of a
// RawMessage, and, for a value serde_json reads, AppendSerdeValue against
// the serde_json normalization of encoding/json's form.
func checkDocumentPaths(t *testing.T, name string, raw []byte) {
	t.Helper()
	ref, err := jsonref.ViaEncodingJSON(raw)
	if err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	if got, err := AppendCanonicalJSON(nil, raw); err != nil || !bytes.Equal(got, ref) {
		t.Fatalf("%s: AppendCanonicalJSON: %d bytes, want %d (%v)", name, len(got), len(ref), err)
	}
	if got, err := AppendCanonicalJSON([]byte("pre"), raw); err != nil || string(got[:3]) != "pre" || !bytes.Equal(got[3:], ref) {
		t.Fatalf("%s: AppendCanonicalJSON after a prefix differs (%v)", name, err)
	}
	var d Digest
	pending, err := d.AppendCanonicalJSON([]byte("{"), raw)
	if err != nil || d.Sum256(pending) != sha256.Sum256(append([]byte("{"), ref...)) {
		t.Fatalf("%s: Digest.AppendCanonicalJSON: digest differs (%v)", name, err)
	}
	for _, limit := range []int{len(raw) + len(ref), len(ref) + 1, len(ref), len(ref) - 1, len(raw)} {
		form, fits, err := CanonicalForm(raw, limit)
		if err != nil || fits != (limit >= len(ref)) || fits && !bytes.Equal(form, ref) {
			t.Fatalf("%s: CanonicalForm, limit %d (form %d): %d bytes, fits %v (%v)", name, limit, len(ref), len(form), fits, err)
		}
	}
	if form, _, err := CanonicalJSONValue([]byte("scratch")[:0], raw); err != nil || !bytes.Equal(form, ref) {
		t.Fatalf("%s: CanonicalJSONValue: %d bytes, want %d (%v)", name, len(form), len(ref), err)
	}
	checkNestedPaths(t, name, raw, ref)
	checkCompactPaths(t, name, raw)
	if serde, err := AppendSerdeValue(nil, raw, SerdeMaxDepth); err == nil {
		want, err := AppendSerdeValue(nil, ref, SerdeMaxDepth)
		if err != nil || !bytes.Equal(serde, want) {
			t.Fatalf("%s: AppendSerdeValue: %d bytes, want %d, that of encoding/json's form (%v)", name, len(serde), len(want), err)
		}
	}
}

// checkNestedPaths checks AppendCanonicalJSONString of raw, whole and
// streamed, against AppendJSONString of its canonical form ref.
func checkNestedPaths(t *testing.T, name string, raw, ref []byte) {
	t.Helper()
	want := AppendJSONString([]byte("{"), ref)
	if got, err := (*Digest)(nil).AppendCanonicalJSONString([]byte("{"), raw); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendCanonicalJSONString: %d bytes, want %d (%v)", name, len(got), len(want), err)
	}
	var d Digest
	pending, err := d.AppendCanonicalJSONString([]byte("{"), raw)
	if err != nil || d.Sum256(pending) != sha256.Sum256(want) {
		t.Fatalf("%s: Digest.AppendCanonicalJSONString: digest differs (%v)", name, err)
	}
}

// checkCompactPaths checks AppendCompactJSON of raw, whole and streamed,
// against Marshal of a RawMessage.
func checkCompactPaths(t *testing.T, name string, raw []byte) {
	t.Helper()
	want := jsonref.Compact(nil, raw)
	if got, err := AppendCompactJSON(nil, raw); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendCompactJSON: %d bytes, want %d (%v)", name, len(got), len(want), err)
	}
	var d Digest
	pending, err := d.AppendCompactJSON(nil, raw)
	if err != nil || d.Sum256(pending) != sha256.Sum256(want) {
		t.Fatalf("%s: Digest.AppendCompactJSON: digest differs (%v)", name, err)
	}
}

// boundaryLengths are the lengths around the package's size bounds at
// which the generated strings are tried: the long-string and short-HTML
// thresholds, ChunkSize, WindowSize, the decoding window, and past it.
func boundaryLengths() []int {
	var ls []int
	for _, b := range []int{longStringMin, ChunkSize, WindowSize, restRoomMax + 1} {
		ls = append(ls, b-1, b, b+1)
	}
	return append(ls, WindowSize/MaxEscapeGrowth)
}

// farLength is the length far past every bound at which the units that
// grow most when decoded or escaped are tried.
const farLength = 3 * restRoomMax

// bodyUnits are string bodies, as spelled in a JSON document, that are
// repeated to build long strings, each named: needless and needed escapes
// of every kind, raw characters encoding/json escapes (expanding up to
// six times), invalid UTF-8 (each byte decoding to three), and mixes that
// put multi-byte sequences at every offset of a window.
var bodyUnits = []struct{ name, unit string }{
	{"python", `caf\u00e9 \u4e2d\u6587 `},
	{"pair", `\ud83d\ude00`},
	{"upper", `\u00E9\u4E2D`},
	{"lone", `x\ud800y\udc00`},
	{"short", `\"\\\n\t\r\b\f\/`},
	{"control", `\u0001\u001f\u0000`},
	{"html", `<>&`},
	{"htmlesc", `\u003c\u003e\u0026`},
	{"linesep", "\u2028\u2029x"},
	{"linesepesc", `\u2028\u2029`},
	{"invalid", "\xff\xfe\xc0\xed\xa0\x80"},
	{"mixed", "a\u00e9\u4e2d\U0001F600"},
	{"ascii", "abcdefgh"},
}

// repeatTo repeats unit to n bytes: whole units, then ASCII letters to
// make up the length, so that no escape is cut.
func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, n/len(unit)) + strings.Repeat("z", n%len(unit))
}

// longStringDocuments returns documents holding strings of every body
// unit at every boundary length, each led by a needless escape (so that
// the first pass may decode it), in the shapes the canonicalizer's paths
// take: alone, in an object out of order (the second pass), with white
// space between tokens (appendUnspaced), and followed by padding that puts
// it past the decoding window.
func longStringDocuments() map[string][]byte {
	docs := map[string][]byte{}
	for _, u := range bodyUnits {
		lengths := boundaryLengths()
		if u.name == "invalid" || u.name == "html" || u.name == "python" {
			lengths = append(lengths, farLength)
		}
		for _, n := range lengths {
			s := `"\u00e9` + repeatTo(u.unit, n) + `"`
			name := fmt.Sprintf("%s/%d", u.name, n)
			docs[name+"/alone"] = []byte(`[` + s + `]`)
			docs[name+"/unsorted"] = []byte(`{"b":` + s + `,"a":[` + s + `]}`)
			docs[name+"/spaced"] = []byte(`[ 1, ` + s + ` ]`)
			if n <= longStringMin+1 {
				docs[name+"/padded"] = []byte(`[` + s + `,"` + strings.Repeat("x", restRoomMax) + `"]`)
			}
		}
	}
	return docs
}

// TestLongStringsAtEveryBoundaryAreWrittenAsEncodingJSON checks every
// canonical path on strings of every kind of content at the lengths
// around the package's size bounds.
func TestLongStringsAtEveryBoundaryAreWrittenAsEncodingJSON(t *testing.T) {
	for name, raw := range longStringDocuments() {
		checkDocumentPaths(t, name, raw)
	}
}

// objectDocuments returns documents of objects at the bounds of member
// sorting and recording: member counts around keyedSortMin and the
// members' fixed array, names sharing long prefixes, names that differ
// only in the bits sortKeyed gives the index or only past eight bytes,
// names that differ by trailing NULs (which sortKeyed's zero padding does
// not tell apart), duplicates (spelled and escaped alike), objects at the
// length bound of sortKeyed's numbers, and thousands of small unsorted
// objects, sparse before the 4 KiB sample and dense after it.
func objectDocuments() map[string][]byte {
	docs := map[string][]byte{}
	for _, n := range []int{len(canonicalizer{}.memberFix) - 1, len(canonicalizer{}.memberFix), keyedSortMin + 1, 1023, 1024, 1025, 5000} {
		for name, f := range map[string]func(i int) string{
			"numbered": func(i int) string { return fmt.Sprintf("key_%06d", i) },
			"indexbits": func(i int) string {
				return fmt.Sprintf("%07d%c", i/8, 'a'+i%8)
			},
			"past8": func(i int) string {
				if i%2 == 0 {
					return fmt.Sprintf("a%s%06d", strings.Repeat("q", 9), i)
				}
				return fmt.Sprintf("b%06d", i)
			},
			"nuls": func(i int) string {
				return fmt.Sprintf(`n%03d%s`, i/4, strings.Repeat(`\u0000`, i%4))
			},
			"escaped": func(i int) string {
				if i%2 == 0 {
					return fmt.Sprintf(`\u006b%05d`, i/2) // k, escaped
				}
				return fmt.Sprintf("k%05d", i/2)
			},
		} {
			docs[fmt.Sprintf("object/%s/%d", name, n)] = permutedObject(n, f)
		}
	}
	for _, m := range []int{keyedSortMin, keyedSortMin + 1, keyedSortMin + 2} {
		// An object of keyedSortMin+1 minimal members in a document of
		// 16m-1, 16m and 16m+1 bytes: at the bound of sortKeyed's
		// numbers.
		obj := permutedObject(keyedSortMin+1, func(i int) string { return fmt.Sprintf("%02d", i) })
		for _, n := range []int{16*m - 1, 16 * m, 16*m + 1} {
			if pad := n - len(obj) - 5; pad >= 0 {
				docs[fmt.Sprintf("object/sortbound/%d", n)] = []byte(`[` + string(obj) + `,"` + strings.Repeat("p", pad) + `"]`)
			}
		}
	}
	small := strings.Repeat(`{"b":1,"a":[2,{"d":3,"c":4}]},`, 3000)
	docs["objects/dense"] = []byte(`[` + small + `{}]`)
	docs["objects/sparsefirst"] = []byte(`["` + strings.Repeat("s", 5000) + `",` + small + `{}]`)
	docs["objects/densefirst"] = []byte(`[` + small[:6000] + `"` + strings.Repeat("s", 90000) + `",` + small + `{}]`)
	return docs
}

// permutedObject returns an object of n members named by name (as JSON
// string bodies), out of order, each name twice (the later value wins).
func permutedObject(n int, name func(i int) string) []byte {
	b := []byte{'{'}
	for k := 0; k < 2*n; k++ {
		i := (k * 7919) % n // a permutation for n not a multiple of 7919
		if k > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `"%s":%d`, name(i), k)
	}
	return append(b, '}')
}

// TestLargeObjectsAtEveryBoundaryAreWrittenAsEncodingJSON checks every
// canonical path on objects at the bounds of member sorting and
// recording.
func TestLargeObjectsAtEveryBoundaryAreWrittenAsEncodingJSON(t *testing.T) {
	for name, raw := range objectDocuments() {
		checkDocumentPaths(t, name, raw)
	}
}

// TestNestingAtMaxDepthIsWrittenAsEncodingJSON checks every canonical
// path on values nested exactly MaxDepth deep, each object out of order
// and holding a long string, and that one level more is rejected by
// every path, as encoding/json rejects it.
func TestNestingAtMaxDepthIsWrittenAsEncodingJSON(t *testing.T) {
	long := `"\u00e9` + strings.Repeat("<x>", 30) + `"`
	for _, depth := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		var objects, arrays strings.Builder
		for i := 0; i < depth-1; i++ {
			objects.WriteString(`{"b":` + long + `,"a":`)
			arrays.WriteString(`[` + long + `, `)
		}
		objects.WriteString(`{"b":1,"a":2}` + strings.Repeat(`}`, depth-1))
		arrays.WriteString(`{"b":1,"a":2}` + strings.Repeat(`]`, depth-1))
		for shape, doc := range map[string]string{"objects": objects.String(), "arrays": arrays.String()} {
			raw := []byte(doc)
			name := fmt.Sprintf("%s/%d", shape, depth)
			if depth <= MaxDepth {
				checkDocumentPaths(t, name, raw)
				continue
			}
			if _, err := jsonref.ViaEncodingJSON(raw); err == nil {
				t.Fatalf("%s: encoding/json accepts it", name)
			}
			var d Digest
			_, err1 := AppendCanonicalJSON(nil, raw)
			_, err2 := d.AppendCanonicalJSON(nil, raw)
			_, _, err3 := CanonicalForm(raw, 2*len(raw))
			_, err4 := (*Digest)(nil).AppendCanonicalJSONString(nil, raw)
			_, err5 := d.AppendCanonicalJSONString(nil, raw)
			for i, err := range []error{err1, err2, err3, err4, err5} {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("%s: path %d: %v, want ErrSyntax", name, i, err)
				}
			}
		}
	}
}

// TestWhiteSpaceAroundMaxGapsWithLongStringsIsWrittenAsEncodingJSON
// checks every canonical path on arrays of long strings to spell anew
// (Python's dump of non-ASCII text) with white space in maxGaps-1 to
// maxGaps+1 places, the strings around ChunkSize and WindowSize long.
func TestWhiteSpaceAroundMaxGapsWithLongStringsIsWrittenAsEncodingJSON(t *testing.T) {
	for _, n := range []int{longStringMin, ChunkSize - 1, WindowSize + 1} {
		s := `"\u00e9` + repeatTo(`<\u4e2d>&`, n) + `"`
		for gaps := maxGaps - 1; gaps <= maxGaps+1; gaps++ {
			items := make([]string, gaps+1)
			for i := range items {
				items[i] = s
			}
			raw := []byte(`[` + strings.Join(items, `, `) + `]`)
			checkDocumentPaths(t, fmt.Sprintf("gaps %d/%d", gaps, n), raw)
		}
	}
}

// TestNestedEscaperCarriesSequencesAcrossWindows checks
// AppendCanonicalJSONString on canonical documents whose long strings of
// two-, three- and four-byte characters, shifted by 0 to 3 bytes, are cut
// by the inner window in every place of a sequence, written verbatim
// (canonical already) and by the second pass (out of order).
func TestNestedEscaperCarriesSequencesAcrossWindows(t *testing.T) {
	for shift := 0; shift < 4; shift++ {
		s := `"` + strings.Repeat("x", shift) + repeatTo("\u00e9\u4e2d\U0001F600", 2*WindowSize+7) + `"`
		checkDocumentPaths(t, fmt.Sprintf("canonical/%d", shift), []byte(`[`+s+`,`+s+`]`))
		html := `"` + strings.Repeat("x", shift) + repeatTo("\u00e9\u4e2d\U0001F600<", 2*WindowSize+7) + `"`
		checkDocumentPaths(t, fmt.Sprintf("unsorted/%d", shift), []byte(`{"b":`+html+`,"a":`+s+`}`))
	}
}

// textUnits are decoded texts repeated to build long strings for the
// string writers: bytes each style escapes (expanding up to six times),
// line endings of every kind (CRLF, lone CR, LF CR), U+2028 and U+2029,
// invalid UTF-8 and multi-byte characters.
var textUnits = []string{
	"<>&\"\\",
	"\x01\x1f\x00\x7f",
	"line\r\n",
	"cr\r",
	"\n\r\r\n\r",
	"\u2028\u2029.",
	"\xff\xed\xa0\x80\xc0",
	"\u00e9\u4e2d\U0001F600",
	"abcdefghijklmnopqrstuvwxyz012345",
}

// TestStringWritersAtEveryBoundaryAgree checks the string writers
// (appending into buffers of every size, EscapeJSON and EscapeJSONText
// through windows, streaming through a Digest, the raw-JSON rewrite) on
// texts of every kind at the lengths around ChunkSize, WindowSize and the
// largest piece a Digest streams, ending on every kind of unit and cut.
func TestStringWritersAtEveryBoundaryAgree(t *testing.T) {
	for _, u := range textUnits {
		for _, n := range []int{shortHTML - 1, shortHTML, shortHTML + 1, WindowSize/MaxEscapeGrowth - 1,
			WindowSize / MaxEscapeGrowth, ChunkSize - 1, ChunkSize, ChunkSize + 1, WindowSize + 1} {
			s := strings.Repeat(u, n/len(u)+1)[:n] // cut anywhere, even in a sequence
			for _, pad := range []uint16{0, ChunkSize - 3} {
				want := checkJSONWriters(t, s, pad)
				ref, refOK := checkSerdeWriters(t, s)
				checkStreamingWriters(t, s, pad)
				checkReadingBack(t, s, want, ref, refOK)
				checkHTMLRewrite(t, s, pad)
			}
			if n <= ChunkSize+1 {
				checkTextWriters(t, s, 0)
			}
		}
	}
}

// TestSerdeNestingAroundSpanDepthAndSerdeMaxDepth checks the serde_json
// style on values nested around spanDepth (the nesting skipCanonical
// follows) and SerdeMaxDepth (one past it rejected): canonical ones,
// with long strings, written as they are; out-of-order ones written as
// the normalization of encoding/json's form; SerdeValueFrom of the value
// embedded in an array equal to AppendSerdeValue, and skipCanonical in
// agreement with the general pass.
func TestSerdeNestingAroundSpanDepthAndSerdeMaxDepth(t *testing.T) {
	long := `"` + strings.Repeat("\u00e9<", 40) + `"`
	for _, depth := range []int{spanDepth - 1, spanDepth, spanDepth + 1, SerdeMaxDepth - 1, SerdeMaxDepth, SerdeMaxDepth + 1} {
		canonical := strings.Repeat(`{"a":`+long+`,"b":`, depth-1) + `[1]` + strings.Repeat(`}`, depth-1)
		unsorted := strings.Repeat(`{"b":`+long+`,"a":`, depth-1) + `[1]` + strings.Repeat(`}`, depth-1)
		for _, doc := range []string{canonical, unsorted} {
			raw := []byte(doc)
			checkSpan(t, raw)
			got, err := AppendSerdeValue(nil, raw, SerdeMaxDepth)
			if depth > SerdeMaxDepth {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("depth %d: %v, want ErrSyntax", depth, err)
				}
				continue
			}
			ref, refErr := jsonref.ViaEncodingJSON(raw)
			if refErr != nil {
				t.Fatal(refErr)
			}
			want, wantErr := AppendSerdeValue(nil, ref, SerdeMaxDepth)
			if err != nil || wantErr != nil || !bytes.Equal(got, want) || doc == canonical && !bytes.Equal(got, raw) {
				t.Fatalf("depth %d: AppendSerdeValue: %d bytes, want %d (%v, %v)", depth, len(got), len(want), err, wantErr)
			}
			embedded := append(append([]byte(`[`), raw...), ']')
			var s Scanner
			s.Reset(embedded, true, SerdeMaxDepth+1)
			if _, err := s.Next(); err != nil { // the '[' just written
				t.Fatal(err)
			}
			k, err := s.Next()
			if err != nil {
				t.Fatal(err)
			}
			if norm, _, err := SerdeValueFrom(nil, &s, k); err != nil || !bytes.Equal(norm, want) {
				t.Fatalf("depth %d: SerdeValueFrom: %d bytes, want %d (%v)", depth, len(norm), len(want), err)
			}
		}
	}
}

// TestLongNumbersAndNamesAtEveryBoundaryAreWrittenAsEncodingJSON checks
// every canonical path on number literals and member names around
// ChunkSize, WindowSize and the decoding window long: streamed as spans,
// names compared (and sorted) past sortKeyed's eight bytes, names spelled
// with escapes that decode to a name spelled without.
func TestLongNumbersAndNamesAtEveryBoundaryAreWrittenAsEncodingJSON(t *testing.T) {
	for _, n := range []int{ChunkSize - 1, ChunkSize, ChunkSize + 1, WindowSize + 1, restRoomMax + 2} {
		digits := strings.Repeat("7", n)
		for i, doc := range []string{
			`[` + digits + `]`,
			`{"b":` + digits + `,"a":-0.` + digits + `e-` + digits[:3] + `}`,
			`[ 1, ` + digits + `e+5 ]`,
			`{"` + strings.Repeat("k", n) + `":1,"` + strings.Repeat("k", n-1) + `":2}`,
			`{"\u00e9` + strings.Repeat("k", n) + `":1,"` + strings.Repeat(`\u0041`, n/6) + `":2,"` + strings.Repeat("A", n/6) + `":3}`,
		} {
			checkDocumentPaths(t, fmt.Sprintf("%d/%d", i, n), []byte(doc))
		}
	}
}

// TestEscapeJSONThroughWindowsOfEverySize checks EscapeJSON and
// EscapeJSONText on a long text mixing every kind of unit through
// windows of every size from MaxEscapeGrowth to a few hundred bytes and
// around ChunkSize: the pieces joined are the escaped whole.
func TestEscapeJSONThroughWindowsOfEverySize(t *testing.T) {
	s := strings.Repeat(strings.Join(textUnits, ""), 60)
	want := AppendJSONString(nil, s)
	norm := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	wantText := AppendJSONString(nil, norm)
	rooms := []int{ChunkSize - 1, ChunkSize, ChunkSize + 1, denseRoom - 1, denseRoom, denseRoom + 1}
	for room := MaxEscapeGrowth; room <= 2*wordRoom+1; room++ {
		rooms = append(rooms, room)
	}
	for _, room := range rooms {
		win := make([]byte, room)
		for name, c := range map[string]struct {
			escape func(dst []byte, s string) (int, int)
			want   []byte
		}{"EscapeJSON": {EscapeJSON[string], want}, "EscapeJSONText": {EscapeJSONText, wantText}} {
			var through []byte
			for rest := s; rest != ""; {
				n, read := c.escape(win, rest)
				if n == 0 && read == 0 {
					t.Fatalf("%s through %d bytes made no progress", name, room)
				}
				through, rest = append(through, win[:n]...), rest[read:]
			}
			if !bytes.Equal(through, c.want[1:len(c.want)-1]) {
				t.Fatalf("%s through windows of %d differs", name, room)
			}
		}
	}
}
