package lipapi

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// textFields returns the path, in ValidationError.Field form, of every
// string and raw JSON value reachable from v (a struct), except the
// values of enumeration types (kinds, roles, statuses, phases), which
// their lists check, and map values.
func textFields(v reflect.Value, path string, visit func(path string, f reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			textFields(v.Elem(), path, visit)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			textFields(v.Field(i), strings.TrimPrefix(path+"."+v.Type().Field(i).Name, "."), visit)
		}
	case reflect.Slice:
		if v.Type() == rawMessageType {
			visit(path, v)
			return
		}
		for i := 0; i < v.Len(); i++ {
			textFields(v.Index(i), path+"["+strconv.Itoa(i)+"]", visit)
		}
	case reflect.String:
		switch v.Type() {
		case reflect.TypeOf(Role("")), reflect.TypeOf(PartKind("")), reflect.TypeOf(ItemKind("")),
			reflect.TypeOf(ItemStatus("")), reflect.TypeOf(AssistantPhase("")), reflect.TypeOf(ContentPartKind("")):
			return
		}
		visit(path, v)
	}
}

// TestTextRuleCoversEveryString corrupts, one at a time, every string and
// raw JSON value of a call in which all are set, and checks that the text
// rule names exactly that field.
func TestTextRuleCoversEveryString(t *testing.T) {
	n := 0
	textFields(reflect.ValueOf(fullCall()), "", func(path string, _ reflect.Value) {
		c := fullCall()
		var f reflect.Value
		textFields(reflect.ValueOf(&c).Elem(), "", func(p string, v reflect.Value) {
			if p == path {
				f = v
			}
		})
		if f.Kind() == reflect.String {
			f.SetString(f.String() + "\xff")
		} else {
			f.SetBytes(append(f.Bytes(), 0xff))
		}
		n++
		if p := c.checkUTF8(); p.field != path || !strings.Contains(p.msg, "not valid UTF-8") {
			t.Errorf("%s: the text rule gives {%q, %q}", path, p.field, p.msg)
		}
	})
	if c := fullCall(); c.checkUTF8().failed() || n < 80 {
		t.Errorf("the full call fails the text rule, or has only %d text fields", n)
	}
}

// TestValidateRejectsInvalidUTF8 pins the text rule within Validate, in
// both authorities: a call that holds invalid UTF-8 in a text, an
// identifier or a JSON value is invalid; the rule comes last, after every
// other rule; CheckBounds, which reads no content, does not apply it.
func TestValidateRejectsInvalidUTF8(t *testing.T) {
	rows := []struct {
		name   string
		call   func() Call
		mutate func(c *Call)
		field  string
	}{
		{"item text", itemCall, func(c *Call) { c.Items[iUser].Content[0].Text = "hi \xff" }, "Items[0].Content[0].Text"},
		{"tool output", itemCall, func(c *Call) { c.Items[iResult1].ToolResult.Output = "\xed\xa0\x80" }, "Items[3].ToolResult.Output"},
		{"tool call arguments", itemCall, func(c *Call) { c.Items[iCall1].ToolCall.Arguments = raw("{\"q\":\"\xc3\"}") }, "Items[2].ToolCall.Arguments"},
		{"item id", itemCall, func(c *Call) { c.Items[iAssistant].ID = "msg_\xff" }, "Items[1].ID"},
		{"call id", itemCall, func(c *Call) { c.ID = "\xff" }, "ID"},
		{"legacy text", legacyCall, func(c *Call) { c.Messages[mUser].Parts[0].Text = "\xff" }, "Messages[0].Parts[0].Text"},
		{"legacy json content", legacyCall, func(c *Call) { c.Messages[mUser].Parts[3].Content = raw("{\"a\":\"\xff\"}") }, "Messages[0].Parts[3].Content"},
		{"legacy tool result text", legacyCall, func(c *Call) { c.Messages[mTool].Parts[0].Text = "ok\xff" }, "Messages[2].Parts[0].Text"},
		{"instruction text", legacyCall, func(c *Call) { c.Instructions[0].Parts[0].Text = "\xff" }, "Instructions[0].Parts[0].Text"},
		{"another rule comes first", legacyCall, func(c *Call) {
			c.Messages[mUser].Parts[0].Text = "\xff"
			c.Messages[mAssistant].Role = "bot"
		}, "Messages[1].Role"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			c := r.call()
			r.mutate(&c)
			err := c.Validate()
			var ve *ValidationError
			if !errors.As(err, &ve) || !errors.Is(err, ErrInvalidCall) || ve.Field != r.field {
				t.Fatalf("Validate() = %v, want an error at %s", err, r.field)
			}
			if err := c.CheckBounds(); err != nil {
				t.Errorf("CheckBounds() = %v", err)
			}
		})
	}
}

// TestTextRuleDoesNotAllocate pins that the text rule adds no allocation
// to the validation of a valid call.
func TestTextRuleDoesNotAllocate(t *testing.T) {
	for _, c := range []Call{itemCall(), legacyCall(), fullCall()} {
		if got := testing.AllocsPerRun(20, func() { _ = c.checkUTF8() }); got != 0 {
			t.Errorf("checkUTF8 allocates %v times", got)
		}
	}
}
