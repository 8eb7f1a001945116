//go:build race

package conversationprojection

// raceEnabled reports whether the tests run under the race detector, which
// turns off the compiler's optimization of append(s, make([]T, n)...) that
// slices.Grow relies on: each growth of a buffer then allocates twice.
const raceEnabled = true
