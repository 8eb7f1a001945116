package canon

import "crypto/sha256"

// SHA256HexLen is the number of lowercase hexadecimal characters of a
// SHA-256 digest.
const SHA256HexLen = 2 * sha256.Size

const lowerHex = "0123456789abcdef"

// AppendHex appends the lowercase hexadecimal form of b to dst. (A plain
// append loop measures faster here than writing into a grown slice by
// index.)
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
	var buf [16 + SHA256HexLen]byte
	return string(AppendHex(append(buf[:0], prefix...), sum[:]))
}

// SumHex returns the lowercase hexadecimal SHA-256 of b.
func SumHex(b []byte) string {
	return Hex(sha256.Sum256(b))
}

// IsLowerHexDigest reports whether s is exactly 64 bytes, each in 0-9 or a-f.
// It does not allocate.
func IsLowerHexDigest(s string) bool {
	_, ok := parseHexDigest(s)
	return ok
}

// IsPrefixedDigest reports whether s is exactly prefix followed by 64
// lowercase hexadecimal characters. It does not allocate.
func IsPrefixedDigest(s, prefix string) bool {
	_, ok := ParsePrefixedDigest(s, prefix)
	return ok
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

// parseHexDigest decodes exactly 64 lowercase hexadecimal characters in
// one pass, validating as it goes.
func parseHexDigest(h string) (sum [sha256.Size]byte, ok bool) {
	if len(h) != SHA256HexLen {
		return sum, false
	}
	bad := byte(0)
	for i := range sum {
		hi, lo := unhex[h[2*i]], unhex[h[2*i+1]]
		bad |= hi | lo
		sum[i] = hi<<4 | lo&0x0f
	}
	return sum, bad&0xf0 == 0
}

// unhex maps a lowercase hexadecimal digit to its value and every other
// byte to 0xff.
var unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i := 0; i < 16; i++ {
		t[lowerHex[i]] = byte(i)
	}
	return t
}()
