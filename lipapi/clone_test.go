package lipapi

import (
	"reflect"
	"testing"
)

func TestCloneCallKeepsNilAndEmptyApart(t *testing.T) {
	names, calls := containerVariants()
	if len(calls) < 2*40 {
		t.Fatalf("only %d variants: fullCall does not reach every container", len(calls))
	}
	for i, c := range calls {
		t.Run(names[i], func(t *testing.T) {
			clone := CloneCall(c)
			if !reflect.DeepEqual(clone, c) {
				t.Fatal("CloneCall(c) is not DeepEqual to c")
			}
			if clone.HasItemAuthority() != c.HasItemAuthority() {
				t.Fatal("HasItemAuthority differs")
			}
			if !reflect.DeepEqual(clone.Validate(), c.Validate()) {
				t.Fatalf("Validate differs: %v vs %v", clone.Validate(), c.Validate())
			}
		})
	}
}

func TestCloneCallEmptyItemsKeepsItemAuthority(t *testing.T) {
	c := Call{Items: []Item{}, PreviousResponseID: "resp_1"}
	clone := CloneCall(c)
	if clone.Items == nil || !clone.HasItemAuthority() {
		t.Fatal("clone of an empty Items lost item authority")
	}
	if err := clone.Validate(); err != nil {
		t.Fatalf("clone.Validate() = %v", err)
	}
	if zero := CloneCall(Call{}); !reflect.DeepEqual(zero, Call{}) {
		t.Fatalf("CloneCall(Call{}) = %#v", zero)
	}
}

// TestCloneCallSharesNoMemory walks the original and the clone in parallel
// and checks that no non-empty slice, map or pointer of one points into the
// other.
func TestCloneCallSharesNoMemory(t *testing.T) {
	orig := fullCall()
	clone := CloneCall(orig)
	var origRefs, cloneRefs []reflect.Value
	collect := func(dst *[]reflect.Value) func(reflect.Value) {
		return func(v reflect.Value) {
			switch v.Kind() {
			case reflect.Pointer, reflect.Map:
				if !v.IsNil() {
					*dst = append(*dst, v)
				}
			case reflect.Slice:
				if v.Cap() > 0 {
					*dst = append(*dst, v)
				}
			}
		}
	}
	walk(reflect.ValueOf(orig), collect(&origRefs))
	walk(reflect.ValueOf(clone), collect(&cloneRefs))
	if len(origRefs) != len(cloneRefs) || len(origRefs) < 60 {
		t.Fatalf("walked %d references in the original, %d in the clone", len(origRefs), len(cloneRefs))
	}
	owned := map[uintptr]bool{}
	for _, v := range origRefs {
		owned[v.Pointer()] = true
	}
	for i, v := range cloneRefs {
		if owned[v.Pointer()] {
			t.Errorf("clone reference %d (%s) aliases the original", i, v.Type())
		}
		if v.Kind() == reflect.Slice && v.Cap() != v.Len() {
			t.Errorf("clone slice %d (%s) has cap %d for len %d", i, v.Type(), v.Cap(), v.Len())
		}
	}
}

// mutateAll writes through every reachable string, bool, byte, map and
// pointee of v, which must be settable.
func mutateAll(v reflect.Value) {
	walk(v, func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			if v.CanSet() {
				v.SetString(v.String() + "!")
			}
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Slice:
			if v.Type() == rawMessageType {
				for i := 0; i < v.Len(); i++ {
					b := v.Index(i)
					b.SetUint(b.Uint() ^ 0xff)
				}
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				v.SetMapIndex(k, reflect.ValueOf(v.MapIndex(k).String()+"!"))
			}
			v.SetMapIndex(reflect.ValueOf("added"), reflect.ValueOf("x"))
		}
	})
}

func TestCloneCallIsIndependent(t *testing.T) {
	// Writing every container of one of a call and its clone leaves the
	// other as it was.
	for _, w := range []struct {
		name string
		pick func(orig, clone *Call) (written, kept *Call)
	}{
		{"writing the clone", func(orig, clone *Call) (*Call, *Call) { return clone, orig }},
		{"writing the original", func(orig, clone *Call) (*Call, *Call) { return orig, clone }},
	} {
		t.Run(w.name, func(t *testing.T) {
			orig := fullCall()
			clone := CloneCall(orig)
			written, kept := w.pick(&orig, &clone)
			mutateAll(reflect.ValueOf(written).Elem())
			if !reflect.DeepEqual(*kept, fullCall()) {
				t.Fatal("mutating one changed the other")
			}
			if reflect.DeepEqual(*written, *kept) {
				t.Fatal("mutateAll changed nothing")
			}
		})
	}
	t.Run("appending to clone slices", func(t *testing.T) {
		orig := fullCall()
		clone := CloneCall(orig)
		clone.Items = append(clone.Items[:1], Item{Kind: ItemKindMessage})
		clone.Messages[0].Parts = append(clone.Messages[0].Parts[:1], TextPart("x"))
		clone.Items[0].Content = append(clone.Items[0].Content[:0], ContentPart{Kind: ContentPartRefusal})
		if !reflect.DeepEqual(orig, fullCall()) {
			t.Fatal("appending to the clone changed the original")
		}
	})
}
