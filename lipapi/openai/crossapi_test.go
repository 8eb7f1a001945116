package openai_test

import (
	"reflect"
	"testing"

	"github.com/agentkernel/agentkernel/conversationprojection"
	"github.com/agentkernel/agentkernel/lipapi"
	"github.com/agentkernel/agentkernel/lipapi/anthropic"
	"github.com/agentkernel/agentkernel/lipapi/internal/wiretest"
	"github.com/agentkernel/agentkernel/lipapi/openai"
)

// units returns the identities of the message items of call, in order,
// and its tool calls without their keys.
func units(t *testing.T, call lipapi.Call) ([]conversationprojection.MessageIdentity, []lipapi.ToolCallItem) {
	t.Helper()
	var ids []conversationprojection.MessageIdentity
	var calls []lipapi.ToolCallItem
	for _, it := range call.Items {
		switch it.Kind {
		case lipapi.ItemKindMessage:
			id, err := conversationprojection.ItemIdentityOf(it)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		case lipapi.ItemKindToolCall:
			tc := *it.ToolCall
			tc.Arguments = []byte(wiretest.Canonical(t, tc.Arguments))
			calls = append(calls, tc)
		}
	}
	return ids, calls
}

// The same conversation carried by each of the three APIs gets the same
// message identities, unit by unit, and the same tool calls.
func TestCrossAPIIdentity(t *testing.T) {
	cases := []struct {
		name                      string
		chat, responses, messages string
	}{{
		name:      "system and user text",
		chat:      `{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":[{"type":"text","text":"Hi\r\nthere"}]}]}`,
		responses: `{"instructions":"Be brief.","input":"Hi\r\nthere"}`,
		messages:  `{"system":[{"type":"text","text":"Be brief."}],"messages":[{"role":"user","content":"Hi\r\nthere"}]}`,
	}, {
		name:      "assistant text",
		chat:      `{"messages":[{"role":"user","content":"Q"},{"role":"assistant","content":"A"},{"role":"user","content":"Q2"}]}`,
		responses: `{"input":[{"role":"user","content":"Q"},{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"A","annotations":[]}]},{"role":"user","content":[{"type":"input_text","text":"Q2"}]}]}`,
		messages:  `{"messages":[{"role":"user","content":"Q"},{"role":"assistant","content":[{"type":"text","text":"A"}]},{"role":"user","content":"Q2"}]}`,
	}, {
		name:      "image by URL and inline image",
		chat:      `{"messages":[{"role":"user","content":[{"type":"text","text":"Look"},{"type":"image_url","image_url":{"url":"https://example.com/a.png","detail":"high"}},{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}}]}]}`,
		responses: `{"input":[{"role":"user","content":[{"type":"input_text","text":"Look"},{"type":"input_image","image_url":"https://example.com/a.png","detail":"low"},{"type":"input_image","image_url":"data:image/png;base64,AAAA","detail":"auto"}]}]}`,
		messages:  `{"messages":[{"role":"user","content":[{"type":"text","text":"Look"},{"type":"image","source":{"type":"url","url":"https://example.com/a.png"}},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAAA"}}]}]}`,
	}, {
		name:      "files by id and inline",
		chat:      `{"messages":[{"role":"user","content":[{"type":"file","file":{"file_id":"file-1"}},{"type":"file","file":{"file_data":"data:application/pdf;base64,JVBE"}}]}]}`,
		responses: `{"input":[{"role":"user","content":[{"type":"input_file","file_id":"file-1"},{"type":"input_file","file_data":"data:application/pdf;base64,JVBE"}]}]}`,
		messages:  `{"messages":[{"role":"user","content":[{"type":"document","source":{"type":"file","file_id":"file-1"}},{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBE"}}]}]}`,
	}, {
		name:      "tool call and tool results",
		chat:      `{"messages":[{"role":"user","content":"Weather?"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\"}"}},{"id":"c2","type":"function","function":{"name":"get_time","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c1","content":"14 C"},{"role":"tool","tool_call_id":"c2","content":[{"type":"text","text":"noon"}]},{"role":"user","content":"Thanks"}]}`,
		responses: `{"input":[{"role":"user","content":"Weather?"},{"type":"function_call","call_id":"c1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},{"type":"function_call","call_id":"c2","name":"get_time","arguments":"{}"},{"type":"function_call_output","call_id":"c1","output":"14 C"},{"type":"function_call_output","call_id":"c2","output":[{"type":"input_text","text":"noon"}]},{"role":"user","content":"Thanks"}]}`,
		messages:  `{"messages":[{"role":"user","content":"Weather?"},{"role":"assistant","content":[{"type":"tool_use","id":"c1","name":"get_weather","input":{"city":"Paris"}},{"type":"tool_use","id":"c2","name":"get_time","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":"14 C"},{"type":"tool_result","tool_use_id":"c2","content":[{"type":"text","text":"noon"}]},{"type":"text","text":"Thanks"}]}]}`,
	}, {
		name:      "empty tool result",
		chat:      `{"messages":[{"role":"user","content":"Go"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"run","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c1","content":""}]}`,
		responses: `{"input":[{"role":"user","content":"Go"},{"type":"function_call","call_id":"c1","name":"run","arguments":"{}"},{"type":"function_call_output","call_id":"c1","output":""}]}`,
		messages:  `{"messages":[{"role":"user","content":"Go"},{"role":"assistant","content":[{"type":"tool_use","id":"c1","name":"run","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1"}]}]}`,
	}}
	for _, c := range cases {
		chat, _, err := openai.DecodeChatRequest([]byte(c.chat))
		if err != nil {
			t.Fatalf("%s: chat: %v", c.name, err)
		}
		resp, _, err := openai.DecodeResponsesRequest([]byte(c.responses))
		if err != nil {
			t.Fatalf("%s: responses: %v", c.name, err)
		}
		msgs, _, err := anthropic.DecodeMessagesRequest([]byte(c.messages))
		if err != nil {
			t.Fatalf("%s: messages: %v", c.name, err)
		}
		ids, calls := units(t, chat)
		for api, call := range map[string]lipapi.Call{"responses": resp, "messages": msgs} {
			gotIDs, gotCalls := units(t, call)
			if !reflect.DeepEqual(gotIDs, ids) {
				t.Errorf("%s: %s identities %v, chat %v", c.name, api, gotIDs, ids)
			}
			if !reflect.DeepEqual(gotCalls, calls) {
				t.Errorf("%s: %s tool calls %+v, chat %+v", c.name, api, gotCalls, calls)
			}
		}
	}
}

// A refusal is the same unit in the two APIs that carry refusals.
func TestCrossAPIRefusal(t *testing.T) {
	chat, _, err := openai.DecodeChatRequest([]byte(`{"messages":[{"role":"user","content":"x"},{"role":"assistant","content":null,"refusal":"No."}]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, _, err := openai.DecodeResponsesRequest([]byte(`{"input":[{"role":"user","content":"x"},{"type":"message","role":"assistant","content":[{"type":"refusal","refusal":"No."}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := units(t, chat)
	b, _ := units(t, resp)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("refusal identities differ: %v %v", a, b)
	}
}
