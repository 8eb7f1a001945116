package canon

import (
	"crypto/sha256"
	"hash"
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

// streamEscaped hashes s escaped in the style of mode (modeJSON or
// modeSerde; for modeHTML, raw JSON string bytes with only the
// encoding/json HTML and line separator rewrites). Each piece of s is
// escaped straight into the window, sized so that its escaped form fits.
// It reports false at invalid UTF-8 in modeSerde, having hashed a prefix.
func (d *Digest) streamEscaped(s []byte, str string, mode uint8) bool {
	st := d.state()
	w := st.win[:0]
	for len(s) > 0 || len(str) > 0 {
		if cap(w)-len(w) < minRoom {
			st.h.Write(w) //nolint:errcheck // hash writes never fail
			w = w[:0]
		}
		room := (cap(w) - len(w)) / MaxEscapeGrowth
		ok := true
		if str != "" {
			k := pieceEnd(str, room)
			w, ok = appendEscaped(w, str[:k], mode)
			str = str[k:]
		} else {
			k := pieceEnd(s, room)
			w, ok = appendEscaped(w, s[:k], mode)
			s = s[k:]
		}
		if !ok {
			return false
		}
	}
	st.h.Write(w) //nolint:errcheck // hash writes never fail
	return true
}

// PieceLen returns how many leading bytes of s to process next when s is
// processed a piece of about n bytes at a time (n at least 4): all of s
// when it has at most n bytes, otherwise n bytes or up to three fewer, cut
// where no valid UTF-8 sequence is split. Escaping or validating s piece by
// piece at such cuts gives exactly the result of doing it whole: a cut
// never changes how the bytes decode. It is the cut Digest's streaming
// writers make.
func PieceLen[T ~string | ~[]byte](s T, n int) int { return pieceEnd(s, n) }

// pieceEnd returns how many leading bytes of s to process next: all of s
// when it has at most n bytes, otherwise about n bytes cut where no valid
// UTF-8 sequence is split (a cut never changes how the bytes decode).
func pieceEnd[T ~string | ~[]byte](s T, n int) int {
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
	return d.appendJSONString(dst, nil, s)
}

// AppendJSONStringBytes is AppendJSONString for a string held in a byte
// slice.
func (d *Digest) AppendJSONStringBytes(dst, s []byte) []byte {
	return d.appendJSONString(dst, s, "")
}

// appendJSONString is AppendJSONString of b, or of s when b is nil.
func (d *Digest) appendJSONString(dst, b []byte, s string) []byte {
	if d == nil || len(b)+len(s) <= ChunkSize {
		if b != nil {
			return AppendJSONString(dst, b)
		}
		return AppendJSONString(dst, s)
	}
	d.write(append(dst, '"'))
	d.streamEscaped(b, s, modeJSON)
	return append(dst[:0], '"')
}

// AppendSerdeString appends s as the package-level AppendSerdeString does,
// streaming a long string through the Digest's window like
// AppendJSONString. With a nil d, or a string shorter than ChunkSize, it
// is exactly AppendSerdeString. When s is not valid UTF-8 it returns ok
// false; a streaming d has then hashed part of s and must be discarded.
func (d *Digest) AppendSerdeString(dst []byte, s string) (_ []byte, ok bool) {
	if d == nil || len(s) <= ChunkSize {
		return AppendSerdeString(dst, s)
	}
	d.write(append(dst, '"'))
	if !d.streamEscaped(nil, s, modeSerde) {
		return dst, false
	}
	return append(dst[:0], '"'), true
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
