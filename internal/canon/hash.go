package canon

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
)

// SHA256HexLen is the number of lowercase hexadecimal characters of a
// SHA-256 digest.
const SHA256HexLen = 2 * sha256.Size

const lowerHex = "0123456789abcdef"

// AppendHex appends the lowercase hexadecimal form of b to dst. It writes
// four input bytes at a time as one 8-byte store of table pairs.
func AppendHex(dst, b []byte) []byte {
	n := len(dst)
	dst = slices.Grow(dst, 2*len(b))[:n+2*len(b)]
	out := dst[n:]
	for len(b) >= 4 {
		binary.LittleEndian.PutUint64(out, hexPair(b[0])|hexPair(b[1])<<16|hexPair(b[2])<<32|hexPair(b[3])<<48)
		b, out = b[4:], out[8:]
	}
	for i, c := range b {
		out[2*i], out[2*i+1] = hexPairs[2*int(c)], hexPairs[2*int(c)+1]
	}
	return dst
}

// hexPairs holds the two lowercase hexadecimal digits of every byte value.
const hexPairs = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" +
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f" +
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f" +
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f" +
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f" +
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf" +
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf" +
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"

// hexPair returns the two digits of c as a little-endian 16-bit value.
func hexPair(c byte) uint64 {
	j := 2 * int(c)
	return uint64(hexPairs[j]) | uint64(hexPairs[j+1])<<8
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
// It does not allocate and decodes nothing: its eight words are tested at
// once (see lowerHexLanes), with no loop and no branch.
func IsLowerHexDigest(s string) bool {
	if len(s) != SHA256HexLen {
		return false
	}
	s = s[:SHA256HexLen]
	a, b, c, d := load64(s, 0), load64(s, 8), load64(s, 16), load64(s, 24)
	e, f, g, h := load64(s, 32), load64(s, 40), load64(s, 48), load64(s, 56)
	hex := lowerHexLanes(a) & lowerHexLanes(b) & lowerHexLanes(c) & lowerHexLanes(d) &
		lowerHexLanes(e) & lowerHexLanes(f) & lowerHexLanes(g) & lowerHexLanes(h)
	return (a|b|c|d|e|f|g|h|^hex)&msb == 0
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

// parseHexDigest decodes exactly 64 lowercase hexadecimal characters,
// eight at a time: each word is validated (every byte in 0-9 or a-f) and
// its eight digits are converted and packed into four bytes without a
// branch or a table.
func parseHexDigest(h string) (sum [sha256.Size]byte, ok bool) {
	if len(h) != SHA256HexLen {
		return sum, false
	}
	bad := uint64(0)
	for w := 0; w < SHA256HexLen/8; w++ {
		v, b := hexWord(load64(h, 8*w))
		bad |= b
		binary.LittleEndian.PutUint32(sum[4*w:], v)
	}
	return sum, bad == 0
}

// hexWord converts the eight lowercase hexadecimal digits of x (the first
// digit in the lowest byte) to the four bytes they spell, little-endian; bad
// is non-zero when some byte is not such a digit.
func hexWord(x uint64) (v uint32, bad uint64) {
	bad = notLowerHex(x)
	// A digit's value is its low nibble, a letter's its low nibble plus 9
	// (letters are the digits with bit 6 set).
	nib := x&(0x0f*lsb) + (x>>6&lsb)*9
	t := (nib<<4 | nib>>8) & 0x00ff00ff00ff00ff
	t = (t | t>>8) & 0x0000ffff0000ffff
	return uint32(t | t>>16), bad
}
