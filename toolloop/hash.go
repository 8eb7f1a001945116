package toolloop

import "github.com/agentkernel/agentkernel/internal/canon"

// ContentHash returns the SHA-256 of data as 64 lowercase hexadecimal
// characters, without prefix: perspt's content_hash. It is the handle of a
// recorded artifact, the event hash of an event's direct form and the step
// function of the event-log chain root.
func ContentHash(data []byte) string {
	return canon.SumHex(data)
}
