package conversationprojection

import (
	"crypto/sha256"
	"fmt"
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
func (id MessageIdentity) Validate() error { return id.validate(nil) }

// validate is Validate; with s non-nil it also parses a valid id's digest
// into *s, in the same pass over the hex digits.
func (id MessageIdentity) validate(s *sum) error {
	if s != nil {
		if d, ok := canon.ParsePrefixedDigest(string(id), IdentityVersion1+":"); ok {
			*s = d
			return nil
		}
	}
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
	var buf [hashBufSize]byte
	var d canon.Digest
	b, err := appendAtom(buf[:0], &d, &atom)
	if err != nil {
		return "", err
	}
	return identityOfSum(d.Sum256(b)), nil
}

// MessageIdentityOf computes the versioned semantic identity for a legacy
// message: HashAtom(AtomOfMessage(msg)), with the same errors. Each part is
// normalized and streamed into the hash in turn, so neither the atom nor a
// normalized text is ever materialized: whatever its length, a message
// without JSON payloads costs one allocation (the result), and the memory a
// JSON payload costs is a small constant plus what its canonical
// re-encoding records for reordering members (see CanonicalJSON).
func MessageIdentityOf(msg lipapi.Message) (MessageIdentity, error) {
	s, err := messageSum(&msg)
	if err != nil {
		return "", err
	}
	return identityOfSum(s), nil
}

// ItemIdentityOf computes the versioned semantic identity for an item:
// HashAtom(AtomOfItem(item)), with the same errors (a non-message item
// wraps ErrNonMessageItem). Like MessageIdentityOf it streams the atom.
func ItemIdentityOf(item lipapi.Item) (MessageIdentity, error) {
	s, err := itemSum(&item)
	if err != nil {
		return "", err
	}
	return identityOfSum(s), nil
}

// A sum is the SHA-256 of a message unit's canonical atom bytes: the
// digest a MessageIdentity spells in hex. The kernel keys identities on
// sums, formatting identities only where its results hold them. The zero
// sum stands for "no identity" (a non-message item, or a unit whose
// identity could not be computed): finding atom bytes that hash to it is
// as infeasible as finding a SHA-256 collision, which identities already
// rule out.
type sum [sha256.Size]byte

// isZero reports whether s is the zero sum, "no identity".
func (s *sum) isZero() bool { return *s == sum{} }

// messageSum is MessageIdentityOf without the formatting: the sum of m's
// atom.
func messageSum(m *lipapi.Message) (sum, error) {
	role, err := messageRole(m)
	if err != nil {
		return sum{}, err
	}
	return sumParts(role, &partSource{legacy: m.Parts})
}

// itemSum is ItemIdentityOf without the formatting.
func itemSum(it *lipapi.Item) (sum, error) {
	role, err := itemRole(it)
	if err != nil {
		return sum{}, err
	}
	return sumParts(role, &partSource{items: it.Content})
}

// parseIdentity returns the sum id spells, and false when id is not a
// valid v1 identity or spells the zero sum: such an identity is never that
// of a message unit, and a sum parseIdentity returns never matches a unit
// without identity.
func parseIdentity(id MessageIdentity) (sum, bool) {
	d, ok := canon.ParsePrefixedDigest(string(id), IdentityVersion1+":")
	s := sum(d)
	return s, ok && !s.isZero()
}

// textSum is the identity of a message of the given role with one text
// part: messageSum of Message{role, [TextPart(text)]}, the unit injected
// for an overlay, without building that message.
func textSum(role lipapi.Role, text string) (sum, error) {
	r, err := atomRole(role)
	if err != nil {
		return sum{}, err
	}
	return sumParts(r, &partSource{text: text, isText: true})
}

// hashBufSize is the size of the stack buffer atoms are written into: an
// atom that fits costs no allocation but the identity string.
const hashBufSize = 512

// identityOfSum formats a SHA-256 sum of atom bytes as a v1 identity.
func identityOfSum(s sum) MessageIdentity {
	return MessageIdentity(canon.PrefixedHex(IdentityVersion1+":", s))
}

// identityLen is the length of a v1 identity.
const identityLen = len(IdentityVersion1) + 1 + canon.SHA256HexLen

// appendIdentity appends the v1 identity of s to dst.
func appendIdentity(dst []byte, s sum) []byte {
	return canon.AppendHex(append(dst, IdentityVersion1+":"...), s[:])
}
