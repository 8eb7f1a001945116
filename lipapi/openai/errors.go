package openai

import (
	"errors"

	"github.com/agentkernel/agentkernel/lipapi/internal/wire"
)

// ErrInvalidRequest is the sentinel every decoding failure wraps: the body
// is not a request of the API as this package reads it, or its call breaks
// a rule of lipapi (then the error wraps the *lipapi.ValidationError too).
var ErrInvalidRequest = errors.New("openai: invalid request")

// ErrInexpressible is the sentinel of an encoding failure for a call that
// holds something the API cannot carry (a reasoning item in Chat
// Completions, a tool-role message that answers no known call...).
var ErrInexpressible = errors.New("openai: call cannot be expressed in the API")

// The two APIs as the shared wire code sees them.
var (
	chatAPI = &wire.API{Invalid: ErrInvalidRequest, Inexpressible: ErrInexpressible,
		Name: "Chat Completions", Prefix: "openai-chat"}
	responsesAPI = &wire.API{Invalid: ErrInvalidRequest, Inexpressible: ErrInexpressible,
		Name: "Responses", PreviousResponse: true, Prefix: "openai-responses", Dialect: ResponsesDialect}
)

// ResponsesDialect is the lipapi reasoning dialect of the reasoning items
// DecodeResponsesRequest returns.
const ResponsesDialect = "openai-responses"

// Flags recording the form of wire elements (see wire.Shape).
const (
	formString              = wire.FormString        // content (or input) was a string
	formArray               = wire.FormArray         // content was an array
	fromRefusal  wire.Shape = wire.FirstFlag << iota // the last part is the message's refusal member
	fromAudio                                        // the last part is the message's audio member
	roleFunction                                     // the message had the deprecated role function
	argsJSON                                         // arguments were a string holding JSON
	fileIDRef                                        // an image part's ImageRef is a file_id
	fileURLRef                                       // a file part's FileRef is a file_url
	instructions                                     // the item is the instructions member
	typeless                                         // an input message without a type member
)
