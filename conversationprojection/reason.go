package conversationprojection

import (
	"fmt"
	"strings"
)

// ReasonCode is a short non-secret identifier that explains, for
// diagnostics, why a message was tagged never_backend, such as
// "user_request" or "policy.pii-v2". A valid code is 1 to
// [MaxReasonCodeBytes] bytes of ASCII letters, digits, '_', '.' and '-'.
// The zero value is the empty code, which [Tag] accepts as "no reason" but
// [ReasonCode.Validate] rejects.
type ReasonCode string

// Validate reports whether r is a valid reason code. Its rules, checked in
// this order, are: r is not empty or white space only; r is at most
// [MaxReasonCodeBytes] bytes long; every byte is an ASCII letter, digit,
// '_', '.' or '-'. A failure wraps [ErrInvalidReasonCode]; its message names
// the rule and byte offsets, never the code itself.
func (r ReasonCode) Validate() error {
	return validateToken(string(r), MaxReasonCodeBytes, ErrInvalidReasonCode)
}

// ValidateOverlayID reports whether id is a valid overlay ID. The rules
// are those of [ReasonCode.Validate] with the bound [MaxOverlayIDBytes]: id
// is not empty or white space only; it is at most MaxOverlayIDBytes bytes
// long; every byte is an ASCII letter, digit, '_', '.' or '-'. A failure
// wraps [ErrInvalidOverlayID]; its message never contains id.
func ValidateOverlayID(id string) error {
	return validateToken(id, MaxOverlayIDBytes, ErrInvalidOverlayID)
}

// validateToken applies the identifier rules shared by reason codes and
// overlay IDs: required, at most max bytes, charset [A-Za-z0-9_.-]. A
// valid token, whose bytes are never white space, passes one scan of its
// bytes; the rules are applied in order only to find a failure's message.
func validateToken(s string, max int, sentinel error) error {
	bad := firstNonTokenByte(s)
	switch {
	case bad < 0 && len(s) > 0 && len(s) <= max:
		return nil
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("%w: required", sentinel)
	case len(s) > max:
		return fmt.Errorf("%w: %d bytes exceeds the limit of %d", sentinel, len(s), max)
	}
	return fmt.Errorf("%w: byte %d is not an ASCII letter, digit, '_', '.' or '-'", sentinel, bad)
}

// firstNonTokenByte returns the position of the first byte of s not in
// [A-Za-z0-9_.-], or -1.
func firstNonTokenByte(s string) int {
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return i
		}
	}
	return -1
}

// tokenBytes has bit c&63 of word c>>6 set for each byte c in
// [A-Za-z0-9_.-].
var tokenBytes = [4]uint64{
	0x3ff<<'0' | 1<<'.' | 1<<'-',
	0x3ffffff<<('A'-64) | 1<<('_'-64) | 0x3ffffff<<('a'-64),
}

// isTokenByte reports whether c is in [A-Za-z0-9_.-]. Every byte of a
// multi-byte UTF-8 sequence is >= 0x80 and therefore rejected, so a byte
// check equals a check of the runes.
func isTokenByte(c byte) bool { return tokenBytes[c>>6]&(1<<(c&63)) != 0 }
