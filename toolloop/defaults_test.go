package toolloop

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// defaultedEnumMembers returns, from the marker table of
// members_table_test.go, every member defaulted to a non-zero value, keyed
// "owner.member" with its default's wire value.
func defaultedEnumMembers(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, table := range []map[string]string{specEventMembers, specStructMembers, specVariantMembers} {
		for owner, entry := range table {
			ms, err := parseSpecMembers(entry)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				if m.def != "" {
					out[owner+"."+m.name] = m.def
				}
			}
		}
	}
	return out
}

// fieldByJSONName returns the field of struct value v whose json tag names
// member name.
func fieldByJSONName(v reflect.Value, name string) (reflect.Value, bool) {
	for i := range v.NumField() {
		tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if tag == name {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// TestAZeroDefaultedEnumMemberIsWrittenAsItsDefault pins the rule of
// defaulted enum members (EffectDeniedEvent.Class, the only one today, and
// any added later): the zero value stands for the default, so it is written
// as the default's wire value, which perspt always writes; reading those
// bytes (or a row without the member) gives the default constant, and
// writing that again gives the same bytes, in both forms.
func TestAZeroDefaultedEnumMemberIsWrittenAsItsDefault(t *testing.T) {
	defaults := defaultedEnumMembers(t)
	if len(defaults) == 0 {
		t.Fatal("the marker table lists no defaulted enum member")
	}
	samples := map[string]LoopEvent{}
	for _, ev := range allEventSamples() {
		samples[ev.EventName()] = ev
	}
	for path, def := range defaults {
		owner, member, _ := strings.Cut(path, ".")
		sample, ok := samples[owner]
		if !ok {
			t.Errorf("%s: only event members are covered here; extend the test to reach %s", path, owner)
			continue
		}
		zero := reflect.New(reflect.TypeOf(sample)).Elem()
		zero.Set(reflect.ValueOf(sample))
		field, ok := fieldByJSONName(zero, member)
		if !ok || field.Kind() != reflect.String {
			t.Errorf("%s: no string-typed field with that json name", path)
			continue
		}
		field.SetString("")
		ev := zero.Interface().(LoopEvent)
		for _, enc := range []Encoder{{}, legacyEncoder} {
			direct, err := enc.MarshalEvent(ev)
			if err != nil {
				t.Errorf("%s: a zero value does not encode: %v", path, err)
				continue
			}
			root := parseOrdered(t, direct)
			i := indexOf(root.keys, member)
			if i < 0 || root.vals[i].kind != 's' || root.vals[i].str != def {
				t.Errorf("%s: a zero value is written %s, want %q", path, direct, def)
				continue
			}
			back, err := UnmarshalEvent(direct)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			got, _ := fieldByJSONName(reflect.ValueOf(back), member)
			if got.String() != def {
				t.Errorf("%s: the written default reads back as %q, want the constant %q", path, got.String(), def)
			}
			again, err := enc.MarshalEvent(back)
			if err != nil || !bytes.Equal(again, direct) {
				t.Errorf("%s: read back and written again gives %s (%v), want %s", path, again, err, direct)
			}
			withDefault := reflect.New(zero.Type()).Elem()
			withDefault.Set(zero)
			f, _ := fieldByJSONName(withDefault, member)
			f.SetString(def)
			explicit, err := enc.MarshalEvent(withDefault.Interface().(LoopEvent))
			if err != nil || !bytes.Equal(explicit, direct) {
				t.Errorf("%s: the default constant writes %s (%v), the zero value %s", path, explicit, err, direct)
			}
			zeroRow, err1 := enc.MarshalLedgerRow(ev)
			defRow, err2 := enc.MarshalLedgerRow(withDefault.Interface().(LoopEvent))
			if err1 != nil || err2 != nil || !bytes.Equal(zeroRow, defRow) {
				t.Errorf("%s: ledger rows differ: %s (%v) and %s (%v)", path, zeroRow, err1, defRow, err2)
			}
		}
	}
}

func indexOf(keys []string, k string) int {
	for i, x := range keys {
		if x == k {
			return i
		}
	}
	return -1
}

// TestZeroEffectDeniedEventRoundTrips is the concrete case of the rule
// above: the zero event encodes, to the bytes perspt would write for it.
func TestZeroEffectDeniedEventRoundTrips(t *testing.T) {
	const want = `{"event":"effect_denied","call_id":"","reason":"","class":"capability_denied"}`
	got, err := MarshalEvent(EffectDeniedEvent{})
	if err != nil || string(got) != want {
		t.Fatalf("MarshalEvent(EffectDeniedEvent{}) = %s, %v; want %s", got, err, want)
	}
	ev, err := UnmarshalEvent(got)
	if err != nil || ev != (EffectDeniedEvent{Class: ResidualClassCapabilityDenied}) {
		t.Errorf("UnmarshalEvent = %#v, %v", ev, err)
	}
	// A class outside the list still fails: only the zero value stands for
	// the default.
	if _, err := MarshalEvent(EffectDeniedEvent{Class: "CAPABILITY_DENIED"}); !errors.Is(err, ErrEncode) {
		t.Errorf("an invalid class encodes: %v", err)
	}
}
