// Package jsonv2 is a test-support package: it gives the benchmarks of
// every package of the module the json/v2 peers a Go user would reach for
// (encoding/json/v2's Marshal and Unmarshal, jsontext.Value.Canonicalize)
// through one API that compiles on every supported toolchain. It is never
// imported by library code.
//
// The peers are those of Go 1.27, where encoding/json/v2 and
// encoding/json/jsontext are standard (unless GOEXPERIMENT=nojsonv2);
// Available reports whether this build has them. Go 1.25 and 1.26 offer
// experimental versions under GOEXPERIMENT=jsonv2, but there the peer a Go
// user reaches for is encoding/json, so this package treats such a build as
// one without json/v2. Where json/v2 is unavailable, the functions return
// ErrUnavailable and Require skips the benchmark that asked for them.
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
// exists. A peer this package lacks is added here, in two places: its
// function in v2.go (the build with json/v2) and in none.go (the build
// without). v2.go is built with //go:build go1.27 && goexperiment.jsonv2:
// the constraint gives the file Go version 1.27, so go vet's stdversion
// check accepts its use of packages newer than the module's go 1.24.
package jsonv2

import (
	"errors"
	"testing"
)

// ErrUnavailable is returned by every function of a build without
// encoding/json/v2.
var ErrUnavailable = errors.New("jsonv2: encoding/json/v2 is not in this build (it needs Go 1.27 without GOEXPERIMENT=nojsonv2)")

// Require skips the benchmark or test tb when this build has no
// encoding/json/v2, saying why.
func Require(tb testing.TB) {
	tb.Helper()
	if !Available {
		tb.Skip(ErrUnavailable)
	}
}
