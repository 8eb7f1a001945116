package wire

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/agentkernel/agentkernel/lipapi"
)

// errDuplicate is the cause Check reports for an object that names a
// member twice.
var errDuplicate = errors.New("duplicate member name")

// API describes one wire API to the shared code: the sentinels its errors
// wrap, the names it gives to what lipapi cannot hold and whether it
// carries a previous response.
type API struct {
	// Invalid is the sentinel of a body that is not a request of the API.
	Invalid error
	// Inexpressible is the sentinel of a call the API cannot carry.
	Inexpressible error
	// Name is the API's name in error reasons, such as "Chat Completions".
	Name string
	// PreviousResponse reports whether a request can name the response it
	// continues (a call's PreviousResponseID); NewEncoder rejects a call
	// naming one for an API that cannot.
	PreviousResponse bool
	// Prefix starts the Type of the extension content parts and the
	// Namespace of the extension items the API's unknown elements become,
	// such as "openai-chat".
	Prefix string
	// Dialect is the reasoning dialect of the API's reasoning payloads.
	Dialect lipapi.ReasoningDialect
}

// Bad returns a decode error at path for reason; neither holds content.
func (a *API) Bad(path, reason string) error {
	return fmt.Errorf("%w: %s: %s", a.Invalid, path, reason)
}

// BadJSON returns a decode error for a body that is not acceptable JSON.
func (a *API) BadJSON(err error) error {
	return fmt.Errorf("%w: %w", a.Invalid, err)
}

// BadCall returns a decode error for a body whose call breaks a rule of
// lipapi; err is a *lipapi.ValidationError, which names fields only.
func (a *API) BadCall(err error) error {
	return fmt.Errorf("%w: %w", a.Invalid, err)
}

// Cannot returns an encode error at path (a path of the call) for reason.
func (a *API) Cannot(path, reason string) error {
	return fmt.Errorf("%w: %s: %s", a.Inexpressible, path, reason)
}

// At returns path[i].
func At(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// ItemPath returns "Items[i]", the path of item i of a call.
func ItemPath(i int) string { return At("Items", i) }
