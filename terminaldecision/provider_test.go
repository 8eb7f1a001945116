package terminaldecision

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// countingProvider returns id from ID and counts the calls.
type countingProvider struct {
	id    string
	calls *int
}

func (p countingProvider) ID() string { *p.calls++; return p.id }
func (countingProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{Kind: DecisionAllowStop, ReasonCode: "test"}, nil
}

// panickingProvider panics in ID with a value carrying a secret.
type panickingProvider struct{}

func (panickingProvider) ID() string { panic(secret) }
func (panickingProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}

// Nillable provider kinds; their ID must never be called when nil.
type (
	ptrProvider   struct{}
	mapProvider   map[string]string
	sliceProvider []string
	funcProvider  func() string
	chanProvider  chan string
)

func (*ptrProvider) ID() string { panic("called on nil pointer") }
func (*ptrProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}
func (mapProvider) ID() string { panic("called on nil map") }
func (mapProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}
func (sliceProvider) ID() string { panic("called on nil slice") }
func (sliceProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}
func (funcProvider) ID() string { panic("called on nil func") }
func (funcProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}
func (chanProvider) ID() string { panic("called on nil chan") }
func (chanProvider) Decide(context.Context, Input) (Decision, error) {
	return Decision{}, nil
}

func TestProviderIdentityRejectsNilProvidersWithoutCallingID(t *testing.T) {
	cases := map[string]Provider{
		"nil interface": nil,
		"nil pointer":   (*ptrProvider)(nil),
		"nil map":       mapProvider(nil),
		"nil slice":     sliceProvider(nil),
		"nil func":      funcProvider(nil),
		"nil chan":      chanProvider(nil),
	}
	for name, p := range cases {
		id, err := ProviderIdentity(p)
		if id != "" || err != ErrInvalidProvider {
			t.Errorf("%s: ProviderIdentity = (%q, %v), want the bare sentinel", name, id, err)
		} else {
			checkNamesPackageOnce(t, err)
		}
	}
}

func TestProviderIdentityRecoversFromPanickingID(t *testing.T) {
	id, err := ProviderIdentity(panickingProvider{})
	want := "terminaldecision: invalid provider: provider identity unavailable"
	if id != "" || err == nil || err.Error() != want || !errors.Is(err, ErrInvalidProvider) {
		t.Fatalf("ProviderIdentity = (%q, %v), want %q", id, err, want)
	}
	checkNamesPackageOnce(t, err)
}

func TestProviderIdentityCallsIDOnceAndValidatesIt(t *testing.T) {
	cases := []struct {
		id, wantErr string
	}{
		{"guard-1", ""},
		{strings.Repeat("p", MaxProviderIDBytes), ""},
		{"", "terminaldecision: invalid provider: provider identity is required"},
		{" \t", "terminaldecision: invalid provider: provider identity is required"},
		{"\xff" + secret, "terminaldecision: invalid provider: provider identity is not valid UTF-8"},
		{strings.Repeat("p", MaxProviderIDBytes+1), "terminaldecision: invalid provider: provider identity exceeds 128 bytes"},
	}
	for _, tc := range cases {
		calls := 0
		id, err := ProviderIdentity(countingProvider{id: tc.id, calls: &calls})
		if calls != 1 {
			t.Errorf("ID called %d times", calls)
		}
		if tc.wantErr == "" {
			if err != nil || id != tc.id {
				t.Errorf("ProviderIdentity = (%q, %v), want (%q, nil)", id, err, tc.id)
			}
			continue
		}
		if id != "" || err == nil || err.Error() != tc.wantErr || !errors.Is(err, ErrInvalidProvider) {
			t.Errorf("ProviderIdentity = (%q, %v), want error %q", id, err, tc.wantErr)
		} else {
			checkNamesPackageOnce(t, err)
		}
		if direct := ValidateProviderID(tc.id); direct == nil || direct.Error() != tc.wantErr {
			t.Errorf("ValidateProviderID = %v, want %q", direct, tc.wantErr)
		}
	}
}

func TestProviderIdentityAcceptsNonNilPointer(t *testing.T) {
	calls := 0
	p := &countingProvider{id: "guard", calls: &calls}
	if id, err := ProviderIdentity(p); id != "guard" || err != nil {
		t.Fatalf("ProviderIdentity = (%q, %v)", id, err)
	}
}
