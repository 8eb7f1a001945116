package canon

import "math/bits"

// AppendCompactJSON is the package-level AppendCompactJSON, feeding d after
// every token; a long string or token is streamed through d's window
// rather than appended. With a nil d it is exactly the package-level
// function.
func (d *Digest) AppendCompactJSON(dst, raw []byte) ([]byte, error) {
	if raw == nil {
		return d.Feed(append(dst, "null"...)), nil
	}
	var s Scanner
	s.Reset(raw, false, MaxDepth)
	out := dst
	sep := false // a ',' is due before the next value or key
	for {
		k, err := s.Next()
		if err != nil {
			return dst, err
		}
		switch k {
		case KindEOF:
			return out, nil
		case KindObjectEnd, KindArrayEnd:
			out = append(out, s.data[s.tokStart])
			sep = true
			continue
		}
		if sep {
			out = append(out, ',')
		}
		switch k {
		case KindObjectBegin, KindArrayBegin:
			out = append(out, s.data[s.tokStart])
			sep = false
		case KindString:
			switch raw := s.Raw(); {
			case s.flags&(StrHTML|StrLineSep) == 0:
				out = d.AppendSpan(out, raw)
			case d != nil && len(raw) >= ChunkSize:
				d.write(out)
				d.streamEscaped(raw, "", modeCompact)
				out = out[:0]
			default:
				out = appendHTMLSafe(out, raw)
			}
			if s.isKey {
				out = append(out, ':')
				sep = false
			} else {
				sep = true
			}
		default:
			out = d.AppendSpan(out, s.Raw())
			sep = true
		}
		out = d.Feed(out)
	}
}

// appendHTMLSafe appends the raw bytes of a JSON string token with '<' '>'
// '&' and the bytes of U+2028/U+2029 replaced by their \u escapes, nothing
// else changed, eight bytes at a time.
func appendHTMLSafe(dst, raw []byte) []byte {
	start, i := 0, 0
	for i < len(raw) {
		var x uint64
		if i+8 <= len(raw) {
			x = load64(raw, i)
		} else {
			x = loadTail(raw, i)
		}
		m := htmlBytes(x) | exactBytes(x, 0xe2)
		if m == 0 {
			i += 8
			continue
		}
		j := i + bits.TrailingZeros64(m)>>3
		if c := raw[j]; c != 0xe2 {
			dst = append(append(dst, raw[start:j]...), jsonEscapes[c]...)
			i, start = j+1, j+1
		} else if j+2 < len(raw) && raw[j+1] == 0x80 && raw[j+2]&^1 == 0xa8 {
			dst = append(append(dst, raw[start:j]...), '\\', 'u', '2', '0', '2', lowerHex[raw[j+2]&0xf])
			i, start = j+3, j+3
		} else {
			i = j + 1
		}
	}
	return append(dst, raw[start:]...)
}
