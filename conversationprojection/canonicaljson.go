package conversationprojection

import (
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// CanonicalJSON recursively parses raw JSON and re-encodes it with sorted
// map keys and no insignificant whitespace.
//
// Empty raw gives (nil, nil). Otherwise raw must hold exactly one JSON value
// as encoding/json reads it, optionally surrounded by space, tab, LF or CR,
// nested at most canon.MaxDepth (10000) arrays and objects deep; anything
// else, including trailing data after the value, is an error wrapping
// ErrInvalidJSON that carries only a byte offset. In the output, numbers
// and literals are verbatim, strings and keys are decoded and re-escaped as
// encoding/json escapes them (invalid UTF-8 and unpaired surrogate escapes
// become U+FFFD), and object members are sorted by the bytes of their
// decoded keys, the last of equal keys winning. The result equals decoding
// raw with encoding/json's UseNumber into an interface value and marshaling
// it back.
//
// CanonicalJSON runs in time O(n log n) for n input bytes (member sorting),
// returns a fresh slice and never retains raw.
func CanonicalJSON(raw []byte) ([]byte, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	out, err := canon.AppendCanonicalJSON(make([]byte, 0, len(raw)+len(raw)/8+8), raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidJSON, err)
	}
	return out, nil
}
