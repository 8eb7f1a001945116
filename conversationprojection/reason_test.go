package conversationprojection

import (
	"errors"
	"strings"
	"testing"
)

// wantValidationErr checks that err wraps every sentinel in want, that its message
// contains rule (which pins the rule that fired) and that it contains none
// of secrets (caller text must never be echoed).
func wantValidationErr(t *testing.T, err error, want []error, rule string, secrets ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("err = nil, want an error wrapping %v", want)
	}
	for _, s := range want {
		if !errors.Is(err, s) {
			t.Errorf("err = %q, does not wrap %q", err, s)
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

func TestReasonCodeValidateRules(t *testing.T) {
	for _, tc := range tokenRuleCases(MaxReasonCodeBytes) {
		t.Run(tc.name, func(t *testing.T) {
			err := ReasonCode(tc.in).Validate()
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			wantValidationErr(t, err, []error{ErrInvalidReasonCode}, tc.rule, strings.TrimSpace(tc.in))
			if errors.Is(err, ErrInvalidOverlayID) {
				t.Errorf("err = %q wraps the overlay id sentinel", err)
			}
		})
	}
}

func TestValidateOverlayIDRules(t *testing.T) {
	for _, tc := range tokenRuleCases(MaxOverlayIDBytes) {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateOverlayID(tc.in)
			if tc.rule == "" {
				if err != nil {
					t.Fatalf("ValidateOverlayID() = %v, want nil", err)
				}
				return
			}
			wantValidationErr(t, err, []error{ErrInvalidOverlayID}, tc.rule, strings.TrimSpace(tc.in))
			if errors.Is(err, ErrInvalidReasonCode) {
				t.Errorf("err = %q wraps the reason code sentinel", err)
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
