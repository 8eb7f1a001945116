package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// MinSize is the least size in bytes of every class file: 64 KiB, the
// largest of the Sizes, so every size cuts a real prefix.
const MinSize = 64 << 10

// MaxSize is the greatest size in bytes of every class file: 72 KiB.
const MaxSize = 72 << 10

// Class is one content class of the benchmark corpus.
type Class struct {
	Name  string // the file name without .txt, e.g. "cjk"
	Text  string // the whole sample (≥ 64 KiB)
	Valid bool   // Text is valid UTF-8
}

// Sizes are the sample sizes every benchmark uses: 50 B to 64 KiB.
var Sizes = []int{50, 300, 1200, 4096, 65536}

// Dir returns the directory testdata/corpus of the module, found by walking
// up from the working directory to the first directory holding a go.mod
// file. It reports an error when no such directory exists; it does not
// check that the corpus directory itself exists.
func Dir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("corpus: working directory: %w", err)
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "corpus"), nil
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("corpus: looking for go.mod: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("corpus: no go.mod in %s or any parent directory", wd)
		}
		dir = parent
	}
}

// Load returns every class of testdata/corpus, sorted by name. It finds the
// module root by walking up from the working directory to the directory
// holding go.mod, and calls tb.Fatal when the corpus cannot be read.
//
// Every file named <class>.txt in the directory is one class; other files
// (the README, .gitattributes) are ignored. An empty corpus is an error
// too, so a benchmark never silently measures nothing.
func Load(tb testing.TB) []Class {
	tb.Helper()
	classes, err := load()
	if err != nil {
		tb.Fatal(err)
	}
	return classes
}

// load reads every class file of Dir.
func load() ([]Class, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var classes []Class
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		text := string(data)
		classes = append(classes, Class{Name: name, Text: text, Valid: utf8.ValidString(text)})
	}
	if len(classes) == 0 {
		return nil, fmt.Errorf("corpus: no class files (*.txt) in %s", dir)
	}
	sort.Slice(classes, func(i, j int) bool { return classes[i].Name < classes[j].Name })
	return classes, nil
}

// Prefix returns the first n bytes of c.Text or fewer: the cut never splits a
// valid UTF-8 sequence (it moves back to a rune start), so a valid class stays
// valid; an invalid class is cut the same way (it may already contain invalid bytes).
//
// The cut moves back at most utf8.UTFMax-1 bytes: when none of them starts a
// rune, the bytes before the cut are stray continuation bytes that belong
// to no valid sequence, and the cut stays at n. An n of zero or less gives the
// empty string; an n of at least len(c.Text) gives the whole text.
func (c Class) Prefix(n int) string {
	if n <= 0 {
		return ""
	}
	if n >= len(c.Text) {
		return c.Text
	}
	for cut := n; cut > n-utf8.UTFMax && cut >= 0; cut-- {
		if utf8.RuneStart(c.Text[cut]) {
			return c.Text[:cut]
		}
	}
	return c.Text[:n]
}
