package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordingTB is a testing.TB that records Fatal instead of stopping.
type recordingTB struct {
	testing.TB
	fatal string
}

func (tb *recordingTB) Helper() {}

func (tb *recordingTB) Fatal(args ...any) { tb.fatal = fmt.Sprint(args...) }

// writeFiles creates the files of a directory tree under root.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLoadFindsTheModuleRootFromASubdirectory(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"go.mod":                    "module example\n",
		"testdata/corpus/b.txt":     "b\xff",
		"testdata/corpus/a.txt":     "a",
		"testdata/corpus/README.md": "not a class",
		"pkg/sub/x.go":              "package sub\n",
	})
	t.Chdir(filepath.Join(root, "pkg", "sub"))
	tb := &recordingTB{TB: t}
	got := Load(tb)
	if tb.fatal != "" {
		t.Fatalf("Load failed: %s", tb.fatal)
	}
	want := []Class{{"a", "a", true}, {"b", "b\xff", false}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Load = %+v, want %+v", got, want)
	}
}

func TestLoadFailsWithoutACorpus(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no corpus directory", map[string]string{"go.mod": "module example\n"}, "corpus"},
		{"no class file", map[string]string{"go.mod": "module example\n", "testdata/corpus/README.md": "x"}, "no class files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, tt.files)
			t.Chdir(root)
			tb := &recordingTB{TB: t}
			if got := Load(tb); got != nil || !strings.Contains(tb.fatal, tt.want) {
				t.Errorf("Load = %v with Fatal %q, want nil and a Fatal mentioning %q", got, tb.fatal, tt.want)
			}
		})
	}
}
