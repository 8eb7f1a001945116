package canon

import (
	"errors"
	"strconv"
)

// ErrSyntax is wrapped by every error reporting malformed JSON.
var ErrSyntax = errors.New("invalid JSON")

// ErrDepth is wrapped (together with ErrSyntax) by errors reporting JSON
// nested deeper than the scanner's limit.
var ErrDepth = errors.New("JSON nested too deeply")

// SyntaxError describes malformed JSON by byte offset and a fixed reason.
// It never quotes the document.
type SyntaxError struct {
	Offset int    // byte offset of the offending token or byte
	Reason string // fixed description of what was wrong
	depth  bool
}

// Error returns the reason and the offset.
func (e *SyntaxError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// Is reports whether target is ErrSyntax, or ErrDepth for nesting errors.
func (e *SyntaxError) Is(target error) bool {
	return target == ErrSyntax || (e.depth && target == ErrDepth)
}

func (s *Scanner) errAt(p int, reason string) error {
	return &SyntaxError{Offset: p, Reason: reason}
}

func (s *Scanner) fail(p int, reason string) (Kind, error) {
	return KindEOF, s.errAt(p, reason)
}

func (s *Scanner) failDepth(p int) (Kind, error) {
	return KindEOF, &SyntaxError{Offset: p, Reason: "exceeded max nesting depth " + strconv.Itoa(s.maxDepth), depth: true}
}
