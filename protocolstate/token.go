package protocolstate

import (
	"encoding/base64"

	"github.com/agentkernel/agentkernel/terminaldecision"
)

// Token framing. A token is TokenPrefix followed by the unpadded base64url
// encoding (RFC 4648 URL-safe alphabet A-Z a-z 0-9 '-' '_', no '=' padding)
// of a payload of 5 + L bytes:
//
//	offset 0   version, always 0x01
//	offset 1   flags: bit 0 is State.Terminal, every other bit is zero
//	offset 2   State.Reprompts (0..MaxReprompts)
//	offset 3   State.ConsecutiveNoProgress (0..MaxConsecutiveNoProgress)
//	offset 4   L, the byte length of State.LastFingerprint (0 or 71)
//	offset 5   the L bytes of State.LastFingerprint
//
// A valid state therefore gives a 5- or 76-byte payload, that is a 20- or
// 115-byte token. The token of the zero State is "alg-proto-v1.AQAAAAA".
const (
	// TokenPrefix starts every V1 token. It is deliberately distinct from the
	// legacy "alg-state-v1." namespace, which is never translated.
	TokenPrefix = "alg-proto-v1."
	// MaxTokenBytes bounds a whole token so that it fits an opaque
	// identifier (terminaldecision.MaxIdentifierBytes).
	MaxTokenBytes = terminaldecision.MaxIdentifierBytes
)

const (
	tokenVersion  = 0x01 // payload byte 0
	flagTerminal  = 0x01 // payload byte 1, bit 0: State.Terminal
	headerBytes   = 5    // version, flags, reprompts, no-progress, L
	maxPayload    = headerBytes + fingerprintBytes
	maxPayloadB64 = (maxPayload*8 + 5) / 6 // base64 length of maxPayload bytes
	maxTokenBody  = MaxTokenBytes - len(TokenPrefix)
	maxBodyDecode = maxTokenBody * 6 / 8 // bytes a maximal body can decode to
)

// Encode returns the token of state, or ("", ErrInvalidState) if state is
// invalid: an invalid value never yields a token. A valid state encodes to a
// 20-byte token without a fingerprint and a 115-byte token with one. Encode
// allocates only the result.
func Encode(state State) (string, error) {
	if state.Validate() != nil {
		return "", ErrInvalidState
	}
	var payload [maxPayload]byte
	payload[0] = tokenVersion
	if state.Terminal {
		payload[1] = flagTerminal
	}
	payload[2] = byte(state.Reprompts)
	payload[3] = byte(state.ConsecutiveNoProgress)
	payload[4] = byte(len(state.LastFingerprint))
	n := headerBytes + copy(payload[headerBytes:], state.LastFingerprint)

	var token [len(TokenPrefix) + maxPayloadB64]byte
	copy(token[:], TokenPrefix)
	body := token[len(TokenPrefix):]
	base64.RawURLEncoding.Encode(body, payload[:n])
	return string(token[:len(TokenPrefix)+base64.RawURLEncoding.EncodedLen(n)]), nil
}

// Decode returns the State carried by token, or (State{}, ErrInvalidToken) if
// token is malformed in any way. Decode accepts exactly the tokens Encode
// produces: whenever it succeeds, Encode of the result returns token byte for
// byte.
//
// The State returned with an error is not a usable state. It only looks like
// the zero State: a caller must not pass it to Observe, Advance or Remaining,
// encode it, or otherwise treat it as a fresh start, since that would restore
// the full reprompt budget of a trajectory whose token was damaged or
// rewritten. On error, discard it and stop the protocol for this trajectory:
// let the candidate stand (for instance a terminaldecision.Decision of kind
// allow_stop with a reason such as "invalid_protocol_state") instead of
// continuing it. Only a trajectory that has no token yet starts from State{}.
//
// Decoding detects structural corruption; it does not authenticate. It
// checks, in order: the length (more than len(TokenPrefix) and at most
// MaxTokenBytes bytes), the prefix (exact, case-sensitive, no trimming),
// strict unpadded base64url (any byte outside the alphabet, padding, a
// symbol count of 1 mod 4 or non-zero unused bits in the last symbol fail),
// a decoded size of 5 to 76 bytes, canonical encoding (re-encoding the
// payload reproduces the text after the prefix exactly, so line breaks are
// rejected), the version and flags, L against the payload size (a truncated
// or trailing payload fails), and finally State.Validate. Reprompts is held
// only to the absolute bound MaxReprompts; a lower configured cap is
// Remaining's concern. Decode allocates at most the fingerprint string.
func Decode(token string) (State, error) {
	s, reason := decode(token)
	if reason != accepted {
		return State{}, ErrInvalidToken
	}
	return s, nil
}

// rejection names the first Decode check a token fails, in the spelling of
// the reject vectors; accepted means every check passed.
type rejection string

// The Decode checks, in the order they run.
const (
	accepted              rejection = ""
	rejectLength          rejection = "length"
	rejectPrefix          rejection = "prefix"
	rejectBase64          rejection = "base64"
	rejectPayloadSize     rejection = "payload_size"
	rejectNoncanonical    rejection = "noncanonical"
	rejectHeader          rejection = "header"
	rejectFingerprintSize rejection = "fingerprint_length"
	rejectState           rejection = "state"
)

// decode runs the Decode checks in order and names the first that fails.
func decode(token string) (State, rejection) {
	if len(token) <= len(TokenPrefix) || len(token) > MaxTokenBytes {
		return State{}, rejectLength
	}
	if token[:len(TokenPrefix)] != TokenPrefix {
		return State{}, rejectPrefix
	}
	text := token[len(TokenPrefix):]

	// The strict decoder skips CR and LF; the canonical check below
	// rejects them.
	var src [maxTokenBody]byte
	var payload [maxBodyDecode]byte
	enc := base64.RawURLEncoding.Strict()
	n, err := enc.Decode(payload[:], src[:copy(src[:], text)])
	if err != nil {
		return State{}, rejectBase64
	}
	if n < headerBytes || n > maxPayload {
		return State{}, rejectPayloadSize
	}
	var again [maxPayloadB64]byte
	m := enc.EncodedLen(n)
	enc.Encode(again[:], payload[:n])
	if string(again[:m]) != text {
		return State{}, rejectNoncanonical
	}
	if payload[0] != tokenVersion || payload[1]&^flagTerminal != 0 {
		return State{}, rejectHeader
	}
	if fpLen := int(payload[4]); fpLen > fingerprintBytes || n != headerBytes+fpLen {
		return State{}, rejectFingerprintSize
	}
	s := State{
		Reprompts:             int(payload[2]),
		ConsecutiveNoProgress: int(payload[3]),
		LastFingerprint:       string(payload[headerBytes:n]), // the one allocation
		Terminal:              payload[1]&flagTerminal != 0,
	}
	if s.Validate() != nil {
		return State{}, rejectState
	}
	return s, accepted
}
