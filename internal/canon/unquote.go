package canon

import "unicode/utf8"

// appendUnquoted decodes a validated string body (without quotes) the way
// encoding/json does: escapes resolved, a valid surrogate pair joined, any
// other surrogate escape and any invalid UTF-8 byte replaced by U+FFFD.
func appendUnquoted(dst, body []byte) []byte {
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
			switch body[i+1] {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				r := hex4(body[i+2:])
				i += 6
				if r >= 0xD800 && r <= 0xDFFF {
					if r < 0xDC00 && i+1 < len(body) && body[i] == '\\' && body[i+1] == 'u' {
						if r2 := hex4(body[i+2:]); r2 >= 0xDC00 && r2 <= 0xDFFF {
							dst = utf8.AppendRune(dst, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				dst = utf8.AppendRune(dst, r)
				continue
			default: // '"', '\\', '/'
				dst = append(dst, body[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			j := i + 1
			for j < len(body) && body[j] < utf8.RuneSelf && body[j] != '\\' {
				j++
			}
			dst = append(dst, body[i:j]...)
			i = j
		default:
			r, size := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, "\uFFFD"...)
			} else {
				dst = append(dst, body[i:i+size]...)
			}
			i += size
		}
	}
	return dst
}
