package corpus

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Generate builds every class of the corpus and returns the contents of
// each file by class name. The result depends on nothing but this
// package's seed snippets and a fixed-seed PRNG of its own: every call, on
// every platform and Go version, returns the same bytes, which is what
// testdata/corpus holds.
func Generate() map[string][]byte {
	out := make(map[string][]byte, len(generators))
	for _, c := range generators {
		g := &gen{r: newRNG(c.name)}
		c.build(g)
		out[c.name] = g.b
	}
	return out
}

// generators lists every class with the function that builds it. Each
// function appends whole units (a paragraph, a function, a log line) until
// the class reaches MinSize, so the file ends on a unit boundary.
var generators = []struct {
	name  string
	build func(*gen)
}{
	{"accented-latin", genAccentedLatin},
	{"ascii-prose", genASCIIProse},
	{"cjk", genCJK},
	{"control", genControl},
	{"crlf-log", genCRLFLog},
	{"emoji", genEmoji},
	{"escapes-heavy", genEscapesHeavy},
	{"go", genGo},
	{"html", genHTML},
	{"invalid-utf8", genInvalidUTF8},
	{"javascript", genJavaScript},
	{"json", genJSON},
	{"jsonl", genJSONL},
	{"line-separators", genLineSeparators},
	{"python", genPython},
	{"rtl", genRTL},
	{"tsv", genTSV},
	{"xml", genXML},
}

// rng is splitmix64: a tiny PRNG whose sequence is fixed by its definition,
// independent of the standard library's generators.
type rng struct{ state uint64 }

// newRNG returns a generator seeded by the FNV-1a hash of name, so every
// class draws its own sequence and adding a class disturbs no other.
func newRNG(name string) *rng {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return &rng{state: h}
}

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); n must be positive. The modulo bias is
// far below anything a corpus could show.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance returns true with probability pct percent.
func (r *rng) chance(pct int) bool { return r.intn(100) < pct }

// pick returns one element of xs.
func (r *rng) pick(xs []string) string { return xs[r.intn(len(xs))] }

// gen accumulates the bytes of one class.
type gen struct {
	r *rng
	b []byte
	// clock is the current time of generated timestamps, in milliseconds
	// since the Unix epoch; zero until the first timestamp.
	clock int64
	// vars are the slots bound for the current unit (see bindUnit); they
	// take precedence over the word lists.
	vars map[string]string
}

// bindUnit binds the slots one unit (a declaration, a section, a log
// entry) keeps constant: ⟨T⟩ and ⟨t⟩, a type name and its lower-case form;
// ⟨V⟩ and ⟨v⟩, a function name exported and not; ⟨s⟩, a snake_case
// function name; ⟨h⟩, an eight-digit hexadecimal id. The package name
// ⟨pkg⟩ stays bound from the previous call, since a file keeps it across
// units; bindFile draws a new one.
func (g *gen) bindUnit() {
	t, v, s := g.pick(vocab["thing"]), g.pick(vocab["verb"]), g.pick(vocab["snake"])
	pkg := g.vars["pkg"]
	if pkg == "" {
		pkg = g.pick(vocab["pkg"])
	}
	g.vars = map[string]string{"T": capitalize(t), "t": t, "V": capitalize(v), "v": v, "s": s, "h": g.hex(8), "pkg": pkg}
}

// bindFile binds the slots of a unit (see bindUnit) with a new package
// name, for the first unit of a new file.
func (g *gen) bindFile() {
	delete(g.vars, "pkg")
	g.bindUnit()
}

// full reports whether the class has reached MinSize.
func (g *gen) full() bool { return len(g.b) >= MinSize }

// s appends strings.
func (g *gen) s(parts ...string) {
	for _, p := range parts {
		g.b = append(g.b, p...)
	}
}

// f appends formatted text.
func (g *gen) f(format string, args ...any) { g.b = fmt.Appendf(g.b, format, args...) }

// t appends a template with its slots filled (see expand).
func (g *gen) t(tmpl string) { g.b = append(g.b, g.expand(tmpl)...) }

// pick returns one element of xs.
func (g *gen) pick(xs []string) string { return g.r.pick(xs) }

// slotOpen and slotClose delimit a slot of a template. They are characters
// no content class uses, so templates of code and markup need no escaping.
const (
	slotOpen  = "⟨"
	slotClose = "⟩"
)

// expand returns tmpl with every slot ⟨name⟩ replaced by a value of that
// name: a random number, identifier or word (see slot). A template with an
// unclosed or unknown slot is a defect of the seeds and panics, which the
// package's tests catch.
func (g *gen) expand(tmpl string) string {
	if !strings.Contains(tmpl, slotOpen) {
		return tmpl
	}
	var b strings.Builder
	for {
		before, rest, ok := strings.Cut(tmpl, slotOpen)
		b.WriteString(before)
		if !ok {
			return b.String()
		}
		name, after, ok := strings.Cut(rest, slotClose)
		if !ok {
			panic("corpus: unclosed slot in template " + strconv.Quote(tmpl))
		}
		b.WriteString(g.slot(name))
		tmpl = after
	}
}

// slot returns a random value for the slot name.
func (g *gen) slot(name string) string {
	if v, ok := g.vars[name]; ok {
		return v
	}
	r := g.r
	switch name {
	case "n":
		return strconv.Itoa(r.between(2, 99))
	case "nn":
		return strconv.Itoa(r.between(100, 9999))
	case "big":
		return strconv.Itoa(r.between(10000, 99999999))
	case "ms":
		return strconv.Itoa(r.between(1, 900)) + "." + strconv.Itoa(r.intn(10))
	case "pct":
		return strconv.Itoa(r.intn(100)) + "." + strconv.Itoa(r.intn(10))
	case "hex":
		return g.hex(12)
	case "hex8":
		return g.hex(8)
	case "sha":
		return g.hex(40)
	case "uuid":
		return g.hex(8) + "-" + g.hex(4) + "-4" + g.hex(3) + "-" + g.pick([]string{"8", "9", "a", "b"}) + g.hex(3) + "-" + g.hex(12)
	case "ip":
		return fmt.Sprintf("10.%d.%d.%d", r.intn(256), r.intn(256), r.between(1, 254))
	case "pubip":
		return fmt.Sprintf("203.0.113.%d", r.between(1, 254))
	case "date":
		return g.stamp().Format("2006-01-02")
	case "time":
		return g.stamp().Format(time.RFC3339)
	case "hour":
		return strconv.Itoa(r.between(8, 18))
	case "port":
		return strconv.Itoa(r.between(1024, 65535))
	}
	if words, ok := vocab[name]; ok {
		return r.pick(words)
	}
	if lower := strings.ToLower(name[:1]) + name[1:]; lower != name {
		if words, ok := vocab[lower]; ok {
			return capitalize(r.pick(words))
		}
	}
	panic("corpus: unknown slot " + strconv.Quote(name))
}

// hex returns n random lowercase hexadecimal digits.
func (g *gen) hex(n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[g.r.intn(16)]
	}
	return string(b)
}

// stamp advances the generated clock by a random step of up to a few
// seconds and returns it. The clock starts on a fixed date.
func (g *gen) stamp() time.Time {
	if g.clock == 0 {
		g.clock = time.Date(2025, 3, 14, 9, 26, 53, 0, time.UTC).UnixMilli()
	}
	g.clock += int64(g.r.between(1, 4000))
	return time.UnixMilli(g.clock).UTC()
}

// capitalize returns s with its first rune upper-cased (ASCII only).
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// paragraph returns count sentences drawn from sentences, each expanded,
// joined by sep.
func (g *gen) paragraph(sentences []string, count int, sep string) string {
	var b strings.Builder
	for i := range count {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(g.expand(g.pick(sentences)))
	}
	return b.String()
}
