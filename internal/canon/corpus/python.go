package corpus

import "strings"

// PythonJSONString returns s as a JSON string token written the way
// Python's json.dumps writes a str by default (ensure_ascii): '"' and '\\'
// escaped, the short forms \n \r \t \b \f, every other character outside
// printable ASCII as a \u escape in lower- or uppercase hexadecimal (a
// surrogate pair beyond U+FFFF). A Python str holds no invalid UTF-8: an
// invalid byte of s is written as \ufffd, as decoding it with
// errors="replace" would give. Agent tools written in Python send their
// output so: JSON that is valid but not in either canonical style.
func PythonJSONString(s string, upperHex bool) string {
	digits := "0123456789abcdef"
	if upperHex {
		digits = "0123456789ABCDEF"
	}
	var b strings.Builder
	b.WriteByte('"')
	u := func(r rune) {
		b.WriteString(`\u`)
		for sh := 12; sh >= 0; sh -= 4 {
			b.WriteByte(digits[r>>sh&15])
		}
	}
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r > 0xffff:
			u(0xd800 + (r-0x10000)>>10)
			u(0xdc00 + (r-0x10000)&0x3ff)
		case r < 0x20 || r > 0x7e:
			u(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
