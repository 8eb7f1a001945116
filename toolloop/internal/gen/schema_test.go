package main

import (
	"fmt"
	"slices"
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
		{"single-letter marker", "struct X : is x.\n\ta string D : is a\n", `:2: unknown marker "D"`},
		{"default on a string", "struct X : is x.\n\ta string default=x : is a\n", "not a value of an enum"},
		{"default value of another marker", "struct X : is x.\n\ta *string optional=x : is a\n", `unknown marker "optional=x"`},
		{"pointer not optional", "struct X : is x.\n\ta *string : is a\n", "must be optional or optional,omitempty"},
		{"optional non-pointer", "struct X : is x.\n\ta string optional : is a\n", "is a pointer or an enum with data"},
		{"omitted number", "struct X : is x.\n\ta uint32 default,omitempty : is a\n", "a default,omitempty member is a string or a slice"},
		{"unknown type", "struct X : is x.\n\ta Y : is a\n", "unknown type Y"},
		{"legacy after envelope", "event a envelope : records a.\nevent b legacy : records b.\n", "legacy events come first"},
		{"missing doc", "struct X\n", "no doc"},
		{"declared twice", "struct X : is x.\nstruct X : is x.\n", "X declared twice"},
		{"enum without values", "enum E : is e.\n", "an enum needs values"},
		{"member without doc", "struct X : is x.\n\ta string\n", "a: no doc"},
		{"unsupported map", "struct X : is x.\n\ta map[string]bool : is a\n", "only map[string]string is supported"},
	}
	tests = append(tests, struct{ name, schema, want string }{"too many members", members(maxMembers + 1),
		fmt.Sprintf("X: %d members, more than the %d a reader can track", maxMembers+1, maxMembers)})
	for _, tt := range tests {
		_, err := parseSchema(tt.schema)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// members returns the schema of a struct of n string members.
func members(n int) string {
	var b strings.Builder
	b.WriteString("struct X : is x.\n")
	for i := range n {
		fmt.Fprintf(&b, "\tm%d string : is m%d\n", i, i)
	}
	return b.String()
}

// TestParseSchemaTakesAsManyMembersAsAReaderTracks: a type of maxMembers
// members, 63 (the bits of the readers' uint64 set of members seen, but the
// tag's), parses, every marker word too.
func TestParseSchemaTakesAsManyMembersAsAReaderTracks(t *testing.T) {
	if maxMembers != 63 {
		t.Fatalf("maxMembers = %d: the readers track members in a uint64 whose bit 63 is the tag's", maxMembers)
	}
	s, err := parseSchema(members(maxMembers))
	if err != nil || len(s.Types[0].Members) != maxMembers {
		t.Fatalf("%d members: %v", maxMembers, err)
	}
	words := "enum E : is e.\n\tv : is v\n\tw : is w\n" +
		"struct Y : is y.\n\ta string default : is a\n\tb E default=w : is b\n\tc []string default,omitempty : is c\n" +
		"\td *string optional : is d\n\te *string optional,omitempty : is e\n"
	s, err = parseSchema(words)
	if err != nil {
		t.Fatal(err)
	}
	var got []Mark
	for _, m := range s.byName["Y"].Members {
		got = append(got, m.Mark)
	}
	want := []Mark{MarkDefault, MarkDefault, MarkDefaultOmitEmpty, MarkOptional, MarkOptionalOmitEmpty}
	if !slices.Equal(got, want) || s.byName["Y"].Members[1].Default != "w" {
		t.Errorf("marks %v, want %v", got, want)
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
