package corpus

import (
	"strconv"
	"strings"
)

// sentence returns one sentence for a JSON string: mostly English, now and
// then French, German, Chinese, Japanese or a chat line with emoji, as
// multilingual tool output carries them.
func (g *gen) sentence() string {
	switch n := g.r.intn(20); {
	case n < 14:
		return g.expand(g.pick(englishSentences))
	case n < 16:
		return g.expand(g.pick(accentedParagraphs[g.r.intn(len(accentedParagraphs))]))
	case n < 17:
		return g.expand(g.pick(chineseSentences))
	case n < 18:
		return g.expand(g.pick(japaneseSentences))
	default:
		return g.emojiLine()
	}
}

// markdown returns a multi-line Markdown text: prose, a list and sometimes
// a code block with quotes, backslashes and tabs, as an issue or a model
// answer holds it.
func (g *gen) markdown() string {
	var b strings.Builder
	b.WriteString(g.paragraph(englishSentences, g.r.between(1, 3), " "))
	b.WriteString("\n\n")
	for range g.r.between(0, 3) {
		b.WriteString("- " + g.sentence() + "\n")
	}
	if g.r.chance(50) {
		b.WriteString(g.expand("\n```go\nif err := ⟨v⟩(ctx, \"⟨dir⟩/⟨file⟩\"); err != nil {\n\tlog.Printf(\"⟨v⟩: %v\\n\", err)\n}\n```\n"))
	}
	if g.r.chance(30) {
		b.WriteString(g.expand("\nPath on Windows: C:\\Users\\⟨first⟩\\AppData\\Local\\⟨noun⟩\\⟨file⟩\n"))
	}
	return b.String()
}

// score returns a number in [0, 1) with four decimals.
func (g *gen) score() jsonNumber {
	return jsonNumber("0." + strconv.Itoa(1000+g.r.intn(9000)))
}

// jsonRecord returns one record of a JSON dump, in one of the shapes tool
// outputs and API responses take.
func (g *gen) jsonRecord() jsonObject {
	g.bindUnit()
	r := g.r
	switch r.intn(6) {
	case 0: // search results
		var results []any
		for range r.between(1, 4) {
			results = append(results, obj(
				"id", g.expand("doc_⟨hex⟩"),
				"title", g.sentence(),
				"url", g.expand("https://docs.example.org/⟨dir⟩/⟨t⟩s?ref=search&q=⟨noun⟩"),
				"score", g.score(),
				"snippet", g.sentence()+" "+g.sentence(),
				"highlights", []any{g.expand("⟨noun⟩"), g.expand("<em>⟨t⟩</em>")},
				"metadata", obj("lang", g.pick([]string{"en", "fr", "de", "ja", "zh"}), "published", g.expand("⟨date⟩"),
					"author", obj("name", g.expand("⟨First⟩ ⟨Last⟩"), "verified", r.chance(60))),
			))
		}
		return obj("type", "search_results", "query", g.expand("⟨noun⟩ ⟨t⟩ ⟨adj⟩"), "total", r.between(0, 5000),
			"took_ms", jsonNumber(g.expand("⟨ms⟩")), "results", results)
	case 1: // directory listing
		var entries []any
		for range r.between(2, 6) {
			entries = append(entries, obj(
				"name", g.expand("⟨file⟩"), "type", g.pick([]string{"file", "file", "dir", "symlink"}),
				"size", r.between(0, 2000000), "mode", g.pick([]string{"0644", "0755", "0600"}),
				"modified", g.expand("⟨time⟩"), "sha256", g.hex(64)))
		}
		return obj("type", "directory", "path", g.expand("/home/⟨first⟩/src/⟨dir⟩"), "entries", entries, "truncated", false)
	case 2: // a model message
		return obj(
			"id", g.expand("msg_⟨hex⟩⟨hex8⟩"), "type", "message", "role", "assistant", "model", g.expand("⟨model⟩"),
			"content", []any{obj("type", "text", "text", g.markdown())},
			"stop_reason", g.pick([]string{"end_turn", "max_tokens", "tool_use"}),
			"usage", obj("input_tokens", r.between(10, 90000), "output_tokens", r.between(1, 4000),
				"cache_read_input_tokens", r.between(0, 50000)))
	case 3: // an issue
		var labels []any
		for range r.between(0, 3) {
			labels = append(labels, obj("name", g.pick([]string{"bug", "enhancement", "needs-triage", "good first issue", "performance"}),
				"color", g.hex(6)))
		}
		var closed any
		if r.chance(40) {
			closed = g.expand("⟨time⟩")
		}
		return obj("number", r.between(1, 20000), "title", g.sentence(), "state", g.pick([]string{"open", "closed"}),
			"body", g.markdown(), "labels", labels,
			"user", obj("login", g.expand("⟨first⟩-⟨last⟩"), "id", r.between(1000, 9999999), "site_admin", false),
			"created_at", g.expand("⟨time⟩"), "closed_at", closed,
			"reactions", obj("+1", r.intn(40), "-1", r.intn(3), "heart", r.intn(10)))
	case 4: // a metrics series
		var values []any
		for range r.between(3, 8) {
			values = append(values, []any{1741944413 + r.intn(86400), g.expand("⟨ms⟩")})
		}
		return obj("metric", obj("__name__", "http_request_duration_seconds", "job", g.expand("⟨noun⟩"),
			"instance", g.expand("⟨ip⟩:⟨port⟩"), "le", jsonNumber("0.25")),
			"values", values, "exemplar", nil)
	default: // a multilingual catalogue item
		return obj("sku", g.expand("SKU-⟨nn⟩-⟨hex8⟩"), "price", jsonNumber(g.expand("⟨nn⟩.⟨n⟩")),
			"ratio", jsonNumber(g.pick([]string{"1e-3", "-2.5E+4", "6.02e23", "0", "-0.75"})),
			"name", obj("en", g.expand("⟨Adj⟩ ⟨thing⟩"), "zh", g.expand(g.pick(chineseSentences)),
				"ja", g.expand(g.pick(japaneseSentences)), "fr", g.expand(g.pick(accentedParagraphs[0]))),
			"name_ascii", asciiString(g.expand(g.pick(koreanSentences))),
			"badge", g.emojiLine(), "in_stock", g.r.chance(70), "discontinued", nil)
	}
}

// genJSON builds json: one pretty-printed JSON document, a list response
// whose records are search results, directory listings, model messages,
// issues, metric series and catalogue items.
func genJSON(g *gen) {
	g.t("{\n  \"object\": \"list\",\n  \"generated_at\": \"⟨time⟩\",\n  \"request_id\": \"⟨uuid⟩\",\n  \"data\": [")
	for i := 0; !g.full(); i++ {
		if i > 0 {
			g.s(",")
		}
		g.s("\n    ")
		g.b = appendJSON(g.b, g.jsonRecord(), "  ", 2)
	}
	g.s("\n  ],\n  \"has_more\": true,\n  \"next_cursor\": null\n}\n")
}

// genJSONL builds jsonl: one compact JSON object per line, the transcript
// and event log of an agent session: messages, tool calls whose arguments
// are JSON inside a JSON string, tool results, log events and records.
func genJSONL(g *gen) {
	for !g.full() {
		g.bindUnit()
		var v jsonObject
		switch g.r.intn(5) {
		case 0:
			v = obj("ts", g.expand("⟨time⟩"), "role", "user", "content", g.sentence())
		case 1:
			args := appendJSON(nil, obj("path", g.expand("⟨dir⟩/⟨file⟩"), "pattern", g.expand("func ⟨V⟩\\("), "max_results", g.r.between(1, 50)), "", 0)
			v = obj("ts", g.expand("⟨time⟩"), "role", "assistant", "content", nil,
				"tool_calls", []any{obj("id", g.expand("call_⟨hex⟩"), "type", "function",
					"function", obj("name", g.expand("⟨tool⟩"), "arguments", string(args)))})
		case 2:
			v = obj("ts", g.expand("⟨time⟩"), "role", "tool", "tool_call_id", g.expand("call_⟨hex⟩"),
				"content", g.expand("⟨dir⟩/⟨file⟩:⟨n⟩:\tif err := ⟨v⟩(\"⟨t⟩\"); err != nil {\n⟨dir⟩/⟨file⟩:⟨nn⟩:\t\treturn fmt.Errorf(\"⟨v⟩: %w\", err)\n"))
		case 3:
			v = obj("time", g.expand("⟨time⟩"), "level", strings.ToLower(g.expand("⟨level⟩")), "msg", g.sentence(),
				"component", g.expand("⟨noun⟩"), "duration_ms", jsonNumber(g.expand("⟨ms⟩")), "attempt", g.r.between(1, 3),
				"err", g.pick([]string{"", "", g.expand("⟨errmsg⟩")}))
		default:
			v = g.jsonRecord()
		}
		g.b = appendJSON(g.b, v, "", 0)
		g.s("\n")
	}
}
