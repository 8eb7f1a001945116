package corpus

import "strings"

// englishSentences are the sentences of the English prose classes: the
// answers, reports and chat an agent runtime carries, with some narrative.
// They are plain ASCII.
var englishSentences = []string{
	"Before you merge, run the full test suite and make sure the linter is quiet.",
	"We moved the ⟨noun⟩ cache closer to the edge, which cut the median latency from ⟨nn⟩ ms to ⟨n⟩ ms.",
	"If a request exceeds the rate limit, the gateway answers with status 429 and a Retry-After header.",
	"The model's answer is checked against the policy before it is shown to the user.",
	"Last week's release fixed the memory leak, but start-up now takes ⟨n⟩ seconds longer.",
	"A migration script must be idempotent: running it twice should leave the data exactly as running it once.",
	"She proposed splitting the ⟨noun⟩ module in two, and the discussion went on for almost an hour.",
	"The weather was fine, so we walked to the river after lunch and bought some bread on the way back.",
	"It's not the ⟨noun⟩ service that's slow; it's the ⟨noun⟩ service behind it, which retries every failed call three times.",
	"According to the report, error rates dropped by ⟨n⟩% after the rollout.",
	"Users say the progress bar stops at 99% when they upload files larger than ⟨n⟩ GB.",
	"The example in the documentation is out of date; it still calls the old `⟨verb⟩()` method.",
	"Under heavy load, lock contention becomes the main bottleneck, so we switched to sharded counters.",
	"Ticket #⟨nn⟩ describes a crash that nobody has been able to reproduce in staging.",
	"\"Could you explain that in a bit more detail?\" he asked, and she drew the whole pipeline on the whiteboard.",
	"Note: this operation cannot be undone, and deleted records are gone for good.",
	"Traffic during the holidays was about three times the usual level, so we added ⟨n⟩ more nodes in advance.",
	"Each worker polls the queue every ⟨n⟩ seconds and raises an alert when the backlog passes ⟨nn⟩ items.",
	"The tool reads the file, applies the patch and writes the result back without touching the timestamps.",
	"I've attached the last ⟨n⟩ lines of the log; the error appears right after the connection pool is exhausted.",
	"To reproduce it, start the server with --verbose, send two requests in parallel and watch the ⟨noun⟩ counter.",
	"Here's what I found: the config is loaded twice, once at start-up and once when the first request arrives.",
	"That's a reasonable approach, although I'd keep the ⟨noun⟩ logic out of the HTTP handler.",
	"The budget for this quarter covers two new hires, a load-testing cluster and the ⟨noun⟩ migration.",
	"Old Mr. Hartley kept bees behind the library, and every June the whole street smelled of honey.",
	"The train from ⟨city⟩ was ⟨n⟩ minutes late, which gave us time to finish the crossword.",
	"In short, the fix is small: check the length before allocating, not after.",
	"We don't log request bodies, only their sizes and a hash, so support can match reports without seeing content.",
	"Sorry for the delay - I was waiting for the nightly build to finish before answering.",
	"Step ⟨n⟩: copy the generated key into the settings page and press Save.",
	"The ⟨noun⟩ API returns an empty list instead of an error when the user has no permission, which is confusing.",
	"Performance is fine for small inputs; beyond ⟨nn⟩ KB the parser spends most of its time copying.",
	"Please keep answers under ⟨nn⟩ words and cite the file names you relied on.",
	"He had never seen the sea before, and for a long while he just stood there with his shoes in his hand.",
	"The summary is accurate, but it leaves out the part about retries, which matters most.",
	"Version ⟨n⟩.⟨n⟩.⟨n⟩ adds support for streaming responses and drops the deprecated --⟨adj⟩ flag.",
	"When the disk fills up, the ⟨noun⟩ worker stops accepting writes and switches to read-only mode.",
	"Our on-call rotation is weekly; hand-offs happen on Monday at 10:00 UTC.",
	"You can set the timeout per request, per client, or globally; the most specific setting wins.",
	"The kitchen smelled of coffee and burnt toast, and somebody had left the radio on.",
	"All ⟨nn⟩ tests pass locally, yet CI fails on the Windows runner with a path error.",
	"Honestly, the simplest option is to pin the dependency and revisit it next month.",
	"Why does the ⟨noun⟩ job need write access to the whole bucket? Read access to one prefix should be enough.",
	"The answer depends on the data: for mostly-ASCII text the fast path wins, for CJK it matters much less.",
	"Thanks, that worked! The build is green again.",
	"We'll publish the post-mortem on Friday, with a timeline and the follow-up actions.",
	"The file `⟨dir⟩/⟨file⟩` defines the handler, and the test next to it covers only the happy path.",
	"In ⟨city⟩ the market opens at six, and by eight the best tomatoes are gone.",
	"The error message says \"⟨errmsg⟩\", which usually means the ⟨host⟩ host is unreachable.",
	"A ⟨adj⟩ ⟨thing⟩ is kept for ⟨n⟩ days and then deleted by the nightly clean-up job.",
	"Two things changed at once (the schema and the client), so it took a while to see which one broke the import.",
	"Every ⟨thing⟩ carries a version number; writers compare it before saving, and the loser retries.",
	"My grandmother wrote letters every Sunday, in blue ink, and never once crossed out a word.",
	"The ⟨tool⟩ tool failed with exit code ⟨n⟩, and its output was cut off after ⟨nn⟩ bytes.",
	"We measured ⟨nn⟩ requests per second on a single core, which is about what we expected.",
	"If you only need the totals, ask for them; the full export is ⟨n⟩ GB and takes an hour.",
}

// genASCIIProse builds ascii-prose: English answers and notes as plain
// ASCII text with the light Markdown (headings, lists, inline code) of an
// assistant's reply.
func genASCIIProse(g *gen) {
	for !g.full() {
		switch g.r.intn(10) {
		case 0:
			g.t("## ⟨topic⟩\n\n")
		case 1:
			for i := range g.r.between(2, 5) {
				if g.r.chance(50) {
					g.f("%d. ", i+1)
				} else {
					g.s("- ")
				}
				g.s(g.paragraph(englishSentences, 1, ""), "\n")
			}
			g.s("\n")
		default:
			g.s(g.paragraph(englishSentences, g.r.between(2, 7), " "), "\n\n")
		}
	}
}

// genLineSeparators builds line-separators: text pasted from word
// processors and web pages, where U+2028 LINE SEPARATOR breaks lines and
// U+2029 PARAGRAPH SEPARATOR ends paragraphs, mixed with JavaScript and
// JSON-like snippets whose string literals hold the same characters.
func genLineSeparators(g *gen) {
	const ls, ps = "\u2028", "\u2029"
	for !g.full() {
		switch g.r.intn(6) {
		case 0:
			g.t("const note⟨n⟩ = \"" + g.paragraph(englishSentences, 1, "") + ls + g.paragraph(englishSentences, 1, "") + "\";\n")
			g.t("element.textContent = note⟨n⟩.split(\"" + ls + "\").join(\"\\n\");\n")
		case 1:
			g.t("{\"id\": ⟨nn⟩, \"title\": \"⟨Topic⟩\", \"body\": \"" + g.paragraph(englishSentences, 2, ls) + ps + g.paragraph(englishSentences, 1, "") + "\"}\n")
		case 2:
			// An address block or a poem: short lines broken by U+2028.
			g.t("⟨First⟩ ⟨Last⟩" + ls + "⟨nn⟩ Harbour Road" + ls + "⟨city⟩" + ls + "Tel. +44 ⟨nn⟩ ⟨nn⟩" + ps)
		default:
			var lines []string
			for range g.r.between(2, 5) {
				lines = append(lines, g.paragraph(englishSentences, g.r.between(1, 2), " "))
			}
			g.s(strings.Join(lines, ls), ps)
			if g.r.chance(30) {
				g.s("\n")
			}
		}
	}
}

// accentedParagraphs holds, per language, the sentences of
// accented-latin: French, German, Spanish, Portuguese, Polish, Czech,
// Turkish and Vietnamese, as real texts use them (precomposed letters,
// their own quotation marks and punctuation).
var accentedParagraphs = [][]string{
	{ // French
		"Le serveur a redémarré à trois heures du matin sans laisser la moindre trace dans le journal.",
		"Pourriez-vous vérifier que la configuration a été déployée sur tous les nœuds ?",
		"L'équipe a décidé de réécrire le module de facturation après des mois de débats.",
		"C'était l'été ; la chaleur était écrasante et les rues de Marseille étaient désertes.",
		"Ce modèle génère des réponses très précises, mais il reste coûteux à exécuter.",
		"Après la mise à jour, l'accès à la base de données est devenu nettement plus rapide.",
		"« Il faut toujours lire la documentation avant de poser une question », répéta-t-elle.",
		"Les données reçues ne correspondent pas au schéma attendu : le champ « âge » est manquant.",
		"Nous avons reçu ⟨nn⟩ réclamations depuis lundi, dont la plupart concernent les délais de livraison.",
		"Le comité se réunira jeudi prochain à 14 h 30 dans la salle Molière.",
	},
	{ // German
		"Der Dienst wurde um drei Uhr morgens neu gestartet, ohne dass eine Fehlermeldung erschien.",
		"Bitte überprüfen Sie, ob die Änderungen an der Konfiguration übernommen wurden.",
		"Die Größe der Warteschlange übersteigt regelmäßig den festgelegten Schwellenwert.",
		"Im Frühling blühen die Obstbäume entlang der Straße, und die Luft duftet süß.",
		"Für die Übertragung großer Dateien empfehlen wir eine stabile Verbindung.",
		"Frau Müller schlägt vor, die Schnittstelle vollständig zu überarbeiten.",
		"Änderungen an öffentlichen Funktionen müssen vorher mit allen Teams abgestimmt werden.",
		"„Das dauert nur fünf Minuten“, sagte er – es dauerte den ganzen Nachmittag.",
		"Die Prüfung ergab ⟨n⟩ Abweichungen, die bis Ende des Monats behoben sein müssen.",
		"Wir bedanken uns für Ihre Geduld und wünschen Ihnen ein schönes Wochenende.",
	},
	{ // Spanish
		"El servidor se reinició a las tres de la mañana sin dejar ningún mensaje de error.",
		"¿Podrías comprobar si la configuración se desplegó en todos los nodos?",
		"La reunión terminó tarde porque nadie se ponía de acuerdo sobre el diseño.",
		"Mañana habrá lluvias en el norte y temperaturas más bajas en la montaña.",
		"¡Qué sorpresa! El análisis tardó la mitad del tiempo que esperábamos.",
		"El niño pidió un pañuelo y una canción antes de dormirse.",
		"La información del usuario se guarda cifrada y nunca se envía a terceros.",
		"Según el informe, la latencia media bajó un ⟨n⟩ % después de la migración.",
		"Añadimos una sección de preguntas frecuentes para los clientes de América Latina.",
	},
	{ // Portuguese
		"A atualização foi concluída, mas alguns usuários ainda não conseguem acessar o painel.",
		"Não se esqueça de revisar a documentação antes de publicar a versão.",
		"São Paulo amanheceu com neblina e trânsito intenso nas avenidas principais.",
		"A correção está disponível na versão ⟨n⟩.⟨n⟩ e não exige nenhuma migração.",
		"Obrigado pela paciência; a equipe já está investigando a falha de autenticação.",
	},
	{ // Polish
		"Serwer został ponownie uruchomiony o trzeciej w nocy bez żadnego komunikatu o błędzie.",
		"Czy możesz sprawdzić, czy zmiany w konfiguracji zostały wdrożone na wszystkich węzłach?",
		"Zespół długo dyskutował o tym, jak podzielić moduł płatności.",
		"Jesienią liście w parku zmieniają kolor na złoty i czerwony.",
		"Źródło problemu okazało się zaskakująco proste: zła strefa czasowa.",
		"Dziękujemy za zgłoszenie; poprawka będzie dostępna w następnej wersji.",
		"Żuraw, łoś i źrebię spotkały się nad rzeką o świcie.",
		"Średni czas odpowiedzi spadł do ⟨n⟩ milisekund po wdrożeniu pamięci podręcznej.",
	},
	{ // Czech
		"Služba se v noci restartovala a ráno už všechno běželo správně.",
		"Děkujeme, že jste nám pomohli najít chybu v přihlašování.",
		"Příští týden proběhne údržba databáze, během níž nebude možné měnit údaje.",
		"Na horách už napadl první sníh a silnice jsou kluzké.",
	},
	{ // Turkish
		"Sunucu gece yarısı yeniden başlatıldı ve günlükte hiçbir hata görünmüyor.",
		"Lütfen değişiklikleri göndermeden önce tüm testleri çalıştırın.",
		"İstanbul'da sabah trafiği her zamankinden yoğundu; köprüde ⟨n⟩ dakika bekledik.",
		"Kullanıcı şifresini değiştirdikten sonra oturum açamadığını bildirdi.",
	},
	{ // Vietnamese
		"Máy chủ đã khởi động lại lúc ba giờ sáng mà không để lại thông báo lỗi nào.",
		"Bạn có thể kiểm tra xem cấu hình đã được triển khai trên tất cả các nút chưa?",
		"Nhóm chúng tôi họp mỗi sáng thứ Hai để lên kế hoạch cho cả tuần.",
		"Mùa thu ở Hà Nội có gió nhẹ và mùi hoa sữa thoang thoảng khắp phố.",
		"Dữ liệu người dùng được mã hóa trước khi lưu vào cơ sở dữ liệu.",
		"Thời gian phản hồi trung bình đã giảm xuống còn ⟨n⟩ mili giây.",
		"Cảm ơn bạn đã báo lỗi; chúng tôi sẽ sửa trong phiên bản tiếp theo.",
		"Bà ngoại tôi thường kể chuyện cổ tích bên bếp lửa vào những đêm mưa.",
	},
}

// accentedTitles are section titles of accented-latin, one per language of
// accentedParagraphs.
var accentedTitles = []string{
	"Résumé de l'incident", "Übersicht der Änderungen", "Información general",
	"Notas de versão", "Podsumowanie zmian", "Přehled změn", "Değişiklik özeti",
	"Tóm tắt thay đổi",
}

// genAccentedLatin builds accented-latin: paragraphs in one language each,
// with the occasional section title.
func genAccentedLatin(g *gen) {
	for !g.full() {
		lang := g.r.intn(len(accentedParagraphs))
		if g.r.chance(12) {
			g.s("### ", accentedTitles[lang], "\n\n")
		}
		g.s(g.paragraph(accentedParagraphs[lang], g.r.between(2, 5), " "), "\n\n")
	}
}
