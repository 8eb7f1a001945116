package canon

// Word-at-a-time tests over eight bytes packed little-endian in a uint64,
// the one home of the module's word arithmetic. A test flags a byte by
// setting its high bit. The tests of ASCII words (x&msb == 0) flag
// exactly the bytes with the property: for such lanes adding up to 0x80
// never carries into the next lane, so a lane's high bit after x +
// (0x80-c) says whether it is at least c, and after (x ^ c) + low7
// whether it differs from c.

const (
	lsb  = 0x0101010101010101 // the low bit of every lane
	msb  = 0x8080808080808080 // the high bit of every lane
	low7 = 0x7f7f7f7f7f7f7f7f // every lane without its high bit
)

// load64 reads eight bytes of s starting at i, little-endian.
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// exactBytes flags exactly the bytes of x equal to c, whatever x holds:
// y&low7 + low7 carries into a lane's high bit exactly when its low seven
// bits are not all zero, and never across lanes.
func exactBytes(x uint64, c byte) uint64 {
	y := x ^ (uint64(c) * lsb)
	return ^((y&low7 + low7) | y) & msb
}

// serdeStops7 flags the bytes of an ASCII word below 0x20, '"' and '\\'.
func serdeStops7(x uint64) uint64 {
	return ^((x + 0x60*lsb) & ((x ^ '"'*lsb) + low7) & ((x ^ '\\'*lsb) + low7)) & msb
}

// jsonStops7 flags serdeStops7's bytes and '<', '>' and '&'.
func jsonStops7(x uint64) uint64 {
	return ^((x + 0x60*lsb) & ((x | 0x04*lsb) ^ '&'*lsb + low7) & // '"' or '&'
		((x | 0x02*lsb) ^ '>'*lsb + low7) & ((x ^ '\\'*lsb) + low7)) & msb // '<' or '>'
}

// htmlBytes7 flags the bytes of an ASCII word that are '<', '>' or '&'.
func htmlBytes7(x uint64) uint64 {
	return ^(((x | 0x02*lsb) ^ '>'*lsb + low7) & ((x ^ '&'*lsb) + low7)) & msb
}
