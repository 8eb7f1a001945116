package protocolstate

import (
	"strings"
	"testing"
)

// domain enumerates every state of the bounded domain, valid or not:
// reprompts -1..4 x no-progress -1..65 x terminal x fingerprint absent,
// present (fp) or malformed.
func domain() []State {
	var out []State
	for r := -1; r <= MaxReprompts+1; r++ {
		for c := -1; c <= MaxConsecutiveNoProgress+1; c++ {
			for _, term := range []bool{false, true} {
				for _, f := range []string{"", fp, strings.ToUpper(fp)} {
					out = append(out, State{Reprompts: r, ConsecutiveNoProgress: c, Terminal: term, LastFingerprint: f})
				}
			}
		}
	}
	return out
}

// specValid is State.Validate's definition, restated from the spec.
func specValid(s State) bool {
	if s.Reprompts < 0 || s.Reprompts > 3 || s.ConsecutiveNoProgress < 0 || s.ConsecutiveNoProgress > 64 {
		return false
	}
	if s.LastFingerprint == "" {
		return s.Reprompts == 0 && s.ConsecutiveNoProgress == 0
	}
	return s.LastFingerprint == fp || s.LastFingerprint == otherFP
}

// specInputErr is the error the machine's functions check first: an
// invalid state's, then invalid limits'.
func specInputErr(s State, l Limits) error {
	switch {
	case !specValid(s):
		return ErrInvalidState
	case l.Validate() != nil:
		return ErrInvalidLimits
	}
	return nil
}

func allLimits() []Limits {
	var out []Limits
	for m := 0; m <= MaxReprompts+1; m++ {
		for _, n := range []int{-1, 0, 1, 2, 3, 63, 64, 65} {
			out = append(out, Limits{MaxReprompts: m, NoProgressLimit: n})
		}
	}
	return out
}

func TestValidateOverTheDomain(t *testing.T) {
	valid := 0
	for _, s := range domain() {
		want := specValid(s)
		if err := s.Validate(); (err == nil) != want || (err != nil && err != ErrInvalidState) {
			t.Fatalf("%+v.Validate() = %v, want valid=%v", s, err, want)
		}
		if want {
			valid++
		}
	}
	// 2 zero-counter states without a baseline plus 4*65*2 with one.
	if valid != 2+4*65*2 {
		t.Fatalf("%d valid states, want %d", valid, 2+4*65*2)
	}
}

func TestLimitsAndPlatformValidate(t *testing.T) {
	for _, l := range allLimits() {
		want := l.MaxReprompts >= 1 && l.MaxReprompts <= 3 && l.NoProgressLimit >= 1 && l.NoProgressLimit <= 64
		if err := l.Validate(); (err == nil) != want || (err != nil && err != ErrInvalidLimits) {
			t.Errorf("%+v.Validate() = %v", l, err)
		}
	}
	for c := -2; c <= 2; c++ {
		for a := -2; a <= 2; a++ {
			p := Platform{Cap: c, Attempt: a}
			if err := p.Validate(); (err == nil) != (c >= 0 && a >= 0) || (err != nil && err != ErrInvalidPlatform) {
				t.Errorf("%+v.Validate() = %v", p, err)
			}
		}
	}
}

func TestEncodeDecodeRoundTripOverTheDomain(t *testing.T) {
	for _, s := range domain() {
		token, err := Encode(s)
		if !specValid(s) {
			if token != "" || err != ErrInvalidState {
				t.Fatalf("Encode(%+v) = (%q, %v), want ErrInvalidState", s, token, err)
			}
			continue
		}
		if err != nil || (len(token) != 20 && len(token) != 115) {
			t.Fatalf("Encode(%+v) = (%q, %v)", s, token, err)
		}
		got, err := Decode(token)
		if err != nil || got != s {
			t.Fatalf("Decode(Encode(%+v)) = (%+v, %v)", s, got, err)
		}
	}
}

func TestObserveOverTheDomain(t *testing.T) {
	badFingerprints := []string{"", strings.ToUpper(fp), fp + "\n", " " + fp, fp[:70], "sha512:" + fp[7:]}
	for _, prior := range domain() {
		for _, bad := range badFingerprints {
			if next, err := Observe(prior, bad); err != ErrInvalidState || next != prior {
				t.Fatalf("Observe(%+v, %q) = (%+v, %v), want prior and ErrInvalidState", prior, bad, next, err)
			}
		}
		for _, f := range []string{fp, otherFP} {
			next, err := Observe(prior, f)
			if !specValid(prior) {
				if err != ErrInvalidState || next != prior {
					t.Fatalf("Observe(invalid %+v) = (%+v, %v)", prior, next, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("Observe(%+v, %q): %v", prior, f, err)
			}
			if next.Reprompts != prior.Reprompts {
				t.Fatalf("Observe spent or returned a reprompt: %+v -> %+v", prior, next)
			}
			if !specValid(next) {
				t.Fatalf("Observe produced an invalid state %+v", next)
			}
			want := prior
			switch {
			case prior.Terminal:
			case f != prior.LastFingerprint:
				want.LastFingerprint, want.ConsecutiveNoProgress = f, 0
			default:
				want.ConsecutiveNoProgress = min(prior.ConsecutiveNoProgress+1, MaxConsecutiveNoProgress)
			}
			if next != want {
				t.Fatalf("Observe(%+v, %q) = %+v, want %+v", prior, f, next, want)
			}
		}
	}
}

func TestObserveSaturates(t *testing.T) {
	s := State{}
	var err error
	for i := 0; i < 3*MaxConsecutiveNoProgress; i++ {
		if s, err = Observe(s, fp); err != nil {
			t.Fatal(err)
		}
		if want := min(i, MaxConsecutiveNoProgress); s.ConsecutiveNoProgress != want {
			t.Fatalf("after %d observations: %d, want %d", i+1, s.ConsecutiveNoProgress, want)
		}
	}
}

func TestAdvanceOverTheDomain(t *testing.T) {
	for _, prior := range domain() {
		for _, l := range allLimits() {
			next, err := Advance(prior, l)
			wantErr := specInputErr(prior, l)
			switch {
			case wantErr != nil:
			case prior.Terminal || prior.Reprompts >= l.MaxReprompts:
				wantErr = ErrRepromptsExhausted
			case prior.LastFingerprint == "":
				wantErr = errAdvanceWithoutBaseline
			}
			if err != wantErr {
				t.Fatalf("Advance(%+v, %+v) error %v, want %v", prior, l, err, wantErr)
			}
			if err != nil {
				if next != prior {
					t.Fatalf("Advance(%+v, %+v) changed the prior on error: %+v", prior, l, next)
				}
				continue
			}
			want := prior
			want.Reprompts++
			if next != want || !specValid(next) {
				t.Fatalf("Advance(%+v, %+v) = %+v, want %+v", prior, l, next, want)
			}
		}
	}
}

func TestRemainingOverTheDomain(t *testing.T) {
	var platforms []Platform
	for c := -1; c <= 5; c++ {
		for a := -1; a <= 6; a++ {
			platforms = append(platforms, Platform{Cap: c, Attempt: a})
		}
	}
	for _, s := range domain() {
		for _, l := range allLimits() {
			for _, p := range platforms {
				got, err := Remaining(s, l, p)
				wantErr := specInputErr(s, l)
				if wantErr == nil && (p.Cap < 0 || p.Attempt < 0) {
					wantErr = ErrInvalidPlatform
				}
				if err != wantErr {
					t.Fatalf("Remaining(%+v, %+v, %+v) error %v, want %v", s, l, p, err, wantErr)
				}
				if err != nil {
					if got != (Eligibility{}) {
						t.Fatalf("Remaining error with %+v", got)
					}
					continue
				}
				budget := l.MaxReprompts - s.Reprompts
				want := budget
				if p.Cap > 0 {
					want = min(want, p.Cap-p.Attempt)
				}
				if s.Terminal || s.ConsecutiveNoProgress >= l.NoProgressLimit {
					want = 0
				}
				want = max(want, 0)
				if got != (Eligibility{Allowed: want > 0, Remaining: want}) {
					t.Fatalf("Remaining(%+v, %+v, %+v) = %+v, want %d", s, l, p, got, want)
				}
				if p.Cap == 0 {
					unbounded, _ := Remaining(s, l, Platform{Cap: 1 << 30, Attempt: 0})
					if got != unbounded {
						t.Fatalf("a zero cap constrained %+v: %+v vs %+v", s, got, unbounded)
					}
				}
			}
		}
	}
}

func TestRemainingGoldenCases(t *testing.T) {
	limits := Limits{MaxReprompts: 3, NoProgressLimit: 2}
	state := State{LastFingerprint: fp}
	platform := Platform{Cap: 3, Attempt: 1}
	with := func(f func(*State, *Limits, *Platform)) (State, Limits, Platform) {
		s, l, p := state, limits, platform
		f(&s, &l, &p)
		return s, l, p
	}
	cases := []struct {
		name    string
		mutate  func(*State, *Limits, *Platform)
		allowed bool
		left    int
	}{
		{"defaults", func(*State, *Limits, *Platform) {}, true, 2},
		{"platform spent", func(_ *State, _ *Limits, p *Platform) { *p = Platform{Cap: 3, Attempt: 3} }, false, 0},
		{"no platform cap", func(_ *State, _ *Limits, p *Platform) { *p = Platform{Cap: 0, Attempt: 5} }, true, 3},
		{"configured cap 1", func(_ *State, l *Limits, _ *Platform) { l.MaxReprompts = 1 }, true, 1},
		{"two reprompts", func(s *State, _ *Limits, _ *Platform) { s.Reprompts = 2 }, true, 1},
		{"no progress at limit", func(s *State, _ *Limits, _ *Platform) { s.ConsecutiveNoProgress = 2 }, false, 0},
		{"no progress below limit", func(s *State, _ *Limits, _ *Platform) { s.ConsecutiveNoProgress = 1 }, true, 2},
		{"terminal", func(s *State, _ *Limits, _ *Platform) { s.Terminal = true }, false, 0},
	}
	for _, tc := range cases {
		got, err := Remaining(with(tc.mutate))
		if err != nil || got != (Eligibility{Allowed: tc.allowed, Remaining: tc.left}) {
			t.Errorf("%s: Remaining = (%+v, %v), want {%v %d}", tc.name, got, err, tc.allowed, tc.left)
		}
	}
}

// TestProgressNeverReplenishes walks every sequence of up to eight
// operations (observe the same evidence, observe new evidence, advance) and
// checks that at most MaxReprompts advances ever succeed and that Reprompts
// never decreases.
func TestProgressNeverReplenishes(t *testing.T) {
	limits := Limits{MaxReprompts: MaxReprompts, NoProgressLimit: MaxNoProgressLimit}
	var walk func(s State, depth, advances int)
	walk = func(s State, depth, advances int) {
		if advances > MaxReprompts || s.Reprompts != advances {
			t.Fatalf("state %+v after %d successful advances", s, advances)
		}
		if depth == 0 {
			return
		}
		for op := 0; op < 3; op++ {
			var next State
			var err error
			switch op {
			case 0:
				next, err = Observe(s, fp)
			case 1:
				next, err = Observe(s, otherFP)
				if s.LastFingerprint == otherFP {
					next, err = Observe(s, fp)
				}
			case 2:
				next, err = Advance(s, limits)
				if err == nil {
					walk(next, depth-1, advances+1)
					continue
				}
				if next != s {
					t.Fatalf("failed Advance changed %+v", s)
				}
			}
			if err == nil {
				walk(next, depth-1, advances)
			}
		}
	}
	walk(State{}, 8, 0)
}

func TestMachineAllocatesNothing(t *testing.T) {
	s := State{LastFingerprint: fp, Reprompts: 1}
	l := Limits{MaxReprompts: 3, NoProgressLimit: 2}
	n := testing.AllocsPerRun(100, func() {
		o, _ := Observe(s, otherFP)
		_, _ = Remaining(o, l, Platform{Cap: 3, Attempt: 1})
		_, _ = Advance(o, l)
	})
	if n != 0 {
		t.Fatalf("state machine allocates %v times", n)
	}
}
