package conversationprojection

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"strings"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/lipapi"
)

// IdentityVersion1 is the pinned prefix for version 1 message identities.
const IdentityVersion1 = "v1"

// MessageIdentity is the versioned replay-stable semantic digest of a
// complete message. Format: "v1:<64-char lowercase hex sha256>", the hash
// being taken over the message's canonical atom bytes (CanonicalAtomBytes).
//
// The zero MessageIdentity is empty and does not validate.
type MessageIdentity string

// String returns id unchanged.
func (id MessageIdentity) String() string { return string(id) }

// Version returns the version prefix of id (the text before the first
// colon, "v1" for a valid identity), or "" if id has no colon.
func (id MessageIdentity) Version() string {
	v, _, ok := strings.Cut(string(id), ":")
	if !ok {
		return ""
	}
	return v
}

// Digest returns the lowercase hex hash portion of id (the text after the
// first colon), or "" if id has no colon.
func (id MessageIdentity) Digest() string {
	_, d, ok := strings.Cut(string(id), ":")
	if !ok {
		return ""
	}
	return d
}

// Validate checks that id conforms to "v1:<64-char lowercase hex sha256>"
// exactly, without trimming. Errors wrap ErrInvalidMessageIdentity and
// never quote id. It does not allocate when id is valid.
func (id MessageIdentity) Validate() error {
	v, d, ok := strings.Cut(string(id), ":")
	switch {
	case id == "":
		return fmt.Errorf("%w: empty", ErrInvalidMessageIdentity)
	case !ok || strings.IndexByte(d, ':') >= 0:
		return fmt.Errorf("%w: want exactly one colon", ErrInvalidMessageIdentity)
	case v != IdentityVersion1:
		return fmt.Errorf("%w: unknown version", ErrInvalidMessageIdentity)
	case !canon.IsLowerHexDigest(d):
		return fmt.Errorf("%w: digest is not 64 lowercase hex digits", ErrInvalidMessageIdentity)
	}
	return nil
}

// IsValid reports whether id is a valid v1 message identity, that is
// whether Validate returns nil.
func (id MessageIdentity) IsValid() bool { return id.Validate() == nil }

// ParseMessageIdentity parses and validates a raw identity string: leading
// and trailing white space is trimmed, then the result must validate. On
// error it returns "" and an error wrapping ErrInvalidMessageIdentity.
func ParseMessageIdentity(raw string) (MessageIdentity, error) {
	id := MessageIdentity(strings.TrimSpace(raw))
	if err := id.Validate(); err != nil {
		return "", err
	}
	return id, nil
}

// HashAtom returns the versioned MessageIdentity for atom: "v1:" followed
// by the lowercase hex SHA-256 of CanonicalAtomBytes(atom). The bytes are
// streamed into the hash, never held whole. Errors are those of
// CanonicalAtomBytes.
func HashAtom(atom MessageAtomV1) (MessageIdentity, error) {
	h := newAtomHasher()
	if err := writeAtom(&h.w, &atom); err != nil {
		return "", err
	}
	return h.identity(), nil
}

// MessageIdentityOf computes the versioned semantic identity for a legacy
// message: HashAtom(AtomOfMessage(msg)), with the same errors. Each part is
// normalized and streamed into the hash in turn, so the atom is never
// materialized; a plain text message costs three allocations (hash state,
// write buffer, result).
func MessageIdentityOf(msg lipapi.Message) (MessageIdentity, error) {
	role, err := atomRole(msg.Role)
	if err != nil {
		return "", err
	}
	if len(msg.Parts) == 0 {
		return "", fmt.Errorf("%w: message has no parts", ErrEmptyMessage)
	}
	return hashContent(role, msg.Parts, contentOfPart)
}

// ItemIdentityOf computes the versioned semantic identity for an item:
// HashAtom(AtomOfItem(item)), with the same errors (a non-message item
// wraps ErrNonMessageItem). Like MessageIdentityOf it streams the atom.
func ItemIdentityOf(item lipapi.Item) (MessageIdentity, error) {
	role, err := itemRole(&item)
	if err != nil {
		return "", err
	}
	return hashContent(role, item.Content, contentOfContentPart)
}

// hashContent hashes the atom of role and parts, each part mapped by
// mapPart and streamed into the hash in turn; the first failure is
// returned.
func hashContent[P any](role lipapi.Role, parts []P, mapPart func(*P, int) (NormalizedContent, error)) (MessageIdentity, error) {
	h := newAtomHasher()
	h.start(role)
	for i := range parts {
		c, err := mapPart(&parts[i], i)
		if err != nil {
			return "", err
		}
		if err := writeContent(&h.w, &c, i); err != nil {
			return "", err
		}
	}
	return h.finish(), nil
}

// hashBufSize is the write buffer embedded in an atomHasher: an atom that
// fits is hashed with one sha256.Sum256 call, no hash state allocated.
const hashBufSize = 512

// atomHasher streams atom bytes into SHA-256. Its Writer buffers into buf;
// only when the buffer reaches canon.ChunkSize does the Writer hand bytes
// to its Out, the atomHasher itself, which then creates the hash state and
// streams every further chunk into it. A short atom therefore costs no
// hash allocation, and a long one is never held whole.
type atomHasher struct {
	w   canon.Writer
	h   hash.Hash // nil until the first chunk is streamed
	buf [hashBufSize]byte
}

// newAtomHasher returns an atomHasher with an empty atom.
func newAtomHasher() *atomHasher {
	a := new(atomHasher)
	a.w = canon.Writer{Buf: a.buf[:0], Out: a}
	return a
}

// Write feeds a streamed chunk to the hash, creating it on first use. It
// never fails.
func (a *atomHasher) Write(p []byte) (int, error) {
	if a.h == nil {
		a.h = sha256.New()
	}
	return a.h.Write(p)
}

// start begins an atom whose content is a non-empty array.
func (a *atomHasher) start(role lipapi.Role) {
	writeAtomStart(&a.w, string(role))
	a.w.Byte('[')
}

// finish closes the content array and the atom started by start.
func (a *atomHasher) finish() MessageIdentity {
	a.w.Literal("]}")
	return a.identity()
}

// identity returns the identity of the bytes written.
func (a *atomHasher) identity() MessageIdentity {
	var sum [sha256.Size]byte
	if a.h == nil {
		sum = sha256.Sum256(a.w.Buf)
	} else {
		a.w.Flush()
		// The flushed buffer receives the sum: a local array would escape
		// through the hash.Hash interface and cost an allocation.
		copy(sum[:], a.h.Sum(a.w.Buf[:0]))
	}
	return MessageIdentity(canon.PrefixedHex(IdentityVersion1+":", sum))
}
