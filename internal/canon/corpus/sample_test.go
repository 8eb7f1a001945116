package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSampleCutsValidSamplesOfTheSize(t *testing.T) {
	for _, c := range Load(t) {
		for i := 0; i < 50; i++ {
			for _, n := range Sizes {
				s := c.Sample(i, n)
				if len(s) > n || len(s) < n-2*(utf8.UTFMax-1) || !strings.Contains(c.Text, s) {
					t.Fatalf("%s: Sample(%d, %d) has %d bytes", c.Name, i, n, len(s))
				}
				if c.Valid && !utf8.ValidString(s) {
					t.Fatalf("%s: Sample(%d, %d) is not valid UTF-8", c.Name, i, n)
				}
			}
		}
		if c.Sample(3, len(c.Text)) != c.Text || c.Sample(1, 300) == c.Sample(2, 300) {
			t.Fatalf("%s: whole or distinct samples wrong", c.Name)
		}
	}
}
