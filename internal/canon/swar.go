package canon

// Word-at-a-time tests over eight bytes packed little-endian in a uint64.
// A "bad" mask has the high bit of some byte set exactly when at least one
// byte of the word has the property; which bit is set is not meaningful.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// zeroBytes flags zero bytes of x (exact as a whole: non-zero iff some byte
// of x is zero).
func zeroBytes(x uint64) uint64 { return (x - lsb) &^ x }

// exactBytes sets the high bit of exactly the bytes of x equal to c: unlike
// zeroBytes, no borrow can flag a neighbour.
func exactBytes(x uint64, c byte) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f // lanes without their high bit
	y := x ^ (uint64(c) * lsb)
	// y&low7 + low7 carries into the high bit of a lane exactly when the
	// lane's low seven bits are not all zero, and never across lanes.
	return ^((y&low7 + low7) | y) & msb
}

// load64 reads eight bytes of s starting at i, little-endian.
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// loadTail reads the fewer than eight bytes of s from i to its end,
// little-endian, with the missing high lanes filled with spaces: a byte
// every test here treats as plain ASCII that needs no work.
func loadTail[T ~string | ~[]byte](s T, i int) uint64 {
	x := uint64(0x2020202020202020)
	for k := len(s) - 1; k >= i; k-- {
		x = x<<8 | uint64(s[k])
	}
	return x
}

// htmlBytes flags '<', '>' and '&'. Only the lowest flag is exact, so a
// flag among lanes 0 to k-1 proves one of them holds such a byte.
func htmlBytes(x uint64) uint64 {
	return (zeroBytes((x|0x02*lsb)^('>'*lsb)) | zeroBytes(x^('&'*lsb))) & msb
}
