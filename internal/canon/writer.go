package canon

import (
	"crypto/sha256"
	"hash"
	"strings"
)

// ChunkSize is the number of pending bytes at which canonical bytes are fed
// to a Digest, and the length from which a string or token is streamed
// into the digest piece by piece rather than appended whole.
const ChunkSize = 4096

// WindowSize is the size of a streaming Digest's window: the one buffer,
// allocated at the first feed and never grown, through which every byte
// reaches the hash.
const WindowSize = 4 * ChunkSize

// Digest computes the SHA-256 of canonical bytes written by append-style
// functions, without ever holding them whole. A writer appends to its own
// buffer and passes it through Feed at convenient points: once ChunkSize
// bytes are pending they are hashed and the buffer is emptied for reuse.
// Sum256 hashes the rest. Output that never reaches ChunkSize is hashed by
// one sha256.Sum256 call and costs no hash state at all.
//
// A streaming Digest owns a window of WindowSize bytes: pending bytes are
// copied into it, and long strings and tokens are escaped straight into it
// a piece at a time, so the memory a digest uses is fixed whatever the
// length of what it hashes.
//
// Digest only ever copies the caller's buffer, never retains it, so a stack
// array used as that buffer stays on the stack. The zero Digest is ready to
// use; a nil *Digest never feeds (Feed returns its argument unchanged and
// Sum256 hashes just its argument), which lets one append-style writer
// serve both building bytes and hashing them.
type Digest struct {
	st *hashState // created at the first feed
}

// hashState is the SHA-256 state of a Digest and its window. It lives
// behind a pointer so that calling the hash through its interface never
// makes a caller's buffer escape.
type hashState struct {
	h   hash.Hash
	win [WindowSize]byte // allocated with the state, in one piece
}

// Feed hashes and drops the pending bytes b once at least ChunkSize of them
// are buffered, returning b[:0]; otherwise it returns b unchanged.
func (d *Digest) Feed(b []byte) []byte {
	if d == nil || len(b) < ChunkSize {
		return b
	}
	d.write(b)
	return b[:0]
}

// Sum256 returns the SHA-256 of everything fed to d followed by the pending
// bytes b. A Digest that has been summed must not be fed again.
func (d *Digest) Sum256(b []byte) (sum [sha256.Size]byte) {
	if d == nil || d.st == nil {
		return sha256.Sum256(b)
	}
	d.write(b)
	st := d.st
	// Sum into the window: a local array would escape through the
	// hash.Hash interface.
	copy(sum[:], st.h.Sum(st.win[:0]))
	return sum
}

// state returns d's hash state, creating it at the first use.
func (d *Digest) state() *hashState {
	if d.st == nil {
		d.st = &hashState{h: sha256.New()}
	}
	return d.st
}

// write hashes b, copied through the window.
func (d *Digest) write(b []byte) {
	st := d.state()
	for len(b) > 0 {
		n := copy(st.win[:], b)
		st.h.Write(st.win[:n]) //nolint:errcheck // hash writes never fail
		b = b[n:]
	}
}

// minRoom is the free window space below which the window is hashed and
// emptied before the next piece is escaped into it.
const minRoom = WindowSize / 8

// streamEscaped hashes s escaped in the style of mode (see appendEscaped)
// through d's window, a piece at a time, each piece sized so that its
// escaped form fits. It reports false at invalid UTF-8 in modeSerde,
// having hashed a prefix.
func streamEscaped[T ~string | ~[]byte](d *Digest, s T, mode uint8) bool {
	st := d.state()
	w := st.win[:0]
	for len(s) > 0 {
		if cap(w)-len(w) < minRoom {
			st.h.Write(w) //nolint:errcheck // hash writes never fail
			w = w[:0]
		}
		k := PieceLen(s, (cap(w)-len(w))/MaxEscapeGrowth)
		if mode == modeText && k < len(s) && s[k-1] == '\r' {
			k-- // a CR and its LF are escaped together
		}
		var ok bool
		if w, ok = appendEscaped(w, s[:k], mode); !ok {
			return false
		}
		s = s[k:]
	}
	st.h.Write(w) //nolint:errcheck // hash writes never fail
	return true
}

// appendEscapedBody appends the escaped body of s, or with a streaming d
// and a body of ChunkSize bytes or more hashes dst and then streams the
// escaped body, returning dst[:0]. ok is as for appendEscaped; a streaming
// d has then hashed part of s and must be discarded.
func appendEscapedBody[T ~string | ~[]byte](d *Digest, dst []byte, s T, mode uint8) (_ []byte, ok bool) {
	if d == nil || len(s) < ChunkSize {
		return appendEscaped(dst, s, mode)
	}
	d.write(dst)
	return dst[:0], streamEscaped(d, s, mode)
}

// PieceLen returns how many leading bytes of s to process next when s is
// processed a piece of about n bytes at a time (n at least 4): all of s
// when it has at most n bytes, otherwise n bytes or up to three fewer, cut
// where no valid UTF-8 sequence is split. Escaping or validating s piece by
// piece at such cuts gives exactly the result of doing it whole: a cut
// never changes how the bytes decode. It is the cut Digest's streaming
// writers make.
func PieceLen[T ~string | ~[]byte](s T, n int) int {
	if len(s) <= n {
		return len(s)
	}
	// Four continuation bytes in a row hold no valid sequence to split.
	for k := 0; k < 4; k++ {
		if s[n-k]&0xc0 != 0x80 {
			return n - k
		}
	}
	return n
}

// AppendJSONString appends s as the package-level AppendJSONString does,
// escaping a bounded piece of s at a time straight into the Digest's
// window, so that a long string is never buffered whole. With a nil d, or
// a string shorter than ChunkSize, it is exactly AppendJSONString.
func (d *Digest) AppendJSONString(dst []byte, s string) []byte {
	dst, _ = appendEscapedBody(d, append(dst, '"'), s, modeJSON)
	return append(dst, '"')
}

// AppendJSONText appends s with its line endings normalized (each CRLF,
// and each other CR, as an LF) as AppendJSONString appends it, in one
// pass, never building the normalized text: a CR is written as \n unless
// an LF follows it. With a nil d it returns dst with the string appended.
func (d *Digest) AppendJSONText(dst []byte, s string) []byte {
	mode := modeText
	if strings.IndexByte(s, '\r') < 0 {
		mode = modeJSON // the same bytes, without looking for lone CRs
	}
	dst, _ = appendEscapedBody(d, append(dst, '"'), s, mode)
	return append(dst, '"')
}

// AppendJSONStringBytes is AppendJSONString for a string held in a byte
// slice.
func (d *Digest) AppendJSONStringBytes(dst, s []byte) []byte {
	dst, _ = appendEscapedBody(d, append(dst, '"'), s, modeJSON)
	return append(dst, '"')
}

// AppendSerdeString appends s as the package-level AppendSerdeString does,
// streaming a long string through the Digest's window like
// AppendJSONString. With a nil d, or a string shorter than ChunkSize, it
// is exactly AppendSerdeString. When s is not valid UTF-8 it returns ok
// false; a streaming d has then hashed part of s and must be discarded.
func (d *Digest) AppendSerdeString(dst []byte, s string) (_ []byte, ok bool) {
	out, ok := appendEscapedBody(d, append(dst, '"'), s, modeSerde)
	if !ok {
		return dst, false
	}
	return append(out, '"'), true
}

// AppendSpan appends the verbatim bytes b, hashing a long b straight
// through the window (after the pending dst) rather than appending it, so
// that it is never copied whole. With a nil d it is append(dst, b...).
func (d *Digest) AppendSpan(dst, b []byte) []byte {
	if d == nil || len(b) < ChunkSize {
		return append(dst, b...)
	}
	d.write(dst)
	d.write(b)
	return dst[:0]
}
