package terminaldecision

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentkernel/agentkernel/lipapi"
)

// secret is planted in values so tests can prove errors never echo them.
const secret = "s3cr3t-value"

// validInput returns a fully populated Input that passes ValidateInput.
func validInput() Input {
	in := Input{
		Candidate:    CanonicalTerminalCandidate{Cause: CandidateCauseNormal, Reference: "cand-1"},
		Request:      RequestIdentity{RequestID: "req-1", TraceID: "trace-1", ALegID: "a-1", BLegID: "b-1"},
		Policy:       PolicySnapshot{Revision: "rev-1", MaxContinuationAttempts: 3},
		Continuation: ContinuationEvidence{TrajectoryRef: "traj-1", Attempt: 1},
		Evidence: Evidence{
			Objective:     "ship the release",
			RecentText:    "recent transcript",
			CandidateText: "candidate answer",
			ActionCount:   2,
			Lineage:       EvidenceLineage{TrajectoryRef: "traj-1", ParentRef: "parent-1", ProgressRef: "progress-1", Attempt: 1},
		},
		Deadline: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	in.Evidence.Actions[0] = ActionFact{ItemID: "item-1", CallID: "call-1", Kind: lipapi.ItemKindToolCall, Status: lipapi.ItemStatusCompleted, Name: "read_file"}
	in.Evidence.Actions[1] = ActionFact{ItemID: "item-2", Kind: lipapi.ItemKindMessage, Status: lipapi.ItemStatusInProgress}
	return in
}

func TestValidInputsPass(t *testing.T) {
	cases := map[string]func(*Input){
		"fully populated": func(*Input) {},
		"zero evidence":   func(in *Input) { in.Evidence = Evidence{} },
		"optional fields empty": func(in *Input) {
			in.Candidate.Reference, in.Request.TraceID, in.Request.ALegID, in.Request.BLegID = "", "", "", ""
			in.Continuation.TrajectoryRef = ""
			in.Evidence.Lineage = EvidenceLineage{}
		},
		"every action slot active": func(in *Input) {
			for i := range in.Evidence.Actions {
				in.Evidence.Actions[i] = ActionFact{CallID: "c", Kind: lipapi.ItemKindToolResult, Status: lipapi.ItemStatusIncomplete, Name: "n"}
			}
			in.Evidence.ActionCount = MaxEvidenceActions
		},
		"message action with only a call id": func(in *Input) {
			in.Evidence.Actions[1] = ActionFact{CallID: "c", Kind: lipapi.ItemKindMessage, Status: lipapi.ItemStatusCompleted}
		},
		"both explicit flags":             func(in *Input) { in.Evidence.ExplicitCompletion, in.Evidence.ExplicitCompletionExpected = true, true },
		"observed without expectation":    func(in *Input) { in.Evidence.ExplicitCompletion = true },
		"expectation without observation": func(in *Input) { in.Evidence.ExplicitCompletionExpected = true },
		"authoritative cause":             func(in *Input) { in.Candidate.Cause = CandidateCauseAuthorityDenied },
		"unchecked numbers at maximum": func(in *Input) {
			in.Policy.MaxContinuationAttempts, in.Continuation.Attempt, in.Evidence.Lineage.Attempt = 255, 255, 255
			in.Candidate.OutputCommitted = true
		},
		"bounds exactly met": func(in *Input) {
			in.Request.RequestID = strings.Repeat("r", MaxIdentifierBytes)
			in.Evidence.Objective = strings.Repeat("o", MaxEvidenceTextBytes)
			in.Evidence.Actions[0].Name = strings.Repeat("n", MaxIdentifierBytes)
		},
		"padded request id is kept as is": func(in *Input) { in.Request.RequestID = "  req  " },
	}
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			in := validInput()
			mutate(&in)
			if err := ValidateInput(in); err != nil {
				t.Fatalf("ValidateInput: %v", err)
			}
			if err := in.Validate(); err != nil {
				t.Fatalf("Input.Validate: %v", err)
			}
		})
	}
}

func TestValidateInputRejectsInSpecOrder(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n+1) }
	cases := []struct {
		name   string
		mutate func(*Input)
		want   string
	}{
		{"zero input fails on the cause first", func(in *Input) { *in = Input{} }, "unknown candidate cause"},
		{"unknown cause", func(in *Input) { in.Candidate.Cause = secret }, "unknown candidate cause"},
		{"cause is case sensitive", func(in *Input) { in.Candidate.Cause = "Normal" }, "unknown candidate cause"},
		{"candidate reference too long", func(in *Input) { in.Candidate.Reference = long(MaxIdentifierBytes) }, "candidate reference exceeds 256 bytes"},
		{"candidate reference not utf8", func(in *Input) { in.Candidate.Reference = "\xff" }, "candidate reference is not valid UTF-8"},
		{"request id missing", func(in *Input) { in.Request.RequestID = "" }, "request id is required"},
		{"request id blank", func(in *Input) { in.Request.RequestID = " \t\n" }, "request id is required"},
		{"request id blank beats its length", func(in *Input) { in.Request.RequestID = strings.Repeat(" ", 300) }, "request id is required"},
		{"request id utf8 beats its length", func(in *Input) { in.Request.RequestID = long(MaxIdentifierBytes) + "\xff" }, "request id is not valid UTF-8"},
		{"request id bound counts raw bytes", func(in *Input) { in.Request.RequestID = " " + strings.Repeat("r", MaxIdentifierBytes) }, "request id exceeds 256 bytes"},
		{"trace id", func(in *Input) { in.Request.TraceID = long(MaxIdentifierBytes) }, "trace id exceeds 256 bytes"},
		{"a-leg id", func(in *Input) { in.Request.ALegID = "\xc3" }, "a-leg id is not valid UTF-8"},
		{"b-leg id", func(in *Input) { in.Request.BLegID = long(MaxIdentifierBytes) }, "b-leg id exceeds 256 bytes"},
		{"policy revision missing", func(in *Input) { in.Policy.Revision = "  " }, "policy revision is required"},
		{"trajectory reference", func(in *Input) { in.Continuation.TrajectoryRef = long(MaxIdentifierBytes) }, "trajectory reference exceeds 256 bytes"},
		{"objective", func(in *Input) { in.Evidence.Objective = long(MaxEvidenceTextBytes) }, "evidence objective exceeds 2048 bytes"},
		{"recent text", func(in *Input) { in.Evidence.RecentText = "\xed\xa0\x80" }, "evidence recent text is not valid UTF-8"},
		{"candidate text", func(in *Input) { in.Evidence.CandidateText = long(MaxEvidenceTextBytes) }, "evidence candidate text exceeds 2048 bytes"},
		{"action count", func(in *Input) { in.Evidence.ActionCount = MaxEvidenceActions + 1 }, "evidence action count exceeds 8"},
		{"action count beats the actions", func(in *Input) {
			in.Evidence.ActionCount = 255
			in.Evidence.Actions[0].Kind = secret
		}, "evidence action count exceeds 8"},
		{"action item id", func(in *Input) { in.Evidence.Actions[1].ItemID = long(MaxIdentifierBytes) }, "evidence actions[1] item id exceeds 256 bytes"},
		{"action call id", func(in *Input) { in.Evidence.Actions[0].CallID = "\xff" }, "evidence actions[0] call id is not valid UTF-8"},
		{"action name", func(in *Input) { in.Evidence.Actions[0].Name = long(MaxIdentifierBytes) }, "evidence actions[0] name exceeds 256 bytes"},
		{"action name bound beats missing ids", func(in *Input) {
			in.Evidence.Actions[1] = ActionFact{Name: long(MaxIdentifierBytes)}
		}, "evidence actions[1] name exceeds 256 bytes"},
		{"action without ids", func(in *Input) { in.Evidence.Actions[1].ItemID = "" }, "evidence actions[1] requires item id or call id"},
		{"action ids beat the kind", func(in *Input) { in.Evidence.Actions[1] = ActionFact{Kind: secret} }, "evidence actions[1] requires item id or call id"},
		{"action kind unknown", func(in *Input) { in.Evidence.Actions[1].Kind = secret }, "evidence actions[1] has unknown action kind"},
		{"action kind not an evidence kind", func(in *Input) { in.Evidence.Actions[1].Kind = lipapi.ItemKindReasoning }, "evidence actions[1] has unknown action kind"},
		{"action kind beats the status", func(in *Input) {
			in.Evidence.Actions[1].Kind, in.Evidence.Actions[1].Status = "", ""
		}, "evidence actions[1] has unknown action kind"},
		{"action status unknown", func(in *Input) { in.Evidence.Actions[1].Status = secret }, "evidence actions[1] has unknown action status"},
		{"tool action without call id", func(in *Input) { in.Evidence.Actions[0].CallID = "" }, "evidence actions[0] tool action requires call id"},
		{"tool result without call id", func(in *Input) {
			in.Evidence.Actions[0].Kind, in.Evidence.Actions[0].CallID = lipapi.ItemKindToolResult, ""
		}, "evidence actions[0] tool action requires call id"},
		{"tool action blank name", func(in *Input) { in.Evidence.Actions[0].Name = " \u3000" }, "evidence actions[0] tool action requires name"},
		{"first bad action wins", func(in *Input) {
			in.Evidence.Actions[0].Status = ""
			in.Evidence.Actions[1].Kind = ""
		}, "evidence actions[0] has unknown action status"},
		{"populated inactive slot", func(in *Input) { in.Evidence.Actions[3].Name = secret }, "evidence action 3 is populated beyond action count"},
		{"slot beyond a lowered count", func(in *Input) { in.Evidence.ActionCount = 1 }, "evidence action 1 is populated beyond action count"},
		{"last slot", func(in *Input) { in.Evidence.Actions[7].Status = lipapi.ItemStatusCompleted }, "evidence action 7 is populated beyond action count"},
		{"lineage trajectory reference", func(in *Input) { in.Evidence.Lineage.TrajectoryRef = long(MaxIdentifierBytes) }, "evidence trajectory reference exceeds 256 bytes"},
		{"lineage parent reference", func(in *Input) { in.Evidence.Lineage.ParentRef = "\xff" + secret }, "evidence parent reference is not valid UTF-8"},
		{"lineage progress reference", func(in *Input) { in.Evidence.Lineage.ProgressRef = long(MaxIdentifierBytes) }, "evidence progress reference exceeds 256 bytes"},
		{"deadline", func(in *Input) { in.Deadline = time.Time{} }, "deadline is required"},
		{"an earlier field wins over the deadline", func(in *Input) {
			in.Deadline = time.Time{}
			in.Policy.Revision = ""
		}, "policy revision is required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := validInput()
			tc.mutate(&in)
			err := ValidateInput(in)
			want := "terminaldecision: invalid input: " + tc.want
			if err == nil || err.Error() != want {
				t.Fatalf("ValidateInput = %v, want %q", err, want)
			}
			checkNamesPackageOnce(t, err)
			if !errors.Is(err, ErrInvalidInput) || errors.Is(err, ErrInvalidDecision) || errors.Is(err, ErrInvalidProvider) {
				t.Fatalf("error %v does not wrap exactly ErrInvalidInput", err)
			}
			if got := in.Validate(); got == nil || got.Error() != want {
				t.Fatalf("Input.Validate = %v, want %q", got, want)
			}
			if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "xxxx") || len(err.Error()) >= 256 {
				t.Fatalf("error text echoes a value or is too long: %q", err)
			}
		})
	}
}

// TestInputSharesNothing pins the documented property that copying an Input
// shares no memory: its types hold no pointers, slices, maps, channels,
// functions or interfaces (time.Time is the one permitted struct with
// internals, and it is an immutable value).
func TestInputSharesNothing(t *testing.T) {
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, path string) {
		if typ == reflect.TypeOf(time.Time{}) {
			return
		}
		switch typ.Kind() {
		case reflect.Struct:
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				if f.Tag != "" {
					t.Errorf("%s.%s has a struct tag", path, f.Name)
				}
				walk(f.Type, path+"."+f.Name)
			}
		case reflect.Array:
			walk(typ.Elem(), path+"[]")
		case reflect.String, reflect.Bool, reflect.Uint8:
		default:
			t.Errorf("%s has kind %s", path, typ.Kind())
		}
	}
	walk(reflect.TypeOf(Input{}), "Input")
}

func TestValidateInputDoesNotAllocateOnSuccess(t *testing.T) {
	in := validInput()
	if n := testing.AllocsPerRun(100, func() {
		if ValidateInput(in) != nil {
			t.Fatal("unexpected error")
		}
	}); n != 0 {
		t.Fatalf("ValidateInput allocated %v times", n)
	}
}
