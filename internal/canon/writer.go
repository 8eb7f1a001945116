package canon

import (
	"io"
	"unicode/utf8"
)

// ChunkSize is the number of pending bytes at which a streaming Writer
// hands its buffer to its sink, and the number of input bytes a Writer
// escapes at a time.
const ChunkSize = 4096

// Writer accumulates canonical bytes. With a nil Out it simply appends to
// Buf; with an Out (typically a hash.Hash) it streams: whenever ChunkSize
// bytes are pending they are written to Out and Buf is reused, so the
// canonical form of a large document is digested without ever being held
// whole. Out must not fail (hash.Hash writes never do); its errors are
// ignored. Call Flush before reading the sink.
//
// The zero Writer appends to a nil buffer.
type Writer struct {
	Buf []byte
	Out io.Writer
}

// Flush writes any pending bytes to Out. Without an Out it does nothing.
func (w *Writer) Flush() {
	if w.Out != nil && len(w.Buf) > 0 {
		w.Out.Write(w.Buf) //nolint:errcheck // documented: Out must not fail
		w.Buf = w.Buf[:0]
	}
}

func (w *Writer) maybeFlush() {
	if w.Out != nil && len(w.Buf) >= ChunkSize {
		w.Flush()
	}
}

// Literal appends s verbatim.
func (w *Writer) Literal(s string) {
	if w.Out != nil && len(s) >= ChunkSize {
		w.Flush()
		io.WriteString(w.Out, s) //nolint:errcheck // documented: Out must not fail
		return
	}
	w.Buf = append(w.Buf, s...)
	w.maybeFlush()
}

// Raw appends b verbatim.
func (w *Writer) Raw(b []byte) {
	if w.Out != nil && len(b) >= ChunkSize {
		w.Flush()
		w.Out.Write(b) //nolint:errcheck // documented: Out must not fail
		return
	}
	w.Buf = append(w.Buf, b...)
	w.maybeFlush()
}

// Byte appends c.
func (w *Writer) Byte(c byte) {
	w.Buf = append(w.Buf, c)
	w.maybeFlush()
}

// JSONString writes s as AppendJSONString does, escaping a bounded chunk of
// s at a time so that a streaming Writer never buffers a whole large string.
func (w *Writer) JSONString(s string) {
	w.Buf = append(w.Buf, '"')
	for len(s) > 0 {
		n := chunkEnd(s)
		w.Buf = appendJSONStringBody(w.Buf, s[:n])
		s = s[n:]
		w.maybeFlush()
	}
	w.Buf = append(w.Buf, '"')
	w.maybeFlush()
}

// chunkEnd returns how many leading bytes of s to escape next: all of s
// when it is short, otherwise about ChunkSize bytes cut where no valid UTF-8
// sequence is split (a cut never changes how the bytes decode).
func chunkEnd(s string) int {
	if len(s) <= ChunkSize {
		return len(s)
	}
	n := ChunkSize
	for k := 0; k < utf8.UTFMax; k++ {
		if utf8.RuneStart(s[n-k]) {
			return n - k
		}
	}
	return n
}
