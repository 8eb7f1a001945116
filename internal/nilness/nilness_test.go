package nilness

import (
	"context"
	"testing"
	"unsafe"
)

type valueReceiver struct{ n int }

func (v valueReceiver) N() int { return v.n }

type niler interface{ N() int }

// TestIsNil pins which values IsNil reports as nil: the nil interface and
// every typed nil of a nillable kind, and no other value (zero structs,
// zero numbers and empty but non-nil containers included).
func TestIsNil(t *testing.T) {
	var (
		nilPtr    *valueReceiver
		nilMap    map[string]int
		nilSlice  []int
		nilFunc   func()
		nilChan   chan int
		nilUnsafe unsafe.Pointer
		nilIface  niler
		nilCtx    context.Context
	)
	for name, v := range map[string]any{
		"nil": nil, "pointer": nilPtr, "map": nilMap, "slice": nilSlice, "func": nilFunc, "chan": nilChan,
		"unsafe pointer": nilUnsafe, "nil interface variable": nilIface, "nil context": nilCtx,
	} {
		if !IsNil(v) {
			t.Errorf("%s: IsNil is false", name)
		}
	}
	x := 0
	for name, v := range map[string]any{
		"struct": valueReceiver{}, "pointer": &valueReceiver{}, "int": 0, "string": "", "empty map": map[int]int{},
		"empty slice": []int{}, "func": func() {}, "chan": make(chan int), "unsafe pointer": unsafe.Pointer(&x),
		"context": context.Background(), "interface holding a value": niler(valueReceiver{}),
	} {
		if IsNil(v) {
			t.Errorf("%s: IsNil is true", name)
		}
	}
	var p niler = nilPtr
	if a := testing.AllocsPerRun(10, func() { _ = IsNil(p) }); a != 0 {
		t.Errorf("IsNil made %.0f allocations", a)
	}
}
