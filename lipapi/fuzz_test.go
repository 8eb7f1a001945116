package lipapi

import (
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"testing"
)

// fieldPath matches a ValidationError.Field: Go field names with indexes.
var fieldPath = regexp.MustCompile(`^([A-Z][A-Za-z]*(\[[0-9]+\])?(\.[A-Z][A-Za-z]*(\[[0-9]+\])?)*)?$`)

// FuzzCallJSON decodes arbitrary JSON into a Call with encoding/json (the
// reference decoder) and checks that Validate never panics and reports a
// well-formed *ValidationError, that CheckBounds agrees with it, that
// CloneCall is exact and agrees with Validate, and that the spec's JSON
// round-trip law holds.
func FuzzCallJSON(f *testing.F) {
	for _, c := range []Call{fullCall(), messyCall(), itemCall(), legacyCall(), {Items: []Item{}}} {
		b, err := json.Marshal(c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Call
		if json.Unmarshal(data, &c) != nil {
			return
		}
		err := c.Validate()
		if err != nil {
			var ve *ValidationError
			if !errors.As(err, &ve) || !errors.Is(err, ErrInvalidCall) {
				t.Fatalf("Validate() = %#v", err)
			}
			if ve.Message == "" || !fieldPath.MatchString(ve.Field) {
				t.Fatalf("malformed error %q / %q", ve.Field, ve.Message)
			}
		}
		if msg := boundsDisagree(c, err); msg != "" {
			t.Fatal(msg)
		}
		clone := CloneCall(c)
		if !reflect.DeepEqual(clone, c) {
			t.Fatal("CloneCall(c) differs from c")
		}
		if !reflect.DeepEqual(clone.Validate(), err) {
			t.Fatal("the clone validates differently")
		}
		got, _ := roundTrip(t, c)
		if want := roundTripWant(t, c); !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip:\n got %#v\nwant %#v", got, want)
		}
	})
}
