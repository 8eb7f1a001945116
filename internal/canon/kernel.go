package canon

import "math/bits"

// The string kernel: one scan, eight bytes at a time, that finds the next
// byte of a JSON string body needing work while validating UTF-8. The
// escapers of both styles, the Scanner's string tokens and ValidUTF8 all run
// on it, each with its own set of ASCII bytes to stop at.

// Scan modes: which ASCII bytes scanRun stops at.
const (
	modeValid uint8 = iota // none: UTF-8 validation only
	modeSerde              // bytes below 0x20, '"' and '\\'
	modeJSON               // modeSerde's, '<', '>', '&', and U+2028/U+2029
	modeScan               // modeSerde's; '<' '>' '&' and U+2028/U+2029 only flagged

	// modeCompact is not a scanRun mode: it selects appendHTMLSafe in
	// Digest.streamEscaped.
	modeCompact
)

// scanRun returns the first offset j ≥ i at which s needs a closer look in
// the given mode, i being at a UTF-8 sequence boundary: an ASCII byte the
// mode stops at, the lead byte of U+2028 or U+2029 (modeJSON), or the start
// of a sequence the word-at-a-time check does not settle — invalid UTF-8, or
// a valid sequence the caller must decode exactly (decodeRune). The bytes
// [i, j) are valid UTF-8 needing no work. It returns len(s) when there is
// nothing more. In modeScan, flags reports StrHTML and StrLineSep for the
// bytes [i, j).
//
// Words are examined at a fixed stride: each carries into the next the
// lanes its last lead bytes require to be continuations, so consecutive
// words are independent and the loop runs at the processor's throughput.
func scanRun[T ~string | ~[]byte](s T, i int, mode uint8) (j int, flags uint8) {
	n := len(s)
	var carry uint64
	for {
		if carry == 0 {
			// Words of ASCII needing no work, by the mode's own test.
			switch mode {
			case modeValid:
				for i+16 <= n && (load64(s, i)|load64(s, i+8))&msb == 0 {
					i += 16
				}
			case modeJSON, modeScan:
				for i+8 <= n && jsonBad(load64(s, i)) == 0 {
					i += 8
				}
			default:
				for i+8 <= n && serdeBad(load64(s, i)) == 0 {
					i += 8
				}
			}
		}
		if i >= n {
			break
		}
		var x uint64
		nx := byte(' ') // the byte after the word
		if i+8 <= n {
			x = load64(s, i)
			if i+8 < n {
				nx = s[i+8]
			}
		} else {
			x = loadTail(s, i)
		}
		var stop uint64
		if x&msb != msb { // bytes from 0x80 up are never stops
			switch mode {
			case modeSerde, modeScan:
				stop = serdeStop(x)
			case modeJSON:
				stop = jsonStop(x)
			}
		}
		if x&msb == 0 && carry == 0 {
			if stop == 0 {
				if mode == modeScan && htmlBytes(x) != 0 {
					flags |= StrHTML
				}
				i += 8
				continue
			}
			k := bits.TrailingZeros64(stop) >> 3
			if mode == modeScan && htmlBytes(x)&lanesBelow(k) != 0 {
				flags |= StrHTML
			}
			return i + k, flags
		}
		// The UTF-8 check (see below), written out: the inliner would
		// not take it as a function.
		a, b, c := x<<1, x<<2, x<<3
		lead := x & a
		l3 := lead & b
		l4 := l3 & c
		bad := (x &^ a) ^ (lead<<8 | l3<<16 | l4<<24 | carry)
		cout := (lead>>56 | l3>>48 | l4>>40) & msb
		if lead&msb != 0 {
			const low7 = 0x7f7f7f7f7f7f7f7f
			nn := uint64(nx) << 56
			next5, next4 := b>>8|nn<<2, c>>8|nn<<3
			z := lead &^ (x&(0x0f*lsb) + low7)
			bad |= (lead&^l3)&^(x&(0x1e*lsb)+low7) | z&l3&^l4&^next5 | z&l4&^(next5|next4) |
				l3&^l4&^((x^0x0d*lsb)&(0x0f*lsb)+low7)&next5 | l4&(x<<4|x<<5)
		}
		bad &= msb
		var ls uint64
		if mode >= modeJSON && exactBytes(x, 0xe2) != 0 {
			ls = lineSeps(s, i, x)
		}
		if mode == modeJSON {
			stop |= ls
		}
		if bad|stop == 0 {
			if mode == modeScan {
				flags |= htmlFlags(x, ls, 8)
			}
			carry = cout
			i += 8
			continue
		}
		// The first lane needing a look: a stop, or the start of the
		// sequence holding the first malformation.
		k := 8
		if stop != 0 {
			k = bits.TrailingZeros64(stop) >> 3
		}
		if bad != 0 {
			b := bits.TrailingZeros64(bad) >> 3
			// The lanes before b are well formed. When b had to continue
			// a sequence, that sequence starts at the last lane before b
			// that is not a continuation, or in the previous word;
			// otherwise b starts the sequence to decode.
			if (lead<<8|l3<<16|l4<<24|carry)>>(8*uint(b)+7)&1 != 0 {
				starts := ^(x &^ a) & msb & lanesBelow(b)
				if starts == 0 {
					j := i - 1
					for j > 0 && s[j]&0xc0 == 0x80 {
						j--
					}
					return j, flags
				}
				b = (bits.Len64(starts) - 1) >> 3
			}
			k = min(k, b)
		}
		if mode == modeScan {
			flags |= htmlFlags(x, ls, k)
		}
		return i + k, flags
	}
	if carry != 0 {
		// A sequence runs past the end.
		j := n - 1
		for j > 0 && s[j]&0xc0 == 0x80 {
			j--
		}
		return j, flags
	}
	return n, flags
}

// lanesBelow returns the high bits of lanes 0 to k-1 (all lanes for k ≥ 8).
func lanesBelow(k int) uint64 {
	if k >= 8 {
		return msb
	}
	return msb & (1<<(8*uint(k)) - 1)
}

// htmlFlags returns the modeScan flags of lanes 0 to k-1 of x, given the
// lanes ls holding line separator leads.
func htmlFlags(x, ls uint64, k int) (f uint8) {
	m := lanesBelow(k)
	if htmlBytes(x)&m != 0 {
		f |= StrHTML
	}
	if ls&m != 0 {
		f |= StrLineSep
	}
	return f
}

// The UTF-8 check of scanRun works on a word x of eight bytes, given carry,
// the lanes the previous word's lead bytes require to be continuations, and
// nx, the byte after the word. Each lane is classified by its top bits; the
// lanes that lead bytes of two, three and four bytes require to be
// continuations must be exactly the continuation lanes. The byte after E0
// must be at least A0 (no overlong), after ED below A0 (no surrogate),
// after F0 at least 90 (no overlong); C0 and C1 (overlong) and F4 to FF
// (F4 decoded exactly, the rest invalid) are flagged. A malformed lane is
// flagged at the byte that breaks the rules.
//
// Shifting x left by k brings bit 7-k of each byte to bit 7; the other
// bits of every intermediate are noise, dropped by the final mask, and the
// shifts by whole bytes keep each bit in its position.

// lineSeps returns the lanes of the word x = s[i:i+8] holding the lead
// byte of U+2028 or U+2029 (E2 80 A8 or E2 80 A9).
func lineSeps[T ~string | ~[]byte](s T, i int, x uint64) (ls uint64) {
	for m := exactBytes(x, 0xe2); m != 0; m &= m - 1 {
		j := i + bits.TrailingZeros64(m)>>3
		if j+2 < len(s) && s[j+1] == 0x80 && s[j+2]&^1 == 0xa8 {
			ls |= m & -m
		}
	}
	return ls
}
