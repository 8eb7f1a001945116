package conversationprojection

import (
	"errors"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi"
)

// withoutPackageName returns the text of err, an error of the package,
// without the package name it starts with: the text it keeps inside an
// error that wraps it.
func withoutPackageName(err error) string {
	return strings.TrimPrefix(err.Error(), packageName)
}

// checkNamesPackageOnce fails unless the text of err, an error the package
// returned, starts with the package's name and holds it nowhere else. The
// helpers every rejection table of the package uses (pjWantErr,
// wantValidationErr, bdWantBound, pjCheckError) call it on each error.
func checkNamesPackageOnce(t testing.TB, err error) {
	t.Helper()
	if text := err.Error(); !strings.HasPrefix(text, packageName) || strings.Count(text, packageName) != 1 {
		t.Errorf("error %q does not name the package once", text)
	}
}

// TestErrorsNamePackageOnce walks the errors of the identity, anchor and
// validation functions, which nest errors of the package in others (an
// identity error in an anchor's, an anchor's in a placement's, a
// placement's in an overlay's, an overlay's in a snapshot's, a snapshot's
// in a projection's), and pins the chain word for word.
func TestErrorsNamePackageOnce(t *testing.T) {
	var errs []error
	for _, tc := range identityErrorCases() {
		if tc.msg != nil {
			_, err := MessageIdentityOf(*tc.msg)
			errs = append(errs, err)
			_, err = ComputeCallAnchors(lipapi.Call{Messages: []lipapi.Message{*tc.msg}})
			errs = append(errs, err)
		} else {
			_, err := ItemIdentityOf(*tc.item)
			errs = append(errs, err)
			_, err = ItemAnchorAt([]lipapi.Item{*tc.item}, 0)
			errs = append(errs, err)
		}
	}
	for _, tc := range snapshotRuleCases() {
		if tc.want != nil {
			errs = append(errs, tc.in.Validate())
			_, _, err := Project(lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "hi")}}, tc.in)
			errs = append(errs, err)
		}
	}
	bad := MessageAnchor{Identity: "v1:x", Occurrence: 1}
	errs = append(errs, bad.Validate(), Placement{Kind: PlacementAfterMessage, Anchor: &bad}.Validate())
	_, _, err := ResolveAnchor(nil, bad)
	errs = append(errs, err)
	_, err = CanonicalJSON([]byte(`{"a":1} x`))
	errs = append(errs, err)
	for _, err := range errs {
		if err == nil {
			t.Fatal("a rejection table case was accepted")
		}
		checkNamesPackageOnce(t, err)
	}

	snap := Snapshot{Steering: []Overlay{pjStable("bad id", 1, "be brief")}}
	_, _, err = Project(lipapi.Call{Messages: []lipapi.Message{pjMsg(lipapi.RoleUser, "hi")}}, snap)
	const want = "conversationprojection: projection failed: invalid snapshot: steering[0]: invalid overlay id: " +
		"byte 3 is not an ASCII letter, digit, '_', '.' or '-'"
	if err == nil || err.Error() != want || !errors.Is(err, ErrProjectionFailed) ||
		!errors.Is(err, ErrInvalidSnapshot) || !errors.Is(err, ErrInvalidOverlayID) {
		t.Errorf("Project = %v, want %q wrapping its three sentinels", err, want)
	}
}

// TestSentinelsKeepTheirText pins that an error made around a sentinel
// alone reads as it did, and how errorf writes and unwraps errors that
// hold several of the package's errors.
func TestSentinelsKeepTheirText(t *testing.T) {
	if _, err := ParseMessageIdentity(""); err == nil || err.Error() != "conversationprojection: invalid message identity: empty" {
		t.Errorf("ParseMessageIdentity(\"\") = %v", err)
	}
	err := errorf("%w: items[%d]: %w", ErrProjectionFailed, 3, errors.New("cause"))
	if err.Error() != "conversationprojection: projection failed: items[3]: cause" {
		t.Errorf("errorf = %q", err)
	}
	err = errorf("items[%d]: %w", 3, ErrEmptyMessage)
	if err.Error() != "conversationprojection: items[3]: message has no content parts" || errors.Unwrap(err) != ErrEmptyMessage {
		t.Errorf("errorf = %q, unwrapping to %v", err, errors.Unwrap(err))
	}
	err = errorf("%w: %w: overlay a", ErrAnchorMissing, ErrAnchorNotFound)
	if err.Error() != "conversationprojection: anchor missing: anchor not found: overlay a" ||
		!errors.Is(err, ErrAnchorMissing) || !errors.Is(err, ErrAnchorNotFound) {
		t.Errorf("errorf = %q", err)
	}
}
