// Package jsonv2 is a test-support package: it gives the benchmarks of
// every package of the module the json/v2 peers a Go user would reach for
// (encoding/json/v2's Marshal and Unmarshal, jsontext.Value.Canonicalize)
// through one API that compiles on every supported toolchain. It is never
// imported by library code.
//
// The standard packages encoding/json/v2 and encoding/json/jsontext exist
// on Go 1.27 (unless GOEXPERIMENT=nojsonv2) and on Go 1.25 and 1.26 with
// GOEXPERIMENT=jsonv2; Available reports whether this build has them. Where
// it does not, the functions return ErrUnavailable and Require skips the
// benchmark that asked for them.
//
// # Adding a json/v2 peer to a benchmark
//
// A benchmark never imports encoding/json/v2 or jsontext itself. It stays
// in an ordinary, unconstrained _test.go file, calls Require first and then
// this package's functions:
//
//	func BenchmarkXVsJSONv2(b *testing.B) {
//		jsonv2.Require(b)
//		... jsonv2.Marshal(v) ...
//	}
//
// so it compiles and is vetted on every toolchain, and runs wherever json/v2
// exists. A peer this package lacks is added here, in three places: its
// function in v2.go (the build with json/v2) and in none.go (the build
// without), and, when it needs a standard symbol not yet named, that symbol
// in both std_go127.go and std_go126.go.
//
// The two std files exist for go vet: its stdversion check rejects a use of
// encoding/json/v2 or jsontext in a file whose Go version is below 1.27, and
// a file's Go version is the module's (go 1.24) unless its build constraint
// implies a higher one. std_go127.go is built with //go:build go1.27 &&
// goexperiment.jsonv2, which gives it Go version 1.27, and std_go126.go with
// //go:build !go1.27 && goexperiment.jsonv2 (Go 1.25 and 1.26 with the
// experiment, whose vet does not know these packages). No single constraint
// both admits Go 1.26 and implies Go 1.27, so the pair names the standard
// symbols, and only them, under local names; v2.go uses the local names and
// the methods of the standard types, which stdversion does not check.
package jsonv2

import (
	"errors"
	"testing"
)

// ErrUnavailable is returned by every function of a build without
// encoding/json/v2.
var ErrUnavailable = errors.New("jsonv2: encoding/json/v2 is not in this build (it needs Go 1.27, or GOEXPERIMENT=jsonv2 on Go 1.25 and 1.26)")

// Require skips the benchmark or test tb when this build has no
// encoding/json/v2, saying why.
func Require(tb testing.TB) {
	tb.Helper()
	if !Available {
		tb.Skip(ErrUnavailable)
	}
}
