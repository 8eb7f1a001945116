package conversationprojection

import "testing"

// TestStageValues pins the values of the Stage constants, which callers
// record.
func TestStageValues(t *testing.T) {
	for got, want := range map[Stage]string{
		StageEarly: "early", StageFinal: "final", StageLate: "late", StageSDKResolve: "sdk_resolve",
	} {
		if got != want {
			t.Errorf("stage %q, want %q", got, want)
		}
	}
}
