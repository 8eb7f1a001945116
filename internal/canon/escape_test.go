package canon

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
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
// references (json.Marshal; the serde_json rules) on every corpus class at
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
		wantJSON, _ := json.Marshal(text)
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
