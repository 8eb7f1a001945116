package protocolstate

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/terminaldecision"
)

// refNormalize is the spec's normalization written the obvious way.
func refNormalize(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(s)
}

// refPreimage builds the spec's preimage the obvious way, as an independent
// reference for the streaming implementation.
func refPreimage(in terminaldecision.Input) string {
	var b strings.Builder
	rec := func(name, v string) {
		b.WriteString(name + ":" + strconv.Itoa(len(v)) + ":" + v + "\n")
	}
	ev := in.Evidence
	rec("cause", string(in.Candidate.Cause))
	rec("explicit_expected", strconv.FormatBool(ev.ExplicitCompletionExpected))
	rec("explicit_observed", strconv.FormatBool(ev.ExplicitCompletion))
	rec("objective", refNormalize(ev.Objective))
	rec("candidate", refNormalize(ev.CandidateText))
	rec("recent", refNormalize(ev.RecentText))
	n := min(int(ev.ActionCount), len(ev.Actions))
	rec("action_count", strconv.Itoa(n))
	for _, a := range ev.Actions[:n] {
		rec("action_kind", string(a.Kind))
		rec("action_status", string(a.Status))
		rec("action_name", refNormalize(a.Name))
	}
	return b.String()
}

// refFingerprint hashes refPreimage with independent helpers.
func refFingerprint(in terminaldecision.Input) string {
	sum := sha256.Sum256([]byte(refPreimage(in)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// fullActions returns in with all eight action slots active.
func fullActions(in terminaldecision.Input) terminaldecision.Input {
	in.Evidence.ActionCount = terminaldecision.MaxEvidenceActions
	names := [...]string{"read_file", "write_file", "run_tests", "search_code",
		"list_directory", "apply_patch", "git_diff", "run_shell_command"}
	for i, name := range names {
		in.Evidence.Actions[i] = terminaldecision.ActionFact{
			ItemID: "item_" + name, CallID: "call_" + name,
			Kind: "tool_call", Status: "completed", Name: name,
		}
	}
	return in
}

// assertFingerprint checks the preimage Fingerprint hashes, the streamed
// preimage (whether or not Fingerprint takes that path) and the digest
// against the reference, and that the digest is canonical.
func assertFingerprint(t *testing.T, in terminaldecision.Input) {
	t.Helper()
	want := refPreimage(in)
	if got := string(preimageOf(in)); got != want {
		t.Fatalf("preimage differs from the reference\n got %q\nwant %q", got, want)
	}
	if got := string(streamedPreimage(in)); got != want {
		t.Fatalf("streamed preimage differs from the reference\n got %q\nwant %q", got, want)
	}
	got := Fingerprint(in)
	if want := refFingerprint(in); got != want {
		t.Fatalf("Fingerprint = %s, want %s", got, want)
	}
	if !isCanonicalFingerprint(got) {
		t.Fatalf("Fingerprint %q is not canonical", got)
	}
}

func TestNormalizeTable(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"a", "a"},
		{"a\r\nb", "a\nb"},
		{"a\rb", "a\nb"},
		{"a\r\rb", "a\n\nb"},
		{"a\r\r\nb", "a\n\nb"},
		{"a\n\rb", "a\n\nb"},
		{"a\r\n\r\nb", "a\n\nb"},
		{"\r\n a \r\n", "a"},
		{"\r", ""},
		{" \t\v\f\r\n\u0085\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000x\u3000 ", "x"},
		{"\u200bx\ufeff", "\u200bx\ufeff"},
		{"  inner  space  ", "inner  space"},
		{"\xff \r\n", "\xff"},
		{" \xe2\x80 ", "\xe2\x80"},
		{"\u00a0\xc2", "\xc2"},
		{"Ünïcode\r", "Ünïcode"},
	}
	for _, tc := range cases {
		if got := refNormalize(tc.in); got != tc.want {
			t.Fatalf("reference normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
		in := terminaldecision.Input{}
		in.Evidence.Objective = tc.in
		in.Evidence.ActionCount = 1
		in.Evidence.Actions[0].Name = tc.in
		assertFingerprint(t, in)
		want := "objective:" + strconv.Itoa(len(tc.want)) + ":" + tc.want + "\n"
		if !strings.Contains(string(preimageOf(in)), want) {
			t.Errorf("normalize(%q): preimage lacks %q", tc.in, want)
		}
	}
}

func TestFingerprintRawFieldsAreNotNormalized(t *testing.T) {
	in := terminaldecision.Input{}
	in.Candidate.Cause = " normal\r\n"
	in.Evidence.ActionCount = 1
	in.Evidence.Actions[0] = terminaldecision.ActionFact{Kind: " tool_call", Status: "Completed\r"}
	pre := string(preimageOf(in))
	for _, want := range []string{"cause:9: normal\r\n\n", "action_kind:10: tool_call\n", "action_status:10:Completed\r\n"} {
		if !strings.Contains(pre, want) {
			t.Errorf("preimage %q lacks %q", pre, want)
		}
	}
	assertFingerprint(t, in)
}

// TestFingerprintStreamsAcrossWindows puts CR, CRLF and trimmed white space
// at every position around window boundaries.
func TestFingerprintStreamsAcrossWindows(t *testing.T) {
	for _, size := range []int{windowBytes - 40, windowBytes - 1, windowBytes, windowBytes + 1, 3*windowBytes + 7} {
		for _, piece := range []string{"\r\n", "\r", "\n", "\r\r\n", "\u3000"} {
			for shift := 0; shift < 24; shift++ {
				text := strings.Repeat("x", size-shift) + piece + strings.Repeat("y", shift) + piece
				in := terminaldecision.Input{}
				in.Evidence.Objective = piece + text
				in.Evidence.CandidateText = text
				in.Evidence.RecentText = strings.Repeat(piece, size/len(piece))
				in.Evidence.ActionCount = 2
				in.Evidence.Actions[1].Name = text
				assertFingerprint(t, in)
			}
		}
	}
}

func TestFingerprintClampsActionCount(t *testing.T) {
	in := fixtureInput(t)
	for i := range in.Evidence.Actions {
		in.Evidence.Actions[i] = terminaldecision.ActionFact{Kind: lipapi.ItemKindToolCall, Status: lipapi.ItemStatusCompleted, Name: "n" + strconv.Itoa(i)}
	}
	in.Evidence.ActionCount = terminaldecision.MaxEvidenceActions
	want := Fingerprint(in)
	for _, count := range []uint8{9, 100, 255} {
		in.Evidence.ActionCount = count
		if got := Fingerprint(in); got != want {
			t.Errorf("ActionCount %d: %s, want the clamped %s", count, got, want)
		}
		assertFingerprint(t, in)
	}
}

// mutateExcluded changes every field Fingerprint must ignore, deriving the new
// values from junk, and leaves the hashed fields alone.
func mutateExcluded(in *terminaldecision.Input, junk string, n uint8) {
	in.Candidate.Reference = junk
	in.Candidate.OutputCommitted = !in.Candidate.OutputCommitted
	in.Request = terminaldecision.RequestIdentity{RequestID: junk + "r", TraceID: junk + "t", ALegID: junk + "a", BLegID: junk + "b"}
	in.Policy = terminaldecision.PolicySnapshot{Revision: junk, MaxContinuationAttempts: n}
	in.Continuation = terminaldecision.ContinuationEvidence{TrajectoryRef: junk, Attempt: n + 1}
	in.Evidence.Lineage = terminaldecision.EvidenceLineage{TrajectoryRef: junk, ParentRef: junk + "p", ProgressRef: TokenPrefix + junk, Attempt: n + 2}
	in.Deadline = time.Unix(int64(n)*1e6+int64(len(junk)), 0)
	active := min(int(in.Evidence.ActionCount), len(in.Evidence.Actions))
	for i := range in.Evidence.Actions {
		a := &in.Evidence.Actions[i]
		a.ItemID, a.CallID = junk+"i", junk+"c"
		if i >= active {
			*a = terminaldecision.ActionFact{ItemID: junk, CallID: junk, Kind: lipapi.ItemKind(junk), Status: lipapi.ItemStatus(junk), Name: junk}
		}
	}
}

func TestFingerprintIgnoresVolatileFields(t *testing.T) {
	base := fixtureInput(t)
	want := Fingerprint(base)
	for i, junk := range []string{"", "x", "other-id", strings.Repeat("z", 600), "\r\n"} {
		in := base
		mutateExcluded(&in, junk, uint8(i))
		if got := Fingerprint(in); got != want {
			t.Errorf("junk %q changed the fingerprint: %s", junk, got)
		}
	}
	if base != fixtureInput(t) {
		t.Fatal("Fingerprint mutated its input")
	}
}

func TestFingerprintSeesEveryHashedField(t *testing.T) {
	base := fixtureInput(t)
	want := Fingerprint(base)
	mutations := map[string]func(*terminaldecision.Input){
		"cause":     func(in *terminaldecision.Input) { in.Candidate.Cause = terminaldecision.CandidateCauseLimit },
		"expected":  func(in *terminaldecision.Input) { in.Evidence.ExplicitCompletionExpected = false },
		"observed":  func(in *terminaldecision.Input) { in.Evidence.ExplicitCompletion = true },
		"objective": func(in *terminaldecision.Input) { in.Evidence.Objective += "!" },
		"candidate": func(in *terminaldecision.Input) { in.Evidence.CandidateText = "" },
		"recent":    func(in *terminaldecision.Input) { in.Evidence.RecentText = "recent\ntranscript" },
		"texts swapped": func(in *terminaldecision.Input) {
			in.Evidence.CandidateText, in.Evidence.RecentText = in.Evidence.RecentText, in.Evidence.CandidateText
		},
		"count":  func(in *terminaldecision.Input) { in.Evidence.ActionCount = 1 },
		"kind":   func(in *terminaldecision.Input) { in.Evidence.Actions[1].Kind = lipapi.ItemKindToolResult },
		"status": func(in *terminaldecision.Input) { in.Evidence.Actions[1].Status = lipapi.ItemStatusCompleted },
		"name":   func(in *terminaldecision.Input) { in.Evidence.Actions[0].Name = "read_files" },
		"order": func(in *terminaldecision.Input) {
			in.Evidence.Actions[0], in.Evidence.Actions[1] = in.Evidence.Actions[1], in.Evidence.Actions[0]
		},
		"inner space": func(in *terminaldecision.Input) { in.Evidence.Objective = "ship  the release" },
		"case":        func(in *terminaldecision.Input) { in.Evidence.Objective = "Ship the release" },
		"framing shift": func(in *terminaldecision.Input) {
			in.Evidence.Objective, in.Evidence.CandidateText = "ship the release\ncandidate:16:", "answer"
		},
		"zero-width gap": func(in *terminaldecision.Input) { in.Evidence.Objective = "\u200bship the release" },
	}
	for name, mutate := range mutations {
		in := base
		mutate(&in)
		if got := Fingerprint(in); got == want {
			t.Errorf("%s: fingerprint unchanged", name)
		}
		assertFingerprint(t, in)
	}
}

func TestFingerprintAllocatesOnlyTheResult(t *testing.T) {
	inputs := []terminaldecision.Input{{}, fixtureInput(t)}
	large := fixtureInput(t)
	large.Evidence.Objective = strings.Repeat("objective\r\n", 400)
	crlf := fixtureInput(t)
	crlf.Evidence.RecentText = "recent\r\ntranscript"
	inputs = append(inputs, large, crlf)
	for _, in := range inputs {
		if n := testing.AllocsPerRun(100, func() { _ = Fingerprint(in) }); n > 1 {
			t.Errorf("Fingerprint allocates %v times, want at most 1", n)
		}
	}
}

func TestFingerprintFlagRecords(t *testing.T) {
	for _, expected := range []bool{false, true} {
		for _, observed := range []bool{false, true} {
			in := fixtureInput(t)
			in.Evidence.ExplicitCompletionExpected, in.Evidence.ExplicitCompletion = expected, observed
			assertFingerprint(t, in)
		}
	}
}

// TestMayTrimNeverMissesWhiteSpace pins the shortcut of the small path:
// whenever mayTrim says no, strings.TrimSpace returns its input unchanged.
func TestMayTrimNeverMissesWhiteSpace(t *testing.T) {
	for first := range 256 {
		for last := range 256 {
			for _, inner := range []string{"", "x", "\u3000", " "} {
				v := string([]byte{byte(first)}) + inner + string([]byte{byte(last)})
				if !mayTrim(v) && strings.TrimSpace(v) != v {
					t.Fatalf("mayTrim(%q) = false, but TrimSpace trims it", v)
				}
			}
		}
		v := string([]byte{byte(first)})
		if !mayTrim(v) && strings.TrimSpace(v) != v {
			t.Fatalf("mayTrim(%q) = false, but TrimSpace trims it", v)
		}
	}
	if mayTrim("") || mayTrim("a b") || !mayTrim(" a") || !mayTrim("a\n") || !mayTrim("\u00a0a") {
		t.Fatal("mayTrim misclassifies a plain case")
	}
}

// TestTrimSpaceIsStringsTrimSpace pins trimSpace to strings.TrimSpace:
// every Unicode white space rune and many that are not (their neighbours,
// truncated and stray bytes), alone, repeated, at either end and at both,
// around ASCII and multi-byte text.
func TestTrimSpaceIsStringsTrimSpace(t *testing.T) {
	var edges []string
	for r := rune(0); r <= 0x3100; r++ {
		if unicode.IsSpace(r) || r > 0x7f && r%97 == 0 || r >= 0x1670 && r <= 0x1690 || r >= 0x1ff0 && r <= 0x2060 || r >= 0x2ff0 && r <= 0x3010 {
			edges = append(edges, string(r))
		}
	}
	edges = append(edges, "a", "\x00", "\x80", "\xbf", "\xc2", "\xe2\x80", "\xe3\x80", "\xe1\x9a", "\xf0\x9f\x98\x80",
		"\xff", "\u00a0\xa0", "\xa0", "\x85", "😀", "\ufffd", "\u3000\u3000", " \u2028 ")
	for _, a := range edges {
		for _, inner := range []string{"", "x", "中文", " \u3000 "} {
			for _, b := range []string{"", "y", "\u2028", "\x85", "é", "\xa0", "\u00a0"} {
				for _, v := range []string{a + inner + b, b + inner + a, a + inner + a, a + a} {
					if got, want := trimSpace(v), strings.TrimSpace(v); got != want {
						t.Fatalf("trimSpace(%q) = %q, want %q", v, got, want)
					}
				}
			}
		}
	}
}

// TestFingerprintPreimageBounds grows a value of each kind one byte at a
// time until the preimage is no longer built whole: each tier switch
// happens once, every preimage fits the buffer of its tier, and both paths
// agree with the reference at every size (so at every length that gains a
// digit).
func TestFingerprintPreimageBounds(t *testing.T) {
	tier := func(in *terminaldecision.Input) int {
		switch _, size := preimageBound(in); {
		case size <= smallBytes:
			return smallBytes
		case size <= mediumBytes:
			return mediumBytes
		case size <= largeBytes:
			return largeBytes
		}
		return math.MaxInt
	}
	for _, base := range []terminaldecision.Input{{}, fixtureInput(t)} {
		for _, field := range []string{"cause", "recent", "name"} {
			last := smallBytes
			for size := 0; size <= largeBytes; size++ {
				in := base
				pad := strings.Repeat("v", size)
				switch field {
				case "cause":
					in.Candidate.Cause += terminaldecision.CandidateCause(pad)
				case "recent":
					in.Evidence.RecentText += pad
				case "name":
					in.Evidence.ActionCount = max(in.Evidence.ActionCount, 1)
					in.Evidence.Actions[0].Name = pad + in.Evidence.Actions[0].Name
				}
				got := tier(&in)
				if got < last {
					t.Fatalf("%s +%d: back to the %d-byte tier", field, size, got)
				}
				if len(refPreimage(in)) > got {
					t.Fatalf("%s +%d: a %d-byte preimage in the %d-byte tier", field, size, len(refPreimage(in)), got)
				}
				if size%37 == 0 || got != last || size%1000 < 3 || size%100 < 3 {
					assertFingerprint(t, in)
				}
				last = got
			}
			if last != math.MaxInt {
				t.Fatalf("%s: a %d-byte value is still built whole", field, largeBytes)
			}
		}
	}
}

// TestFingerprintTierCoverage pins which inputs take the small tier (the
// benchmark fixture, the zero input and small inputs with CRs anywhere),
// which the medium one, which the large one and which stream, and that all
// agree with the reference.
func TestFingerprintTierCoverage(t *testing.T) {
	with := func(mutate func(*terminaldecision.Input)) terminaldecision.Input {
		in := fixtureInput(t)
		mutate(&in)
		return in
	}
	cases := []struct {
		name string
		in   terminaldecision.Input
		tier int // 0 small, 1 medium, 2 large, 3 streamed
	}{
		{"zero", terminaldecision.Input{}, 0},
		{"fixture", fixtureInput(t), 0},
		{"outer CRLF trimmed", with(func(in *terminaldecision.Input) { in.Evidence.Objective = "\r\nship\r\n" }), 0},
		{"inner CRLF", with(func(in *terminaldecision.Input) { in.Evidence.Objective = "ship\r\nit" }), 0},
		{"inner CR", with(func(in *terminaldecision.Input) { in.Evidence.RecentText = "a\rb" }), 0},
		{"CR in name", with(func(in *terminaldecision.Input) { in.Evidence.Actions[1].Name = "a\r\nb" }), 0},
		{"CR in raw values", with(func(in *terminaldecision.Input) {
			in.Candidate.Cause, in.Evidence.Actions[0].Kind, in.Evidence.Actions[1].Status = "normal\r", "\r\nk", "s\r\r"
		}), 0},
		{"CRs shrink a length by a digit", with(func(in *terminaldecision.Input) {
			in.Evidence.CandidateText = "c\r\nc\r\nc\r\nc"
			in.Evidence.RecentText = strings.Repeat("r\r\n", 33) + "r"
			in.Evidence.Actions[0].Name = strings.Repeat("\r\rx", 12)
		}), 0},
		{"full actions", fullActions(fixtureInput(t)), 1},
		{"1000-byte CRLF text", with(func(in *terminaldecision.Input) { in.Evidence.RecentText = strings.Repeat("ab\r\n", 250) }), 1},
		{"full actions with CRs", with(func(in *terminaldecision.Input) {
			*in = fullActions(*in)
			in.Evidence.Actions[7].Name = "run\r\nshell\r"
		}), 1},
		{"too large for small", with(func(in *terminaldecision.Input) { in.Evidence.RecentText = strings.Repeat("r", smallBytes) }), 1},
		{"too large for medium", with(func(in *terminaldecision.Input) { in.Evidence.RecentText = strings.Repeat("r", mediumBytes) }), 2},
		{"CRLF texts at their bound", with(func(in *terminaldecision.Input) {
			in.Evidence.RecentText = strings.Repeat("ab\r\n", terminaldecision.MaxEvidenceTextBytes/4)
			in.Evidence.CandidateText = strings.Repeat("\rb\r\n", terminaldecision.MaxEvidenceTextBytes/4)
		}), 2},
		{"too large for large", with(func(in *terminaldecision.Input) { in.Evidence.RecentText = strings.Repeat("r\r\n", largeBytes/3) }), 3},
	}
	for _, tc := range cases {
		tier := 3
		switch _, size := preimageBound(&tc.in); {
		case size <= smallBytes:
			tier = 0
		case size <= mediumBytes:
			tier = 1
		case size <= largeBytes:
			tier = 2
		}
		if tier != tc.tier {
			t.Errorf("%s: tier %d, want %d", tc.name, tier, tc.tier)
		}
		assertFingerprint(t, tc.in)
	}
}

// TestFingerprintRewritesLineEndings puts CRs in each kind of record of a
// small preimage, at the first record and at the last byte.
func TestFingerprintRewritesLineEndings(t *testing.T) {
	for _, values := range [][4]string{
		{"\r", "a\rb", "a\r\nb", "x"},
		{"c", "\r\r\n", "\n\r", "\rn\r"},
		{"c\r\n", "o", "r", "n\r\n\r"},
		{"", strings.Repeat("\r\n", 50) + "x", "", strings.Repeat("a\r", 30) + "a"},
	} {
		in := terminaldecision.Input{}
		in.Candidate.Cause = terminaldecision.CandidateCause(values[0])
		in.Evidence.Objective, in.Evidence.RecentText = values[1], values[2]
		in.Evidence.ActionCount = 1
		in.Evidence.Actions[0] = terminaldecision.ActionFact{Kind: lipapi.ItemKind(values[0]), Status: lipapi.ItemStatus(values[3]), Name: values[3]}
		assertFingerprint(t, in)
	}
}

// TestKnownRecordsAreTheRecordsSpelledOut pins the precomputed kind and
// status records against the general writer, for every pair ValidateInput
// accepts, and checks that other values have no precomputed records.
func TestKnownRecordsAreTheRecordsSpelledOut(t *testing.T) {
	kinds := []lipapi.ItemKind{lipapi.ItemKindMessage, lipapi.ItemKindToolCall, lipapi.ItemKindToolResult, lipapi.ItemKindReasoning, "", "Tool_call"}
	statuses := []lipapi.ItemStatus{lipapi.ItemStatusInProgress, lipapi.ItemStatusCompleted, lipapi.ItemStatusIncomplete, "", "done"}
	known := 0
	for _, k := range kinds {
		for _, s := range statuses {
			ki, si := kindIndex(k), statusIndex(s)
			if ki < 0 || si < 0 {
				continue
			}
			known++
			want := appendRecord(appendRecord(nil, "action_kind:", string(k)), "action_status:", string(s))
			if got := actionRecords[ki][si]; got != string(want) {
				t.Errorf("%s/%s: %q, want %q", k, s, got, want)
			}
		}
	}
	if known != 9 {
		t.Errorf("%d known pairs, want the 9 of message, tool_call, tool_result × in_progress, completed, incomplete", known)
	}
}

// TestValidEvidenceIsBuiltWhole: the largest evidence ValidateInput
// accepts (every text and identifier at its bound, eight actions, the
// longest cause) has a preimage that fits the large tier, so only invalid
// evidence streams.
func TestValidEvidenceIsBuiltWhole(t *testing.T) {
	in := fullActions(fixtureInput(t))
	in.Candidate.Cause = terminaldecision.CandidateCauseAuthorityDenied
	text := strings.Repeat("t", terminaldecision.MaxEvidenceTextBytes)
	in.Evidence.Objective, in.Evidence.CandidateText, in.Evidence.RecentText = text, text, text
	for i := range in.Evidence.Actions {
		a := &in.Evidence.Actions[i]
		a.Name = strings.Repeat("n", terminaldecision.MaxIdentifierBytes)
		a.Kind, a.Status = "tool_result", "in_progress"
	}
	if err := terminaldecision.ValidateInput(in); err != nil {
		t.Fatal(err)
	}
	if _, size := preimageBound(&in); size > largeBytes {
		t.Fatalf("the largest valid evidence has a %d-byte preimage bound, over largeBytes (%d)", size, largeBytes)
	}
	assertFingerprint(t, in)
}
