package canon

import (
	"crypto/sha256"
	"hash"
	"unicode/utf8"
)

// ChunkSize is the number of pending bytes at which canonical bytes are fed
// to a Digest, and the number of input bytes escaped at a time when
// streaming a string.
const ChunkSize = 4096

// Digest computes the SHA-256 of canonical bytes written by append-style
// functions, without ever holding them whole. A writer appends to its own
// buffer and passes it through Feed at convenient points: once ChunkSize
// bytes are pending they are hashed and the buffer is emptied for reuse.
// Sum256 hashes the rest. Output that never reaches ChunkSize is hashed by
// one sha256.Sum256 call and costs no hash state at all.
//
// Digest only ever copies the caller's buffer, never retains it, so a stack
// array used as that buffer stays on the stack. The zero Digest is ready to
// use; a nil *Digest never feeds (Feed returns its argument unchanged and
// Sum256 hashes just its argument), which lets one append-style writer
// serve both building bytes and hashing them.
type Digest struct {
	st *hashState // created at the first feed
}

// hashState is the SHA-256 state of a Digest and the copy of the pending
// bytes it is fed from. It lives behind a pointer so that calling the hash
// through its interface never makes a caller's buffer escape.
type hashState struct {
	h     hash.Hash
	spill []byte
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
	// Sum into the spill buffer: a local array would escape through the
	// hash.Hash interface.
	copy(sum[:], st.h.Sum(st.spill[:0]))
	return sum
}

func (d *Digest) write(b []byte) {
	if d.st == nil {
		d.st = &hashState{h: sha256.New(), spill: make([]byte, 0, 2*ChunkSize)}
	}
	st := d.st
	st.spill = append(st.spill[:0], b...)
	st.h.Write(st.spill) //nolint:errcheck // hash writes never fail
}

// AppendJSONString appends s as the package-level AppendJSONString does,
// escaping a bounded chunk of s at a time and hashing it straight from the
// Digest's own buffer, so that a long string is never buffered whole. With
// a nil d, or a string shorter than ChunkSize, it is exactly
// AppendJSONString.
func (d *Digest) AppendJSONString(dst []byte, s string) []byte {
	if d == nil || len(s) <= ChunkSize {
		return AppendJSONString(dst, s)
	}
	d.write(append(dst, '"'))
	st := d.st
	for len(s) > 0 {
		n := chunkEnd(s)
		st.spill = appendJSONStringBody(st.spill[:0], s[:n])
		st.h.Write(st.spill) //nolint:errcheck // hash writes never fail
		s = s[n:]
	}
	return append(dst[:0], '"')
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
