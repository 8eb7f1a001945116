package protocolstate

import (
	"encoding/base64"
	"strings"
	"testing"
)

// fp is the fixture fingerprint of the golden vectors.
const fp = "sha256:bc115ce1e8fd8999a73853d62d12c68085663425b918bf3dc977d984bd3fc501"

// otherFP is a second canonical fingerprint.
const otherFP = "sha256:2099719c1bd905b32b9a28ecf4eda5458e3181e1df86e33b307bd4e3bcd707ea"

func encodeRaw(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// payloadOf builds a token payload from its fields; L is given explicitly so
// tests can make it disagree with the fingerprint bytes.
func payloadOf(version, flags, reprompts, noProgress, fpLen byte, fingerprint string) []byte {
	return append([]byte{version, flags, reprompts, noProgress, fpLen}, fingerprint...)
}

// tokenOf is the token spelling of payload.
func tokenOf(payload []byte) string { return TokenPrefix + encodeRaw(payload) }

// assertRejected checks that Decode rejects token with the zero State and the
// bare sentinel, that the first failing check is want, and that the error
// text does not carry the token.
func assertRejected(t *testing.T, token string, want rejection) {
	t.Helper()
	if _, got := decode(token); got != want {
		t.Errorf("first failing check = %q, want %q", got, want)
	}
	if _, ref := refDecode(token); ref != want {
		t.Errorf("the reference's first failing check = %q, want %q", ref, want)
	}
	s, err := Decode(token)
	if err != ErrInvalidToken || s != (State{}) {
		t.Fatalf("Decode = (%+v, %v), want (State{}, ErrInvalidToken)", s, err)
	}
	if tail := strings.TrimPrefix(token, TokenPrefix); tail != "" && strings.Contains(err.Error(), tail) {
		t.Fatalf("error %q carries the token", err)
	}
}

func TestEncodeMatchesTheWireLayout(t *testing.T) {
	cases := []struct {
		state   State
		payload []byte
	}{
		{State{}, payloadOf(1, 0, 0, 0, 0, "")},
		{State{Terminal: true}, payloadOf(1, 1, 0, 0, 0, "")},
		{State{Reprompts: 3, ConsecutiveNoProgress: 64, LastFingerprint: fp, Terminal: true}, payloadOf(1, 1, 3, 64, 71, fp)},
		{State{ConsecutiveNoProgress: 7, LastFingerprint: otherFP}, payloadOf(1, 0, 0, 7, 71, otherFP)},
	}
	for _, tc := range cases {
		got, err := Encode(tc.state)
		if want := tokenOf(tc.payload); err != nil || got != want {
			t.Errorf("Encode(%+v) = (%q, %v), want %q", tc.state, got, err, want)
		}
		if n := len(got); n != 20 && n != 115 {
			t.Errorf("token length %d", n)
		}
	}
}

func TestEncodeRejectsInvalidStates(t *testing.T) {
	cases := []State{
		{Reprompts: -1, LastFingerprint: fp},
		{Reprompts: 4, LastFingerprint: fp},
		{ConsecutiveNoProgress: 65, LastFingerprint: fp},
		{Reprompts: 1},
		{ConsecutiveNoProgress: 1, Terminal: true},
		{LastFingerprint: strings.ToUpper(fp)},
		{LastFingerprint: fp + "\n"},
		{LastFingerprint: "sha512:" + fp[7:]},
	}
	for _, s := range cases {
		if tok, err := Encode(s); tok != "" || err != ErrInvalidState {
			t.Errorf("Encode(%+v) = (%q, %v), want ErrInvalidState", s, tok, err)
		}
	}
}

// TestDecodeRejectsByCheck pins each Decode check: every token here passes
// all the checks before the named one and fails exactly that one.
func TestDecodeRejectsByCheck(t *testing.T) {
	valid := encodeRaw(payloadOf(1, 0, 1, 0, 71, fp))
	cases := []struct {
		name  string
		token string
		want  rejection
	}{
		{"empty", "", rejectLength},
		{"bare prefix", TokenPrefix, rejectLength},
		{"one byte over the bound", TokenPrefix + strings.Repeat("A", MaxTokenBytes-len(TokenPrefix)+1), rejectLength},
		{"legacy namespace", "alg-state-v1." + valid, rejectPrefix},
		{"upper-case prefix", "ALG-PROTO-V1." + valid, rejectPrefix},
		{"leading space", " alg-proto-v1.AQAAAAA", rejectPrefix},
		{"short prefix", "alg-proto-v1AQAAAAA", rejectPrefix},
		{"future namespace", "alg-proto-v2.AQAAAAA", rejectPrefix},
		{"padding", TokenPrefix + "AQAAAAA=", rejectBase64},
		{"standard alphabet plus", TokenPrefix + "AQAA+AA", rejectBase64},
		{"standard alphabet slash", TokenPrefix + "AQAA/AA", rejectBase64},
		{"space", TokenPrefix + "AQAA AAA", rejectBase64},
		{"tab", TokenPrefix + "AQAAAAA\t", rejectBase64},
		{"trailing space", TokenPrefix + "AQAAAAA ", rejectBase64},
		{"non-ascii", TokenPrefix + "AQAAAA\u00c9", rejectBase64},
		{"one symbol mod four", TokenPrefix + "AQAAAAAAA", rejectBase64},
		{"non-zero unused bits", TokenPrefix + "AQAAAAB", rejectBase64},
		{"non-zero unused bits in a long payload", TokenPrefix + valid[:len(valid)-1] + "R", rejectBase64},
		{"three bytes", TokenPrefix + "AQAB", rejectPayloadSize},
		{"four bytes", TokenPrefix + encodeRaw([]byte{1, 0, 0, 0}), rejectPayloadSize},
		{"one byte over the payload", tokenOf(payloadOf(1, 0, 1, 0, 71, fp+"0")), rejectPayloadSize},
		{"largest body", TokenPrefix + strings.Repeat("A", MaxTokenBytes-len(TokenPrefix)), rejectPayloadSize},
		{"line feed", TokenPrefix + valid[:8] + "\n" + valid[8:], rejectNoncanonical},
		{"carriage return", TokenPrefix + valid[:8] + "\r" + valid[8:], rejectNoncanonical},
		{"crlf", TokenPrefix + "AQAAAAA\r\n", rejectNoncanonical},
		{"leading line feed", TokenPrefix + "\nAQAAAAA", rejectNoncanonical},
		{"version zero", tokenOf(payloadOf(0, 0, 0, 0, 0, "")), rejectHeader},
		{"version two", tokenOf(payloadOf(2, 0, 1, 0, 71, fp)), rejectHeader},
		{"version 255", tokenOf(payloadOf(255, 0, 0, 0, 0, "")), rejectHeader},
		{"flag bit 1", tokenOf(payloadOf(1, 2, 0, 0, 0, "")), rejectHeader},
		{"flag bits 0 and 7", tokenOf(payloadOf(1, 0x81, 0, 0, 0, "")), rejectHeader},
		{"length 72 with 71 bytes", tokenOf(payloadOf(1, 0, 1, 0, 72, fp)), rejectFingerprintSize},
		{"length 255", tokenOf(payloadOf(1, 0, 0, 0, 255, fp)), rejectFingerprintSize},
		{"truncated fingerprint", tokenOf(payloadOf(1, 0, 1, 0, 71, fp[:70])), rejectFingerprintSize},
		{"trailing payload", tokenOf(payloadOf(1, 0, 1, 0, 70, fp)), rejectFingerprintSize},
		{"trailing byte without fingerprint", tokenOf(payloadOf(1, 0, 0, 0, 0, "x")), rejectFingerprintSize},
		{"reprompts 4", tokenOf(payloadOf(1, 0, 4, 0, 71, fp)), rejectState},
		{"reprompts 255", tokenOf(payloadOf(1, 1, 255, 0, 71, fp)), rejectState},
		{"no-progress 65", tokenOf(payloadOf(1, 0, 0, 65, 71, fp)), rejectState},
		{"reprompts without baseline", tokenOf(payloadOf(1, 0, 1, 0, 0, "")), rejectState},
		{"no-progress without baseline", tokenOf(payloadOf(1, 1, 0, 1, 0, "")), rejectState},
		{"upper-case digest", tokenOf(payloadOf(1, 0, 0, 0, 71, strings.ToUpper(fp))), rejectState},
		{"other digest prefix", tokenOf(payloadOf(1, 0, 0, 0, 71, "sha512:"+fp[7:])), rejectState},
		{"non-hex digit", tokenOf(payloadOf(1, 0, 0, 0, 71, fp[:70]+"g")), rejectState},
		{"trailing newline in fingerprint", tokenOf(payloadOf(1, 0, 0, 0, 71, fp[:70]+"\n")), rejectState},
		{"short fingerprint", tokenOf(payloadOf(1, 0, 0, 0, 7, "sha256:")), rejectState},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { assertRejected(t, tc.token, tc.want) })
	}
}

func TestDecodeAcceptsTheBoundaries(t *testing.T) {
	cases := []State{
		{},
		{Terminal: true},
		{LastFingerprint: fp},
		{Reprompts: MaxReprompts, ConsecutiveNoProgress: MaxConsecutiveNoProgress, LastFingerprint: fp, Terminal: true},
		{Reprompts: 2, LastFingerprint: otherFP},
	}
	for _, want := range cases {
		token := tokenOf(payloadOf(1, map[bool]byte{false: 0, true: 1}[want.Terminal],
			byte(want.Reprompts), byte(want.ConsecutiveNoProgress), byte(len(want.LastFingerprint)), want.LastFingerprint))
		got, err := Decode(token)
		if err != nil || got != want {
			t.Errorf("Decode(%q) = (%+v, %v), want %+v", token, got, err, want)
		}
	}
}

func TestTokenErrorsNeverCarryInput(t *testing.T) {
	for _, token := range []string{"alg-proto-v1.secret-token-text", TokenPrefix + "AQAAAAB", "secret"} {
		_, err := Decode(token)
		if err != ErrInvalidToken || strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "AQAAAAB") {
			t.Errorf("Decode error %v", err)
		}
	}
	_, err := Encode(State{LastFingerprint: "sha256:secret"})
	if err != ErrInvalidState || strings.Contains(err.Error(), "secret") {
		t.Errorf("Encode error %v", err)
	}
}

func TestTokenAllocations(t *testing.T) {
	states := []State{{}, {Reprompts: 1, LastFingerprint: fp}}
	for _, s := range states {
		token, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = Encode(s) }); n > 1 {
			t.Errorf("Encode(%+v) allocates %v times, want at most 1", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = Decode(token) }); n > 1 {
			t.Errorf("Decode(%q) allocates %v times, want at most 1", token, n)
		}
	}
	for _, bad := range []string{"", TokenPrefix + "AQAAAAB", tokenOf(payloadOf(1, 0, 0, 0, 71, strings.ToUpper(fp)))} {
		if n := testing.AllocsPerRun(100, func() { _, _ = Decode(bad) }); n > 1 {
			t.Errorf("Decode(%q) allocates %v times, want at most 1", bad, n)
		}
	}
}
