package canon

// jsonSafe and serdeSafe report the bytes each style writes unchanged in a
// string, derived from the escape tables: the byte-at-a-time statement of
// what the word tests must agree with.
var jsonSafe, serdeSafe = safeTable(&jsonEscapes), safeTable(&serdeEscapes)

func safeTable(esc *[0x80]string) (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = esc[c] == ""
	}
	return t
}
