package protocolstate

import (
	"errors"
	"strings"
	"testing"
)

func TestSentinelTexts(t *testing.T) {
	cases := map[error]string{
		ErrInvalidState:       "agent-loop-guard protocol state: invalid state",
		ErrInvalidLimits:      "agent-loop-guard protocol state: invalid limits",
		ErrInvalidPlatform:    "agent-loop-guard protocol state: invalid platform snapshot",
		ErrInvalidToken:       "agent-loop-guard protocol state: invalid token",
		ErrRepromptsExhausted: "agent-loop-guard protocol state: reprompt budget exhausted",
		ErrInvalidKey:         "agent-loop-guard protocol state: invalid key",
	}
	for err, want := range cases {
		if err.Error() != want {
			t.Errorf("sentinel text %q, want %q", err.Error(), want)
		}
	}
}

// failure is an error a function returned, with the sentinel it must be.
type failure struct {
	name string
	err  error
	want error
}

// failingCalls calls every function that can fail with secret-bearing
// values and returns their errors.
func failingCalls() []failure {
	const secret = "sha256:secret-evidence-text"
	bad := State{LastFingerprint: secret}
	sealer, _ := NewSealer([]byte(secret))
	return []failure{
		{"Decode", second(Decode(TokenPrefix + "secret")), ErrInvalidToken},
		{"Encode", second(Encode(bad)), ErrInvalidState},
		{"Observe prior", second(Observe(bad, fp)), ErrInvalidState},
		{"Observe fingerprint", second(Observe(State{}, secret)), ErrInvalidState},
		{"Advance", second(Advance(bad, Limits{MaxReprompts: 1, NoProgressLimit: 1})), ErrInvalidState},
		{"Advance limits", second(Advance(State{}, Limits{})), ErrInvalidLimits},
		{"Advance exhausted", second(Advance(State{Terminal: true}, Limits{MaxReprompts: 1, NoProgressLimit: 1})), ErrRepromptsExhausted},
		{"Remaining", second(Remaining(bad, Limits{}, Platform{})), ErrInvalidState},
		{"Remaining platform", second(Remaining(State{}, Limits{MaxReprompts: 1, NoProgressLimit: 1}, Platform{Cap: -1})), ErrInvalidPlatform},
		{"RemainingReason", second(RemainingReason(State{}, Limits{}, Platform{})), ErrInvalidLimits},
		{"NewSealer", second(NewSealer([]byte("secret"))), ErrInvalidKey},
		{"Seal", second(sealer.Seal(TokenPrefix+"secret", []byte(secret))), ErrInvalidToken},
		{"Open", second(sealer.Open(SealedTokenPrefix+"secret."+strings.Repeat("A", 43), []byte(secret))), ErrInvalidToken},
	}
}

// TestErrorsAreBareSentinels feeds secret-bearing values to every function
// that can fail and checks that the error is a sentinel value itself, so it
// cannot carry the value.
func TestErrorsAreBareSentinels(t *testing.T) {
	for _, c := range failingCalls() {
		if c.err != c.want {
			t.Errorf("%s: error %v, want the bare %v", c.name, c.err, c.want)
		}
	}
}

// TestErrorsNamePackageOnce walks the errors the package returns (those of
// failingCalls and Advance's one wrapped error) and checks that each text
// starts with the package's name and holds it nowhere else.
func TestErrorsNamePackageOnce(t *testing.T) {
	const name = "agent-loop-guard protocol state: "
	failures := append(failingCalls(), failure{"Advance without baseline", second(Advance(State{}, Limits{MaxReprompts: 1, NoProgressLimit: 1})), ErrInvalidState})
	for _, c := range failures {
		if text := c.err.Error(); !strings.HasPrefix(text, name) || strings.Count(text, name) != 1 {
			t.Errorf("%s: error %q does not name the package once", c.name, text)
		}
	}
}

// TestAdvanceWithoutBaselineNamesTheRule pins the one error that is not a
// bare sentinel: Advance before any Observe wraps ErrInvalidState and says
// which rule broke, without any value of the state.
func TestAdvanceWithoutBaselineNamesTheRule(t *testing.T) {
	limits := Limits{MaxReprompts: 3, NoProgressLimit: 2}
	next, err := Advance(State{}, limits)
	if !errors.Is(err, ErrInvalidState) {
		t.Fatalf("Advance(State{}) error %v, want one wrapping ErrInvalidState", err)
	}
	const want = "agent-loop-guard protocol state: invalid state: Advance needs an observed baseline fingerprint (call Observe first)"
	if err.Error() != want {
		t.Fatalf("Advance(State{}) error text %q, want %q", err.Error(), want)
	}
	if next != (State{}) {
		t.Fatalf("Advance(State{}) changed the prior on error: %+v", next)
	}
	// A state that fails Validate still gets the bare sentinel, and an
	// observed baseline makes the same call succeed.
	if _, err := Advance(State{Reprompts: 1}, limits); err != ErrInvalidState {
		t.Fatalf("Advance of an invalid state: %v, want the bare ErrInvalidState", err)
	}
	observed, err := Observe(State{}, fp)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Advance(observed, limits); err != nil {
		t.Fatalf("Advance after Observe: %v", err)
	}
}

// second returns the error of a two-result call.
func second[T any](_ T, err error) error { return err }
