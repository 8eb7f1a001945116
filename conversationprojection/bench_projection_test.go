package conversationprojection

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon/corpus"
	"github.com/agentkernel/agentkernel/lipapi"
)

// Projection benchmarks. Each runs over the benchmark corpus: for every
// class, and for a mix of all classes, a call of pjBenchUnits units of that
// content (see pjSetup), interleaved in the same run (corpus.Versus) with
// its floor: sha256.Sum256 over the canonical atom bytes of every message
// unit the function hashes (the input call for Project, the projected call
// for Reassert and Verify), precomputed. Each case reports x-floor, and
// each authority ends with a summary (worst class and median). Run them
// with
//
//	go test -run '^$' -bench 'ProjectVsFloor|ReassertVsFloor|VerifyVsFloor' -cpu 1 ./conversationprojection/

// pjBenchUnits is the number of units of a benchmark call.
const pjBenchUnits = 1000

// pjSizes are the text sizes of successive units: mostly a few hundred
// bytes, some short, some long.
var pjSizes = []int{300, 50, 1200, 300, 300, 4096, 50, 1200, 300, 300}

// pjWorkload is a benchmark input and its precomputed floor data.
type pjWorkload struct {
	call, baseline, projected lipapi.Call
	snap                      Snapshot
	ev                        *ProjectionEvidence
	atoms, projectedAtoms     [][]byte // the atom bytes of every message unit of call and projected
}

// pjText returns text i of a call: a sample of about n bytes of class c
// (see corpus.Class.Sample), led by a number that makes every text of a
// call distinct. A sample that is not valid UTF-8 (the invalid-utf8 class)
// is made valid first, as a caller must: a call holding invalid UTF-8 does
// not validate, so it cannot be projected.
func pjText(c corpus.Class, i, n int) string {
	return fmt.Sprintf("#%04d ", i) + strings.ToValidUTF8(c.Sample(i, n), "\uFFFD")
}

// pjToolOutput returns a tool's output as encoding/json writes it, text
// holding its stdout.
func pjToolOutput(text string) []byte {
	b, err := json.Marshal(map[string]any{"exit_code": 0, "stdout": text, "truncated": false})
	if err != nil {
		panic(err)
	}
	return b
}

// pjSetup builds a call of pjBenchUnits units (items, or instructions and
// messages) whose texts come from class(i), the class of unit i: a
// conversation of user and assistant turns, reasoning, tool calls and
// results (text and JSON output), eight units tagged never_backend, and 64
// active overlays (32 stable_prefix, 32 after_message anchored on message
// units spread over the call) whose texts come from the classes too.
func pjSetup(tb testing.TB, items bool, class func(i int) corpus.Class) *pjWorkload {
	tb.Helper()
	w := &pjWorkload{}
	text := func(i int) string { return pjText(class(i), i, pjSizes[i%len(pjSizes)]) }
	var anchors []int // units that may be anchors or tagged: message units
	if items {
		w.call.Items = make([]lipapi.Item, 0, pjBenchUnits)
		for i := 0; len(w.call.Items) < pjBenchUnits; i++ {
			call := fmt.Sprintf("call_%d", i)
			switch i % 10 {
			case 2:
				w.call.Items = append(w.call.Items, lipapi.Item{Kind: lipapi.ItemKindReasoning, ID: fmt.Sprintf("rs_%d", i),
					Reasoning: &lipapi.ReasoningItem{Reasoning: &lipapi.ReasoningPart{Dialect: "openai-responses",
						Summary:          json.RawMessage(`[{"type":"summary_text","text":"Check the output."}]`),
						EncryptedContent: json.RawMessage(`"gAAAAABoZ3JlYXQ"`), EncryptedContentPresent: true}}})
			case 3, 7:
				w.call.Items = append(w.call.Items, lipapi.Item{Kind: lipapi.ItemKindToolCall, ID: "fc_" + call, Status: lipapi.ItemStatusCompleted,
					ToolCall: &lipapi.ToolCallItem{CallID: call, Name: "shell", Arguments: json.RawMessage(`{"cmd":["go","test","./..."]}`)}})
			case 4:
				w.call.Items = append(w.call.Items, lipapi.Item{Kind: lipapi.ItemKindToolResult,
					ToolResult: &lipapi.ToolResultItem{CallID: fmt.Sprintf("call_%d", i-1), Name: "shell", Output: text(i)}})
			case 8:
				anchors = append(anchors, len(w.call.Items))
				w.call.Items = append(w.call.Items, lipapi.Item{Kind: lipapi.ItemKindMessage, Role: lipapi.RoleTool,
					Content: []lipapi.ContentPart{{Kind: lipapi.ContentPartJSON, Text: string(pjToolOutput(text(i)))}}})
			default:
				role := lipapi.RoleUser
				if i%2 == 1 {
					role = lipapi.RoleAssistant
				}
				anchors = append(anchors, len(w.call.Items))
				w.call.Items = append(w.call.Items, pjItem(fmt.Sprintf("msg_%d", i), role, text(i)))
			}
		}
	} else {
		w.call.Instructions = []lipapi.Message{pjMsg(lipapi.RoleSystem, "You are a careful coding agent."), pjMsg(lipapi.RoleDeveloper, "Prefer small diffs.")}
		for i := 0; len(w.call.Messages)+2 < pjBenchUnits; i++ {
			var m lipapi.Message
			switch i % 10 {
			case 2:
				m = lipapi.Message{Role: lipapi.RoleAssistant, Parts: []lipapi.Part{
					{Kind: lipapi.PartReasoning, Reasoning: &lipapi.ReasoningPart{Dialect: "anthropic-messages", Text: "Check the test first.", Signature: "c2lnbmF0dXJl"}},
					lipapi.TextPart(text(i))}}
			case 4, 7:
				m = lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartToolResult, ToolCallID: "call_1", ToolName: "shell", Text: text(i)}}}
			case 8:
				m = lipapi.Message{Role: lipapi.RoleTool, Parts: []lipapi.Part{{Kind: lipapi.PartJSON, Content: pjToolOutput(text(i))}}}
			case 9:
				m = lipapi.Message{Role: lipapi.RoleUser, Parts: []lipapi.Part{lipapi.TextPart(text(i)), {Kind: lipapi.PartImageRef, ImageRef: "img://shot", ImageMIME: "image/png"}}}
			default:
				role := lipapi.RoleUser
				if i%2 == 1 {
					role = lipapi.RoleAssistant
				}
				m = pjMsg(role, text(i))
			}
			anchors = append(anchors, 2+len(w.call.Messages))
			w.call.Messages = append(w.call.Messages, m)
		}
	}
	w.atoms = pjAtoms(tb, w.call)
	unitIdentity := func(u int) MessageIdentity {
		if items {
			return mustItemIdentity(tb, w.call.Items[u])
		}
		return mustIdentity(tb, w.call.Messages[u-2])
	}
	for i := 0; i < 8; i++ {
		w.snap.NeverBackend = append(w.snap.NeverBackend, Tag{Identity: unitIdentity(anchors[(2*i+1)*len(anchors)/17]), Reason: "bench"})
	}
	for i := 0; i < 32; i++ {
		steer := func(j int) string { return "Steer: " + pjText(class(j), j, 200) }
		w.snap.Steering = append(w.snap.Steering, pjStable(fmt.Sprintf("stable-%02d", i), uint64(i%4), steer(i)))
		target := unitIdentity(anchors[(2*i)*len(anchors)/64])
		w.snap.Steering = append(w.snap.Steering, pjAfter(fmt.Sprintf("after-%02d", i), uint64(i%4), steer(100+i), pjAnchor(target, 1), AnchorStablePrefixFallback))
	}
	var err error
	w.baseline, err = FilterNeverBackend(w.call, w.snap)
	pjMust(tb, err)
	w.projected, w.ev, err = Project(w.call, w.snap)
	pjMust(tb, err)
	if len(w.ev.Fallbacks) != 0 || w.ev.InjectedCount != 64 || w.ev.FilteredCount != 8 {
		tb.Fatalf("workload: %d fallbacks, %d injected, %d filtered", len(w.ev.Fallbacks), w.ev.InjectedCount, w.ev.FilteredCount)
	}
	w.projectedAtoms = pjAtoms(tb, w.projected)
	return w
}

// pjAtoms returns the atom bytes of every message unit of c.
func pjAtoms(tb testing.TB, c lipapi.Call) [][]byte {
	var out [][]byte
	add := func(atom MessageAtomV1, err error) {
		pjMust(tb, err)
		bytes, err := CanonicalAtomBytes(atom)
		pjMust(tb, err)
		out = append(out, bytes)
	}
	for _, m := range append(slices.Clone(c.Instructions), c.Messages...) {
		add(AtomOfMessage(m))
	}
	for _, it := range c.Items {
		if it.Kind == lipapi.ItemKindMessage {
			add(AtomOfItem(it))
		}
	}
	return out
}

// pjFloor hashes every atom once: the floor of a function that hashes
// those message units.
func pjFloor(atoms [][]byte) {
	for _, a := range atoms {
		sinkSum = sha256.Sum256(a)
	}
}

// pjWorkloads calls run on the workload of each corpus class and of the
// mix of all classes (unit i of class i mod the number of classes), under
// each authority, with a summary per authority.
func pjWorkloads(b *testing.B, run func(b *testing.B, w *pjWorkload) corpus.Result) {
	classes := corpus.Load(b)
	for _, items := range []bool{false, true} {
		name := "legacy"
		if items {
			name = "items"
		}
		b.Run(name, func(b *testing.B) {
			cases := corpus.Cases{Unit: "x-floor"}
			for _, c := range append(classes, corpus.Class{Name: "mixed"}) {
				class := func(int) corpus.Class { return c }
				if c.Name == "mixed" {
					class = func(i int) corpus.Class { return classes[i%len(classes)] }
				}
				cases.Run(b, c.Name, 0, func(b *testing.B) corpus.Result { return run(b, pjSetup(b, items, class)) })
			}
			cases.Report(b)
		})
	}
}

var (
	sinkCall  lipapi.Call
	sinkError error
)

func BenchmarkProjectVsFloor(b *testing.B) {
	pjWorkloads(b, func(b *testing.B, w *pjWorkload) corpus.Result {
		return corpus.Versus(b,
			func() { sinkCall, _, sinkError = Project(w.call, w.snap) },
			func() { pjFloor(w.atoms) })
	})
}

func BenchmarkReassertVsFloor(b *testing.B) {
	pjWorkloads(b, func(b *testing.B, w *pjWorkload) corpus.Result {
		return corpus.Versus(b,
			func() { sinkCall, _, sinkError = Reassert(w.projected, w.snap, w.ev.Provenance, w.baseline) },
			func() { pjFloor(w.projectedAtoms) })
	})
}

func BenchmarkReassertWithoutBaselineVsFloor(b *testing.B) {
	pjWorkloads(b, func(b *testing.B, w *pjWorkload) corpus.Result {
		return corpus.Versus(b,
			func() { sinkCall, _, sinkError = Reassert(w.projected, w.snap, w.ev.Provenance, lipapi.Call{}) },
			func() { pjFloor(w.projectedAtoms) })
	})
}

func BenchmarkVerifyVsFloor(b *testing.B) {
	pjWorkloads(b, func(b *testing.B, w *pjWorkload) corpus.Result {
		return corpus.Versus(b,
			func() {
				sinkError = VerifyAdaptationPreservesProjection(w.projected, w.projected, w.snap, w.ev.Provenance)
			},
			func() { pjFloor(w.projectedAtoms) })
	})
}

// TestProjectionAllocations bounds the allocations of the projection
// functions on the benchmark workload: independent of the number of units
// (the deep copy and every per-unit table are allocated in blocks), plus a
// few per overlay in Reassert and Verify, plus a few per message with a
// JSON payload.
func TestProjectionAllocations(t *testing.T) {
	classes := corpus.Load(t)
	for _, items := range []bool{false, true} {
		for _, c := range []corpus.Class{classes[0], {Name: "mixed"}} {
			class := func(int) corpus.Class { return c }
			if c.Name == "mixed" {
				class = func(i int) corpus.Class { return classes[i%len(classes)] }
			}
			w := pjSetup(t, items, class)
			m := pjActiveOverlays(w.snap)
			// A JSON payload costs canon's canonical writer an allocation
			// or two (one more when its canonical form outgrows a stack
			// buffer), and those of a canon.Digest and its windows when
			// it is long enough to stream.
			jsonParts := 0
			for _, a := range w.atoms {
				if strings.Contains(string(a), `"kind":"json"`) {
					jsonParts += 2
					if len(a) > 3*inlineJSON {
						jsonParts += 8
					}
				}
			}
			none := Snapshot{}
			check := func(name string, limit int, fn func() error) {
				t.Helper()
				var err error
				allocs := testing.AllocsPerRun(5, func() { err = fn() })
				pjMust(t, err)
				if int(allocs) > limit {
					t.Errorf("items=%t %s: %s allocates %.0f times, limit %d", items, c.Name, name, allocs, limit)
				}
			}
			check("Project without snapshot", 16+jsonParts, func() error { _, _, err := Project(w.call, none); return err })
			check("Project", 48+jsonParts, func() error { _, _, err := Project(w.call, w.snap); return err })
			check("Reassert", 5*m+32+2*jsonParts, func() error {
				_, _, err := Reassert(w.projected, w.snap, w.ev.Provenance, w.baseline)
				return err
			})
			check("Verify", 3*m+16+2*jsonParts, func() error {
				return VerifyAdaptationPreservesProjection(w.projected, w.projected, w.snap, w.ev.Provenance)
			})
		}
	}
}
