package conversationprojection

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// stRandomTrajectory returns a random trajectory of up to 24 units over a
// vocabulary of 1 to 4 identities (and units without identity), laid out
// at random or alternating with a separator identity, so that whole
// regions of alike units are frequent.
func stRandomTrajectory(rng *rand.Rand) (*trajectory, []sum) {
	vocab := make([]sum, 1+rng.IntN(4))
	for k := range vocab {
		vocab[k][0], vocab[k][1] = byte(k+1), 0xa5
	}
	item := rng.IntN(2) == 0
	n := rng.IntN(25)
	ids := make([]sum, n)
	alternate := rng.IntN(3) == 0
	for i := range ids {
		switch {
		case alternate && i%2 == 0:
			ids[i] = vocab[len(vocab)-1]
		case alternate:
			ids[i] = vocab[0]
		case rng.IntN(len(vocab)+2) == 0: // no identity
		default:
			ids[i] = vocab[rng.IntN(len(vocab))]
		}
	}
	ct := &trajectory{item: item, ids: ids}
	if item {
		ct.items = make([]lipapi.Item, n)
	} else {
		nIns := rng.IntN(n + 1)
		ct.ins, ct.msgs = make([]lipapi.Message, nIns), make([]lipapi.Message, n-nIns)
	}
	return ct, vocab
}

// stRandomIndex returns a position for a provenance entry: in or near the
// trajectory, negative, or absurd (up to math.MaxInt).
func stRandomIndex(rng *rand.Rand, n int) int {
	switch rng.IntN(8) {
	case 0:
		return -1 - rng.IntN(3)
	case 1:
		return []int{1000, 1 << 30, math.MaxInt, math.MaxInt - 3}[rng.IntN(4)]
	case 2:
		return 0
	}
	return rng.IntN(n + 4)
}

// stRandomProvenance returns up to 12 entries with identities mostly of
// vocab, random order keys (duplicates included) and random positions in
// either authority's form.
func stRandomProvenance(rng *rand.Rand, vocab []sum, n int) []OverlayProvenance {
	prov := make([]OverlayProvenance, rng.IntN(13))
	for i := range prov {
		e := &prov[i]
		e.OverlayID = fmt.Sprintf("o%d", rng.IntN(6))
		e.SlotOrdinal = uint64(rng.IntN(3))
		switch rng.IntN(10) {
		case 0:
			e.InjectedIdentity = "v1:not-an-identity"
		case 1:
			e.InjectedIdentity = identityOfSum(sum{0xee})
		default:
			e.InjectedIdentity = identityOfSum(vocab[rng.IntN(len(vocab))])
		}
		e.InjectedAuthority = []string{authorityItem, authorityLegacy, ""}[rng.IntN(3)]
		e.InjectedItemIndex = stRandomIndex(rng, n)
		e.InjectedTrajectoryIndex = stRandomIndex(rng, n)
		if rng.IntN(3) > 0 {
			instr, idx := rng.IntN(2) == 0, stRandomIndex(rng, n)
			e.InjectedLegacyIsInstruction, e.InjectedLegacyIndex = &instr, &idx
		}
	}
	return prov
}

// TestStripMatchesTheReference compares strip with the plain quadratic
// strip (refStrip) on random trajectories and provenance:
// the same removals, or the same error.
func TestStripMatchesTheReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 20))
	for iter := range 40_000 {
		ct, vocab := stRandomTrajectory(rng)
		prov := stRandomProvenance(rng, vocab, ct.len())
		refIDs, _ := provenanceIdentities(ct, prov)
		want, werr := refStrip(ct, prov, refIDs)
		ids, order := provenanceIdentities(ct, prov)
		got, gerr := (&reassertion{}).strip(ct, prov, ids, order)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d (item %v, %d instructions, ids %x):\nprovenance %+v\nstrip     %v %v\nreference %v %v",
				iter, ct.item, len(ct.ins), ct.ids, prov, got, gerr, want, werr)
		}
	}
}

// stDegenerate returns a Reassert input of the kind that used to cost time
// and memory quadratic in k: k units of one identity and k provenance
// entries for it, without a baseline.
//   - "no position": item units separated by another identity (so all are
//     alike) and entries without a usable position: every remaining unit
//     was a candidate for every entry;
//   - "one position": k adjacent item units and every entry expecting its
//     copy at index 0: the search walked past all the units removed (in
//     time, not memory: see the benchmark);
//   - "other region": legacy messages separated by another identity, and
//     entries expecting their copies in the (empty) instructions: every
//     remaining message was a candidate.
func stDegenerate(shape string, k int) (lipapi.Call, []OverlayProvenance) {
	return stDegenerateTexts(shape, k, "hi", "x")
}

// stDegenerateTexts is stDegenerate with the texts of the repeated unit
// (hiText) and of the others (xText).
func stDegenerateTexts(shape string, k int, hiText, xText string) (lipapi.Call, []OverlayProvenance) {
	hi := pjItem("", lipapi.RoleUser, hiText)
	id, _ := ItemIdentityOf(hi)
	prov := make([]OverlayProvenance, k)
	var c lipapi.Call
	switch shape {
	case "no position", "one position":
		index := -1
		if shape == "one position" {
			index = 0
		}
		c.Items = []lipapi.Item{pjItem("", lipapi.RoleUser, xText)}
		for range k {
			c.Items = append(c.Items, hi)
			if shape == "no position" {
				c.Items = append(c.Items, pjItem("", lipapi.RoleUser, xText))
			}
		}
		for i := range prov {
			prov[i] = OverlayProvenance{InjectedAuthority: authorityItem, InjectedItemIndex: index, InjectedTrajectoryIndex: index}
		}
	case "other region":
		c.Messages = []lipapi.Message{pjMsg(lipapi.RoleUser, xText)}
		for range k {
			c.Messages = append(c.Messages, pjMsg(lipapi.RoleUser, hiText), pjMsg(lipapi.RoleUser, xText))
		}
		instr := true
		for i := range prov {
			prov[i] = OverlayProvenance{InjectedAuthority: authorityLegacy, InjectedLegacyIsInstruction: &instr, InjectedLegacyIndex: new(int)}
		}
	}
	for i := range prov {
		prov[i].OverlayID, prov[i].InjectedIdentity, prov[i].ResolvedKind = fmt.Sprintf("o%05d", i), id, PlacementStablePrefix
	}
	return c, prov
}

var stShapes = []string{"no position", "one position", "other region"}

// TestReassertDegenerateCostIsLinear pins the growth of Reassert on the
// degenerate inputs: quadrupling k at most quadruples the bytes allocated,
// within a margin (6x; the quadratic search allocated 16x more), and the
// result is the one the small case predicts (every copy stripped).
func TestReassertDegenerateCostIsLinear(t *testing.T) {
	for _, shape := range stShapes {
		var bytes [2]uint64
		for n, k := range []int{400, 1600} {
			c, prov := stDegenerate(shape, k)
			out, _, err := Reassert(c, Snapshot{}, prov, lipapi.Call{})
			if err != nil {
				t.Fatalf("%s, k=%d: %v", shape, k, err)
			}
			if got, want := len(out.Items)+len(out.Messages), len(c.Items)+len(c.Messages)-k; got != want {
				t.Fatalf("%s, k=%d: %d units left, want %d", shape, k, got, want)
			}
			bytes[n] = corpus.Allocated(func() { _, _, _ = Reassert(c, Snapshot{}, prov, lipapi.Call{}) })
		}
		t.Logf("%s: %d -> %d bytes", shape, bytes[0], bytes[1])
		if ratio := float64(bytes[1]) / float64(bytes[0]); ratio > 6 {
			t.Errorf("%s: k=400 allocated %d bytes, k=1600 %d: %.1fx", shape, bytes[0], bytes[1], ratio)
		}
	}
}

// BenchmarkReassertDegenerate times Reassert on the degenerate inputs at
// k=1600 against k=400 in the same run, the texts of the units (50 bytes)
// taken from each corpus class, and reports the ratio: about 4, the growth
// of a linear algorithm (it was about 16 with the quadratic search). Run it
// with
//
//	go test -run '^$' -bench 'ReassertDegenerate' -cpu 1 ./conversationprojection/
func BenchmarkReassertDegenerate(b *testing.B) {
	for _, shape := range stShapes {
		b.Run(shape, func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-at-4k"}
			for _, c := range corpus.Load(b) {
				hi, x := pjText(c, 1, 50), pjText(c, 2, 50)
				big, bigProv := stDegenerateTexts(shape, 1600, hi, x)
				small, smallProv := stDegenerateTexts(shape, 400, hi, x)
				cases.Run(b, c.Name, 0, func(b *testing.B) corpus.Result {
					r := corpus.Versus(b,
						func() { sinkCall, _, sinkError = Reassert(big, Snapshot{}, bigProv, lipapi.Call{}) },
						func() { sinkCall, _, sinkError = Reassert(small, Snapshot{}, smallProv, lipapi.Call{}) })
					if sinkError != nil {
						b.Fatal(sinkError)
					}
					return r
				})
			}
			cases.Report(b)
		})
	}
}

// TestOverlayIdentityIsComparedOncePerOverlay: the identity of an
// overlay's injected unit is taken from a copy only through the first entry
// for the overlay that points at a unit with an identity. Later entries
// are not compared at all, so repeated entries against a near-copy cost
// one comparison, not one per entry.
func TestOverlayIdentityIsComparedOncePerOverlay(t *testing.T) {
	text := "steer"
	snap := Snapshot{Steering: []Overlay{pjStable("s", 1, text)}}
	copyItem := pjItem("lip-steering-s", lipapi.RoleSystem, text)
	near := pjItem("", lipapi.RoleSystem, text+"!")
	call := lipapi.Call{Items: []lipapi.Item{near, copyItem}}
	for _, tc := range []struct {
		name  string
		order []int // the units the entries point at, in order
		taken bool
	}{
		{"copy first", []int{1, 0}, true},
		{"near-copy first", []int{0, 1}, false},
		{"out of range first", []int{7, 1}, true},
	} {
		var k projector
		k.use(&snap, nil)
		ct := k.trajectoryOf(&call, true)
		var prov []OverlayProvenance
		for _, x := range tc.order {
			prov = append(prov, OverlayProvenance{OverlayID: "s", InjectedTrajectoryIndex: x})
		}
		k.overlayIdentitiesFrom(ct, prov)
		if taken := !k.overlays[0].isZero(); taken != tc.taken {
			t.Errorf("%s: identity taken from a copy: %v, want %v", tc.name, taken, tc.taken)
		}
		if tc.taken && k.overlays[0] != ct.ids[1] {
			t.Errorf("%s: wrong identity taken", tc.name)
		}
	}
}
