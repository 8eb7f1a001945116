package wire

import "github.com/agentkernel/agentkernel/lipapi"

// CallID returns the call ID of a tool call item (a tool_call item, or an
// item whose extras name a call the API holds outside lipapi), or "".
func (b *Body) CallID(it *lipapi.Item) string {
	if it.Kind == lipapi.ItemKindToolCall && it.ToolCall != nil {
		return it.ToolCall.CallID
	}
	if x := b.Item(it); x != nil && x.ToolCall {
		return x.CallID
	}
	return ""
}

// IsCall reports whether it is a tool call item, or an extension item
// standing for a tool call.
func (b *Body) IsCall(it *lipapi.Item) bool {
	if it.Kind == lipapi.ItemKindToolCall {
		return true
	}
	x := b.Item(it)
	return x != nil && x.ToolCall
}

// Answers returns the call ID a tool result answers (a tool_result item,
// or a tool-role message item the extras know), or "".
func (b *Body) Answers(it *lipapi.Item) string {
	if it.Kind == lipapi.ItemKindToolResult && it.ToolResult != nil {
		return it.ToolResult.CallID
	}
	if x := b.Item(it); x != nil && it.Role == lipapi.RoleTool {
		return x.CallID
	}
	return ""
}

// GroupOf returns the wire message an item came from, or -1.
func (b *Body) GroupOf(it *lipapi.Item) int {
	if x := b.Item(it); x != nil {
		return x.Group
	}
	return -1
}

// Plan returns the positions of the items Encode writes, in the order it
// writes them. It leaves out the tool results and tool calls the extras
// pair with an item no longer present: a tool call the body answered once
// none of its results is in the call, and a result whose call was in the
// body once that call is not, since no API accepts a call without its
// result or a result without its call. Pairs the extras do not record
// (items the caller added, results of calls made in an earlier response)
// are kept. With order set (Chat Completions and Messages) it also moves
// the results of each assistant turn's tool calls to directly after the
// turn, ahead of the items the extras do not know (inserted items, such as
// steering overlays) that came between them: a turn is a run of items
// starting at a tool call and holding tool calls and items of the same
// wire message, and the inserted items that follow it up to the last of
// its results (before the next tool call) move to after that result. The
// items of the body keep their order, so a call nothing was inserted into
// is written in the body's order.
func (b *Body) Plan(items []lipapi.Item, order bool) []int {
	present := make(map[string]bool, len(items))
	answered := make(map[string]bool)
	for i := range items {
		present[items[i].ID] = true
		if x := b.Item(&items[i]); x != nil && x.CallKey != "" {
			answered[x.CallKey] = true
		}
	}
	plan := make([]int, 0, len(items))
	for i := range items {
		x := b.Item(&items[i])
		drop := x != nil && (x.Results > 0 && !answered[items[i].ID] ||
			x.CallKey != "" && !present[x.CallKey])
		if !drop {
			plan = append(plan, i)
		}
	}
	if order {
		plan = b.order(items, plan)
	}
	return plan
}

// order reorders plan as Plan describes.
func (b *Body) order(items []lipapi.Item, plan []int) []int {
	out := make([]int, 0, len(plan))
	for k := 0; k < len(plan); {
		if !b.IsCall(&items[plan[k]]) {
			out = append(out, plan[k])
			k++
			continue
		}
		end, pending := b.turn(items, plan, k)
		out = append(out, plan[k:end]...)
		var deferred []int
		for k = end; k < len(plan) && len(pending) > 0 && !b.IsCall(&items[plan[k]]); k++ {
			it := &items[plan[k]]
			if b.Item(it) == nil && b.Answers(it) == "" {
				deferred = append(deferred, plan[k])
				continue
			}
			delete(pending, b.Answers(it))
			out = append(out, plan[k])
		}
		out = append(out, deferred...)
	}
	return out
}

// turn returns the end of the turn starting at the tool call plan[k] and
// the call IDs of its calls.
func (b *Body) turn(items []lipapi.Item, plan []int, k int) (int, map[string]bool) {
	g := b.GroupOf(&items[plan[k]])
	pending := make(map[string]bool)
	for ; k < len(plan); k++ {
		it := &items[plan[k]]
		call := b.IsCall(it)
		if !call && (g < 0 || b.GroupOf(it) != g) {
			break
		}
		if id := b.CallID(it); call && id != "" {
			pending[id] = true
		}
	}
	return k, pending
}
