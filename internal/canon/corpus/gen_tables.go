package corpus

import (
	"strconv"
	"strings"
)

// genTSV builds tsv: tab-separated exports of a database query, a
// Kubernetes listing and a spreadsheet, each table with its header row,
// NULLs written as \N, empty cells, numbers in several notations and names
// in several scripts. The spreadsheet tables end their lines in CRLF, as
// spreadsheet exports on Windows do.
func genTSV(g *gen) {
	for !g.full() {
		switch g.r.intn(3) {
		case 0:
			g.s("id\temail\tcreated_at\tstatus\tamount_cents\tcountry\tnote\n")
			for range g.r.between(20, 60) {
				note := g.pick([]string{`\N`, "", g.expand(g.pick(englishSentences)), g.expand(g.pick(accentedParagraphs[g.r.intn(len(accentedParagraphs))]))})
				g.t("⟨big⟩\t⟨first⟩.⟨last⟩@example.com\t⟨date⟩ " + g.stamp().Format("15:04:05.000000") + "+00\t")
				g.s(g.pick([]string{"active", "active", "trial", "suspended", "deleted"}), "\t",
					strconv.Itoa(g.r.intn(500000)), "\t", g.pick([]string{"PT", "JP", "KE", "CA", "PL", "VN", "ES", "DE", "BR", "KR"}), "\t", note, "\n")
			}
		case 1:
			g.s("NAMESPACE\tNAME\tREADY\tSTATUS\tRESTARTS\tAGE\tIP\tNODE\n")
			for range g.r.between(15, 40) {
				status := g.pick([]string{"Running", "Running", "Running", "Running", "Pending", "CrashLoopBackOff", "Completed", "ContainerCreating"})
				ready := "1/1"
				if status != "Running" {
					ready = "0/1"
				}
				g.t(g.pick([]string{"default", "kube-system", "billing", "monitoring", "ingress"}) + "\t⟨noun⟩-" + g.hex(10) + "-" + g.hex(5) + "\t" + ready + "\t" + status +
					"\t⟨n⟩\t⟨n⟩" + g.pick([]string{"d", "h", "m"}) + "\t⟨ip⟩\tnode-pool-" + g.hex(8) + "-⟨n⟩\n")
			}
		default:
			g.s("Region\tProduct\tOwner\tQ1\tQ2\tQ3\tQ4\tTotal\tGrowth\r\n")
			for range g.r.between(12, 30) {
				var total int
				cells := make([]string, 4)
				for i := range cells {
					v := g.r.intn(900000)
					total += v
					cells[i] = money(v)
				}
				owner := g.pick([]string{"José Álvarez", "Zoë Müller", "Łukasz Wójcik", "Nguyễn Thị Hồng", "山田 太郎", "김민수", "Søren Ødegård", "O'Brien, Siobhán", `"Lee, Ana"`})
				g.t("⟨city⟩\t⟨Adj⟩ ⟨thing⟩\t" + owner + "\t" + strings.Join(cells, "\t") + "\t" + money(total) + "\t" +
					g.pick([]string{"", "-", "+"}) + "⟨pct⟩%\r\n")
			}
		}
	}
}

// money formats a number of cents as a spreadsheet shows an amount, with
// thousands separators: 123456 is "1,234.56".
func money(cents int) string {
	s := strconv.Itoa(cents / 100)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s + "." + strconv.Itoa(cents%100/10) + strconv.Itoa(cents%10)
}

// genCRLFLog builds crlf-log: the log of a Windows-hosted service, every
// line ending in CRLF: application lines with timestamps, levels and
// key=value pairs, JSON fragments, access-log lines, and multi-line stack
// traces of .NET and Go.
func genCRLFLog(g *gen) {
	for !g.full() {
		g.bindUnit()
		ts := g.stamp()
		stamp := ts.Format("2006-01-02 15:04:05.000")
		iso := ts.Format("2006-01-02T15:04:05.000Z07:00")
		switch n := g.r.intn(20); {
		case n < 8:
			g.t(stamp + " " + pad(g.expand("⟨level⟩"), 5) + " [worker-⟨n⟩] ⟨Noun⟩Service - " + g.pick([]string{
				"processed ⟨t⟩ ⟨uuid⟩ in ⟨ms⟩ ms",
				"cache miss for key=⟨t⟩:⟨hex⟩ (size=⟨nn⟩)",
				"retrying ⟨v⟩ after ⟨errmsg⟩ attempt=⟨n⟩ backoff=⟨nn⟩ms",
				"flushed ⟨nn⟩ ⟨t⟩s to ⟨host⟩ bytes=⟨big⟩",
				"lease renewed holder=⟨host⟩ ttl=⟨n⟩s",
			}) + "\r\n")
		case n < 12:
			g.t(iso + " " + g.expand("⟨level⟩") + " request completed {\"method\":\"⟨method⟩\",\"path\":\"⟨path⟩\",\"status\":⟨status⟩,\"duration_ms\":⟨ms⟩,\"user\":\"u_⟨hex8⟩\",\"ua\":\"Mozilla/5.0 (Windows NT 10.0; Win64; x64)\"}\r\n")
		case n < 16:
			g.t(ts.Format("2006-01-02 15:04:05") + " ⟨ip⟩ ⟨method⟩ ⟨path⟩ id=⟨nn⟩&expand=items 443 - ⟨pubip⟩ Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) https://app.example.org/ ⟨status⟩ 0 0 ⟨nn⟩\r\n")
		case n < 18:
			g.t(stamp + " ERROR [worker-⟨n⟩] ⟨Noun⟩Service - Unhandled exception while handling ⟨path⟩\r\n" +
				"System.InvalidOperationException: Sequence contains no matching element\r\n" +
				"   at System.Linq.ThrowHelper.ThrowNoMatchException()\r\n" +
				"   at Example.⟨Noun⟩.⟨T⟩Repository.⟨V⟩(Guid id) in C:\\build\\src\\⟨Noun⟩\\⟨T⟩Repository.cs:line ⟨nn⟩\r\n" +
				"   at Example.⟨Noun⟩.Controllers.⟨T⟩Controller.Get(Guid id) in C:\\build\\src\\⟨Noun⟩\\Controllers\\⟨T⟩Controller.cs:line ⟨n⟩\r\n" +
				"   --- End of inner exception stack trace ---\r\n")
		case n < 19:
			g.t(stamp + " FATAL panic: runtime error: index out of range [⟨n⟩] with length ⟨n⟩\r\n\r\n" +
				"goroutine ⟨nn⟩ [running]:\r\n" +
				"main.(*server).⟨v⟩(0xc000⟨hex8⟩, {0xc000⟨hex8⟩, 0x⟨n⟩})\r\n" +
				"\tC:/src/⟨pkg⟩/server.go:⟨nn⟩ +0x1f4\r\n" +
				"net/http.HandlerFunc.ServeHTTP(0xc000⟨hex8⟩, {0x7ff6⟨hex8⟩, 0xc000⟨hex8⟩}, 0xc000⟨hex8⟩)\r\n" +
				"\tC:/Program Files/Go/src/net/http/server.go:2220 +0x29\r\n")
		default:
			g.t(stamp + " WARN  [scheduler] job ⟨t⟩-cleanup took ⟨nn⟩ ms (threshold 1000 ms); queue depth=⟨nn⟩ \"oldest\"=\"⟨time⟩\"\r\n")
		}
	}
}

// pad returns s padded with spaces to width n.
func pad(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

// genEscapesHeavy builds escapes-heavy: text dense in the characters a
// JSON encoder must escape (quotes, backslashes, control whitespace) or
// that HTML-safe encoders escape (< > &): Windows path listings, JSON
// encoded inside JSON strings (twice, now and then), registry dumps,
// regular expressions and HTML fragments.
func genEscapesHeavy(g *gen) {
	for !g.full() {
		g.bindUnit()
		switch g.r.intn(7) {
		case 0:
			g.t("C:\\Users\\⟨first⟩\\AppData\\Local\\Temp\\build-⟨nn⟩\\obj\\Release\\net8.0\\⟨Noun⟩.⟨T⟩.dll\t⟨big⟩\t\"⟨date⟩\"\n")
			g.t("\\\\fileserver\\share$\\⟨dir⟩\\\"quoted name\" (⟨n⟩).txt\n")
		case 1:
			inner := appendJSON(nil, obj("tool", g.expand("⟨tool⟩"), "args", obj("path", g.expand("C:\\src\\⟨file⟩"), "text", g.sentence()+"\n\t"+g.sentence())), "", 0)
			outer := appendJSON(nil, obj("role", "tool", "content", string(inner)), "", 0)
			g.s("{\"event\":\"tool_result\",\"payload\":", string(appendJSONString(nil, string(outer), false)), "}\n")
		case 2:
			g.t("[HKEY_LOCAL_MACHINE\\SOFTWARE\\Example\\⟨Noun⟩\\⟨T⟩]\n\"InstallPath\"=\"C:\\\\Program Files\\\\Example\\\\⟨Noun⟩\\\\\"\n\"Args\"=\"--config \\\"C:\\\\ProgramData\\\\⟨noun⟩.json\\\" --verbose\"\n")
		case 3:
			g.t("pattern = \"^\\\\s*(\\\\d+)\\\\t\\\"([^\\\"]*)\\\"\\\\s*$\"\t// matches: 42\t\"name\"\n")
			g.t("sed -e 's/\\\\/\\//g' -e 's/\"/\\\\\"/g' \"⟨file⟩\" > \"out\\⟨file⟩\"\n")
		case 4:
			g.t("<a href=\"/q?a=1&b=2&c=<⟨t⟩>\" onclick=\"track('⟨v⟩', \\\"x\\\")\">&lt;⟨t⟩&gt; & \"⟨noun⟩\" <em>⟨adj⟩</em></a>\n<td>\"⟨n⟩\" &amp; <b>\\⟨n⟩</b></td>\n")
		case 5:
			s := appendJSONString(nil, g.sentence()+"\n\t\""+g.sentence()+"\"\r\n<"+g.expand("⟨t⟩")+"> & \\"+g.expand("⟨dir⟩"), false)
			g.s("\"message\": ", string(s), ",\n")
		default:
			g.t("\"C:\\\\Windows\\\\System32\\\\cmd.exe\" /c \"echo \\\"⟨n⟩\\\" > \\\"%TEMP%\\\\⟨t⟩.log\\\" && type \\\"%TEMP%\\\\⟨t⟩.log\\\"\"\n")
		}
	}
}
