package protocolstate_test

import (
	"fmt"
	"strings"

	"github.com/agentkernel/agentkernel/protocolstate"
)

// A proxy whose tokens travel through a client seals them, bound to the
// trajectory and the attempt they are issued for, and opens what comes
// back before decoding it: a rewritten token, or one issued for another
// attempt, does not open.
func ExampleSealer() {
	// In production: 32 random bytes, kept by the proxy, never sent.
	sealer, err := protocolstate.NewSealer([]byte("example key, 32 bytes long......"))
	if err != nil {
		panic(err)
	}
	binding := func(trajectory string, attempt int) []byte {
		return fmt.Appendf(nil, "%s#attempt=%d", trajectory, attempt)
	}

	token, _ := protocolstate.Encode(protocolstate.State{Terminal: true})
	sealed, _ := sealer.Seal(token, binding("traj-1", 2))
	fmt.Println(sealed[:len(protocolstate.SealedTokenPrefix)])

	// The next candidate brings it back as its progress reference.
	plain, err := sealer.Open(sealed, binding("traj-1", 2))
	state, _ := protocolstate.Decode(plain)
	fmt.Println(err, state.Terminal)

	// Replayed into another attempt, or rewritten: refused.
	_, err = sealer.Open(sealed, binding("traj-1", 3))
	fmt.Println(err)
	fresh, _ := protocolstate.Encode(protocolstate.State{}) // a cleared Terminal bit
	tag := sealed[strings.LastIndexByte(sealed, '.'):]
	rewritten := protocolstate.SealedTokenPrefix + strings.TrimPrefix(fresh, protocolstate.TokenPrefix) + tag
	_, err = sealer.Open(rewritten, binding("traj-1", 2))
	fmt.Println(err)
	// Output:
	// alg-proto-v1s.
	// <nil> true
	// agent-loop-guard protocol state: invalid token
	// agent-loop-guard protocol state: invalid token
}
