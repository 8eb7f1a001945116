package toolloop

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// checkNamesPackageOnce fails unless the text of err, an error the package
// made, starts with the package's name and holds it nowhere else.
func checkNamesPackageOnce(t *testing.T, what string, err error) {
	t.Helper()
	const name = "toolloop: "
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	if text := err.Error(); !strings.HasPrefix(text, name) || strings.Count(text, name) != 1 {
		t.Errorf("%s: error %q does not name the package once", what, text)
	}
}

// TestErrorsNamePackageOnce walks the errors of every kind the package
// makes: the decoding failures of decode_rules.txt, the encoding failures
// of every writer, the row classifications, the ledger chain, file and pin
// failures, the conversation record failures and the nil ports; each must
// name the package once, however deep the failure (an encoding failure
// inside a conversation record, a row refused by a LedgerWriter).
func TestErrorsNamePackageOnce(t *testing.T) {
	for _, r := range decodeRules(t) {
		if !r.ok {
			_, err := UnmarshalEvent(r.in)
			checkNamesPackageOnce(t, "decode_rules.txt: "+r.name, err)
		}
	}
	var file bytes.Buffer
	w := NewLedgerWriter(&file)
	for _, c := range encodeFailures() {
		_, err := MarshalLedgerRow(c.ev)
		checkNamesPackageOnce(t, "MarshalLedgerRow: "+c.name, err)
		_, err = legacyEncoder.EventHash(c.ev)
		checkNamesPackageOnce(t, "EventHash: "+c.name, err)
		checkNamesPackageOnce(t, "LedgerWriter.WriteEvent: "+c.name, w.WriteEvent(c.ev))
	}
	for name, row := range map[string]string{
		"not JSON":            `{"event":`,
		"not a tool_loop row": `{"event":"candidate_accepted","node_id":"n1"}`,
		"unknown version":     `{"event":"custom","kind":"tool_loop","payload":{"schema_version":2,"body":{}}}`,
		"unversioned envelope-only event": `{"event":"custom","kind":"tool_loop","payload":` +
			`{"event":"branch_not_selected","forest_id":"f","branch_id":"b"}}`,
	} {
		_, err := DecodeLedgerRow([]byte(row))
		checkNamesPackageOnce(t, "DecodeLedgerRow: "+name, err)
	}
	_, err := ParseValue([]byte(`[1,`))
	checkNamesPackageOnce(t, "ParseValue", err)
	_, err = Encoder{Floats: 9}.MarshalEvent(EffectAppliedEvent{})
	checkNamesPackageOnce(t, "an unknown float layout", err)
	checkNamesPackageOnce(t, "LedgerWriter.WriteRow", w.WriteRow([]byte("{}\n")))
	checkNamesPackageOnce(t, "nil io.Writer", NewLedgerWriter(nil).WriteRow([]byte("{}")))
	_, err = ResumeLedgerWriter(&file, "head", 1)
	checkNamesPackageOnce(t, "ResumeLedgerWriter", err)
	_, err = NewLedgerReader(nil, GenesisHash, 0).Next()
	checkNamesPackageOnce(t, "nil io.Reader", err)

	ledger, head, length := testLedger(t)
	_, err = readAll(joinLines(ledger, func(l [][]byte) [][]byte { return l[1:] }), head, length)
	checkNamesPackageOnce(t, "LedgerReader, a line dropped", err)
	_, err = readAll(ledger[:len(ledger)-1], head, length)
	checkNamesPackageOnce(t, "LedgerReader, a write cut short", err)
	records, err := readAll(ledger, head, length)
	if err != nil {
		t.Fatal(err)
	}
	checkNamesPackageOnce(t, "VerifyLedgerHead", VerifyLedgerHead(records, GenesisHash, length))
	records[1].Sequence = 7
	checkNamesPackageOnce(t, "VerifyLedger", VerifyLedger(records))

	seed, err := NewConversationSeeded(Conversation{Messages: []Message{MessageUser{Content: "u"}}})
	if err != nil {
		t.Fatal(err)
	}
	bad := seed
	bad.Conversation = Conversation{Messages: []Message{nil}}
	checkNamesPackageOnce(t, "VerifySeed, a record that cannot be encoded", VerifySeed(bad))
	checkNamesPackageOnce(t, "VerifyDeltaRecord", VerifyDeltaRecord("other", ConversationDeltaRecord{EventSchemaVersion: seed.EventSchemaVersion}))
	checkNamesPackageOnce(t, "a nil port", RecordExternalIntent(context.Background(), nil, "k", Value{}))
}
