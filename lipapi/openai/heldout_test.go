package openai_test

import (
	"reflect"
	"testing"

	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// The held-out bodies were written from the public API references after
// the adapters were done, and were not used while developing them: round
// trip and projection validity hold on them too.
func TestHeldOut(t *testing.T) {
	chat.HeldOut(t, "testdata/heldout/chat")
	responses.HeldOut(t, "testdata/heldout/responses")
}

// A held-out conversation in the three APIs: a user question, a tool call,
// a tool output with a secret and an assistant answer have the same
// identities and tool calls in each.
func TestHeldOutCrossAPI(t *testing.T) {
	chat := `{"model":"m","messages":[{"role":"system","content":"Ops bot."},{"role":"user","content":"Disk usage on web-1?"},{"role":"assistant","content":"Checking.","tool_calls":[{"id":"t9","type":"function","function":{"name":"ssh","arguments":"{\"host\":\"web-1\",\"cmd\":\"df -h\"}"}}]},{"role":"tool","tool_call_id":"t9","content":[{"type":"text","text":"/dev/sda1 80%"},{"type":"text","text":"root password: x1"}]},{"role":"assistant","content":"80% used."}]}`
	resp := `{"model":"m","instructions":"Ops bot.","input":[{"role":"user","content":[{"type":"input_text","text":"Disk usage on web-1?"}]},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Checking.","annotations":[]}]},{"type":"function_call","call_id":"t9","name":"ssh","arguments":"{\"cmd\":\"df -h\",\"host\":\"web-1\"}"},{"type":"function_call_output","call_id":"t9","output":[{"type":"input_text","text":"/dev/sda1 80%"},{"type":"input_text","text":"root password: x1"}]},{"role":"assistant","content":"80% used."}]}`
	msgs := `{"model":"m","max_tokens":10,"system":"Ops bot.","messages":[{"role":"user","content":"Disk usage on web-1?"},{"role":"assistant","content":[{"type":"text","text":"Checking."},{"type":"tool_use","id":"t9","name":"ssh","input":{"host":"web-1","cmd":"df -h"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t9","content":[{"type":"text","text":"/dev/sda1 80%"},{"type":"text","text":"root password: x1"}]}]},{"role":"assistant","content":"80% used."}]}`
	a, _, err := openai.DecodeChatRequest([]byte(chat))
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := openai.DecodeResponsesRequest([]byte(resp))
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := anthropic.DecodeMessagesRequest([]byte(msgs))
	if err != nil {
		t.Fatal(err)
	}
	ia, ca := units(t, a)
	ib, cb := units(t, b)
	ic, cc := units(t, c)
	if len(ia) != 5 || !reflect.DeepEqual(ia, ib) || !reflect.DeepEqual(ia, ic) {
		t.Errorf("identities differ:\n%v\n%v\n%v", ia, ib, ic)
	}
	if len(ca) != 1 || !reflect.DeepEqual(ca, cb) || !reflect.DeepEqual(ca, cc) {
		t.Errorf("tool calls differ: %+v %+v %+v", ca, cb, cc)
	}
}
