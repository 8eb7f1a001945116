// Package protocolstate owns the missing-completion-signal protocol state: a
// progress fingerprint of the evidence, bounded counters, and an opaque state
// token that carries them from one terminal candidate to the next.
//
// It is a pure value package: no goroutines, no package state that changes,
// no I/O and no clocks. Every function is deterministic, safe for concurrent
// use, never mutates its arguments and never panics.
//
// # Cycle
//
// A caller repairing a missing completion signal fingerprints the evidence
// ([Fingerprint]), records the observation ([Observe]), asks whether another
// reprompt is allowed ([Remaining], with the platform's cap and attempt read
// from the candidate by [PlatformOf]; [RemainingReason] says why not),
// proposes the state after one emitted intent ([Advance]), and sends that
// state along as a token ([Encode]), which comes back with the next
// candidate and is read with [Decode]. The proposal is committed only once
// the platform accepts the intent; every error leaves the prior state as it
// was.
//
// # Invariants
//
//   - Reprompts counts emitted, validated continuation intents. Observations
//     never spend one and progress never replenishes the budget.
//   - A valid [State] has Reprompts in 0..[MaxReprompts],
//     ConsecutiveNoProgress in 0..[MaxConsecutiveNoProgress], and a
//     LastFingerprint that is empty or canonical ("sha256:" and 64 lowercase
//     hexadecimal digits); an empty fingerprint implies zero counters.
//   - Terminal is absorbing: Observe returns a terminal state unchanged,
//     Advance refuses it and Remaining allows nothing.
//   - ConsecutiveNoProgress saturates at [MaxConsecutiveNoProgress].
//   - [Remaining] intersects the configured budget (counted in reprompts)
//     with a positive platform cap (counted in continuation attempts); a zero
//     cap imposes no constraint.
//   - [Encode] accepts exactly the valid states and [Decode] accepts exactly
//     the tokens Encode produces: Encode(Decode(t)) == t for every accepted t.
//     A rejected token yields State{} together with [ErrInvalidToken]; that
//     State{} is not a usable state (see below), never a partial decoding.
//   - Tokens and fingerprints are byte layouts of this package's own, made
//     without encoding/json: they are the same with every Go toolchain.
//   - Errors are the package's sentinel values themselves, except Advance's
//     fixed error for a state without a baseline, which wraps
//     [ErrInvalidState] and names the rule. No error text carries a token, a
//     fingerprint or evidence.
//
// # Loading the prior state
//
// The token travels in terminaldecision's Evidence.Lineage.ProgressRef. A
// candidate without a token (the first of its trajectory) starts from the
// zero State. A candidate whose token does not Decode has lost its state: the
// State{} returned with the error must not be used as a fresh start, because
// that would give a damaged or rewritten trajectory its whole reprompt budget
// again. Stop the protocol for it instead, and let the candidate stand (for
// instance a terminaldecision.Decision of kind allow_stop with a reason such
// as "invalid_protocol_state"). Legacy "alg-state-v1." tokens are never
// translated; they fail like any other malformed token.
//
// # Plain and sealed tokens
//
// The plain token (TokenPrefix, "alg-proto-v1.") protects nothing: it is a
// structural encoding, checked for form, not authenticated. Whoever holds
// it can rewrite it (clearing the Terminal bit and both counters turns an
// exhausted state into a fresh budget) or send back an older one, and
// Decode cannot tell. Use it only where the token never leaves hands the
// caller trusts.
//
// Where a token travels through a client, seal it: a [Sealer], made with a
// key the caller keeps, turns a plain token into a sealed one
// (SealedTokenPrefix, "alg-proto-v1s.") authenticated with HMAC-SHA-256
// and bound to caller-chosen binding bytes naming the context it is issued
// for, such as the trajectory reference and the continuation attempt.
// [Sealer.Open] returns the plain token only for an unaltered sealed token
// presented with its key and binding, so the sealed form protects against
// rewriting and against replay into another binding: a token issued for
// one trajectory, attempt or request does not open in another. It does
// not protect against replay within the same binding: the same sealed
// token, sent twice in one context, opens twice. A caller makes each
// context single-use by binding what changes whenever the state advances
// (the attempt number, which the platform increments, or a per-request
// id), or by remembering the last token it issued per trajectory. Sealing
// gives integrity, not secrecy: the state stays readable in the token. To
// rotate keys, open with the new Sealer, then the old one.
//
// # Fingerprint
//
// The fingerprint hashes only stable evidence: the candidate cause, the two
// completion flags, the normalized objective, candidate and recent texts, and
// the kind, status and normalized name of each active action. Identifiers,
// lineage, policy, attempts, deadlines and unused action slots are never
// hashed, so retries of the same evidence compare equal. [Fingerprint]
// documents the exact preimage; the fingerprint of the zero
// terminaldecision.Input is
// sha256:2099719c1bd905b32b9a28ecf4eda5458e3181e1df86e33b307bd4e3bcd707ea.
//
// # Text encoding
//
// Text is UTF-8: every package of the module refuses a string that is not
// valid UTF-8 wherever it validates text, rather than repair it (replacing
// bytes, as encoding/json does when it writes such a string, lets two
// different inputs become one). This package validates no text:
// Fingerprint hashes the evidence's strings as they are, keeping bytes that
// are not valid UTF-8 (normalization only stops trimming at them), as the
// reference implementation does, so that fingerprints stay comparable.
// Validate the Input first with terminaldecision.ValidateInput, which
// refuses such strings.
//
// # Token
//
// A token is [TokenPrefix] followed by the unpadded base64url encoding of a
// 5-byte header (version 1, flags with bit 0 for Terminal, Reprompts,
// ConsecutiveNoProgress, fingerprint length L) and the L bytes of the
// fingerprint: 20 bytes without a fingerprint, 115 with one, always within
// [MaxTokenBytes]. The token is opaque to its holders but not authenticated:
// Decode detects corruption, not a deliberate rewrite.
//
// # Complexity
//
// Fingerprint is linear in the hashed bytes and allocates only its result: it
// builds a preimage of up to 2 KiB whole in a stack buffer, or streams a
// larger one through a fixed stack window, into a SHA-256 state that never
// leaves the function. Encode and Decode work on fixed-size stack buffers in
// time linear in the token (at most [MaxTokenBytes]) and allocate at most the
// token or the fingerprint string.
// Observe, Advance, Remaining and RemainingReason take constant time and do
// not allocate.
// Seal and Open take time linear in the token and the binding (which is
// streamed into the MAC, never copied) and allocate a small constant
// number of values: the HMAC state and the result.
//
// # Differences from the reference implementation
//
// Tokens and fingerprints are byte-compatible with the reference Go
// implementation. Two points are narrowed: only a zero Platform.Cap means
// "no platform constraint" (a negative Cap is invalid rather than an
// unresolved default), and every error is one of the sentinels itself or, for
// Advance without a baseline, one fixed error wrapping ErrInvalidState, so no
// message can carry caller data.
package protocolstate
