package toolloop_test

import (
	"fmt"

	"github.com/agentkernel/agentkernel/toolloop"
)

// The record chain is unkeyed: a truncated or rewritten ledger still
// verifies on its own. A writer that pins its chain's head and length
// somewhere the ledger's storage cannot change detects both.
func ExampleVerifyLedgerHead() {
	var chain toolloop.LedgerChain
	var records []toolloop.LedgerRecord
	for _, row := range []string{`{"n":1}`, `{"n":2}`, `{"n":3}`} {
		records = append(records, chain.Append([]byte(row)))
	}
	head, length := chain.Head(), chain.Len() // kept in a trusted place

	truncated := records[:2]
	fmt.Println(toolloop.VerifyLedger(truncated))
	fmt.Println(toolloop.VerifyLedgerHead(truncated, head, length))
	fmt.Println(toolloop.VerifyLedgerHead(records, head, length))
	// Output:
	// <nil>
	// toolloop: ledger chain broken: 2 records, fewer than the pinned 3
	// <nil>
}
