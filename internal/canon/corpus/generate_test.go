package corpus

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRNGIsSplitmix64(t *testing.T) {
	// The first outputs of splitmix64 from state 0, as its reference
	// definition gives them.
	r := &rng{}
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.next(); got != want {
			t.Errorf("output %d = %#x, want %#x", i, got, want)
		}
	}
}

func TestRNGSeedsDifferPerClass(t *testing.T) {
	if newRNG("cjk").next() == newRNG("emoji").next() {
		t.Error("two classes draw the same sequence")
	}
	if a, b := newRNG("cjk"), newRNG("cjk"); a.next() != b.next() {
		t.Error("one class draws two sequences")
	}
}

func TestExpandFillsSlots(t *testing.T) {
	g := &gen{r: newRNG("test")}
	g.bindUnit()
	got := g.expand("type ⟨T⟩ struct{} // ⟨T⟩ ⟨n⟩ ⟨Noun⟩")
	fields := strings.Fields(got)
	if strings.Contains(got, slotOpen) || len(fields) != 7 || fields[1] != fields[4] {
		t.Errorf("expand = %q", got)
	}
	if g.expand("no slots {} $x") != "no slots {} $x" {
		t.Error("expand changed a template without slots")
	}
}

func TestExpandPanicsOnBadTemplates(t *testing.T) {
	for _, tmpl := range []string{"⟨nosuchslot⟩", "open ⟨n"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("expand(%q) did not panic", tmpl)
				}
			}()
			(&gen{r: newRNG("test")}).expand(tmpl)
		}()
	}
}

func TestCodeTemplate(t *testing.T) {
	got := codeTemplate("func f() {\n    x := ‵a‵\n        y\n  z\n}", true)
	want := "func f() {\n\tx := `a`\n\t\ty\n  z\n}"
	if got != want {
		t.Errorf("codeTemplate = %q, want %q", got, want)
	}
	if got := codeTemplate("    ‵x‵", false); got != "    `x`" {
		t.Errorf("codeTemplate without tabs = %q", got)
	}
}

func TestMoney(t *testing.T) {
	for cents, want := range map[int]string{0: "0.00", 5: "0.05", 123456: "1,234.56", 100000000: "1,000,000.00", 99999: "999.99"} {
		if got := money(cents); got != want {
			t.Errorf("money(%d) = %q, want %q", cents, got, want)
		}
	}
}

func TestAppendJSONRoundTrips(t *testing.T) {
	texts := []string{"plain", "quote \" back \\ slash", "nl\n cr\r tab\t bell\a nul\x00", "é 漢字 😀 \u2028", "<&>"}
	for _, s := range texts {
		for _, v := range []any{s, asciiString(s)} {
			b := appendJSON(nil, obj("k", v, "n", []any{1, jsonNumber("-2.5e-3"), nil, true}), "  ", 0)
			var got struct {
				K string
				N []any
			}
			if err := json.Unmarshal(b, &got); err != nil || got.K != s || len(got.N) != 4 {
				t.Errorf("appendJSON(%q) = %s: decodes to %q, %v", s, b, got.K, err)
			}
			if _, ok := v.(asciiString); ok {
				for i := 0; i < len(b); i++ {
					if b[i] >= utf8.RuneSelf {
						t.Fatalf("asciiString printed non-ASCII: %s", b)
					}
				}
			}
		}
	}
}
