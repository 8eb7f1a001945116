// Package nilness holds the one definition of a nil port, provider or
// context in the module: an interface value that holds nothing a caller
// could act on.
package nilness

import "reflect"

// IsNil reports whether v holds nothing a caller could act on: the nil
// interface, or an interface holding a nil pointer, map, slice, func, chan
// or unsafe pointer. Such a value is not == nil once boxed in an interface,
// yet calling a value-receiver method through a nil pointer panics ("value
// method … called using nil pointer"), a nil func panics when called and a
// nil chan blocks forever. It is the one definition of a nil port,
// provider or context in the module (toolloop's port dispatch functions,
// terminaldecision.ProviderIdentity). It does not allocate.
func IsNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return rv.IsNil()
	}
	return false
}
