package protocolstate

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"hash"
	"strings"
)

// Sealed token framing. A sealed token is
//
//	SealedTokenPrefix ‖ B ‖ "." ‖ T
//
// where B is the body of a plain token t (the base64url text after
// TokenPrefix, so t = TokenPrefix ‖ B) and T is the unpadded base64url
// encoding (43 characters) of the 32-byte tag
//
//	HMAC-SHA-256(key, sealLabel ‖ u64(len(binding)) ‖ binding ‖ u64(len(t)) ‖ t)
//
// with u64 an 8-byte big-endian length and sealLabel the fixed 33-byte
// domain-separation label "agentkernel protocolstate seal v1". The label
// keeps the tags of this construction apart from any other use of the same
// key, the lengths keep every (binding, token) pair apart from every
// other, and the tag covers the whole plain token, prefix included, so no
// part of a sealed token can be swapped, moved into the binding, or
// combined with another's. The base64url alphabet has no ".", so the last
// "." of a sealed token separates B from T.
const (
	// SealedTokenPrefix starts every sealed token. It differs from
	// TokenPrefix, so Decode rejects a sealed token and Open a plain one.
	SealedTokenPrefix = "alg-proto-v1s."
	// MinSealKeyBytes is the shortest key NewSealer accepts. Use a key of
	// at least 32 bytes from a cryptographic random source.
	MinSealKeyBytes = 16
)

const (
	sealLabel  = "agentkernel protocolstate seal v1"
	sealTagLen = (sha256.Size*8 + 5) / 6 // base64url length of the tag: 43
	// maxSealedBytes is the length of the longest sealed token: the
	// longest plain body, the separator and the tag.
	maxSealedBytes = len(SealedTokenPrefix) + maxPayloadB64 + 1 + sealTagLen
)

// The longest sealed token fits MaxTokenBytes, like a plain one.
var _ [MaxTokenBytes - maxSealedBytes]struct{}

// A Sealer seals plain tokens into authenticated, context-bound ones and
// opens them again, with a key the caller chooses and keeps: the package
// holds no keys. A Sealer is immutable and safe for concurrent use.
//
// The zero Sealer, and a nil *Sealer, hold no key: their methods return
// ErrInvalidKey.
type Sealer struct {
	key []byte
}

// NewSealer returns a Sealer using a copy of key as its HMAC-SHA-256 key;
// key must hold at least MinSealKeyBytes bytes (else ErrInvalidKey). As for
// any HMAC key, zero bytes appended to a key of at most 64 bytes do not
// change it: draw keys of a fixed length.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) < MinSealKeyBytes {
		return nil, ErrInvalidKey
	}
	return &Sealer{key: append([]byte(nil), key...)}, nil
}

// Seal returns the sealed form of token bound to binding: caller-chosen
// bytes naming the context the token may be used in, such as a trajectory
// reference and the continuation attempt or a request ID (nil and empty are
// the same binding). token must be a plain token Decode accepts, else Seal
// returns ("", ErrInvalidToken). The result starts with SealedTokenPrefix,
// is at most MaxTokenBytes long (160 bytes for the longest token), and is
// the same for the same key, token and binding.
func (s *Sealer) Seal(token string, binding []byte) (string, error) {
	if s == nil || len(s.key) == 0 {
		return "", ErrInvalidKey
	}
	if _, reason := decode(token); reason != accepted {
		return "", ErrInvalidToken
	}
	body := token[len(TokenPrefix):]
	var buf [maxSealedBytes]byte
	b := append(append(append(buf[:0], SealedTokenPrefix...), body...), '.')
	tag := s.tag(binding, body)
	b = base64.RawURLEncoding.AppendEncode(b, tag[:])
	if len(b) > MaxTokenBytes {
		return "", ErrInvalidToken // unreachable: maxSealedBytes fits
	}
	return string(b), nil
}

// Open checks that sealed is a token Seal produced with this Sealer's key
// for binding, and returns the plain token it carries (which Decode
// accepts). Anything else, a sealed token altered in any byte, sealed with
// another key or for another binding, a plain token, or input longer than
// MaxTokenBytes, gives ("", ErrInvalidToken), never a token. The tag is
// compared in constant time; errors never carry the input.
func (s *Sealer) Open(sealed string, binding []byte) (string, error) {
	if s == nil || len(s.key) == 0 {
		return "", ErrInvalidKey
	}
	if len(sealed) > MaxTokenBytes || !strings.HasPrefix(sealed, SealedTokenPrefix) {
		return "", ErrInvalidToken
	}
	rest := sealed[len(SealedTokenPrefix):]
	dot := strings.LastIndexByte(rest, '.')
	if dot < 0 || len(rest)-dot-1 != sealTagLen {
		return "", ErrInvalidToken
	}
	body := rest[:dot]
	want := s.tag(binding, body)
	var wantText, got [sealTagLen]byte
	base64.RawURLEncoding.Encode(wantText[:], want[:])
	copy(got[:], rest[dot+1:])
	if !hmac.Equal(wantText[:], got[:]) {
		return "", ErrInvalidToken
	}
	token := TokenPrefix + body
	if _, reason := decode(token); reason != accepted {
		return "", ErrInvalidToken // only a token Seal accepted carries a valid tag
	}
	return token, nil
}

// tag returns the tag of the plain token TokenPrefix+body bound to
// binding.
func (s *Sealer) tag(binding []byte, body string) [sha256.Size]byte {
	m := hmac.New(sha256.New, s.key)
	var n [8]byte
	writeString(m, sealLabel)
	binary.BigEndian.PutUint64(n[:], uint64(len(binding)))
	m.Write(n[:])
	m.Write(binding)
	binary.BigEndian.PutUint64(n[:], uint64(len(TokenPrefix)+len(body)))
	m.Write(n[:])
	writeString(m, TokenPrefix)
	writeString(m, body)
	var sum [sha256.Size]byte
	m.Sum(sum[:0])
	return sum
}

// writeString writes s to h in pieces through a stack buffer (hash writes
// never fail).
func writeString(h hash.Hash, s string) {
	var buf [64]byte
	for len(s) > 0 {
		n := copy(buf[:], s)
		h.Write(buf[:n])
		s = s[n:]
	}
}
