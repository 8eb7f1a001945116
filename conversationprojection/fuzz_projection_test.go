package conversationprojection

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// Fuzz targets for Project and Reassert. Calls, snapshots and late
// transforms are derived deterministically from the fuzz bytes, over a
// small vocabulary so that identities collide often (duplicate messages,
// overlays equal to client or tagged messages, anchors with several
// occurrences). Every text carries pjFuzzMark, which no error may contain.
// The seed corpora are in testdata/fuzz/FuzzProject and FuzzReassert.

const pjFuzzMark = "T§"

// pjFuzzRoles are the message roles; pjFuzzOverlayRoles add the empty
// overlay role (system).
var (
	pjFuzzRoles        = [...]lipapi.Role{lipapi.RoleSystem, lipapi.RoleDeveloper, lipapi.RoleUser, lipapi.RoleAssistant, lipapi.RoleTool}
	pjFuzzOverlayRoles = [...]lipapi.Role{"", lipapi.RoleSystem, lipapi.RoleDeveloper, lipapi.RoleUser, lipapi.RoleAssistant, lipapi.RoleTool}
	pjSentinels        = [...]error{ErrNonMessageItem, ErrEmptyMessage, ErrInvalidRole, ErrUnsupportedContent, ErrInvalidJSON,
		ErrInvalidMessageIdentity, ErrInvalidMessageAnchor, ErrAnchorNotFound, ErrAnchorMissing, ErrProjectionFailed,
		ErrTerminalUserNotFound, ErrTerminalNotUser, ErrInvalidSnapshot, ErrInvalidPlacement, ErrInvalidSteeringMessage,
		ErrInvalidAnchorMissingPolicy, ErrInvalidReasonCode, ErrInvalidOverlayID}
)

// pjFuzz reads decisions from fuzz bytes; past the end it reads zeros,
// so rare events (invalid content) are chosen by the largest value.
type pjFuzz struct {
	data []byte
	pos  int
}

func (g *pjFuzz) intn(n int) int {
	if g.pos >= len(g.data) {
		return 0
	}
	b := g.data[g.pos]
	g.pos++
	return int(b) % n
}

func (g *pjFuzz) text() string { return pjFuzzMark + string(rune('a'+g.intn(4))) }

func (g *pjFuzz) message() lipapi.Message {
	m := pjMsg(pjFuzzRoles[g.intn(len(pjFuzzRoles))], g.text())
	if g.intn(64) == 63 {
		m.Parts[0].Kind = "odd" // identity error
	}
	return m
}

func (g *pjFuzz) item(i int, ids *[]string) []lipapi.Item {
	switch k := g.intn(16); {
	case k < 11 || k == 14 || k == 15:
		it := pjItem("", pjFuzzRoles[g.intn(len(pjFuzzRoles))], g.text())
		if g.intn(3) != 0 {
			it.ID = fmt.Sprintf("m%d", i)
			*ids = append(*ids, it.ID)
		}
		if k == 14 {
			it.Content = append(it.Content, lipapi.ContentPart{Kind: lipapi.ContentPartText, Text: g.text()})
		}
		if k == 15 && g.intn(4) == 3 {
			it.Content[0].Kind = "odd"
		}
		return []lipapi.Item{it}
	case k == 11:
		id := fmt.Sprintf("call_%d", i)
		return []lipapi.Item{pjToolCall(id), {Kind: lipapi.ItemKindToolResult, ToolResult: &lipapi.ToolResultItem{CallID: id, Output: pjFuzzMark}}}
	case k == 12 && len(*ids) > 0:
		return []lipapi.Item{pjRef((*ids)[g.intn(len(*ids))])}
	case k == 13:
		return []lipapi.Item{{Kind: lipapi.ItemKindReasoning, Reasoning: &lipapi.ReasoningItem{Reasoning: &lipapi.ReasoningPart{Dialect: "d", Text: pjFuzzMark}}}}
	}
	return nil
}

func (g *pjFuzz) call() lipapi.Call {
	n := g.intn(10)
	if g.intn(2) == 0 {
		c := lipapi.Call{ID: "fz"}
		for i := g.intn(3); i > 0; i-- {
			c.Instructions = append(c.Instructions, g.message())
		}
		for ; n > 0; n-- {
			c.Messages = append(c.Messages, g.message())
		}
		return c
	}
	c := lipapi.Call{ID: "fz", Items: []lipapi.Item{}}
	if g.intn(4) == 0 {
		c.PreviousResponseID = "resp"
	}
	var ids []string
	for i := 0; i < n; i++ {
		c.Items = append(c.Items, g.item(i, &ids)...)
	}
	return c
}

// pjFuzzVocabulary returns the identities of every vocabulary message.
func pjFuzzVocabulary(t testing.TB) []MessageIdentity {
	var ids []MessageIdentity
	for _, r := range pjFuzzRoles {
		for k := 0; k < 4; k++ {
			ids = append(ids, mustIdentity(t, pjMsg(r, pjFuzzMark+string(rune('a'+k)))))
		}
	}
	return ids
}

func (g *pjFuzz) snapshot(call lipapi.Call, vocab []MessageIdentity) Snapshot {
	anchors, _ := ComputeCallAnchors(call)
	var s Snapshot
	for i := g.intn(4); i > 0; i-- {
		s.NeverBackend = append(s.NeverBackend, Tag{Identity: vocab[g.intn(len(vocab))]})
	}
	for i := g.intn(7); i > 0; i-- {
		o := Overlay{
			OverlayID:           fmt.Sprintf("o%d", i),
			SlotOrdinal:         uint64(g.intn(3)),
			Active:              g.intn(5) != 0,
			Message:             OverlayMessage{Role: pjFuzzOverlayRoles[g.intn(len(pjFuzzOverlayRoles))], Text: g.text()},
			Placement:           Placement{Kind: PlacementStablePrefix},
			AnchorMissingPolicy: AnchorStablePrefixFallback,
		}
		if g.intn(2) == 0 {
			o.Message.Text = fmt.Sprintf("%sov%d", pjFuzzMark, i)
		}
		if g.intn(3) != 0 {
			a := MessageAnchor{Identity: vocab[g.intn(len(vocab))], Occurrence: uint32(1 + g.intn(3))}
			if len(anchors) > 0 && g.intn(3) != 0 {
				a = anchors[g.intn(len(anchors))]
			}
			o.Placement = Placement{Kind: PlacementAfterMessage, Anchor: &a}
		}
		if g.intn(4) == 0 {
			o.AnchorMissingPolicy = AnchorFailClosed
		}
		if g.intn(64) == 63 {
			o.Message.Text = " " // invalid: the snapshot fails validation
		}
		s.Steering = append(s.Steering, o)
	}
	return s
}

// late applies a few transforms to a projected call: insertions,
// deletions, swaps, re-added excluded units, payload rewrites and
// duplicates.
func (g *pjFuzz) late(projected, original lipapi.Call) lipapi.Call {
	c := lipapi.CloneCall(projected)
	for op := g.intn(5); op > 0; op-- {
		if c.HasItemAuthority() {
			pjFuzzEdit(g, &c.Items, func() lipapi.Item {
				if len(original.Items) > 0 && g.intn(2) == 0 {
					return original.Items[g.intn(len(original.Items))] // possibly excluded
				}
				return pjItem(fmt.Sprintf("late%d", op), pjFuzzRoles[g.intn(len(pjFuzzRoles))], g.text())
			}, func(it *lipapi.Item) {
				if it.Kind == lipapi.ItemKindMessage && len(it.Content) > 0 {
					it.Content = slices.Clone(it.Content)
					it.Content[0].Text = g.text()
				}
			})
			continue
		}
		region := &c.Messages
		if g.intn(3) == 0 {
			region = &c.Instructions
		}
		all := append(slices.Clone(original.Instructions), original.Messages...)
		pjFuzzEdit(g, region, func() lipapi.Message {
			if len(all) > 0 && g.intn(2) == 0 {
				return all[g.intn(len(all))]
			}
			return g.message()
		}, func(m *lipapi.Message) {
			if len(m.Parts) > 0 {
				m.Parts = slices.Clone(m.Parts)
				m.Parts[0].Text = g.text()
			}
		})
	}
	return c
}

// pjFuzzEdit applies one edit to *units: insert, delete, swap, rewrite or
// duplicate.
func pjFuzzEdit[T any](g *pjFuzz, units *[]T, fresh func() T, rewrite func(*T)) {
	u := *units
	at := 0
	if len(u) > 0 {
		at = g.intn(len(u))
	}
	switch g.intn(5) {
	case 0:
		u = slices.Insert(u, g.intn(len(u)+1), fresh())
	case 1:
		if len(u) > 0 {
			u = slices.Delete(u, at, at+1)
		}
	case 2:
		if at+1 < len(u) {
			u[at], u[at+1] = u[at+1], u[at]
		}
	case 3:
		if len(u) > 0 {
			rewrite(&u[at])
		}
	case 4:
		if len(u) > 0 {
			u = slices.Insert(u, g.intn(len(u)+1), u[at])
		}
	}
	*units = u
}

// pjCheckError checks a failure: zero results, a package sentinel, no
// text.
func pjCheckError(t *testing.T, what string, err error, out lipapi.Call, ev *ProjectionEvidence) {
	t.Helper()
	if ev != nil || !reflect.DeepEqual(out, lipapi.Call{}) {
		t.Fatalf("%s: non-zero results with error %v", what, err)
	}
	wrapped := false
	for _, s := range pjSentinels {
		wrapped = wrapped || errors.Is(err, s)
	}
	if !wrapped {
		t.Fatalf("%s: error %q wraps no sentinel", what, err)
	}
	if strings.Contains(err.Error(), pjFuzzMark) {
		t.Fatalf("%s: error %q contains text", what, err)
	}
	checkNamesPackageOnce(t, err)
}

// pjUnit is a unit of a trajectory with its region (0 instructions or
// items, 1 messages).
type pjUnit struct {
	reg  int
	item *lipapi.Item
	msg  *lipapi.Message
}

func pjUnitsOf(c *lipapi.Call) []pjUnit {
	var out []pjUnit
	if c.HasItemAuthority() {
		for i := range c.Items {
			out = append(out, pjUnit{item: &c.Items[i]})
		}
		return out
	}
	for i := range c.Instructions {
		out = append(out, pjUnit{msg: &c.Instructions[i]})
	}
	for i := range c.Messages {
		out = append(out, pjUnit{reg: 1, msg: &c.Messages[i]})
	}
	return out
}

func (u pjUnit) identity() (MessageIdentity, bool) {
	var id MessageIdentity
	var err error
	if u.item != nil {
		if u.item.Kind != lipapi.ItemKindMessage {
			return "", false
		}
		id, err = ItemIdentityOf(*u.item)
	} else {
		id, err = MessageIdentityOf(*u.msg)
	}
	return id, err == nil
}

func (u pjUnit) equal(v pjUnit) bool {
	if u.reg != v.reg {
		return false
	}
	if u.item != nil {
		return v.item != nil && reflect.DeepEqual(*u.item, *v.item)
	}
	return v.msg != nil && reflect.DeepEqual(*u.msg, *v.msg)
}

// pjCheckSteering checks a successful projection's steering invariants and
// returns its client units (the units that are not injected copies):
// exactly one provenance entry and one copy per active overlay, with the
// overlay's role and text, and no never_backend identity but on copies.
func pjCheckSteering(t *testing.T, what string, snap Snapshot, out lipapi.Call, ev *ProjectionEvidence) []pjUnit {
	t.Helper()
	units := pjUnitsOf(&out)
	var active []string
	for _, o := range snap.Steering {
		if o.Active {
			active = append(active, o.OverlayID)
		}
	}
	var injected []string
	copies := map[int]bool{}
	for _, p := range ev.Provenance {
		injected = append(injected, p.OverlayID)
		var o Overlay
		for _, s := range snap.Steering {
			if s.OverlayID == p.OverlayID {
				o = s
			}
		}
		x := p.InjectedTrajectoryIndex
		if x < 0 || x >= len(units) || copies[x] {
			t.Fatalf("%s: overlay %s: bad or shared injected index %d", what, p.OverlayID, x)
		}
		copies[x] = true
		u := units[x]
		want := pjMsg(overlayRole(&o), o.Message.Text)
		if u.item != nil {
			if u.item.ID != steeringIDPrefix+o.OverlayID || u.item.Role != want.Role || pjItemText(*u.item) != want.Parts[0].Text {
				t.Fatalf("%s: overlay %s: unit %d is not its copy", what, p.OverlayID, x)
			}
		} else if !reflect.DeepEqual(*u.msg, want) {
			t.Fatalf("%s: overlay %s: unit %d is not its copy", what, p.OverlayID, x)
		}
		if id, _ := u.identity(); id != p.InjectedIdentity {
			t.Fatalf("%s: overlay %s: InjectedIdentity differs from its copy's", what, p.OverlayID)
		}
	}
	slices.Sort(active)
	slices.Sort(injected)
	if !slices.Equal(active, injected) || ev.InjectedCount != len(injected) {
		t.Fatalf("%s: injected %q, active overlays %q", what, injected, active)
	}
	tags := map[MessageIdentity]bool{}
	for _, tg := range snap.NeverBackend {
		tags[tg.Identity] = true
	}
	var client []pjUnit
	for i, u := range units {
		if copies[i] {
			continue
		}
		if id, ok := u.identity(); ok && tags[id] {
			t.Fatalf("%s: unit %d has a never_backend identity", what, i)
		}
		client = append(client, u)
	}
	return client
}

// pjFiltered is the independent model of exclusion: the units of c whose
// identity is not tagged, without references to removed message items.
func pjFiltered(c *lipapi.Call, snap Snapshot) []pjUnit {
	tags := map[MessageIdentity]bool{}
	for _, tg := range snap.NeverBackend {
		tags[tg.Identity] = true
	}
	units := pjUnitsOf(c)
	gone := map[string]bool{}
	for _, u := range units {
		if id, ok := u.identity(); ok && tags[id] && u.item != nil && u.item.ID != "" {
			gone[u.item.ID] = true
		}
	}
	var out []pjUnit
	for _, u := range units {
		if id, ok := u.identity(); ok && tags[id] {
			continue
		}
		if u.item != nil && u.item.Kind == lipapi.ItemKindItemReference && u.item.Reference != nil && gone[u.item.Reference.ID] {
			continue
		}
		out = append(out, u)
	}
	return out
}

// pjSubsequence reports whether sub appears in order within seq.
func pjSubsequence(sub, seq []pjUnit) bool {
	j := 0
	for _, u := range sub {
		for j < len(seq) && !u.equal(seq[j]) {
			j++
		}
		if j == len(seq) {
			return false
		}
		j++
	}
	return true
}

func pjEqualUnits(a, b []pjUnit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].equal(b[i]) {
			return false
		}
	}
	return true
}

// pjCheckReassert reasserts late and checks the result; it returns the
// reasserted call and evidence, or ok=false when Reassert failed closed.
func pjCheckReassert(t *testing.T, what string, late lipapi.Call, snap Snapshot, prov []OverlayProvenance, baseline lipapi.Call) (lipapi.Call, *ProjectionEvidence, bool) {
	t.Helper()
	lateBefore, baseBefore := lipapi.CloneCall(late), lipapi.CloneCall(baseline)
	snapBefore, provBefore := pjCloneSnapshot(snap), pjCloneProvenance(prov)
	out, ev, err := Reassert(late, snap, prov, baseline)
	if !reflect.DeepEqual(late, lateBefore) || !reflect.DeepEqual(baseline, baseBefore) ||
		!reflect.DeepEqual(snap, snapBefore) || !reflect.DeepEqual(prov, provBefore) {
		t.Fatalf("%s: Reassert mutated its input", what)
	}
	if err != nil {
		pjCheckError(t, what, err, out, ev)
		return lipapi.Call{}, nil, false
	}
	if pjAliases(late, out) || pjAliases(baseline, out) || pjAliases(snap, out) ||
		pjAliases(snap, ev) || pjAliases(prov, ev) {
		t.Fatalf("%s: Reassert output aliases its input", what)
	}
	client := pjCheckSteering(t, what, snap, out, ev)
	if !pjSubsequence(client, pjUnitsOf(&late)) {
		t.Fatalf("%s: client units reordered or changed", what)
	}
	if err := VerifyAdaptationPreservesProjection(out, out, snap, ev.Provenance); err != nil {
		t.Fatalf("%s: Verify rejects the reasserted call: %v", what, err)
	}
	return out, ev, true
}

// pjFuzzProject checks Project on the call and snapshot derived from data,
// then the idempotence of Reassert on the projection. It returns the
// generator (positioned after the snapshot), call, snapshot, projection
// and evidence, with ok=false when Project failed.
func pjFuzzProject(t *testing.T, data []byte, vocab []MessageIdentity) (g *pjFuzz, call lipapi.Call, snap Snapshot, out lipapi.Call, ev *ProjectionEvidence, ok bool) {
	g = &pjFuzz{data: data}
	call = g.call()
	snap = g.snapshot(call, vocab)
	before, snapBefore := lipapi.CloneCall(call), pjCloneSnapshot(snap)
	out, ev, err := Project(call, snap)
	if !reflect.DeepEqual(call, before) || !reflect.DeepEqual(snap, snapBefore) {
		t.Fatal("Project mutated its input")
	}
	if full := pjProjectValidatingInFull(call, snap); fmt.Sprint(err) != fmt.Sprint(full) {
		t.Fatalf("Project error %v, validating the whole output gives %v", err, full)
	}
	if err == nil {
		if verr := out.Validate(); verr != nil {
			t.Fatalf("Project returned an invalid call: %v", verr)
		}
	}
	if err != nil {
		pjCheckError(t, "Project", err, out, ev)
		return g, call, snap, out, ev, false
	}
	if pjAliases(call, out) || pjAliases(snap, out) || pjAliases(snap, ev) {
		t.Fatal("Project output aliases its input")
	}
	client := pjCheckSteering(t, "Project", snap, out, ev)
	if !pjEqualUnits(client, pjFiltered(&call, snap)) {
		t.Fatal("Project changed, dropped or reordered unexcluded units")
	}
	if err := VerifyAdaptationPreservesProjection(out, out, snap, ev.Provenance); err != nil {
		t.Fatalf("Verify rejects the projection: %v", err)
	}
	baseline, err := FilterNeverBackend(call, snap)
	if err != nil {
		baseline = lipapi.Call{}
	}
	for _, b := range []lipapi.Call{baseline, {}} {
		re, rev, ok := pjCheckReassert(t, "Reassert(Project)", out, snap, ev.Provenance, b)
		if !ok || !reflect.DeepEqual(re, out) || !reflect.DeepEqual(rev.Provenance, ev.Provenance) {
			t.Fatalf("Reassert(Project(x)) is not the projection (frozen baseline %t, ok %t)", hasUnits(&b), ok)
		}
	}
	return g, call, snap, out, ev, true
}

// FuzzProject checks Project on generated calls and snapshots of both
// authorities: no never_backend identity survives but on injected copies,
// every active overlay is injected exactly once (or the call fails closed),
// unexcluded units keep their order and bytes, the input is unchanged and
// unaliased, the output is valid and Project fails exactly when (and as)
// validating the whole output does, Verify accepts the projection, and
// Reassert(Project(x)) is the projection, with the frozen baseline and
// without.
func FuzzProject(f *testing.F) {
	vocab := pjFuzzVocabulary(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		pjFuzzProject(t, data, vocab)
	})
}

// FuzzReassert projects a generated call, applies generated late
// transforms (insertions, deletions, swaps, rewrites, duplicates,
// re-added excluded units), checks that identity reuse between the
// projection and the late call agrees with hashing, and reasserts with or
// without the frozen
// baseline and provenance: the result either fails closed or has no
// never_backend identity but on copies, every active overlay exactly once,
// the late call's client units in order and unchanged, and is accepted by
// Verify; the inputs are never mutated or aliased.
func FuzzReassert(f *testing.F) {
	vocab := pjFuzzVocabulary(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, call, snap, out, ev, ok := pjFuzzProject(t, data, vocab)
		if !ok {
			return
		}
		late := g.late(out, call)
		var k projector // reusing identities of the projection gives the hashed ones
		item := late.HasItemAuthority()
		if direct, reused := k.trajectoryOf(&late, item), k.trajectoryReusing(&late, item, k.trajectoryOf(&out, item), 4); !reflect.DeepEqual(direct.ids, reused.ids) {
			t.Fatal("reused identities differ from hashed ones")
		}
		baseline := lipapi.Call{}
		if g.intn(2) == 0 {
			if b, err := FilterNeverBackend(call, snap); err == nil {
				baseline = b
			}
		}
		prov := ev.Provenance
		if g.intn(4) == 0 {
			prov = nil
		}
		pjCheckReassert(t, "Reassert(late)", late, snap, prov, baseline)
	})
}

// pjCloneSnapshot deep-copies snap, keeping nil and empty slices apart.
func pjCloneSnapshot(snap Snapshot) Snapshot {
	c := snap
	c.NeverBackend = slices.Clone(snap.NeverBackend)
	if snap.Steering != nil {
		c.Steering = make([]Overlay, len(snap.Steering))
		for i := range snap.Steering {
			c.Steering[i] = snap.Steering[i].Clone()
		}
	}
	return c
}

// pjCloneProvenance deep-copies prov, keeping nil and empty apart.
func pjCloneProvenance(prov []OverlayProvenance) []OverlayProvenance {
	c := slices.Clone(prov)
	for i := range c {
		if a := c[i].ResolvedAnchor; a != nil {
			copied := *a
			c[i].ResolvedAnchor = &copied
		}
	}
	return c
}
