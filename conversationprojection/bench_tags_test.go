package conversationprojection

import (
	"crypto/sha256"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// tagWorkload returns a call of 20 messages of class c (texts of 300
// bytes) and 4,096 never_backend tags: four of them the identities of
// messages of the call, the others of no message.
func tagWorkload(tb testing.TB, c corpus.Class) (lipapi.Call, []Tag) {
	msgs := make([]lipapi.Message, 20)
	for i := range msgs {
		role := lipapi.RoleUser
		if i%2 == 1 {
			role = lipapi.RoleAssistant
		}
		msgs[i] = pjMsg(role, pjText(c, i, 300))
	}
	tags := make([]Tag, MaxNeverBackendTags)
	for i := range tags {
		id := MessageIdentity(canon.PrefixedHex("v1:", sha256.Sum256([]byte{byte(i), byte(i >> 8)})))
		if i%1024 == 0 {
			id = mustIdentity(tb, msgs[i/1024*5])
		}
		tags[i] = Tag{Identity: id, Reason: "user.redacted"}
	}
	return lipapi.Call{Messages: msgs}, tags
}

// unvalidatedFilter is the baseline of the tag benchmarks: what a filter
// that validates no tag does, building a set of the tags' identity strings
// and looking up the identity of each message. It returns the number of
// messages kept.
func unvalidatedFilter(c *lipapi.Call, tags []Tag) int {
	set := make(map[string]struct{}, len(tags))
	for i := range tags {
		set[string(tags[i].Identity)] = struct{}{}
	}
	kept := 0
	for i := range c.Messages {
		id, err := MessageIdentityOf(c.Messages[i])
		if _, tagged := set[string(id)]; err == nil && !tagged {
			kept++
		}
	}
	return kept
}

var sinkInt int

// BenchmarkTagsVsUnvalidated measures Project and FilterNeverBackend of 20
// messages under 4,096 never_backend tags, which they validate, against
// unvalidatedFilter on the same call (the goal: at most 1x), per corpus
// class. Run it with
//
//	go test -run '^$' -bench 'TagsVsUnvalidated' -cpu 1 ./conversationprojection/
func BenchmarkTagsVsUnvalidated(b *testing.B) {
	classes := corpus.Load(b)
	for _, fn := range []string{"Project", "FilterNeverBackend"} {
		b.Run(fn, func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-unvalidated"}
			for _, c := range classes {
				call, tags := tagWorkload(b, c)
				snap := Snapshot{NeverBackend: tags}
				ours := func() { sinkCall, _, sinkError = Project(call, snap) }
				if fn == "FilterNeverBackend" {
					ours = func() { sinkCall, sinkError = FilterNeverBackend(call, snap) }
				}
				if out, err := FilterNeverBackend(call, snap); err != nil || len(out.Messages) != unvalidatedFilter(&call, tags) || len(out.Messages) != 16 {
					b.Fatalf("%s: %d messages kept, %v; the baseline keeps %d", c.Name, len(out.Messages), err, unvalidatedFilter(&call, tags))
				}
				cases.Run(b, c.Name, 0, func(b *testing.B) corpus.Result {
					return corpus.Versus(b, ours, func() { sinkInt = unvalidatedFilter(&call, tags) })
				})
			}
			cases.Report(b)
		})
	}
}
