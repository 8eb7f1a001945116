package jsonv2

import (
	"errors"
	"go/version"
	"runtime"
	"testing"

	"github.com/agentkernel/agentkernel/internal/jsonref"
)

// TestAvailableOnGo127WhereEncodingJSONRunsOnJSONv2 ties the build
// constraint to the behavioural probe of jsonref: the peers are available
// exactly in the Go 1.27 (and later) builds whose encoding/json runs on the
// json/v2 engine.
func TestAvailableOnGo127WhereEncodingJSONRunsOnJSONv2(t *testing.T) {
	want := jsonref.EngineV2() && version.Compare(runtime.Version(), "go1.27") >= 0
	if Available != want {
		t.Fatalf("Available = %v on %s, but jsonref.EngineV2() = %v", Available, runtime.Version(), jsonref.EngineV2())
	}
}

func TestPeers(t *testing.T) {
	type doc struct {
		B int    `json:"b"`
		A string `json:"a"`
	}
	b, err := Marshal(doc{1, "<é>"})
	if !Available {
		if !errors.Is(err, ErrUnavailable) || !errors.Is(Unmarshal(nil, new(doc)), ErrUnavailable) {
			t.Fatalf("without json/v2: Marshal error %v", err)
		}
		if _, err := Canonicalize([]byte(`1`)); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("without json/v2: Canonicalize error %v", err)
		}
		if _, err := MarshalEscaped(doc{}); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("without json/v2: MarshalEscaped error %v", err)
		}
		return
	}
	if err != nil || string(b) != `{"b":1,"a":"<é>"}` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	if e, err := MarshalEscaped(doc{1, "<é\u2028\xff>"}); err != nil || string(e) != `{"b":1,"a":"\u003cé\u2028`+"\uFFFD"+`\u003e"}` {
		t.Fatalf("MarshalEscaped = %s, %v", e, err)
	}
	var back doc
	if err := Unmarshal(b, &back); err != nil || back != (doc{1, "<é>"}) {
		t.Fatalf("Unmarshal = %+v, %v", back, err)
	}
	in := []byte(` {"b":1, "a":[1.0, "\u00e9"]} `)
	got, err := Canonicalize(in)
	if err != nil || string(got) != `{"a":[1,"é"],"b":1}` || &got[0] != &in[0] {
		t.Fatalf("Canonicalize = %s, %v (in place: %v)", got, err, &got[0] == &in[0])
	}
}

func TestRequireSkipsWithoutJSONv2(t *testing.T) {
	ran := false
	t.Run("require", func(t *testing.T) {
		Require(t)
		ran = true
	})
	if ran != Available {
		t.Fatalf("Require let the test run: %v; Available: %v", ran, Available)
	}
}
