package wiretest

import (
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Extras is what an adapter's decoder keeps beside the call: it tells which
// tool call a tool-role message item answers.
type Extras interface {
	ToolCallID(item lipapi.Item) (string, bool)
}

// API is one request API of an adapter under the shared tests: each test
// an adapter runs on its API is one call of a method of API.
type API[X Extras] struct {
	// Decode and Encode are the adapter's request decoder and encoder.
	Decode func(body []byte) (lipapi.Call, X, error)
	Encode func(call lipapi.Call, extras X) ([]byte, error)
	// Sentinel is the error every decode error wraps.
	Sentinel error
	// Member is the request member holding the conversation array
	// ("messages", "input").
	Member string
	// Paired reports whether the API requires each tool result to follow
	// its tool call with no other message between them (Chat Completions
	// and Messages do, Responses does not).
	Paired bool
}

// codec is the Codec of a: it decodes body and returns an encoder of calls
// with the decoded extras.
func (a API[X]) codec(body []byte) (lipapi.Call, func(lipapi.Call) ([]byte, error), error) {
	call, x, err := a.Decode(body)
	return call, func(c lipapi.Call) ([]byte, error) { return a.Encode(c, x) }, err
}

// pairing is the Pairing of a, or nil when a is not Paired.
func (a API[X]) pairing() Pairing {
	if !a.Paired {
		return nil
	}
	return func(body []byte, it lipapi.Item) (string, bool) {
		_, x, err := a.Decode(body)
		if err != nil {
			return "", false
		}
		return x.ToolCallID(it)
	}
}

// RoundTrip checks that every body of dir/*.json decodes and encodes back
// to the same JSON value (see SameJSON).
func (a API[X]) RoundTrip(t *testing.T, dir string) {
	t.Helper()
	for name, body := range Corpus(t, dir, "*.json") {
		a.roundTrip(t, name, body)
	}
}

// roundTrip checks that body decodes and encodes back to the same JSON
// value.
func (a API[X]) roundTrip(t *testing.T, name string, body []byte) {
	t.Helper()
	call, x, err := a.Decode(body)
	if err != nil {
		t.Errorf("%s: decode: %v", name, err)
		return
	}
	out, err := a.Encode(call, x)
	if err != nil {
		t.Errorf("%s: encode: %v", name, err)
		return
	}
	SameJSON(t, name, out, body)
}

// ProjectionsEncode checks, for every body of dir/*.json, that every
// projection of its call (each message unit excluded in turn, with a
// stable-prefix overlay and an overlay after each other unit injected)
// encodes to a body that decodes again, without the excluded unit and,
// when a is Paired, with every tool result right after its tool call. It
// fails when fewer than atLeast projections were checked.
func (a API[X]) ProjectionsEncode(t *testing.T, dir string, atLeast int) {
	t.Helper()
	n := 0
	for name, body := range Corpus(t, dir, "*.json") {
		n += checkProjections(t, name, body, a.codec, a.pairing())
	}
	if n < atLeast {
		t.Errorf("only %d projections checked", n)
	}
}

// HeldOut checks RoundTrip and ProjectionsEncode (with no least number) on
// every body of dir/*.json: bodies written from the public API reference
// after the adapter was done, and not used while developing it.
func (a API[X]) HeldOut(t *testing.T, dir string) {
	t.Helper()
	for name, body := range Corpus(t, dir, "*.json") {
		a.roundTrip(t, name, body)
		checkProjections(t, name, body, a.codec, a.pairing())
	}
}

// RejectsHostile checks that bodies no decoder may accept (not JSON,
// trailing data, duplicate members, invalid UTF-8, over a bound, too deep,
// unknown roles, ...), their conversation under Member, are rejected with
// an error that wraps Sentinel, names the adapter's package once and does
// not echo Secret (see CheckRejected).
func (a API[X]) RejectsHostile(t *testing.T) {
	t.Helper()
	bodies := hostileBodies(func(c string) string { return `{"` + a.Member + `":` + c + `}` })
	for name, body := range bodies {
		_, _, err := a.Decode([]byte(body))
		CheckRejected(t, name, err, a.Sentinel)
	}
}

// Fuzz is the property every decoder's fuzz target checks on body: no
// panic; a rejection wraps Sentinel and names the package once; an
// accepted body gives a valid call that encodes, and the encoding decodes
// to the same call and encodes to the same bytes again. Its method value
// is the fuzz function: f.Fuzz(api.Fuzz).
func (a API[X]) Fuzz(t *testing.T, body []byte) {
	fuzzDecode(t, body, a.Sentinel, a.codec)
}

// Bench runs, for each body of dir/*.json, a's decode and encode and, as
// the peer, encoding/json's lossless round trip of the same body
// (Unmarshal into any, Marshal), as sub-benchmarks side by side.
func (a API[X]) Bench(b *testing.B, dir string) {
	benchRoundTrip(b, Corpus(b, dir, "*.json"), func(body []byte) error {
		call, x, err := a.Decode(body)
		if err == nil {
			_, err = a.Encode(call, x)
		}
		return err
	})
}
