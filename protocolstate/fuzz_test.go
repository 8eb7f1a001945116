package protocolstate

import (
	"strconv"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// FuzzDecode checks that Decode never panics, that every rejection is the
// zero State with the bare sentinel, that every accepted token is valid and
// re-encodes to itself byte for byte, and that decode agrees with refDecode,
// the spec written independently, on the state and on the first failing
// check. Seeds: testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, token string) {
		s, err := Decode(token)
		got, reason := decode(token)
		if want, wantReason := refDecode(token); got != want || reason != wantReason {
			t.Fatalf("decode = (%+v, %q), reference (%+v, %q)", got, reason, want, wantReason)
		}
		if err != nil {
			if err != ErrInvalidToken || s != (State{}) {
				t.Fatalf("Decode rejected with (%+v, %v)", s, err)
			}
			if reason == accepted {
				t.Fatal("Decode rejected a token its checks accept")
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("accepted state %+v is invalid", s)
		}
		again, err := Encode(s)
		if err != nil || again != token {
			t.Fatalf("Encode(Decode(%q)) = (%q, %v)", token, again, err)
		}
	})
}

// FuzzFingerprint checks that Fingerprint is deterministic, agrees with the
// straightforward reference preimage on both of its paths (the streaming one
// is checked even where the small one applies), and ignores every excluded
// field: ids, lineage, policy, continuation, deadline and unused action
// slots. The slots of the action array vary independently. Seeds:
// testdata/fuzz/FuzzFingerprint.
func FuzzFingerprint(f *testing.F) {
	f.Fuzz(func(t *testing.T, cause, objective, candidate, recent string, count uint8, kind, status, name string, flags uint8, junk, slots string) {
		in := terminaldecision.Input{}
		in.Candidate.Cause = terminaldecision.CandidateCause(cause)
		in.Evidence.Objective, in.Evidence.CandidateText, in.Evidence.RecentText = objective, candidate, recent
		in.Evidence.ActionCount = count
		in.Evidence.ExplicitCompletion = flags&1 != 0
		in.Evidence.ExplicitCompletionExpected = flags&2 != 0
		// Slot i takes fields 3i, 3i+1 and 3i+2 of slots split at '|'
		// (so slots differ independently), or kind, status and name with
		// its index where slots runs out.
		fields := strings.Split(slots, "|")
		field := func(j int, fallback string) string {
			if j < len(fields) && slots != "" {
				return fields[j]
			}
			return fallback
		}
		for i := range in.Evidence.Actions {
			in.Evidence.Actions[i] = terminaldecision.ActionFact{
				Kind:   lipapi.ItemKind(field(3*i, kind)),
				Status: lipapi.ItemStatus(field(3*i+1, status)),
				Name:   field(3*i+2, name+strconv.Itoa(i)),
			}
		}
		got := Fingerprint(in)
		if again := Fingerprint(in); again != got {
			t.Fatalf("Fingerprint is not deterministic: %s then %s", got, again)
		}
		if want := refFingerprint(in); got != want {
			t.Fatalf("Fingerprint = %s, reference %s", got, want)
		}
		if string(streamedPreimage(in)) != refPreimage(in) {
			t.Fatal("the streamed preimage differs from the reference")
		}
		if !isCanonicalFingerprint(got) {
			t.Fatalf("Fingerprint %q is not canonical", got)
		}
		mutated := in
		mutateExcluded(&mutated, junk, count^flags)
		if m := Fingerprint(mutated); m != got {
			t.Fatalf("an excluded field changed the fingerprint: %s vs %s", m, got)
		}
	})
}
