package terminaldecision

import (
	"strings"
	"testing"
)

// checkNamesPackageOnce fails unless the text of err, an error the package
// returned, starts with the package's name and holds it nowhere else. Every
// rejection table of the package calls it on each error it sees.
func checkNamesPackageOnce(t *testing.T, err error) {
	t.Helper()
	const name = "terminaldecision: "
	if text := err.Error(); !strings.HasPrefix(text, name) || strings.Count(text, name) != 1 {
		t.Errorf("error %q does not name the package once", text)
	}
}
