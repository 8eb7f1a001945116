package conversationprojection

import (
	"fmt"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// CanonicalJSON recursively parses raw JSON and re-encodes it with sorted
// map keys and no insignificant whitespace.
//
// Empty raw gives (nil, nil). Otherwise raw must hold exactly one JSON value
// as encoding/json reads it (RFC 8259: numbers of any magnitude, the escapes
// \" \\ \/ \b \f \n \r \t and \uXXXX, no raw control characters inside
// strings, no BOM, comments, NaN or trailing commas; invalid UTF-8 inside
// strings is accepted), optionally surrounded by space, tab, LF or CR, and
// nested at most 10000 arrays and objects deep. Anything else, including
// trailing data after the value, is an error wrapping ErrInvalidJSON that
// carries only a byte offset.
//
// The output has no white space. Numbers are copied as written (1.0, 1E+2,
// -0 and 1e400 stay as they are) and so are true, false and null. Strings and
// keys are decoded (a valid surrogate pair of \u escapes gives one code
// point; an unpaired surrogate escape and each byte of invalid UTF-8 give
// U+FFFD, written as its UTF-8 bytes) and escaped again as CanonicalAtomBytes
// escapes strings. Arrays keep their order. In an object, of members with
// equal decoded keys the last one wins entirely, and members are sorted by
// the bytes of their decoded keys. The result equals decoding raw with
// encoding/json's UseNumber into an interface value and marshaling it back,
// on Go 1.22 and later, with either engine of encoding/json (decoding
// leaves no invalid UTF-8 for the json/v2 engine of Go 1.27 to write
// differently); like the atom bytes, it never changes with the toolchain.
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
