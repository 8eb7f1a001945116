package toolloop

import (
	"bytes"
	"errors"
	"testing"
)

func TestNewEnvelopeV1WrapsTheEventAtVersion1(t *testing.T) {
	ev := &CandidateRestoredEvent{CheckpointID: "cp"}
	env := NewEnvelopeV1(ev)
	if env.SchemaVersion != EnvelopeSchemaVersion || env.Body != LoopEvent(ev) {
		t.Errorf("NewEnvelopeV1 = %+v", env)
	}
	if (EnvelopeV1{}).SchemaVersion != 0 {
		t.Error("the zero envelope has a version")
	}
}

// TestMarshalEnvelopeV1WritesWhatMarshalEnvelopeWrites checks, on every
// event of the corpus and the samples and in both layouts, that an envelope
// built by NewEnvelopeV1 is written exactly as MarshalEnvelope writes its
// event, and is read back by DecodePayload as version 1.
func TestMarshalEnvelopeV1WritesWhatMarshalEnvelopeWrites(t *testing.T) {
	for _, enc := range []Encoder{{}, legacyEncoder} {
		for i, ev := range allocCorpus(t) {
			want, err := enc.MarshalEnvelope(ev)
			if err != nil {
				t.Fatal(err)
			}
			got, err := enc.MarshalEnvelopeV1(NewEnvelopeV1(ev))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("event %d (%s): MarshalEnvelopeV1 = %s, %v; want %s", i, ev.EventName(), got, err, want)
			}
			d, err := DecodePayload(got)
			if err != nil || d.Version != EnvelopeSchemaVersion || d.Event.EventName() != ev.EventName() {
				t.Errorf("event %d (%s): DecodePayload = %+v, %v", i, ev.EventName(), d, err)
			}
		}
	}
	if got, err := MarshalEnvelopeV1(NewEnvelopeV1(BranchNotSelectedEvent{ForestID: "f", BranchID: "b"})); err != nil ||
		string(got) != `{"body":{"branch_id":"b","event":"branch_not_selected","forest_id":"f"},"schema_version":1}` {
		t.Errorf("MarshalEnvelopeV1 = %s, %v", got, err)
	}
}

func TestMarshalEnvelopeV1RefusesWhatCannotBeWritten(t *testing.T) {
	ok := CandidateRestoredEvent{CheckpointID: "cp"}
	for name, tc := range map[string]struct {
		env  EnvelopeV1
		enc  Encoder
		want string
	}{
		"zero envelope":        {EnvelopeV1{}, Encoder{}, "envelope: schema_version 0 is not 1"},
		"version 2":            {EnvelopeV1{SchemaVersion: 2, Body: ok}, Encoder{}, "envelope: schema_version 2 is not 1"},
		"nil body":             {NewEnvelopeV1(nil), Encoder{}, "nil event"},
		"nil pointer body":     {NewEnvelopeV1((*CandidateRestoredEvent)(nil)), Encoder{}, "nil event"},
		"invalid float layout": {NewEnvelopeV1(ok), Encoder{Floats: 7}, "float layout 7"},
	} {
		got, err := tc.enc.MarshalEnvelopeV1(tc.env)
		if !errors.Is(err, ErrEncode) || got != nil || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
			t.Errorf("%s: MarshalEnvelopeV1 = %q, %v; want nil and an ErrEncode naming %q", name, got, err, tc.want)
		}
	}
}
