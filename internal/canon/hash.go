package canon

import "crypto/sha256"

// SHA256HexLen is the number of lowercase hexadecimal characters of a
// SHA-256 digest.
const SHA256HexLen = 2 * sha256.Size

const lowerHex = "0123456789abcdef"

// AppendHex appends the lowercase hexadecimal form of b to dst.
func AppendHex(dst, b []byte) []byte {
	for _, c := range b {
		dst = append(dst, lowerHex[c>>4], lowerHex[c&0x0f])
	}
	return dst
}

// Hex returns the 64 lowercase hexadecimal characters of a SHA-256 sum.
// It allocates exactly once, for the result.
func Hex(sum [sha256.Size]byte) string {
	return PrefixedHex("", sum)
}

// PrefixedHex returns prefix followed by the lowercase hexadecimal form of
// sum, as in "sha256:<64 hex>" or "v1:<64 hex>". It allocates once, for the
// result, as long as prefix is at most 16 bytes.
func PrefixedHex(prefix string, sum [sha256.Size]byte) string {
	if len(prefix) > 16 {
		return prefix + Hex(sum)
	}
	var buf [16 + SHA256HexLen]byte
	n := copy(buf[:], prefix)
	h := buf[n : n+SHA256HexLen]
	for i, c := range sum {
		h[2*i] = lowerHex[c>>4]
		h[2*i+1] = lowerHex[c&0x0f]
	}
	return string(buf[:n+SHA256HexLen])
}

// SumHex returns the lowercase hexadecimal SHA-256 of b.
func SumHex(b []byte) string {
	return Hex(sha256.Sum256(b))
}

// IsLowerHexDigest reports whether s is exactly 64 bytes, each in 0-9 or a-f.
// It does not allocate.
func IsLowerHexDigest(s string) bool {
	if len(s) != SHA256HexLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
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
	if !IsPrefixedDigest(s, prefix) {
		return sum, false
	}
	h := s[len(prefix):]
	for i := range sum {
		sum[i] = unhex(h[2*i])<<4 | unhex(h[2*i+1])
	}
	return sum, true
}

// unhex returns the value of a lowercase hexadecimal digit.
func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'a' + 10
}
