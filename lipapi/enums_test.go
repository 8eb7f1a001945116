package lipapi

import "testing"

// TestIsKnownAcceptsExactlyTheConstants pins the one rule of each enum that
// other packages read instead of restating it: the constants are known, the
// empty value and any other spelling (case, white space) are not.
func TestIsKnownAcceptsExactlyTheConstants(t *testing.T) {
	tests := []struct {
		name    string
		isKnown func(string) bool
		known   []string
	}{
		{"Role", func(s string) bool { return Role(s).IsKnown() },
			[]string{"system", "developer", "user", "assistant", "tool"}},
		{"ItemStatus", func(s string) bool { return ItemStatus(s).IsKnown() },
			[]string{"in_progress", "completed", "incomplete"}},
		{"AssistantPhase", func(s string) bool { return AssistantPhase(s).IsKnown() },
			[]string{"commentary", "final_answer"}},
	}
	for _, tt := range tests {
		for _, k := range tt.known {
			if !tt.isKnown(k) {
				t.Errorf("%s(%q).IsKnown() = false, want true", tt.name, k)
			}
			for _, other := range []string{" " + k, k + "\n", string(k[0]-'a'+'A') + k[1:]} {
				if tt.isKnown(other) {
					t.Errorf("%s(%q).IsKnown() = true, want false", tt.name, other)
				}
			}
		}
		for _, other := range []string{"", "function", "unknown"} {
			if tt.isKnown(other) {
				t.Errorf("%s(%q).IsKnown() = true, want false", tt.name, other)
			}
		}
	}
}
