package canon

import (
	"crypto/sha256"
	"encoding/hex"
)

// SHA256HexLen is the number of lowercase hexadecimal characters of a
// SHA-256 digest.
const SHA256HexLen = 2 * sha256.Size

const lowerHex = "0123456789abcdef"

// AppendHex appends the lowercase hexadecimal form of b to dst.
func AppendHex(dst, b []byte) []byte { return hex.AppendEncode(dst, b) }

// Hex returns the 64 lowercase hexadecimal characters of a SHA-256 sum.
// It allocates exactly once, for the result.
func Hex(sum [sha256.Size]byte) string {
	return PrefixedHex("", sum)
}

// PrefixedHex returns prefix followed by the lowercase hexadecimal form of
// sum, as in "sha256:<64 hex>" or "v1:<64 hex>". It allocates once, for the
// result, as long as prefix is at most 16 bytes.
func PrefixedHex(prefix string, sum [sha256.Size]byte) string {
	var buf [16 + SHA256HexLen]byte
	return string(AppendHex(append(buf[:0], prefix...), sum[:]))
}

// SumHex returns the lowercase hexadecimal SHA-256 of b.
func SumHex(b []byte) string {
	return Hex(sha256.Sum256(b))
}

// IsLowerHexDigest reports whether s is exactly 64 bytes, each in 0-9 or a-f.
func IsLowerHexDigest(s string) bool {
	if len(s) != SHA256HexLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lowerHexValue[s[i]] < 0 {
			return false
		}
	}
	return true
}

// IsPrefixedDigest reports whether s is exactly prefix followed by 64
// lowercase hexadecimal characters. It does not allocate.
func IsPrefixedDigest(s, prefix string) bool {
	return len(s) == len(prefix)+SHA256HexLen && s[:len(prefix)] == prefix && IsLowerHexDigest(s[len(prefix):])
}

// ParsePrefixedDigest returns the SHA-256 sum spelled by s, which must be
// exactly prefix followed by 64 lowercase hexadecimal characters. It does
// not allocate.
func ParsePrefixedDigest(s, prefix string) (sum [sha256.Size]byte, ok bool) {
	if len(s) != len(prefix)+SHA256HexLen || s[:len(prefix)] != prefix {
		return sum, false
	}
	return parseHexDigest(s[len(prefix):])
}

// parseHexDigest decodes exactly 64 lowercase hexadecimal characters.
func parseHexDigest(h string) (sum [sha256.Size]byte, ok bool) {
	if !IsLowerHexDigest(h) {
		return sum, false
	}
	for i := range sum {
		sum[i] = byte(lowerHexValue[h[2*i]])<<4 | byte(lowerHexValue[h[2*i+1]])
	}
	return sum, true
}
