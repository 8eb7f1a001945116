package terminaldecision

import (
	"errors"
	"strings"
	"testing"
)

func validIntent() ContinuationIntent {
	return ContinuationIntent{
		TrajectoryRef: "traj-1",
		ControlRef:    "alg-proto-v1.AQAAAAA",
		Instruction:   "continue the objective",
		Provenance:    "internal-control",
		ReasonCode:    "missing_completion_signal",
	}
}

func TestValidDecisionsPass(t *testing.T) {
	intent := validIntent()
	onlyControl := validIntent()
	onlyControl.Instruction = ""
	onlyInstruction := validIntent()
	onlyInstruction.ControlRef = ""
	cases := map[string]Decision{
		"allow stop":             {Kind: DecisionAllowStop, ReasonCode: "explicit_completion"},
		"surface failure":        {Kind: DecisionSurfaceFailure, ReasonCode: "provider_error"},
		"continue":               {Kind: DecisionContinue, ReasonCode: "missing_completion_signal", Continue: &intent},
		"control reference only": {Kind: DecisionContinue, ReasonCode: "r", Continue: &onlyControl},
		"instruction only":       {Kind: DecisionContinue, ReasonCode: "r", Continue: &onlyInstruction},
		"reason code at bound":   {Kind: DecisionAllowStop, ReasonCode: strings.Repeat("r", MaxReasonCodeBytes)},
	}
	for name, d := range cases {
		if err := ValidateDecision(d); err != nil {
			t.Errorf("%s: ValidateDecision: %v", name, err)
		}
		if err := d.Validate(); err != nil {
			t.Errorf("%s: Decision.Validate: %v", name, err)
		}
	}
}

func TestValidateDecisionRejectsInSpecOrder(t *testing.T) {
	intent := validIntent()
	badIntent := validIntent()
	badIntent.Provenance = ""
	cases := []struct {
		name string
		d    Decision
		want string
	}{
		{"zero decision", Decision{}, "unknown decision kind"},
		{"unknown kind is not echoed", Decision{Kind: secret, ReasonCode: "r"}, "unknown decision kind"},
		{"kind beats reason code", Decision{Kind: "stop"}, "unknown decision kind"},
		{"missing reason code", Decision{Kind: DecisionAllowStop, ReasonCode: "\t"}, "reason code is required"},
		{"reason code not utf8", Decision{Kind: DecisionAllowStop, ReasonCode: "\xff" + secret}, "reason code is not valid UTF-8"},
		{"reason code too long", Decision{Kind: DecisionAllowStop, ReasonCode: strings.Repeat("r", MaxReasonCodeBytes+1)}, "reason code exceeds 96 bytes"},
		{"reason code beats the intent rules", Decision{Kind: DecisionContinue}, "reason code is required"},
		{"allow stop with intent", Decision{Kind: DecisionAllowStop, ReasonCode: "r", Continue: &intent}, "allow_stop decision cannot carry continuation intent"},
		{"surface failure with intent", Decision{Kind: DecisionSurfaceFailure, ReasonCode: "r", Continue: &badIntent}, "surface_failure decision cannot carry continuation intent"},
		{"continue without intent", Decision{Kind: DecisionContinue, ReasonCode: "r"}, "continue decision requires continuation intent"},
		{"continue with invalid intent", Decision{Kind: DecisionContinue, ReasonCode: "r", Continue: &badIntent}, "continuation provenance is required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := "terminaldecision: invalid decision: " + tc.want
			err := ValidateDecision(tc.d)
			if err == nil || err.Error() != want {
				t.Fatalf("ValidateDecision = %v, want %q", err, want)
			}
			checkNamesPackageOnce(t, err)
			if !errors.Is(err, ErrInvalidDecision) || errors.Is(err, ErrInvalidInput) {
				t.Fatalf("error %v does not wrap exactly ErrInvalidDecision", err)
			}
			if got := tc.d.Validate(); got == nil || got.Error() != want {
				t.Fatalf("Decision.Validate = %v, want %q", got, want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Fatalf("error echoes a value: %q", err)
			}
		})
	}
}

func TestValidateDecisionReturnsTheIntentErrorAsIs(t *testing.T) {
	bad := validIntent()
	bad.ReasonCode = ""
	d := Decision{Kind: DecisionContinue, ReasonCode: "r", Continue: &bad}
	got, want := ValidateDecision(d), bad.Validate()
	if got == nil || want == nil || got.Error() != want.Error() {
		t.Fatalf("ValidateDecision = %v, intent.Validate = %v", got, want)
	}
}

func TestContinuationIntentRejectsInSpecOrder(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*ContinuationIntent)
		want   string
	}{
		{"zero intent", func(c *ContinuationIntent) { *c = ContinuationIntent{} }, "continuation trajectory reference is required"},
		{"trajectory too long", func(c *ContinuationIntent) { c.TrajectoryRef = strings.Repeat("t", MaxIdentifierBytes+1) }, "continuation trajectory reference exceeds 256 bytes"},
		{"control reference not utf8", func(c *ContinuationIntent) { c.ControlRef = "\xff" + secret }, "continuation control reference is not valid UTF-8"},
		{"control reference too long", func(c *ContinuationIntent) { c.ControlRef = strings.Repeat("c", MaxIdentifierBytes+1) }, "continuation control reference exceeds 256 bytes"},
		{"instruction too long", func(c *ContinuationIntent) { c.Instruction = strings.Repeat("i", MaxInstructionBytes+1) }, "continuation instruction exceeds 4096 bytes"},
		{"instruction length beats the provenance", func(c *ContinuationIntent) {
			c.Instruction, c.Provenance = strings.Repeat("i", MaxInstructionBytes+1), ""
		}, "continuation instruction exceeds 4096 bytes"},
		{"both blank", func(c *ContinuationIntent) { c.ControlRef, c.Instruction = " ", "\n" }, "continuation control reference or instruction is required"},
		{"presence beats the provenance", func(c *ContinuationIntent) {
			c.ControlRef, c.Instruction, c.Provenance = "", "", ""
		}, "continuation control reference or instruction is required"},
		{"provenance missing", func(c *ContinuationIntent) { c.Provenance = "" }, "continuation provenance is required"},
		{"provenance too long", func(c *ContinuationIntent) { c.Provenance = strings.Repeat("p", MaxIdentifierBytes+1) }, "continuation provenance exceeds 256 bytes"},
		{"reason code missing", func(c *ContinuationIntent) { c.ReasonCode = " " }, "continuation reason code is required"},
		{"reason code too long", func(c *ContinuationIntent) { c.ReasonCode = strings.Repeat("r", MaxReasonCodeBytes+1) }, "continuation reason code exceeds 96 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := validIntent()
			tc.mutate(&c)
			want := "terminaldecision: invalid decision: " + tc.want
			err := c.Validate()
			if err == nil || err.Error() != want || !errors.Is(err, ErrInvalidDecision) {
				t.Fatalf("Validate = %v, want %q", err, want)
			}
			checkNamesPackageOnce(t, err)
			if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "iiii") {
				t.Fatalf("error echoes a value: %q", err)
			}
		})
	}
}

func TestValidateDecisionDoesNotAllocateOnSuccess(t *testing.T) {
	intent := validIntent()
	d := Decision{Kind: DecisionContinue, ReasonCode: "missing_completion_signal", Continue: &intent}
	if n := testing.AllocsPerRun(100, func() {
		if ValidateDecision(d) != nil || ValidateProviderID("guard") != nil {
			t.Fatal("unexpected error")
		}
	}); n != 0 {
		t.Fatalf("validation allocated %v times", n)
	}
}
