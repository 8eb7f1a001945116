//go:build ignore

// Gen writes the benchmark corpus: every class Generate builds, as
// <class>.txt in the module's testdata/corpus directory. It is run by
// "go generate" in internal/canon/corpus, removes any other <name>.txt
// file there, and changes nothing when the files are current.
package main

import (
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
)

func main() {
	dir, err := corpus.Dir()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	files := corpus.Generate()
	// A class file Generate no longer builds would stay in the corpus.
	entries, err := os.ReadDir(dir)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".txt"); ok && files[name] == nil {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				log.Fatal(err)
			}
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
