package lipapi

import "testing"

// TestBlockCarvesUntilUsedUpThenAllocates pins the carving rule CloneCall's
// blocks share: copies are carved in order at exactly their length while
// the block lasts, then allocated on their own; nil stays nil and empty
// stays empty non-nil.
func TestBlockCarvesUntilUsedUpThenAllocates(t *testing.T) {
	b := newBlock[int](3)
	base := b.free
	s := b.slice([]int{1, 2})
	seven := 7
	p := b.ptr(&seven)
	if len(s) != 2 || cap(s) != 2 || s[0] != 1 || s[1] != 2 || &s[0] != &base[0] {
		t.Fatalf("slice = %v (cap %d), want [1 2] carved at the block's start", s, cap(s))
	}
	if p != &base[2] || *p != 7 {
		t.Fatalf("ptr = %p (%d), want the block's third value holding 7", p, *p)
	}
	if len(b.free) != 0 {
		t.Fatalf("%d values left, want the block used up", len(b.free))
	}
	eight := 8
	q := b.ptr(&eight)
	r := b.slice([]int{4, 5})
	if q == &eight || *q != 8 || len(r) != 2 || cap(r) != 2 || r[0] != 4 || r[1] != 5 {
		t.Fatalf("after the block: ptr %d, slice %v (cap %d), want fresh copies", *q, r, cap(r))
	}
	if b.slice(nil) != nil || b.ptr(nil) != nil {
		t.Fatal("nil must stay nil")
	}
	if e := b.slice([]int{}); e == nil || len(e) != 0 {
		t.Fatalf("empty = %#v, want empty non-nil", e)
	}
}
