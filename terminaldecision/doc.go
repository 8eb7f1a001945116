// Package terminaldecision is the provider-neutral contract for deciding what
// happens to a provisional terminal candidate: allow the stop, continue the
// trajectory with a bounded continuation intent, or surface a failure.
//
// The package holds value types and their validation only. It owns no
// clients, performs no I/O and no effects, keeps no package state, and starts
// no goroutines; every function is deterministic and safe for concurrent use.
//
// # Value model
//
// An [Input] describes one terminal candidate: its cause, the request identity,
// the policy snapshot, the continuation evidence, bounded [Evidence] and a
// deadline. Input contains only strings, integers, booleans, fixed-size arrays
// and a [time.Time], so copying an Input shares nothing with the original.
// Evidence carries at most [MaxEvidenceActions] action facts in a fixed array;
// [Evidence.ActionCount] names the active prefix and every slot beyond it must
// stay zero. A [Provider] answers an Input with a [Decision]; a Decision of kind
// [DecisionContinue] carries exactly one [ContinuationIntent], the only pointer
// in the package's values.
//
// # Validation
//
// [ValidateInput], [ValidateDecision], [ContinuationIntent.Validate] and
// [ValidateProviderID] check fields in a fixed, documented order and report
// the first failure. Every string field has a label (such as "request id")
// and obeys the same rule, applied in this order:
//
//  1. a required field must not be blank after [strings.TrimSpace]:
//     "<sentinel>: <label> is required";
//  2. the value must be valid UTF-8: "<sentinel>: <label> is not valid
//     UTF-8";
//  3. its raw (untrimmed) byte length must not exceed the field's bound:
//     "<sentinel>: <label> exceeds <bound> bytes".
//
// Bounds are exported constants. Errors wrap one of [ErrInvalidInput],
// [ErrInvalidDecision] or [ErrInvalidProvider] (match them with [errors.Is])
// and read "<sentinel text>: <reason>", for instance "terminaldecision:
// invalid input: request id is required". Their text names only the
// offending field, never its value: identifiers, evidence text, unknown kinds
// and unknown causes are not echoed.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). Here the string rule's second step
// refuses every string field of an Input, a Decision, a ContinuationIntent
// or a provider identity that is not valid UTF-8.
//
// # Complexity
//
// Validation is linear in the total byte length of the validated strings and
// performs no allocation unless it fails; a failure allocates only its error.
//
// # Differences from the reference implementation
//
// Names, values, bounds, validation order and error texts follow the
// reference Go implementation, except that the reference Input has an
// Auxiliary field (an optional client) and its ValidateInput starts by
// rejecting a typed-nil client. This package is a value model without
// clients: Input has no such field and ValidateInput no such step.
package terminaldecision
