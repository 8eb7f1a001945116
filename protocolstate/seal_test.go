package protocolstate

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"testing"
)

// sealKey is the key of the sealing tests and of FuzzOpen's corpus.
var sealKey = []byte("0123456789abcdef0123456789abcdef")

// testSealer returns a Sealer with sealKey.
func testSealer(t testing.TB) *Sealer {
	t.Helper()
	s, err := NewSealer(sealKey)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sealStates are states whose tokens the tests seal: the shortest and the
// longest tokens, and a terminal one.
var sealStates = []State{
	{},
	{Reprompts: 3, LastFingerprint: fp, ConsecutiveNoProgress: 64, Terminal: true},
	{Reprompts: 1, LastFingerprint: fp},
	{Terminal: true},
}

func sealToken(t testing.TB, s State) string {
	t.Helper()
	tok, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// refTag computes the tag of the documented layout independently.
func refTag(key, binding []byte, token string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("agentkernel protocolstate seal v1"))
	m.Write(binary.BigEndian.AppendUint64(nil, uint64(len(binding))))
	m.Write(binding)
	m.Write(binary.BigEndian.AppendUint64(nil, uint64(len(token))))
	m.Write([]byte(token))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func TestSealFollowsTheDocumentedLayout(t *testing.T) {
	s := testSealer(t)
	for _, st := range sealStates {
		tok := sealToken(t, st)
		for _, binding := range [][]byte{nil, []byte("traj-1#2"), bytes.Repeat([]byte{0}, 300)} {
			sealed, err := s.Seal(tok, binding)
			if err != nil {
				t.Fatal(err)
			}
			want := SealedTokenPrefix + strings.TrimPrefix(tok, TokenPrefix) + "." + refTag(sealKey, binding, tok)
			if sealed != want {
				t.Errorf("Seal(%q, %q) = %q, want %q", tok, binding, sealed, want)
			}
			if len(sealed) > MaxTokenBytes {
				t.Errorf("sealed token of %d bytes", len(sealed))
			}
		}
	}
	longest, _ := s.Seal(sealToken(t, sealStates[1]), nil)
	if len(longest) != 160 || maxSealedBytes != 160 {
		t.Errorf("the longest sealed token has %d bytes (maxSealedBytes %d), want 160", len(longest), maxSealedBytes)
	}
}

func TestSealRoundTrip(t *testing.T) {
	s := testSealer(t)
	for _, st := range sealStates {
		tok := sealToken(t, st)
		for _, binding := range [][]byte{nil, {}, []byte("traj-1"), []byte("traj-1#attempt=2#req-9")} {
			sealed, err := s.Seal(tok, binding)
			if err != nil {
				t.Fatalf("Seal: %v", err)
			}
			got, err := s.Open(sealed, binding)
			if err != nil || got != tok {
				t.Fatalf("Open(Seal(%q, %q)) = (%q, %v)", tok, binding, got, err)
			}
			if back, err := Decode(got); err != nil || back != st {
				t.Fatalf("Decode(Open(...)) = (%+v, %v), want %+v", back, err, st)
			}
		}
	}
}

// TestOpenRejectsEveryAlteredByte replaces each byte of sealed tokens by
// every other byte value.
func TestOpenRejectsEveryAlteredByte(t *testing.T) {
	s := testSealer(t)
	binding := []byte("traj-1#1")
	for _, st := range sealStates[:2] {
		sealed, _ := s.Seal(sealToken(t, st), binding)
		b := []byte(sealed)
		for i := range b {
			orig := b[i]
			for v := range 256 {
				if byte(v) == orig {
					continue
				}
				b[i] = byte(v)
				if tok, err := s.Open(string(b), binding); err != ErrInvalidToken || tok != "" {
					t.Fatalf("byte %d set to %#x: Open = (%q, %v)", i, v, tok, err)
				}
			}
			b[i] = orig
		}
		// Truncated, extended, and with the tag moved.
		for _, bad := range []string{
			sealed[:len(sealed)-1], sealed + "A", sealed + ".", sealed[:len(sealed)-sealTagLen-1],
			strings.Replace(sealed, SealedTokenPrefix, TokenPrefix, 1),
			SealedTokenPrefix + sealed[len(sealed)-sealTagLen:] + "." + sealed[len(SealedTokenPrefix):len(sealed)-sealTagLen-1],
		} {
			if tok, err := s.Open(bad, binding); err != ErrInvalidToken || tok != "" {
				t.Errorf("Open(%q) = (%q, %v)", bad, tok, err)
			}
		}
	}
}

func TestOpenRejectsAnotherKeyOrBinding(t *testing.T) {
	s := testSealer(t)
	other, _ := NewSealer([]byte("fedcba9876543210fedcba9876543210"))
	near, _ := NewSealer(append([]byte{1}, sealKey...))
	tok := sealToken(t, sealStates[1])
	binding := []byte("traj-1#1")
	sealed, _ := s.Seal(tok, binding)
	for name, o := range map[string]*Sealer{"another key": other, "a longer key": near} {
		if got, err := o.Open(sealed, binding); err != ErrInvalidToken || got != "" {
			t.Errorf("%s: Open = (%q, %v)", name, got, err)
		}
	}
	for _, wrong := range [][]byte{nil, []byte("traj-1#2"), []byte("traj-1#1 "), []byte("traj-1#"), []byte("Traj-1#1")} {
		if got, err := s.Open(sealed, wrong); err != ErrInvalidToken || got != "" {
			t.Errorf("binding %q: Open = (%q, %v)", wrong, got, err)
		}
	}
	// An empty binding is a binding like any other.
	empty, _ := s.Seal(tok, nil)
	if got, err := s.Open(empty, []byte{}); err != nil || got != tok {
		t.Errorf("empty binding: Open = (%q, %v)", got, err)
	}
	if _, err := s.Open(empty, []byte{0}); err != ErrInvalidToken {
		t.Errorf("empty binding opened with a NUL byte: %v", err)
	}
	if empty == sealed {
		t.Error("two bindings give one sealed token")
	}
}

func TestSealRejectsWhatIsNotAPlainToken(t *testing.T) {
	s := testSealer(t)
	tok := sealToken(t, sealStates[1])
	sealed, _ := s.Seal(tok, nil)
	for _, bad := range []string{"", TokenPrefix, tok + "A", strings.Repeat("A", MaxTokenBytes+1), sealed, "alg-state-v1.AQAAAAA"} {
		if got, err := s.Seal(bad, nil); err != ErrInvalidToken || got != "" {
			t.Errorf("Seal(%q) = (%q, %v)", bad, got, err)
		}
	}
	if _, err := Decode(sealed); err != ErrInvalidToken {
		t.Errorf("Decode accepts a sealed token: %v", err)
	}
	if got, err := s.Open(tok, nil); err != ErrInvalidToken || got != "" {
		t.Errorf("Open accepts a plain token: (%q, %v)", got, err)
	}
	for _, long := range []string{
		sealed + strings.Repeat("A", MaxTokenBytes),
		SealedTokenPrefix + strings.Repeat("A", MaxTokenBytes) + "." + strings.Repeat("A", sealTagLen),
	} {
		if got, err := s.Open(long, nil); err != ErrInvalidToken || got != "" {
			t.Errorf("Open of %d bytes = (%q, %v)", len(long), got, err)
		}
	}
}

func TestSealerKeys(t *testing.T) {
	for _, n := range []int{0, 1, MinSealKeyBytes - 1} {
		if s, err := NewSealer(make([]byte, n)); s != nil || err != ErrInvalidKey {
			t.Errorf("NewSealer of %d bytes = (%v, %v)", n, s, err)
		}
	}
	key := bytes.Clone(sealKey[:MinSealKeyBytes])
	s, err := NewSealer(key)
	if err != nil {
		t.Fatalf("NewSealer at the minimum: %v", err)
	}
	tok := sealToken(t, State{})
	sealed, _ := s.Seal(tok, nil)
	key[0] ^= 1 // the Sealer holds its own copy
	if got, err := s.Open(sealed, nil); err != nil || got != tok {
		t.Errorf("after the caller changed its key: Open = (%q, %v)", got, err)
	}
	for name, z := range map[string]*Sealer{"nil": nil, "zero": {}} {
		if got, err := z.Seal(tok, nil); err != ErrInvalidKey || got != "" {
			t.Errorf("%s Sealer: Seal = (%q, %v)", name, got, err)
		}
		if got, err := z.Open(sealed, nil); err != ErrInvalidKey || got != "" {
			t.Errorf("%s Sealer: Open = (%q, %v)", name, got, err)
		}
	}
	if ErrInvalidKey.Error() != "agent-loop-guard protocol state: invalid key" {
		t.Errorf("ErrInvalidKey text %q", ErrInvalidKey)
	}
}

// TestSealCostDoesNotGrowWithTheBinding: the binding is streamed into the
// MAC, never copied, so a 64 KiB binding costs as many allocations as a
// one-byte one (the HMAC state, the result and, in Open, the decoded
// fingerprint), a small constant.
func TestSealCostDoesNotGrowWithTheBinding(t *testing.T) {
	s := testSealer(t)
	tok := sealToken(t, sealStates[1])
	var allocs [2][2]float64
	for i, binding := range [][]byte{[]byte("b"), bytes.Repeat([]byte("b"), 64<<10)} {
		sealed, _ := s.Seal(tok, binding)
		allocs[i][0] = testing.AllocsPerRun(50, func() { _, _ = s.Seal(tok, binding) })
		allocs[i][1] = testing.AllocsPerRun(50, func() { _, _ = s.Open(sealed, binding) })
	}
	if allocs[0] != allocs[1] || allocs[0][0] > 20 || allocs[0][1] > 20 {
		t.Errorf("Seal and Open allocate %v times with a 1-byte binding, %v with 64 KiB", allocs[0], allocs[1])
	}
}

// FuzzOpen checks that Open never panics, fails only with the bare
// sentinel, and accepts only what Seal produced for the binding: whenever
// it returns a token, the token decodes and sealing it again for the same
// binding gives the input byte for byte. Seeds: testdata/fuzz/FuzzOpen
// (sealed tokens under sealKey with their bindings, and alterations).
func FuzzOpen(f *testing.F) {
	s := testSealer(f)
	f.Fuzz(func(t *testing.T, sealed string, binding []byte) {
		tok, err := s.Open(sealed, binding)
		if err != nil {
			if err != ErrInvalidToken || tok != "" {
				t.Fatalf("Open = (%q, %v)", tok, err)
			}
			return
		}
		if _, err := Decode(tok); err != nil {
			t.Fatalf("Open returned %q, which Decode rejects", tok)
		}
		if again, err := s.Seal(tok, binding); err != nil || again != sealed {
			t.Fatalf("Open(%q, %q) = %q, but Seal gives (%q, %v)", sealed, binding, tok, again, err)
		}
	})
}
