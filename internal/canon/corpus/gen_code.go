package corpus

import "strings"

// Code templates are written with "‵" for a backquote, which a Go raw
// string cannot hold, and Go templates with four spaces for each tab of
// indentation; codeTemplate turns them into the real text.

// codeTemplate replaces every "‵" of tmpl with a backquote and, when tabs
// is set, every leading group of four spaces with a tab.
func codeTemplate(tmpl string, tabs bool) string {
	tmpl = strings.ReplaceAll(tmpl, "‵", "`")
	if !tabs {
		return tmpl
	}
	lines := strings.Split(tmpl, "\n")
	for i, line := range lines {
		n := 0
		for strings.HasPrefix(line[n*4:], "    ") {
			n++
		}
		lines[i] = strings.Repeat("\t", n) + line[n*4:]
	}
	return strings.Join(lines, "\n")
}

// genCode appends a header, then units drawn from units (each with freshly
// bound slots) separated by blank lines until the class is full. Every
// fileEvery units or so it starts a new file of a repository dump with
// fileHeader.
func genCode(g *gen, header, fileHeader string, units []string, tabs bool) {
	g.bindFile()
	g.t(codeTemplate(header, tabs))
	for !g.full() {
		if g.r.chance(6) {
			g.bindFile()
			g.t(codeTemplate(fileHeader, tabs))
		}
		g.bindUnit()
		g.s("\n")
		g.t(codeTemplate(g.pick(units), tabs))
	}
}

// genGo builds go: Go source as a repository dump an agent reads, with
// tabs, doc comments, struct tags, raw strings and error handling.
func genGo(g *gen) { genCode(g, goHeader, goFileHeader, goUnits, true) }

// genPython builds python: Python modules with docstrings, type hints,
// f-strings, decorators and tests.
func genPython(g *gen) { genCode(g, pyHeader, pyFileHeader, pyUnits, false) }

// genJavaScript builds javascript: modern JavaScript modules with template
// literals, arrow functions, classes, JSX and tests.
func genJavaScript(g *gen) { genCode(g, jsHeader, jsFileHeader, jsUnits, false) }
