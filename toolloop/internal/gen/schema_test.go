package main

import (
	"strings"
	"testing"
)

// TestParseSchemaRejectsMalformedDeclarations pins the checks the
// generated code relies on: each malformed schema fails with a message
// naming its line.
func TestParseSchemaRejectsMalformedDeclarations(t *testing.T) {
	tests := []struct{ name, schema, want string }{
		{"unknown declaration", "record X : is x.\n", `:1: unknown declaration "record"`},
		{"unknown marker", "struct X : is x.\n\ta string Q : is a\n", `:2: unknown marker "Q"`},
		{"default on a string", "struct X : is x.\n\ta string D=x : is a\n", "not a value of an enum"},
		{"pointer not optional", "struct X : is x.\n\ta *string : is a\n", "must be O or OS"},
		{"optional non-pointer", "struct X : is x.\n\ta string O : is a\n", "is a pointer or an enum with data"},
		{"unknown type", "struct X : is x.\n\ta Y : is a\n", "unknown type Y"},
		{"legacy after envelope", "event a envelope : records a.\nevent b legacy : records b.\n", "legacy events come first"},
		{"missing doc", "struct X\n", "no doc"},
		{"declared twice", "struct X : is x.\nstruct X : is x.\n", "X declared twice"},
		{"enum without values", "enum E : is e.\n", "an enum needs values"},
		{"member without doc", "struct X : is x.\n\ta string\n", "a: no doc"},
		{"unsupported map", "struct X : is x.\n\ta map[string]bool : is a\n", "only map[string]string is supported"},
	}
	for _, tt := range tests {
		_, err := parseSchema(tt.schema)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// TestCamelWritesInitialismsInUpperCase pins the Go names derived from
// snake_case names.
func TestCamelWritesInitialismsInUpperCase(t *testing.T) {
	for in, want := range map[string]string{
		"call_id": "CallID", "page_ids": "PageIDs", "authority_ok": "AuthorityOK", "open_ai_gpt": "OpenAIGPT",
		"external_api": "ExternalAPI", "lsp_query": "LSPQuery", "url": "URL", "ToolCalls": "ToolCalls",
		"xai_grok": "XaiGrok", "h_before": "HBefore",
	} {
		if got := camel(in); got != want {
			t.Errorf("camel(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCommentWrapsWithoutSplittingWords checks the doc wrapper: lines
// within 80 columns, hyphenated words kept whole.
func TestCommentWrapsWithoutSplittingWords(t *testing.T) {
	doc := strings.Repeat("an envelope-only event is refused in unversioned rows; ", 6)
	for _, l := range strings.Split(strings.TrimSuffix(comment(doc, "\t"), "\n"), "\n") {
		if n := len(strings.ReplaceAll(l, "\t", "    ")); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
		if strings.HasSuffix(l, "-") {
			t.Errorf("line ends in a hyphen: %q", l)
		}
	}
}
