package toolloop

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// digestRow is one row of digests.tsv.
type digestRow struct {
	kind, prior, text, digest string
}

func digestRows(t *testing.T) []digestRow {
	t.Helper()
	var rows []digestRow
	for _, c := range vectorRows(t, "digests.tsv", 9, 4) {
		rows = append(rows, digestRow{c[0], c[1], c[2], c[3]})
	}
	return rows
}

// decodeConversation decodes a Conversation's direct form by wrapping it in
// a conversation_seeded event, as the vector README says.
func decodeConversation(t *testing.T, text string) Conversation {
	t.Helper()
	ev, err := UnmarshalEvent([]byte(`{"event":"conversation_seeded","seed":{"event_schema_version":1,"conversation":` +
		text + `,"digest":""}}`))
	if err != nil {
		t.Fatalf("decoding a conversation: %v", err)
	}
	return ev.(ConversationSeededEvent).Seed.Conversation
}

// decodeDelta decodes a ConversationDelta's direct form through a
// conversation_delta event.
func decodeDelta(t *testing.T, text string) ConversationDelta {
	t.Helper()
	ev, err := UnmarshalEvent([]byte(`{"event":"conversation_delta","record":{"event_schema_version":1,"prior_digest":"",` +
		`"delta":` + text + `,"digest":""}}`))
	if err != nil {
		t.Fatalf("decoding a delta: %v", err)
	}
	return ev.(ConversationDeltaEvent).Record.Delta
}

// TestDigestsFollowDigestsTSV checks every row of digests.tsv: the hash of
// the stated bytes, then through the API with the legacy encoder (direct
// form, digest, record) and verification of the legacy and current records.
func TestDigestsFollowDigestsTSV(t *testing.T) {
	rows := digestRows(t)
	current := ""
	for i, r := range rows {
		switch r.kind {
		case "seed":
			if got := ContentHash([]byte(seedDigestPrefix + r.text)); got != r.digest {
				t.Errorf("row %d: ContentHash = %s, want %s", i, got, r.digest)
			}
			c := decodeConversation(t, r.text)
			if b, err := legacyEncoder.MarshalConversation(c); err != nil || string(b) != r.text {
				t.Errorf("row %d: MarshalConversation = %s, %v", i, b, err)
			}
			if d, err := legacyEncoder.SeedDigest(c); err != nil || d != r.digest {
				t.Errorf("row %d: SeedDigest = %s, %v; want %s", i, d, err, r.digest)
			}
			s, err := legacyEncoder.NewConversationSeeded(c)
			if err != nil || s.Digest != r.digest || s.EventSchemaVersion != ConversationEventSchemaVersion ||
				!reflect.DeepEqual(s.Conversation, c) {
				t.Errorf("row %d: NewConversationSeeded = %+v, %v", i, s, err)
			}
			cur, err := NewConversationSeeded(c)
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range []ConversationSeeded{s, cur} {
				if err := VerifySeed(rec); err != nil {
					t.Errorf("row %d: VerifySeed = %v", i, err)
				}
			}
			current = r.digest
		case "delta":
			if r.prior != current {
				t.Fatalf("row %d does not chain from the row above", i)
			}
			if got := ContentHash([]byte(r.prior + ":" + r.text)); got != r.digest {
				t.Errorf("row %d: ContentHash = %s, want %s", i, got, r.digest)
			}
			d := decodeDelta(t, r.text)
			if b, err := legacyEncoder.MarshalConversationDelta(d); err != nil || string(b) != r.text {
				t.Errorf("row %d: MarshalConversationDelta = %s, %v", i, b, err)
			}
			if got, err := legacyEncoder.DeltaDigest(r.prior, d); err != nil || got != r.digest {
				t.Errorf("row %d: DeltaDigest = %s, %v; want %s", i, got, err, r.digest)
			}
			rec, err := legacyEncoder.NewConversationDeltaRecord(r.prior, d)
			if err != nil || rec.Digest != r.digest || rec.PriorDigest != r.prior ||
				rec.EventSchemaVersion != ConversationEventSchemaVersion || !reflect.DeepEqual(rec.Delta, d) {
				t.Errorf("row %d: NewConversationDeltaRecord = %+v, %v", i, rec, err)
			}
			cur, err := NewConversationDeltaRecord(r.prior, d)
			if err != nil {
				t.Fatal(err)
			}
			// Only the last delta (a Value holding 1e16) depends on the layout.
			if sameDigest := cur.Digest == rec.Digest; sameDigest != (i != 7) {
				t.Errorf("row %d: current and legacy digests equal: %v", i, sameDigest)
			}
			for _, x := range []ConversationDeltaRecord{rec, cur} {
				if err := VerifyDeltaRecord(r.prior, x); err != nil {
					t.Errorf("row %d: VerifyDeltaRecord = %v", i, err)
				}
			}
			current = r.digest
		default:
			t.Fatalf("row %d: kind %q", i, r.kind)
		}
	}
}

// TestSeedDigestOfTheFirstVectorEvent pins the documented example of a seed
// digest.
func TestSeedDigestOfTheFirstVectorEvent(t *testing.T) {
	evs, _ := vectorEvents(t)
	seed := evs[0].(ConversationSeededEvent).Seed
	const want = "9362d89aaa1626e70b35baf513bf189f94aaa6683b7fc73900cee9e6107d44c7"
	if d, err := SeedDigest(seed.Conversation); err != nil || d != want || seed.Digest != want {
		t.Errorf("SeedDigest = %s, %v (recorded %s), want %s", d, err, seed.Digest, want)
	}
	if err := VerifySeed(seed); err != nil {
		t.Errorf("VerifySeed = %v", err)
	}
	rec := evs[1].(ConversationDeltaEvent).Record
	if err := VerifyDeltaRecord(want, rec); err != nil {
		t.Errorf("VerifyDeltaRecord = %v", err)
	}
}

// TestVerifyRejectsWrongRecords checks the version, prior digest, digest
// and encodability failures, which wrap ErrConversationRecord only.
func TestVerifyRejectsWrongRecords(t *testing.T) {
	c := Conversation{Messages: []Message{MessageSystem{Content: "s"}, MessageUser{Content: "u"}}}
	seed, err := NewConversationSeeded(c)
	if err != nil {
		t.Fatal(err)
	}
	d := ConversationDeltaMessage{Message: MessageAssistant{Content: "a"}}
	rec, err := NewConversationDeltaRecord(seed.Digest, d)
	if err != nil {
		t.Fatal(err)
	}
	expect := func(what string, err error, want string) {
		t.Helper()
		if !errors.Is(err, ErrConversationRecord) || errors.Is(err, ErrEncode) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want ErrConversationRecord mentioning %q", what, err, want)
		}
	}
	for _, v := range []uint32{0, 2, 31337} {
		s := seed
		s.EventSchemaVersion = v
		expect("seed version", VerifySeed(s), "event_schema_version")
		r := rec
		r.EventSchemaVersion = v
		expect("delta version", VerifyDeltaRecord(seed.Digest, r), "event_schema_version")
		if v == 31337 && (strings.Contains(VerifySeed(s).Error(), "31337") || strings.Contains(VerifyDeltaRecord(seed.Digest, r).Error(), "31337")) {
			t.Error("a version error echoes the record's version")
		}
	}
	s := seed
	s.Digest = rec.Digest
	expect("seed digest", VerifySeed(s), "digest does not match")
	s = seed
	s.Conversation = Conversation{Messages: c.Messages[:1]}
	expect("seed conversation", VerifySeed(s), "digest does not match")
	expect("delta prior", VerifyDeltaRecord(rec.Digest, rec), "prior_digest")
	r := rec
	r.Delta = ConversationDeltaCompacted{Control: "x"}
	expect("delta digest", VerifyDeltaRecord(seed.Digest, r), "digest does not match")
	r = rec
	r.PriorDigest, r.Digest = "", ""
	expect("delta recomputed from another prior", VerifyDeltaRecord("", r), "digest does not match")
	s = seed
	s.Conversation = Conversation{Messages: []Message{nil}}
	expect("nil message", VerifySeed(s), "seed cannot be encoded: conversation: messages[0]: nil Message")
	r = rec
	r.Delta = nil
	expect("nil delta", VerifyDeltaRecord(seed.Digest, r), "delta cannot be encoded: delta: nil ConversationDelta")
	if _, err := SeedDigest(Conversation{Messages: []Message{MessageUser{Content: badUTF8}}}); !errors.Is(err, ErrEncode) ||
		strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), "conversation: messages[0].content") {
		t.Errorf("SeedDigest of invalid UTF-8 = %v", err)
	}
	if _, err := NewConversationDeltaRecord("p", ConversationDeltaToolActivated{Name: badUTF8}); !errors.Is(err, ErrEncode) ||
		!strings.Contains(err.Error(), "delta: name") {
		t.Errorf("NewConversationDeltaRecord of invalid UTF-8 = %v", err)
	}
}

// TestNewRecordsDoNotAliasTheirInputs checks that the records own their
// messages: pointers become values, slices are copied.
func TestNewRecordsDoNotAliasTheirInputs(t *testing.T) {
	calls := []ProviderToolCall{{CallID: "c1", Name: "n", Arguments: MustParseValue(`{"a":1}`)}}
	c := Conversation{Messages: []Message{&MessageUser{Content: "u"}, MessageAssistantToolCalls{Calls: calls},
		&MessageToolResponse{CallID: "c1", Content: "ok"}}}
	s, err := NewConversationSeeded(c)
	if err != nil {
		t.Fatal(err)
	}
	want := Conversation{Messages: []Message{MessageUser{Content: "u"},
		MessageAssistantToolCalls{Calls: []ProviderToolCall{{CallID: "c1", Name: "n", Arguments: MustParseValue(`{"a":1}`)}}},
		MessageToolResponse{CallID: "c1", Content: "ok"}}}
	c.Messages[0].(*MessageUser).Content = "changed"
	calls[0].CallID = "changed"
	c.Messages[2] = MessageSystem{}
	if !reflect.DeepEqual(s.Conversation, want) {
		t.Errorf("the seed record aliases its input: %+v", s.Conversation)
	}
	if err := VerifySeed(s); err != nil {
		t.Errorf("VerifySeed = %v", err)
	}
	d := &ConversationDeltaMessage{Message: &MessageAssistantToolCalls{Calls: calls}}
	r, err := NewConversationDeltaRecord(s.Digest, d)
	if err != nil {
		t.Fatal(err)
	}
	calls[0].Name = "changed"
	d.Message = nil
	got, ok := r.Delta.(ConversationDeltaMessage)
	if !ok || got.Message.(MessageAssistantToolCalls).Calls[0].Name != "n" {
		t.Errorf("the delta record aliases its input: %+v", r.Delta)
	}
	if err := VerifyDeltaRecord(s.Digest, r); err != nil {
		t.Errorf("VerifyDeltaRecord = %v", err)
	}
}
