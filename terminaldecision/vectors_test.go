package terminaldecision

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestInputVectors decodes the golden inputs strictly (so the Go field names
// stay those of the shared vector files) and checks ValidateInput on each.
func TestInputVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "terminaldecision", "inputs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Description string
		Vectors     []struct {
			Name, Note, Error string
			Input             Input
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range doc.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			err := ValidateInput(v.Input)
			if v.Error == "" {
				if err != nil {
					t.Fatalf("ValidateInput: %v", err)
				}
				return
			}
			if err == nil || err.Error() != v.Error || !errors.Is(err, ErrInvalidInput) {
				t.Fatalf("ValidateInput = %v, want %q", err, v.Error)
			}
			checkNamesPackageOnce(t, err)
		})
	}
}
