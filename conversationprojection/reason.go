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
// overlay IDs: required, at most max bytes, charset [A-Za-z0-9_.-].
func validateToken(s string, max int, sentinel error) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%w: required", sentinel)
	}
	if len(s) > max {
		return fmt.Errorf("%w: %d bytes exceeds the limit of %d", sentinel, len(s), max)
	}
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return fmt.Errorf("%w: byte %d is not an ASCII letter, digit, '_', '.' or '-'", sentinel, i)
		}
	}
	return nil
}

// isTokenByte reports whether c is in [A-Za-z0-9_.-]. Every byte of a
// multi-byte UTF-8 sequence is >= 0x80 and therefore rejected, so a byte
// check equals a check of the runes.
func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return c == '_' || c == '.' || c == '-'
}
