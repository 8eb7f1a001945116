package corpus

import (
	"strconv"
	"strings"
)

// The emoji of the emoji class, built from code points so that every
// modifier, joiner and selector is explicit.

const (
	zwj = "\u200d" // ZERO WIDTH JOINER
	vs  = "\ufe0f" // VARIATION SELECTOR-16, emoji presentation
)

// toned returns base with the skin-tone modifier tone (0 to 4, light to
// dark: U+1F3FB to U+1F3FF).
func toned(base rune, tone int) string { return string(base) + string(rune(0x1f3fb+tone)) }

// regionFlag returns the regional-indicator pair of a two-letter region code.
func regionFlag(code string) string {
	return string(rune(0x1f1e6+rune(code[0]-'A'))) + string(rune(0x1f1e6+rune(code[1]-'A')))
}

// keycap returns the keycap sequence of c: c, U+FE0F, U+20E3.
func keycap(c byte) string { return string(c) + vs + "\u20e3" }

var (
	simpleEmoji = []string{
		"🙂", "😂", "🔥", "✅", "❌", "⚠" + vs, "❤" + vs, "👀", "🤔", "🙏", "🎉", "🚀",
		"💡", "📦", "🐛", "☕", "🌧" + vs, "😅", "🥲", "🤖", "📈", "🧪", "🔒", "⭐", "💬",
		"😭", "🤯", "✨", "🍕", "🎂", "©" + vs, "↩" + vs, "☀" + vs, "✈" + vs,
	}
	toneBases = []rune{0x1f44d, 0x1f44b, 0x1f64c, 0x1f4aa, 0x1f44f, 0x1f91d, 0x270c, 0x1f64b, 0x1f44c, 0x1f919}
	zwjEmoji  = []string{
		"👩" + zwj + "💻", "👨" + zwj + "👩" + zwj + "👧" + zwj + "👦", "🏳" + vs + zwj + "🌈",
		"🏴" + zwj + "☠" + vs, "❤" + vs + zwj + "🔥", "🐕" + zwj + "🦺", "🧑" + zwj + "🍳",
		"👁" + vs + zwj + "🗨" + vs, toned(0x1f469, 2) + zwj + "💻", toned(0x1f9d1, 4) + zwj + "🚀",
		toned(0x1f9d1, 0) + zwj + "🤝" + zwj + toned(0x1f9d1, 3), toned(0x1f468, 1) + zwj + "🔧",
		toned(0x1f469, 3) + zwj + "🔬", "🐻" + zwj + "❄" + vs,
	}
	flagCodes = []string{"JP", "BR", "FR", "DE", "US", "KR", "NG", "IN", "UA", "MX", "PT", "CA", "KE", "VN", "PL", "ES"}
	// england is the subdivision flag: a black flag and tag characters.
	england = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"

	chatPhrases = []string{
		"shipped it", "the build is green again", "thanks for the quick review",
		"can someone look at the flaky test", "lunch?", "coffee break", "deploy at 3pm",
		"happy birthday Ana!", "rolled back, all good now", "¡feliz cumpleaños!",
		"おつかれさまです", "merci beaucoup", "great work team", "who broke main",
		"on my way", "meeting moved to 2pm", "LGTM", "this is fine", "weekend plans?",
		"new record: ⟨nn⟩ req/s", "PR #⟨nn⟩ is ready", "back online", "정말 고마워요",
	}
)

// anEmoji returns one emoji: simple, skin-toned, a ZWJ sequence, a flag or
// a keycap, in the proportions chat shows.
func (g *gen) anEmoji() string {
	switch n := g.r.intn(20); {
	case n < 8:
		return g.pick(simpleEmoji)
	case n < 12:
		return toned(toneBases[g.r.intn(len(toneBases))], g.r.intn(5))
	case n < 15:
		return g.pick(zwjEmoji)
	case n < 18:
		if g.r.chance(5) {
			return england
		}
		return regionFlag(g.pick(flagCodes))
	default:
		return keycap("0123456789#*"[g.r.intn(12)])
	}
}

// emojiLine returns a chat message of a few phrases and emoji.
func (g *gen) emojiLine() string {
	var b strings.Builder
	for i := range g.r.between(1, 3) {
		if i > 0 {
			b.WriteString(g.pick([]string{" ", ", ", "! ", " - "}))
		}
		b.WriteString(g.expand(g.pick(chatPhrases)))
		b.WriteByte(' ')
		for range g.r.between(1, 4) {
			b.WriteString(g.anEmoji())
		}
	}
	return b.String()
}

// genEmoji builds emoji: a team chat export, with reaction summaries,
// polls with keycaps and travel posts with flags.
func genEmoji(g *gen) {
	for !g.full() {
		ts := g.stamp()
		switch n := g.r.intn(10); {
		case n < 7:
			g.t("[" + ts.Format("15:04") + "] ⟨first⟩: " + g.emojiLine() + "\n")
		case n < 8:
			g.s("  reactions: ")
			for i := range g.r.between(2, 5) {
				if i > 0 {
					g.s(" · ")
				}
				g.s(g.anEmoji(), " ", strconv.Itoa(g.r.between(1, 30)))
			}
			g.s("\n")
		case n < 9:
			g.t("[" + ts.Format("15:04") + "] ⟨first⟩: poll for Friday " + keycap('1') + " pizza 🍕 " + keycap('2') + " sushi 🍣 " + keycap('3') + " tacos 🌮 " + keycap('#') + " skip\n")
		default:
			g.t("[" + ts.Format("15:04") + "] ⟨first⟩: trip photos " + regionFlag(g.pick(flagCodes)) + " → " + regionFlag(g.pick(flagCodes)) + " → " + regionFlag(g.pick(flagCodes)) + " " + g.anEmoji() + " #travel #⟨city⟩\n")
		}
	}
}

// genControl builds control: terminal output captured raw (as script(1)
// records it): ANSI colour and cursor sequences, window-title OSC
// sequences ended by BEL, progress bars redrawn with lone CRs, spinners
// and man-page overstrikes using backspace, typing corrections with DEL,
// NUL-separated file lists, form feeds and vertical tabs between pages, and
// DEC line-drawing shifted in and out with SO and SI.
func genControl(g *gen) {
	const esc = "\x1b"
	for !g.full() {
		g.bindUnit()
		switch g.r.intn(11) {
		case 0:
			g.t(esc + "]0;⟨first⟩@⟨host⟩: ~/src/⟨dir⟩\a" + esc + "[01;32m⟨first⟩@⟨host⟩" + esc + "[00m:" + esc + "[01;34m~/src/⟨dir⟩" + esc + "[00m$ ")
			g.t(g.pick([]string{"gti\x7f\x7f\x7fgit status", "ls -la\r\n", "mkae\b\b\bake test", "cd ..\x7f\x7f../⟨dir⟩", "go test ./...", "\x1b[A\x1b[A\x1b[B"}) + "\r\n")
		case 1:
			g.t(esc + "[0m" + esc + "[01;34m⟨dir⟩" + esc + "[0m  " + esc + "[01;32mbuild.sh" + esc + "[0m  ⟨file⟩  " + esc + "[01;36mlatest" + esc + "[0m -> " + esc + "[01;34mreleases/⟨n⟩" + esc + "[0m\r\n")
		case 2:
			name := g.expand("⟨file⟩")
			for p := 0; p <= 100; p += g.r.between(7, 25) {
				bar := strings.Repeat("█", p/10) + strings.Repeat(" ", 10-p/10)
				g.f("\rDownloading %s %3d%% |%s| %d.%dMB/%dMB", name, p, bar, p/4, p%10, 25)
			}
			g.s("\r"+esc+"[K", "Downloaded ", name, " ✓\r\n")
		case 3:
			g.t(esc + "[32m ✓" + esc + "[39m ⟨v⟩ handles an empty ⟨t⟩ " + esc + "[90m(⟨n⟩ms)" + esc + "[39m\r\n")
			if g.r.chance(30) {
				g.t(esc + "[31m ✗ ⟨v⟩ rejects a ⟨adj⟩ ⟨t⟩" + esc + "[0m\a\r\n   " + esc + "[2mExpected: " + esc + "[22m" + esc + "[32m\"ok\"" + esc + "[39m\r\n   " + esc + "[2mReceived: " + esc + "[22m" + esc + "[31m\"⟨errmsg⟩\"" + esc + "[39m\r\n")
			}
		case 4:
			g.s("Resolving dependencies ")
			for range g.r.between(3, 12) {
				g.s(g.pick([]string{"|", "/", "-", "\\"}), "\b")
			}
			g.s(" done\r\n")
		case 5:
			g.t("N\bNA\bAM\bME\bE\n       ⟨v⟩ - ⟨adj⟩ ⟨t⟩ tool\n\nS\bSY\bYN\bNO\bOP\bPS\bSI\bIS\bS\n       ⟨v⟩ [_\b-_\bv] _\bf_\bi_\bl_\be...\n")
			if g.r.chance(40) {
				g.s("\f")
			}
		case 6:
			for range g.r.between(3, 9) {
				g.t("./⟨dir⟩/⟨file⟩\x00")
			}
			g.s("\n")
		case 7:
			g.t(esc + "[?25l" + esc + "[2K" + esc + "[1A" + esc + "[2K" + esc + "[G" + esc + "[38;5;208m⟨noun⟩" + esc + "[0m building… " + esc + "[38;2;90;200;120m⟨n⟩/⟨nn⟩" + esc + "[0m" + esc + "[?25h\r\n")
		case 8:
			g.t("\x0elqqqqqqqqqqk\x0f\r\n\x0ex\x0f ⟨Noun⟩ ⟨n⟩ \x0ex\x0f\r\n\x0emqqqqqqqqqqj\x0f" + esc + "(B" + esc + "[m\r\n")
		case 9:
			g.t("REPORT ⟨date⟩\v\vpage ⟨n⟩\r\n" + g.paragraph(englishSentences, 2, " ") + "\r\n\f")
			if g.r.chance(20) {
				g.s("^C\x03\r\n", esc+"[H"+esc+"[2J")
			}
		default:
			g.t("╭─ ⟨noun⟩ ─────────────╮\r\n│ " + esc + "[1mstatus" + esc + "[22m: " + esc + "[33mdegraded" + esc + "[0m │\r\n╰─────────────────────╯\r\n")
			if g.r.chance(15) {
				g.s("\x00\x00\x00\x04")
			}
		}
	}
}

// invalidFragments are byte sequences that are not UTF-8: stray
// continuation bytes, sequences cut short, overlong encodings, UTF-16
// surrogates encoded as if they were characters (one and a CESU-8 pair),
// code points past U+10FFFF, the bytes F5 to FF, and byte-order marks of
// UTF-16.
var invalidFragments = []string{
	"\x80", "\xbf", "\x8f\x8f", "\xc3", "\xc3(", "\xe4\xb8", "\xe2\x80", "\xf0\x9f\x98", "\xf0\x9f",
	"\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xe0\x9f\xbf", "\xf0\x80\x80\xaf", "\xf0\x8f\xbf\xbf",
	"\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\xbd\xed\xb8\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80",
	"\xf8\x88\x80\x80\x80", "\xfc\x84\x80\x80\x80\x80", "\xfe", "\xff", "\xff\xfe", "\xfe\xff",
}

// latin1Words are words written in Latin-1 or Windows-1252 instead of
// UTF-8, as text from older systems arrives.
var latin1Words = []string{
	"caf\xe9", "na\xefve", "Stra\xdfe", "\xa9 2024", "5\xb5s", "M\xfcnchen", "se\xf1or", "\xbfQu\xe9 tal?",
	"\xe0 bient\xf4t", "\x93quoted\x94", "it\x92s", "2020\x962024", "wait\x85", "\xab\xa0oui\xa0\xbb",
}

// genInvalidUTF8 builds invalid-utf8: mostly valid text (prose in several
// languages, CJK, log lines) with invalid bytes scattered through it:
// fragments inserted between and inside characters (which also cuts
// multi-byte characters), Latin-1 words, and now and then a few bytes of
// binary data.
func genInvalidUTF8(g *gen) {
	for !g.full() {
		g.bindUnit()
		var line string
		switch n := g.r.intn(10); {
		case n < 4:
			line = g.sentence()
		case n < 6:
			line = g.expand(g.pick(chineseSentences) + g.pick(japaneseSentences))
		case n < 8:
			line = g.expand(g.stamp().Format("2006-01-02T15:04:05Z") + " ⟨level⟩ ⟨noun⟩: read ⟨nn⟩ bytes from ⟨host⟩ \"⟨t⟩\" ok")
		default:
			line = g.expand(g.pick(accentedParagraphs[g.r.intn(len(accentedParagraphs))]))
		}
		for range g.r.between(0, 2) {
			at := g.r.intn(len(line) + 1)
			frag := g.pick(invalidFragments)
			if g.r.chance(35) {
				frag = " " + g.pick(latin1Words) + " "
			}
			line = line[:at] + frag + line[at:]
		}
		g.s(line, "\n")
		if g.r.chance(3) {
			g.s("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", g.hex(6), "\xcb\xc8\x2c\xd6\x51\x00\x00\xff\xff\n")
		}
	}
}
