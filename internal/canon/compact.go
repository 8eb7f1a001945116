package canon

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
			if s.flags&(StrHTML|StrLineSep) == 0 {
				out = d.AppendSpan(out, s.Raw())
			} else {
				out, _ = appendEscapedBody(d, out, s.Raw(), modeHTML)
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
