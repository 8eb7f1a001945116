// Package conversationprojection implements the pure kernel for semantic
// message identity, never_backend exclusion filtering, deterministic steering
// projection and reassertion, anchor and provenance primitives, and immutable
// projection DTOs at the A-leg/B-leg boundary.
package conversationprojection
