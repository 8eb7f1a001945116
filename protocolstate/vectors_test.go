package protocolstate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentkernel/agentkernel/terminaldecision"
)

// vectorDir holds the golden vectors copied from the shared vector set.
var vectorDir = filepath.Join("..", "testdata", "protocolstate")

type fingerprintVector struct {
	Name        string
	Note        string
	Input       terminaldecision.Input
	Preimage    string
	Fingerprint string
}

type tokenVector struct {
	Name        string
	State       State
	Token       string
	TokenLength int    `json:"token_length"`
	PayloadHex  string `json:"payload_hex"`
}

type rejectVector struct {
	Name     string
	Token    string
	TokenHex string `json:"token_hex"`
	Reason   string
	Note     string
}

// loadVectors decodes the "vectors" array of a golden file strictly, so a
// renamed field fails instead of decoding to a zero value.
func loadVectors[T any](t testing.TB, file string) []T {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(vectorDir, file))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Description string
		Vectors     []T
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(doc.Vectors) == 0 {
		t.Fatalf("%s: no vectors", file)
	}
	return doc.Vectors
}

// fixtureInput is the standard fixture of fingerprints.json.
func fixtureInput(t testing.TB) terminaldecision.Input {
	t.Helper()
	for _, v := range loadVectors[fingerprintVector](t, "fingerprints.json") {
		if v.Name == "fixture" {
			return v.Input
		}
	}
	t.Fatal("fingerprints.json has no fixture")
	return terminaldecision.Input{}
}

// preimageOf collects the exact bytes Fingerprint hashes for in: the
// preimage built whole when it applies, the streamed one otherwise.
func preimageOf(in terminaldecision.Input) []byte {
	var buf [largeBytes]byte
	if n, size := preimageBound(&in); size <= largeBytes {
		return appendRecords(buf[:0], &in, n)
	}
	return streamedPreimage(in)
}

// streamedPreimage collects the bytes of in's preimage as the streaming path
// produces them, whether or not Fingerprint would take it.
func streamedPreimage(in terminaldecision.Input) []byte {
	var out []byte
	p := preimage{in: &in}
	for {
		done := p.fill()
		out = append(out, p.buf[:p.n]...)
		p.n = 0
		if done {
			return out
		}
	}
}

func TestFingerprintGoldenVectors(t *testing.T) {
	for _, v := range loadVectors[fingerprintVector](t, "fingerprints.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := preimageOf(v.Input); string(got) != v.Preimage {
				t.Errorf("preimage\n got %q\nwant %q", got, v.Preimage)
			}
			if got := streamedPreimage(v.Input); string(got) != v.Preimage {
				t.Errorf("streamed preimage\n got %q\nwant %q", got, v.Preimage)
			}
			sum := sha256.Sum256([]byte(v.Preimage))
			if want := "sha256:" + hex.EncodeToString(sum[:]); want != v.Fingerprint {
				t.Fatalf("vector file inconsistent: preimage hashes to %s", want)
			}
			if got := Fingerprint(v.Input); got != v.Fingerprint {
				t.Errorf("Fingerprint = %s, want %s", got, v.Fingerprint)
			}
		})
	}
}

func TestTokenGoldenVectors(t *testing.T) {
	for _, v := range loadVectors[tokenVector](t, "tokens.json") {
		t.Run(v.Name, func(t *testing.T) {
			got, err := Encode(v.State)
			if err != nil || got != v.Token {
				t.Fatalf("Encode = (%q, %v), want %q", got, err, v.Token)
			}
			if len(got) != v.TokenLength {
				t.Errorf("token length %d, want %d", len(got), v.TokenLength)
			}
			payload, err := hex.DecodeString(v.PayloadHex)
			if err != nil {
				t.Fatal(err)
			}
			if want := TokenPrefix + encodeRaw(payload); want != v.Token {
				t.Fatalf("vector file inconsistent: payload encodes to %q", want)
			}
			s, err := Decode(v.Token)
			if err != nil || s != v.State {
				t.Fatalf("Decode = (%+v, %v), want %+v", s, err, v.State)
			}
		})
	}
}

func TestRejectGoldenVectors(t *testing.T) {
	for _, v := range loadVectors[rejectVector](t, "rejects.json") {
		t.Run(v.Name, func(t *testing.T) {
			raw, err := hex.DecodeString(v.TokenHex)
			if err != nil || string(raw) != v.Token {
				t.Fatalf("vector file inconsistent: token_hex does not spell token")
			}
			assertRejected(t, v.Token, rejection(v.Reason))
		})
	}
}
