package toolloop

import (
	"strings"
	"testing"
)

func TestContentHashIsLowercaseSHA256Hex(t *testing.T) {
	for in, want := range map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	} {
		if got := ContentHash([]byte(in)); got != want {
			t.Errorf("ContentHash(%q) = %s, want %s", in, got, want)
		}
	}
	if got := ContentHash(nil); got != ContentHash([]byte{}) {
		t.Errorf("ContentHash(nil) = %s", got)
	}
}

// TestContentHashOfTheVectorEvents checks the event_hash column of
// events.chain.tsv: ContentHash of each direct-form line.
func TestContentHashOfTheVectorEvents(t *testing.T) {
	direct := vectorLines(t, "events.direct.jsonl", false)
	chain := vectorLines(t, "events.chain.tsv", true)
	if len(direct) != 24 || len(chain) != 24 {
		t.Fatalf("%d direct lines and %d chain rows, want 24", len(direct), len(chain))
	}
	for i, row := range chain {
		cols := strings.Split(row, "\t")
		if got := ContentHash([]byte(direct[i])); got != cols[2] {
			t.Errorf("event %s: ContentHash = %s, want %s", cols[0], got, cols[2])
		}
	}
}
