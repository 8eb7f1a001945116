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
	for {
		prev := s.state
		k, err := s.Next()
		switch {
		case err != nil:
			return dst, err
		case k == KindEOF:
			return out, nil
		case k != KindObjectEnd && k != KindArrayEnd && prev == stCommaOrEnd:
			out = append(out, ',') // the Scanner has just consumed one
		}
		switch k {
		case KindObjectBegin, KindArrayBegin, KindObjectEnd, KindArrayEnd:
			out = append(out, s.data[s.tokStart])
		case KindString:
			if s.flags&(StrHTML|StrLineSep) == 0 {
				out = d.AppendSpan(out, s.Raw())
			} else {
				out, _ = appendEscapedBody(d, out, s.Raw(), modeHTML)
			}
			if s.isKey {
				out = append(out, ':')
			}
		default:
			out = d.AppendSpan(out, s.Raw())
		}
		out = d.Feed(out)
	}
}

// maxGaps is the number of places of white space between tokens up to
// which the canonicalizer's first pass notes them (gaps), so that
// appendUnspaced writes a value canonical but for them and for the
// spelling of its long string values (as Python's json.dumps writes a
// small object) without a second pass.
const maxGaps = 8

// spaced notes, in the first pass, that white space follows the token
// ending at end, which is canonical but for it: in gaps while there is
// room, else the value is not canonical.
func (c *canonicalizer) spaced(end int) {
	if int(c.nGaps) == len(c.gaps) {
		c.canon = false
		return
	}
	c.gaps[c.nGaps] = uint32(end)
	c.nGaps++
}

// isCanonical reports whether the value the first pass read is canonical
// as it is.
func (c *canonicalizer) isCanonical() bool { return c.canon && c.nGaps == 0 && !c.respell }

// appendUnspaced appends data[start:end], a value canonical but for the
// white space after the tokens ending at gaps and the spelling of the long
// string values among strs whose flags say so: the rest is copied, what
// lies between such a token and the next (white space around at most one
// ',' or ':') without its white space, and those strings are written as
// the second pass writes them. The output passes through d; with a nil d
// emit has made room for it.
func (c *canonicalizer) appendUnspaced(dst []byte, d *Digest, start, end int) []byte {
	out, from, g := dst, start, 0
	var short [192]byte
	buf := short[:0]
	for i := 0; ; i++ {
		at := end // the next string to spell anew, or the end
		if i < c.strs.n {
			v := c.strs.at(i)
			if c.st.canonicalString(v.flags) {
				continue
			}
			at = int(v.start)
		}
		for ; g < int(c.nGaps) && int(c.gaps[g]) < at; g++ {
			out = d.Feed(d.AppendSpan(out, c.data[from:c.gaps[g]]))
			from = int(c.gaps[g])
			for c.data[from] <= ' ' { // a token follows
				from++
			}
			if b := c.data[from]; b == ',' || b == ':' {
				for out, from = append(out, b), from+1; c.data[from] <= ' '; from++ {
				}
			}
		}
		out = d.Feed(d.AppendSpan(out, c.data[from:at]))
		if at == end {
			return out
		}
		v := c.strs.at(i)
		s := Scanner{data: c.data, strict: c.st == styleSerde, tokStart: at, tokEnd: int(v.end), flags: v.flags}
		c.nextStr, c.consumed = i+1, at-start // as the second pass would have them
		out, buf = c.writeString(out, d, &s, buf)
		from = s.tokEnd
	}
}
