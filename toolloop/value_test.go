package toolloop

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/agentkernel/agentkernel/internal/canon"
)

// nonNegativeExponent matches an 'e' starting a non-negative exponent of a
// number; the Value rows of the vectors hold no such text inside strings.
var nonNegativeExponent = regexp.MustCompile(`([0-9])e([0-9])`)

// currentLayout turns a serde_json 1.0.87 Value text of the vectors into
// the current layout, as the vector README says: a '+' after every 'e'
// beginning a non-negative exponent.
func currentLayout(s string) string {
	return nonNegativeExponent.ReplaceAllString(s, "${1}e+${2}")
}

// TestParseValueMatchesSerdeNormalization runs value_normalization.tsv:
// ParseValue normalizes as serde_json does (Bytes in the current layout),
// rejects what it rejects with ErrDecode, and is a fixed point.
func TestParseValueMatchesSerdeNormalization(t *testing.T) {
	for _, cols := range vectorRows(t, "value_normalization.tsv", 18, 3) {
		v, err := ParseValue(decHex(t, cols[0]))
		if cols[1] == "ERR" {
			if !errors.Is(err, ErrDecode) || !errors.Is(err, canon.ErrSyntax) {
				t.Errorf("%s: ParseValue error = %v, want ErrDecode", cols[2], err)
			}
			if v != (Value{}) {
				t.Errorf("%s: ParseValue returned %s with an error", cols[2], v)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseValue: %v", cols[2], err)
			continue
		}
		want := currentLayout(cols[1])
		if legacy := canon.AppendSerdeLegacy(nil, v.Bytes()); string(legacy) != cols[1] {
			t.Errorf("%s: legacy layout of Bytes() = %s, want %s", cols[2], legacy, cols[1])
		}
		if got := string(v.Bytes()); got != want {
			t.Errorf("%s: Bytes() = %s, want %s", cols[2], got, want)
		}
		if v.String() != want {
			t.Errorf("%s: String() = %s, want %s", cols[2], v.String(), want)
		}
		for _, again := range []string{cols[1], want} {
			w, err := ParseValue([]byte(again))
			if err != nil || w != v {
				t.Errorf("%s: ParseValue(%s) = %s, %v; want %s", cols[2], again, w, err, v)
			}
		}
	}
}

func TestZeroValueIsNull(t *testing.T) {
	var z Value
	if !z.IsNull() || z.String() != "null" || string(z.Bytes()) != "null" {
		t.Errorf("zero Value: IsNull=%v String=%q Bytes=%q", z.IsNull(), z.String(), z.Bytes())
	}
	for _, in := range []string{"null", " null", "\t\r\nnull\n "} {
		v, err := ParseValue([]byte(in))
		if err != nil || v != z {
			t.Errorf("ParseValue(%q) = %#v, %v; want the zero Value", in, v, err)
		}
	}
	for _, in := range []string{`"null"`, `[null]`, `{"a":null}`, `0`, `false`, `""`} {
		if v := MustParseValue(in); v.IsNull() || v == z {
			t.Errorf("MustParseValue(%s) is null", in)
		}
	}
}

func TestValueEqualityIsJSONEquality(t *testing.T) {
	same := [][2]string{
		{`{"b":1,"a":2}`, `{ "a" : 2 , "b" : 1 }`},
		{`{"a":1,"a":2}`, `{"a":2}`},
		{`1.0`, `1.00`},
		{`100.0`, `1e2`},
		{`"\u00e9\/"`, `"é/"`},
		{`[1, 2]`, "[1,\n2]"},
	}
	for _, p := range same {
		if a, b := MustParseValue(p[0]), MustParseValue(p[1]); a != b {
			t.Errorf("%s (%s) != %s (%s)", p[0], a, p[1], b)
		}
	}
	different := [][2]string{
		{`1`, `1.0`}, // serde keeps integers and floats apart
		{`0`, `-0`},
		{`"a"`, `"A"`},
		{`[1,2]`, `[2,1]`},
		{`{}`, `[]`},
	}
	for _, p := range different {
		if a, b := MustParseValue(p[0]), MustParseValue(p[1]); a == b {
			t.Errorf("%s == %s (both %s)", p[0], p[1], a)
		}
	}
}

func TestParseValueRejectsWithErrDecode(t *testing.T) {
	deep := strings.Repeat("[", 128) + strings.Repeat("]", 128)
	for name, in := range map[string]string{
		"empty":           "",
		"blank":           " \n",
		"bom":             "\xef\xbb\xbfnull",
		"trailing":        "1 2",
		"plus sign":       "+1",
		"leading zero":    "01",
		"bare fraction":   ".5",
		"NaN":             "NaN",
		"overflow":        "-1e400",
		"invalid UTF-8":   "\"\xff\"",
		"lone surrogate":  `"\ud800"`,
		"raw control":     "\"a\x01\"",
		"bad escape":      `"\x"`,
		"128 levels deep": deep,
		"unclosed":        `{"a":1`,
	} {
		v, err := ParseValue([]byte(in))
		if !errors.Is(err, ErrDecode) {
			t.Errorf("%s: ParseValue error = %v, want ErrDecode", name, err)
		}
		if v != (Value{}) {
			t.Errorf("%s: ParseValue returned %s with an error", name, v)
		}
	}
	ok := strings.Repeat("[", 127) + strings.Repeat("]", 127)
	if _, err := ParseValue([]byte(ok)); err != nil {
		t.Errorf("127 levels: %v", err)
	}
}

func TestParseValueErrorDoesNotEchoInput(t *testing.T) {
	_, err := ParseValue([]byte(`{"secret-token-42":1} secret-token-43`))
	if err == nil || strings.Contains(err.Error(), "secret-token") {
		t.Errorf("error %v echoes the input", err)
	}
}

func TestMustParseValuePanicsOnInvalidJSON(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, ErrDecode) {
			t.Errorf("MustParseValue panicked with %v, want an ErrDecode error", r)
		}
	}()
	MustParseValue("{")
	t.Error("MustParseValue did not panic")
}

func TestValueNeitherRetainsInputNorExposesItsText(t *testing.T) {
	in := []byte(`{"a":"x"}`)
	v, err := ParseValue(in)
	if err != nil {
		t.Fatal(err)
	}
	copy(in, `{"b":"y"}`)
	if v.String() != `{"a":"x"}` {
		t.Errorf("Value changed with its input: %s", v)
	}
	b := v.Bytes()
	b[2] = 'z'
	if v.String() != `{"a":"x"}` {
		t.Errorf("Value changed through Bytes: %s", v)
	}
}

func TestValueAccessorsDoNotAllocate(t *testing.T) {
	v := MustParseValue(`{"a":[1,2.5,"x"]}`)
	if n := testing.AllocsPerRun(100, func() { _, _ = v.String(), v.IsNull() }); n != 0 {
		t.Errorf("String/IsNull allocate %v times", n)
	}
}
