package conversationprojection

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// wantValidationErr checks the error a validator returned: nil when want
// is nil (a valid input); otherwise an error that wraps every sentinel of
// want and none of not, whose message contains rule (which pins the rule
// that fired), names the package once and contains none of secrets (caller
// text must never be echoed).
func wantValidationErr(t *testing.T, err error, want, not []error, rule string, secrets ...string) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("err = %v, want nil", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("err = nil, want an error wrapping %v", want)
	}
	for _, s := range want {
		if !errors.Is(err, s) {
			t.Errorf("err = %q, does not wrap %q", err, s)
		}
	}
	for _, s := range not {
		if errors.Is(err, s) {
			t.Errorf("err = %q wraps %q", err, s)
		}
	}
	if !strings.Contains(err.Error(), rule) {
		t.Errorf("err = %q, want it to name the rule %q", err, rule)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(err.Error(), s) {
			t.Errorf("err = %q echoes caller data %q", err, s)
		}
	}
	checkNamesPackageOnce(t, err)
}

// ruleCase is a row of a Validate rule table: in is valid when want is
// nil; otherwise its error wraps every sentinel of want and none of not
// and names rule.
type ruleCase[T interface{ Validate() error }] struct {
	name string
	in   T
	want []error // nil: valid
	not  []error
	rule string
}

// runRuleCases runs Validate on the input of every case, in a subtest named
// for the case, and checks its error with wantValidationErr and secrets.
// With clone, it also checks that Validate left its input as it was.
func runRuleCases[T interface{ Validate() error }](t *testing.T, cases []ruleCase[T], clone func(T) T, secrets ...string) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var before T
			if clone != nil {
				before = clone(tc.in)
			}
			err := tc.in.Validate()
			if clone != nil && !reflect.DeepEqual(tc.in, before) {
				t.Error("Validate modified its input")
			}
			wantValidationErr(t, err, tc.want, tc.not, tc.rule, secrets...)
		})
	}
}

// tokenRuleCases are the shared identifier rules of ReasonCode and overlay IDs
// for a bound of max bytes. rule is "" for valid inputs.
func tokenRuleCases(max int) []struct {
	name, in, rule string
} {
	return []struct{ name, in, rule string }{
		{"single letter", "a", ""},
		{"full charset", "AZaz09_.-", ""},
		{"exactly the bound", strings.Repeat("x", max), ""},
		{"empty is required", "", "required"},
		{"white space only is required", " \t\n", "required"},
		{"white space beyond the bound is still required", strings.Repeat(" ", max+1), "required"},
		{"one byte over the bound", strings.Repeat("x", max+1), "exceeds the limit"},
		{"length precedes charset", strings.Repeat("!", max+1), "exceeds the limit"},
		{"inner space", "user request", "byte 4"},
		{"surrounding space", " qz", "byte 0"},
		{"slash", "a/b", "byte 1"},
		{"colon", "ns:code", "byte 2"},
		{"non-ASCII letter", "caf\u00e9", "byte 3"},
		{"invalid UTF-8", "a\xff", "byte 1"},
		{"NUL", "a\x00", "byte 1"},
	}
}

// TestTokenValidateRules runs the shared identifier rules on ReasonCode
// and overlay IDs: each rejects under its own sentinel, never the other's.
func TestTokenValidateRules(t *testing.T) {
	validators := []struct {
		name            string
		max             int
		validate        func(string) error
		sentinel, other error
	}{
		{"ReasonCode", MaxReasonCodeBytes, func(s string) error { return ReasonCode(s).Validate() }, ErrInvalidReasonCode, ErrInvalidOverlayID},
		{"ValidateOverlayID", MaxOverlayIDBytes, ValidateOverlayID, ErrInvalidOverlayID, ErrInvalidReasonCode},
	}
	for _, v := range validators {
		t.Run(v.name, func(t *testing.T) {
			for _, tc := range tokenRuleCases(v.max) {
				t.Run(tc.name, func(t *testing.T) {
					var want []error
					if tc.rule != "" {
						want = []error{v.sentinel}
					}
					wantValidationErr(t, v.validate(tc.in), want, []error{v.other}, tc.rule, strings.TrimSpace(tc.in))
				})
			}
		})
	}
}

// TestTokenBoundsDiffer pins that each validator uses its own bound: a
// string valid as an overlay ID can be too long for a reason code.
func TestTokenBoundsDiffer(t *testing.T) {
	s := strings.Repeat("r", MaxReasonCodeBytes+1)
	if err := ValidateOverlayID(s); err != nil {
		t.Errorf("ValidateOverlayID(%d bytes) = %v, want nil", len(s), err)
	}
	if err := ReasonCode(s).Validate(); !errors.Is(err, ErrInvalidReasonCode) {
		t.Errorf("ReasonCode(%d bytes).Validate() = %v, want ErrInvalidReasonCode", len(s), err)
	}
}

// TestIsTokenByteMatchesCharset checks the byte classifier against the
// spec's character class for every byte value.
func TestIsTokenByteMatchesCharset(t *testing.T) {
	const allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
	for c := 0; c < 256; c++ {
		want := strings.IndexByte(allowed, byte(c)) >= 0
		if got := isTokenByte(byte(c)); got != want {
			t.Errorf("isTokenByte(%#x) = %v, want %v", c, got, want)
		}
	}
}
