package conversationprojection

import (
	"cmp"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// TestResolveAnchorsMatchesResolveAnchor checks the one-pass resolver
// against ResolveAnchor, one anchor at a time, on generated item calls with
// repeated identities, including anchors that do not resolve, invalid
// anchors and several anchors on one identity.
func TestResolveAnchorsMatchesResolveAnchor(t *testing.T) {
	vocab := pjFuzzVocabulary(t)
	resolved := 0
	for seed := 0; seed < 300; seed++ {
		data := make([]byte, 80)
		for i := range data {
			data[i] = byte((seed*97 + i*31 + i*i) % 253)
		}
		g := &pjFuzz{data: data}
		call := g.call()
		if !call.HasItemAuthority() {
			call = lipapi.Call{Items: []lipapi.Item{}}
			var ids []string
			for i := 0; i < 12; i++ {
				call.Items = append(call.Items, g.item(i, &ids)...)
			}
		}
		var anchors []MessageAnchor
		for i := 0; i < 10; i++ {
			anchors = append(anchors, MessageAnchor{Identity: vocab[g.intn(len(vocab))], Occurrence: uint32(g.intn(4))})
		}
		anchors = append(anchors, MessageAnchor{}, MessageAnchor{Identity: "v1:junk", Occurrence: 1})
		var k projector
		tr := k.trajectoryOf(&call, true)
		if tr.errs != nil {
			continue // ResolveAnchor reports identity errors; resolveAnchors skips
		}
		got := tr.resolveAnchors(anchors, nil)
		for j, a := range anchors {
			want, ok, err := ResolveAnchor(call.Items, a)
			if err != nil {
				want = -1
			}
			if !ok {
				want = -1
			}
			if want >= 0 {
				resolved++
			}
			if got[j] != want {
				t.Fatalf("seed %d: anchor %v resolved at %d, ResolveAnchor says %d", seed, a, got[j], want)
			}
		}
		// Skipped units are not counted: skipping every unit resolves
		// nothing.
		skip := make([]bool, tr.len())
		for i := range skip {
			skip[i] = true
		}
		for j, p := range tr.resolveAnchors(anchors, skip) {
			if p != -1 {
				t.Fatalf("seed %d: anchor %d resolved over skipped units", seed, j)
			}
		}
	}
	if resolved < 100 {
		t.Fatalf("only %d anchors resolved: the test exercises too little", resolved)
	}
}

// TestRanksFollowOrderKey checks that the packed keys ranks sorts by order
// overlays exactly as compareOrderKey does: IDs sharing their first eight
// bytes, IDs that are prefixes of others (also with zero bytes after the
// prefix), equal and different slots, inactive overlays left unranked.
func TestRanksFollowOrderKey(t *testing.T) {
	ids := []string{"a", "ab", "a\x00", "a\x00b", "abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefgha",
		"abcdefg", "b", "stable-00", "stable-01", "stable-1", "Z", "_", "-", "abcdefgh-1", "abcdefgh-10"}
	var snap Snapshot
	for i := range ids {
		for slot := uint64(0); slot < 3; slot++ {
			// Shuffled input order; every third overlay inactive.
			j := (i*7 + int(slot)*5) % len(ids)
			snap.Steering = append(snap.Steering, Overlay{OverlayID: ids[j], SlotOrdinal: slot * uint64(1+i%2) << 40, Active: (i+int(slot))%3 != 0})
		}
	}
	var k projector
	k.use(&snap, nil)
	rank := k.ranks()
	var active []int
	for i := range snap.Steering {
		if snap.Steering[i].Active {
			active = append(active, i)
		}
	}
	for _, a := range active {
		for _, b := range active {
			oa, ob := &snap.Steering[a], &snap.Steering[b]
			want := compareOrderKey(oa.SlotOrdinal, oa.OverlayID, ob.SlotOrdinal, ob.OverlayID)
			got := cmp.Compare(rank[a], rank[b])
			if want != 0 && got != want {
				t.Fatalf("overlays %q/%d and %q/%d: rank order %d, order key %d", oa.OverlayID, oa.SlotOrdinal, ob.OverlayID, ob.SlotOrdinal, got, want)
			}
		}
	}
	seen := make(map[int]bool)
	for _, a := range active {
		if r := rank[a]; r < 0 || r >= len(active) || seen[r] {
			t.Fatalf("rank %d of overlay %d is out of range or repeated", r, a)
		}
		seen[rank[a]] = true
	}
}
