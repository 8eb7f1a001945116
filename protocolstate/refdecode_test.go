package protocolstate

import "strings"

// refDecode is the token decoding rules written independently of the
// package: its own base64url decoder, its own canonical check and its own
// state rules. It returns the decoded state and the name of the first
// failing check ("" when every check passes). FuzzDecode and the rejection tables compare decode
// against it.
func refDecode(token string) (State, rejection) {
	const prefix = "alg-proto-v1."
	if len(token) <= len(prefix) || len(token) > 256 {
		return State{}, rejectLength
	}
	if !strings.HasPrefix(token, prefix) {
		return State{}, rejectPrefix
	}
	text := token[len(prefix):]
	payload, ok := refBase64URL(text)
	if !ok {
		return State{}, rejectBase64
	}
	if len(payload) < 5 || len(payload) > 76 {
		return State{}, rejectPayloadSize
	}
	if refEncodeBase64URL(payload) != text {
		return State{}, rejectNoncanonical
	}
	if payload[0] != 1 || payload[1]&^1 != 0 {
		return State{}, rejectHeader
	}
	if l := int(payload[4]); l > 71 || len(payload) != 5+l {
		return State{}, rejectFingerprintSize
	}
	s := State{Reprompts: int(payload[2]), ConsecutiveNoProgress: int(payload[3]),
		LastFingerprint: string(payload[5:]), Terminal: payload[1]&1 != 0}
	if !refValidState(s) {
		return State{}, rejectState
	}
	return s, accepted
}

const refAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// refBase64URL decodes strict unpadded base64url, skipping CR and LF:
// a symbol outside the alphabet, a symbol count of 1 mod 4 or non-zero
// unused bits in the last symbol fail.
func refBase64URL(text string) ([]byte, bool) {
	var vals []byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\r' || c == '\n' {
			continue
		}
		v := strings.IndexByte(refAlphabet, c)
		if v < 0 {
			return nil, false
		}
		vals = append(vals, byte(v))
	}
	if len(vals)%4 == 1 {
		return nil, false
	}
	out, rest, _ := refRegroup(vals, 6, 8)
	if rest != 0 { // the unused low bits of the last symbol
		return nil, false
	}
	return out, true
}

// refEncodeBase64URL is unpadded base64url, bit by bit.
func refEncodeBase64URL(b []byte) string {
	vals, rest, bits := refRegroup(b, 8, 6)
	if bits > 0 { // the last symbol, its unused low bits zero
		vals = append(vals, byte(rest<<(6-bits)))
	}
	var out strings.Builder
	for _, v := range vals {
		out.WriteByte(refAlphabet[v])
	}
	return out.String()
}

// refRegroup reads in as a stream of from-bit values, most significant
// bit first, and cuts it into to-bit values. It returns them and the
// rest: the value of the last bits that do not fill one, and their count.
func refRegroup(in []byte, from, to uint) (out []byte, rest, bits uint) {
	for _, v := range in {
		rest = rest<<from | uint(v)
		bits += from
		for bits >= to {
			bits -= to
			out = append(out, byte(rest>>bits))
			rest &= 1<<bits - 1
		}
	}
	return out, rest, bits
}

// refValidState is State.Validate's four rules.
func refValidState(s State) bool {
	if s.Reprompts < 0 || s.Reprompts > 3 || s.ConsecutiveNoProgress < 0 || s.ConsecutiveNoProgress > 64 {
		return false
	}
	if s.LastFingerprint == "" {
		return s.Reprompts == 0 && s.ConsecutiveNoProgress == 0
	}
	hex, ok := strings.CutPrefix(s.LastFingerprint, "sha256:")
	if !ok || len(hex) != 64 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if !('0' <= hex[i] && hex[i] <= '9' || 'a' <= hex[i] && hex[i] <= 'f') {
			return false
		}
	}
	return true
}
