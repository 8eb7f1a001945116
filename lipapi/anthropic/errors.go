package anthropic

import (
	"errors"

	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// ErrInvalidRequest is the sentinel every decoding failure wraps: the body
// is not a Messages request as this package reads it, or its call breaks a
// rule of lipapi (then the error wraps the *lipapi.ValidationError too).
var ErrInvalidRequest = errors.New("anthropic: invalid request")

// ErrInexpressible is the sentinel of an encoding failure for a call that
// holds something Messages cannot carry (a refusal, an item reference, a
// tool-role message that answers no known call...).
var ErrInexpressible = errors.New("anthropic: call cannot be expressed in Messages")

// Dialect is the lipapi reasoning dialect of the reasoning items
// DecodeMessagesRequest returns (thinking and redacted thinking blocks).
const Dialect = "anthropic"

var api = &wire.API{Invalid: ErrInvalidRequest, Inexpressible: ErrInexpressible,
	Name: "Messages", Prefix: "anthropic", Dialect: Dialect}

// Flags recording the form of wire elements (see wire.Shape).
const (
	formString            = wire.FormString        // content (or system) was a string
	formArray             = wire.FormArray         // content was an array
	fromSystem wire.Shape = wire.FirstFlag << iota // the item is (part of) the system member
	fileIDRef                                      // an image or document's reference is a file_id
	urlRef                                         // a document's reference is a URL
)
