package lipapi

import (
	"unsafe"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// validJSON reports whether b is valid JSON as json.Valid defines it.
func validJSON(b []byte) bool { return canon.CheckJSON(b, canon.MaxDepth) == nil }

// validJSONString is validJSON on the bytes of s, read in place: converting
// s to a []byte would copy it (up to MaxPartJSONBytes) for a check that only
// reads. The view never outlives the call and canon.CheckJSON never writes
// to its input.
func validJSONString(s string) bool {
	return validJSON(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// validJSONWithinDepth reports whether b is valid JSON nested at most
// MaxJSONDepth levels of arrays and objects.
func validJSONWithinDepth(b []byte) bool { return canon.CheckJSON(b, MaxJSONDepth) == nil }

// withinDepth checks that a raw value is empty or valid JSON within
// MaxJSONDepth.
func withinDepth(field string, b []byte) problem {
	if len(b) > 0 && !validJSONWithinDepth(b) {
		return fail(field, "invalid JSON or nesting deeper than MaxJSONDepth")
	}
	return problem{}
}
